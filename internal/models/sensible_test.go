package models

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
)

// echo is an autopilot that calls stay_silent, and keeps what it was shown.
type echo struct{ seen int }

func (e *echo) Name() string { return "test/echo" }

func (e *echo) Generate(context.Context, agent.ModelRequest) (agent.ModelResponse, error) {
	e.seen++
	return agent.ModelResponse{ToolCalls: []agent.ToolCall{{ID: "1", Name: "stay_silent", Args: json.RawMessage(`{}`)}}}, nil
}

// billed is a stand-in on a clock the test moves, with every call it
// reported.
type billed struct {
	s     *Sensible
	now   time.Time
	calls []string
	usage []agent.Usage
}

func newBilled() *billed {
	b := &billed{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	b.s = NewSensible(&echo{}, func() time.Time { return b.now }, func(cause string, u agent.Usage) {
		b.calls, b.usage = append(b.calls, cause), append(b.usage, u)
	})
	return b
}

// request is a turn's first call: a long system prompt, a history, and a
// perception of kind k with her live state.
func request(k agent.Kind, history int) agent.ModelRequest {
	req := agent.ModelRequest{System: strings.Repeat("how you play. ", 400), Now: "# Right now\n\n- you are at (1, 64, 2)",
		Tools: []agent.ToolSpec{{Name: "stay_silent", Description: "ends the turn", Schema: json.RawMessage(`{"type":"object"}`)}}}
	for i := range history {
		req.Messages = append(req.Messages, agent.Message{Role: agent.RoleUser, Text: strings.Repeat("x", 40) + string(rune('a'+i))},
			agent.Message{Role: agent.RoleAssistant, Text: "ok"})
	}
	req.Messages = append(req.Messages, agent.Message{Role: agent.RoleUser, Text: "news", Perceptions: []agent.Perception{{Kind: k}}})
	return req
}

// TestTheStandInBillsAsACachingProviderWould: the first call writes its
// prefix to the cache, the next one with the same beginning reads it, and
// after five minutes without a call the cache is gone.
func TestTheStandInBillsAsACachingProviderWould(t *testing.T) {
	b := newBilled()
	ctx := context.Background()
	first := request(agent.KindAction, 3)
	if _, err := b.s.Generate(ctx, first); err != nil {
		t.Fatal(err)
	}
	u := b.usage[0]
	if u.CacheRead != 0 || u.CacheWritten == 0 || u.InputTokens < u.CacheWritten || u.OutputTokens == 0 {
		t.Fatalf("first call: %+v, want nothing read, its prefix written, and some output", u)
	}
	b.now = b.now.Add(time.Minute)
	second := first
	second.Messages = append(append([]agent.Message(nil), first.Messages...),
		agent.Message{Role: agent.RoleAssistant, ToolCalls: []agent.ToolCall{{ID: "c", Name: "stay_silent"}}},
		agent.Message{Role: agent.RoleTool, ToolCallID: "c", Text: "started"})
	if _, err := b.s.Generate(ctx, second); err != nil {
		t.Fatal(err)
	}
	if u2 := b.usage[1]; u2.CacheRead < u.CacheWritten*9/10 || u2.CacheRead > u2.InputTokens {
		t.Errorf("second call: %+v; want most of the %d tokens the first wrote read from the cache", u2, u.CacheWritten)
	}
	b.now = b.now.Add(6 * time.Minute)
	if _, err := b.s.Generate(ctx, second); err != nil {
		t.Fatal(err)
	}
	if u3 := b.usage[2]; u3.CacheRead != 0 {
		t.Errorf("a call six minutes later read %d tokens from a cache that lives five", u3.CacheRead)
	}
	if want := []string{CauseAction, CauseToolAnswer, CauseToolAnswer}; strings.Join(b.calls, ",") != strings.Join(want, ",") {
		t.Errorf("causes %v, want %v", b.calls, want)
	}
}

// TestTheStandInReadsBackAsAnthropicsCacheDoes: a turn's first call reads
// the prefix the turn before wrote, though its own breakpoint sits a few
// blocks further on (Anthropic looks back up to 20 blocks from a
// breakpoint); a prefix more than 20 blocks back is not read, save the
// system prompt's.
func TestTheStandInReadsBackAsAnthropicsCacheDoes(t *testing.T) {
	b := newBilled()
	ctx := context.Background()
	long := func(n int) []agent.Message {
		var msgs []agent.Message
		for i := range n {
			msgs = append(msgs, agent.Message{Role: agent.RoleUser, Text: strings.Repeat("y", 400) + string(rune('a'+i%26))},
				agent.Message{Role: agent.RoleAssistant, Text: "ok"})
		}
		return msgs
	}
	first := request(agent.KindChat, 0)
	first.Messages = append(long(8), first.Messages...)
	if _, err := b.s.Generate(ctx, first); err != nil {
		t.Fatal(err)
	}
	history := first.Messages[:len(first.Messages)-1]
	written := wireOf(first).breaks[1]
	near := request(agent.KindChat, 0)
	near.Messages = append(append(slices.Clone(history), first.Messages[len(first.Messages)-1],
		agent.Message{Role: agent.RoleAssistant, Text: "hi"}), near.Messages...)
	b.now = b.now.Add(time.Minute)
	if _, err := b.s.Generate(ctx, near); err != nil {
		t.Fatal(err)
	}
	if got := b.usage[1].CacheRead; got != tokens(written) {
		t.Errorf("the next turn read %d tokens from the cache, want the %d the turn before wrote", got, tokens(written))
	}
	far := request(agent.KindChat, 0)
	far.Messages = append(append(append(slices.Clone(history), first.Messages[len(first.Messages)-1]), long(11)...), far.Messages...)
	b.s.cache = promptCache{written: map[[32]byte]time.Time{}}
	if _, err := b.s.Generate(ctx, first); err != nil {
		t.Fatal(err)
	}
	if _, err := b.s.Generate(ctx, far); err != nil {
		t.Fatal(err)
	}
	if got, system := b.usage[3].CacheRead, tokens(wireOf(far).breaks[0]); got != system {
		t.Errorf("22 blocks on, the call read %d tokens from the cache, want only the system prompt's %d", got, system)
	}
}

// TestTheStandInNamesTheCauseByTheMostPressingPerception: a turn woken by
// an action's end and a line said to her is a turn about the chat.
func TestTheStandInNamesTheCauseByTheMostPressingPerception(t *testing.T) {
	req := request(agent.KindAction, 0)
	req.Messages[0].Perceptions = append(req.Messages[0].Perceptions, agent.Perception{Kind: agent.KindChat}, agent.Perception{Kind: agent.KindIdle})
	if got := CauseOf(req); got != CauseChat {
		t.Errorf("cause %q, want %q", got, CauseChat)
	}
	if got := CauseOf(request(agent.KindCommentary, 0)); got != CauseCommentary {
		t.Errorf("cause %q, want %q", got, CauseCommentary)
	}
}

// TestTheStandInPlaysByGoals: given set_goal, it sets get_iron as she
// comes in, answers a line said to her, lets a blow pass, sets the next
// goal at each end (a goal given up once more first), and ends a turn
// after her tools' answers.
func TestTheStandInPlaysByGoals(t *testing.T) {
	b := newBilled()
	ctx := context.Background()
	turn := func(ps ...agent.Perception) []agent.ToolCall {
		req := request(agent.KindIdle, 1)
		req.Tools = append(req.Tools, agent.ToolSpec{Name: "set_goal"})
		req.Messages[len(req.Messages)-1].Perceptions = ps
		r, err := b.s.Generate(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return r.ToolCalls
	}
	said := func(calls []agent.ToolCall) string {
		var out []string
		for _, c := range calls {
			out = append(out, c.Name+string(c.Args))
		}
		return strings.Join(out, " ")
	}
	end := func(done bool) agent.Perception {
		return agent.Perception{Kind: agent.KindGoal, Goal: &agent.GoalNews{End: &agent.GoalEnd{Done: done}}}
	}
	for i, s := range []struct {
		ps   []agent.Perception
		want string
	}{
		{[]agent.Perception{{Kind: agent.KindConnected}}, `set_goal{"kind":"get_iron"}`},
		{[]agent.Perception{{Kind: agent.KindChat, Addressed: true, Chat: &agent.Heard{Author: agent.Author{Name: "Alex"}}}},
			`mc_chat{"message":"Hi Alex! I'm after iron right now."}`},
		{[]agent.Perception{{Kind: agent.KindFight}}, `stay_silent{}`},
		{[]agent.Perception{end(true)}, `set_goal{"kind":"get_diamonds"}`},
		{[]agent.Perception{end(false)}, `set_goal{"kind":"get_diamonds"}`},
		{[]agent.Perception{end(true)}, `set_goal{"kind":"play"}`},
		{[]agent.Perception{{Kind: agent.KindAsk}}, `speak{"text":"I'm playing my own game."}`},
	} {
		if got := said(turn(s.ps...)); got != s.want {
			t.Errorf("step %d: %s, want %s", i, got, s.want)
		}
	}
	req := request(agent.KindIdle, 0)
	req.Tools = append(req.Tools, agent.ToolSpec{Name: "set_goal"})
	req.Messages = append(req.Messages, agent.Message{Role: agent.RoleTool, ToolName: "set_goal", Text: "SUCCESS"})
	if r, _ := b.s.Generate(ctx, req); len(r.ToolCalls) != 0 || r.Text != "" {
		t.Errorf("after her tools answered it said %+v, want nothing: the turn is over", r)
	}
}
