package agent

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"

	"beaweb/internal/game/protocol"
)

// TestAReportReadsLikeAPerception: each action of a batch is one line,
// "[action] result: RESULT: message", followed by the last lines of its own
// log; an interruption names its reason.
func TestAReportReadsLikeAPerception(t *testing.T) {
	r := Report{Steps: []Step{
		{Action: Action{Name: "find_block"}, Text: ReadAnswer(protocol.Answer{Result: protocol.Success,
			Message: "collected 16/16 oak_log in 117 s", Log: []string{"broke oak_log at (3, 64, 2)", "picked up 1 oak_log"}})},
		{Action: Action{Name: "move_to"}, Text: ReadAnswer(protocol.Answer{Result: protocol.Interrupted,
			Message: "interrupted", Reason: "reflex: defend against Zombie"})},
	}, NotDone: []Action{{Name: "craft_item", Call: "craft_item(item=oak_planks, count=4)"}}}
	want := "[find_block] result: SUCCESS: collected 16/16 oak_log in 117 s\n" +
		"  broke oak_log at (3, 64, 2)\n  picked up 1 oak_log\n" +
		"[move_to] result: INTERRUPTED: interrupted (reflex: defend against Zombie)\n" +
		"not done: craft_item(item=oak_planks, count=4)"
	if got := r.Text(); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}

// TestAQuickToolAnswersBesideARunningAction: while find_block runs, a turn
// that scans gets its answer at once and leaves her hands on find_block.
func TestAQuickToolAnswersBesideARunningAction(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "find_block", `{"block":"log"}`), call("2", "speak", `{"text":"chopping"}`)}},
			{ToolCalls: []ToolCall{call("3", "scan", `{"block":"iron_ore"}`)}},
			{ToolCalls: []ToolCall{call("4", "stay_silent", `{}`)}},
		}}
		m, turns := newTestMind(model, g, MindConfig{})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		m.turn(ctx, gamePerception("go"))
		synctest.Wait()
		m.turn(ctx, []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "any iron about?"}})
		rec := turns.all()[1]
		if len(rec.ToolCalls) != 2 || !strings.Contains(rec.ToolCalls[0].Answer, "3 iron_ore") {
			t.Errorf("the scan beside find_block: %+v", rec.ToolCalls)
		}
		if d, busy := m.hands.Busy(); !busy || d.Action != "find_block" {
			t.Errorf("after the scan her hands are on %+v (busy %v), want still find_block", d, busy)
		}
		if got := g.Actions(); len(got) != 1 {
			t.Errorf("the game got %v; a quick tool must not replace the running action", got)
		}
		close(release)
		m.hands.Wait()
	})
}
