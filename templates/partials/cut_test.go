package partials

import (
	"testing"
	"time"

	"beaweb/internal/agent"
)

// TestAnAnswerCutIsShownAWhile: the banner of an answer cut too long shows
// for cutShown after the call, then goes by itself.
func TestAnAnswerCutIsShownAWhile(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	s := agent.Snapshot{Name: "Bea"}
	s.Conn.Connected = true
	s.Model.Cut = &agent.AnswerCut{At: now.Add(-time.Minute), Said: "Her model's answer was too long, so beaweb cut it."}
	if a := alertsOf(s, now); a.Cut == nil || a.Title != "⚠ Answer cut · Bea" {
		t.Errorf("a minute after: %+v", a)
	}
	if a := alertsOf(s, now.Add(cutShown)); a.Cut != nil {
		t.Errorf("after %s the banner is still there: %+v", cutShown, a.Cut)
	}
}
