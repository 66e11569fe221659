package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
)

// TestTheModelCardShowsTheBill: the live page's model card shows the last
// hour's tokens per turn, the share read from the cache, calls per hour
// and, with prices set, the cost of an hour; without prices it says where
// to set them.
func TestTheModelCardShowsTheBill(t *testing.T) {
	f := serve(t)
	bill := agent.Bill{Turns: 20, Calls: 45, Window: 30 * time.Minute,
		Usage:       agent.Usage{InputTokens: 200000, CacheRead: 170000, CacheWritten: 12000, OutputTokens: 3000},
		CostPerHour: 0.4242, Priced: true}
	f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) { s.Model.Provider, s.Model.Model, s.Model.Bill = "openai", "gpt-5-mini", bill })
	code, body := get(t, browser(t), f.URL+"/")
	if code != http.StatusOK {
		t.Fatalf("GET / = %d", code)
	}
	for _, want := range []string{"Tokens per turn", "10,000 in / 150 out", "last 30 min: 20 turns, 45 model calls",
		"Read from cache", "85 %", "Calls per hour", "<dd>≈ 90 at this pace</dd>", "≈ 0.42 per hour at this pace"} {
		if !strings.Contains(body, want) {
			t.Errorf("the model card lacks %q", want)
		}
	}
	bill.Priced, bill.CostPerHour = false, 0
	f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) { s.Model.Bill = bill })
	if _, body := get(t, browser(t), f.URL+"/"); !strings.Contains(body, "no estimate: set the prices on Settings") {
		t.Errorf("without prices the model card does not say where to set them")
	}
}

// TestTheAutopilotHasNoBill: on the offline autopilot the model card says
// what she plays with and that it costs nothing, not a bill of zeros.
func TestTheAutopilotHasNoBill(t *testing.T) {
	f := serve(t) // the fake plays on the autopilot
	f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) { s.Model.Bill = agent.Bill{Turns: 20, Calls: 45, Window: time.Minute} })
	_, body := get(t, browser(t), f.URL+"/")
	if !strings.Contains(body, "<strong>offline autopilot</strong>: a fixed routine that needs no language model and costs nothing") {
		t.Errorf("the model card does not say she plays on the autopilot")
	}
	for _, bad := range []string{"Tokens per turn", "Calls per hour", "set the prices"} {
		if strings.Contains(body, bad) {
			t.Errorf("the autopilot's card shows %q", bad)
		}
	}
}
