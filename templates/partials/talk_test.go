package partials

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
)

// TestTheTalkBoxShowsHerAnswerOrWhyNone: under the talk box, the person's
// last line and what she said after it, with the times; until she answers,
// a sentence saying she is thinking or waited for, and one saying why she
// cannot answer when the game is gone, she is paused or her model fails.
func TestTheTalkBoxShowsHerAnswerOrWhyNone(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	said := agent.Line{At: now.Add(-10 * time.Second), Text: "bring me <b>iron</b>", From: agent.FromDashboard}
	older := agent.Line{At: now.Add(-5 * time.Minute), Text: "An old answer", From: ""}
	answer := agent.Line{At: now.Add(-4 * time.Second), Text: "On my way with the iron."}
	up := protocol.ConnStatus{Connected: true}
	for _, tc := range []struct {
		name    string
		s       agent.Snapshot
		want    []string
		notWant []string
	}{
		{name: "nothing said yet", s: agent.Snapshot{Name: "Bea", Enabled: true, Conn: up},
			notWant: []string{"<li", "data-talk-why"}},
		{name: "her answer beside the line", s: agent.Snapshot{Name: "Bea", Enabled: true, Conn: up, Voice: []agent.Line{older, said, answer}},
			want:    []string{"You:</span> bring me &lt;b&gt;iron&lt;/b&gt;", `data-ago="10"`, "Bea:</span> On my way with the iron.", `data-ago="4"`},
			notWant: []string{"An old answer", "data-talk-why"}},
		{name: "waiting", s: agent.Snapshot{Name: "Bea", Enabled: true, Conn: up, Voice: []agent.Line{older, said}},
			want: []string{"You:</span> bring me", "Waiting for her answer…"}, notWant: []string{"An old answer"}},
		{name: "thinking", s: agent.Snapshot{Name: "Bea", Enabled: true, Conn: up, Voice: []agent.Line{said},
			Model: agent.ModelStatus{Asking: now.Add(-time.Second)}}, want: []string{"She is thinking about it…"}},
		{name: "no answer after a minute", s: agent.Snapshot{Name: "Bea", Enabled: true, Conn: up,
			Voice: []agent.Line{{At: now.Add(-2 * time.Minute), Text: "hello?", From: agent.FromDashboard}}}, want: []string{"She has not answered."}},
		{name: "model failing", s: agent.Snapshot{Name: "Bea", Enabled: true, Conn: up, Voice: []agent.Line{said},
			Model: agent.ModelStatus{Failures: 2, LastError: "401"}}, want: []string{"Her model is failing, so she cannot answer"}},
		{name: "the game gone", s: agent.Snapshot{Name: "Bea", Enabled: true}, want: []string{"She is not in the game, so nothing you type reaches her"}},
		{name: "paused", s: agent.Snapshot{Name: "Bea", Conn: up}, want: []string{"She is paused, so she hears nothing you type"}},
		{name: "paused after her answer", s: agent.Snapshot{Name: "Bea", Conn: up, Voice: []agent.Line{said, answer}},
			want: []string{"On my way with the iron.", "She is paused, so she hears nothing you type"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := html(t, func(b *strings.Builder) error { return TalkReply(tc.s, now).Render(context.Background(), b) })
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(out, w) {
					t.Errorf("has %q:\n%s", w, out)
				}
			}
		})
	}
}
