package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/web"
)

type fakeMemory struct {
	deathsWorld string
	err         error
}

func (f *fakeMemory) Deaths(_ context.Context, world string, limit int) ([]game.Death, error) {
	f.deathsWorld = world
	if f.err != nil {
		return nil, f.err
	}
	return []game.Death{{At: clock, Cause: "was slain by <Zombie>", Dimension: "overworld", Pos: game.Pos{X: 10, Y: 63, Z: -4}}}, nil
}

func (f *fakeMemory) People(context.Context, int) ([]game.Person, error) {
	if f.err != nil {
		return nil, f.err
	}
	return []game.Person{
		{UUID: "u1", Name: "Steve", Names: []string{"Steeve", "Steve"}, FirstSeen: clock, LastSeen: clock, Messages: 12, Card: true},
		{UUID: "u2", Name: "<img src=x onerror=alert(1)>", LastSeen: clock},
	}, nil
}

func (f *fakeMemory) Facts(_ context.Context, uuid string) ([]game.Fact, error) {
	if uuid != "u1" {
		return nil, errGone
	}
	return []game.Fact{{ID: 1, UUID: "u1", Text: "likes <b>birch</b>", Created: clock}}, nil
}

func TestDeathsAndPeoplePages(t *testing.T) {
	mem := &fakeMemory{}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Deaths, d.People = mem, mem })
	c := browser(t)
	code, body := get(t, c, f.URL+"/deaths")
	if code != http.StatusOK || !strings.Contains(body, "was slain by &lt;Zombie&gt;") || !strings.Contains(body, "(10, 63, -4)") || mem.deathsWorld != "practice" {
		t.Fatalf("deaths: %d (world %q)\n%s", code, mem.deathsWorld, body)
	}
	code, body = get(t, c, f.URL+"/people")
	if code != http.StatusOK || !strings.Contains(body, "Steeve, Steve") || !strings.Contains(body, "likes &lt;b&gt;birch&lt;/b&gt;") ||
		strings.Contains(body, "<img src=x") || !strings.Contains(body, `href="/people"`) {
		t.Fatalf("people: %d\n%s", code, body)
	}
	mem.err = errBoom
	if code, body := get(t, c, f.URL+"/people"); code != http.StatusInternalServerError || strings.Contains(body, "boom") {
		t.Fatalf("a failing people store: %d", code)
	}
}

func TestMemoryPagesAbsentWhenNotWired(t *testing.T) {
	f := serve(t)
	if code, _ := get(t, browser(t), f.URL+"/deaths"); code != http.StatusNotFound {
		t.Fatalf("GET /deaths unwired: %d", code)
	}
}

type fakeTurns struct{ list []agent.TurnRecord }

func (f fakeTurns) RecentTurns(context.Context, int) ([]agent.TurnRecord, error) { return f.list, nil }

func TestHistoryShowsTurnTranscripts(t *testing.T) {
	turns := fakeTurns{list: []agent.TurnRecord{{
		ID: 4, Trigger: "Steve said: <b>hi</b>", Model: "openai/gpt-test", Usage: agent.Usage{InputTokens: 1234, CacheRead: 1000, OutputTokens: 56},
		Calls:    []agent.Usage{{InputTokens: 600, CacheRead: 400, OutputTokens: 50}, {InputTokens: 634, CacheRead: 600, OutputTokens: 6}},
		Duration: 1500 * time.Millisecond, Shown: "You are Bea.\nYou have 3 planks.",
		ToolCalls: []agent.ToolCallRecord{{Name: "find_block", Args: `{"block":"log","count":4}`, Answer: "started"}},
		Said:      "Hello <Steve>!", Started: clock,
	}, {
		ID: 3, Trigger: "action", Model: "rules/autopilot", Duration: 19 * time.Millisecond, Started: clock.Add(-time.Minute),
		Shown: "# You play Minecraft\nYou are Bea.",
		ToolCalls: []agent.ToolCallRecord{{Name: "craft_item", Args: `{"item":"stick","count":4}`, Answer: "started"},
			{Name: "build_template", Args: `{"name":"dirt_shelter"}`, Answer: "started"}, {Name: "speak", Args: `{"text":"sticks!"}`}},
		Said: "sticks!",
	}, {
		ID: 2, Trigger: "action+chat+action", Model: "rules/autopilot", Duration: 19 * time.Millisecond, Started: clock.Add(-2 * time.Minute),
		Shown: "# You play Minecraft\nYou are Bea.", ToolCalls: []agent.ToolCallRecord{{Name: "stay_silent", Args: `{}`}},
	}}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Turns = turns })
	code, body := get(t, browser(t), f.URL+"/history")
	if code != http.StatusOK {
		t.Fatalf("history: %d", code)
	}
	for _, want := range []string{"Steve said: &lt;b&gt;hi&lt;/b&gt;", "· openai/gpt-test", "1,234 in (1,000 read from the cache) / 56 out",
		"Tokens per model call", "634 in (600 read from the cache) / 6 out", "took 1.5 s", "You have 3 planks.",
		"find_block({&#34;block&#34;:&#34;log&#34;,&#34;count&#34;:4})", "Hello &lt;Steve&gt;!",
		// The autopilot's turns are its decisions in a row, not model calls.
		"She decided her next step 2 times", "the offline autopilot: a fixed routine, no model asked",
		"An action ended:</span> Crafting 4 sticks, then building a dirt shelter · she said <q>sticks!</q>", "Once she carried on as she was."} {
		if !strings.Contains(body, want) {
			t.Errorf("the history lacks %q", want)
		}
	}
	if strings.Count(body, "What the model was shown") != 1 || strings.Contains(body, "# You play Minecraft") {
		t.Errorf("the autopilot's turns are shown as model calls, with the prompt no model read")
	}
	if strings.Contains(body, "0 in / 0 out") || strings.Contains(body, "took 19 ms") {
		t.Errorf("a turn of the autopilot, which calls no model, shows a model call's tokens or time")
	}
}
