package partials

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// TestTheModelCardSaysWhoPlays: while her model does not answer, the card
// says the autopilot plays meanwhile and when her model is asked again;
// while her model's goal plays, it says which goal, in words.
func TestTheModelCardSaysWhoPlays(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	card := func(m agent.ModelStatus, g *agent.Goal) string {
		return html(t, func(w *strings.Builder) error { return Model(m, g, now).Render(context.Background(), w) })
	}
	ok := agent.ModelStatus{Provider: "anthropic", Model: "claude"}
	if out := card(ok, nil); strings.Contains(out, "not answering") || strings.Contains(out, "Her goal") {
		t.Errorf("a model that answers, with no goal: %s", out)
	}
	down := ok
	down.Failures, down.FailingSince, down.Retry, down.LastError = 2, now.Add(-time.Minute), now.Add(2*time.Minute), "connection refused"
	if out := card(down, nil); !strings.Contains(out, "Her model is not answering; she plays on the autopilot meanwhile.") || !strings.Contains(out, "She asks it again <time") || !strings.Contains(out, "in 2 min</time>") {
		t.Errorf("a model that does not answer: %s", out)
	}
	g := &agent.Goal{Kind: agent.GoalGather, Item: "oak_log", Count: 16, Set: now}
	if out := card(ok, g); !strings.Contains(out, "Her goal:</strong> gathering 16 oak logs") {
		t.Errorf("a goal in force: %s", out)
	}
	b := &agent.Goal{Kind: agent.GoalBuild, Template: "small_wood_house", At: &game.Pos{X: 3, Y: 64, Z: -2}}
	if w := goalWords(*b); w != "building a small wood house at (3, 64, -2)" {
		t.Errorf("a build goal in words: %q", w)
	}
}
