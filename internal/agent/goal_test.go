package agent

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/gametest"
)

// goalMind is a mind whose model and autopilot are scripted, with the turns
// it records.
func goalMind(model, autopilot Model, game Game) (*testMind, *turnStore) {
	turns := &turnStore{}
	return wireMind(model, game, MindConfig{}, testParts{pub: &recorder{}, turns: turns, fallback: autopilot}), turns
}

// next takes the perception her mind queued for itself and runs its turn.
func (m *testMind) next(t *testing.T) Perception {
	t.Helper()
	select {
	case p := <-m.inbox.queue:
		m.turn(context.Background(), m.take(&p))
		return p
	default:
		t.Fatal("nothing was queued")
		return Perception{}
	}
}

// TestAGoalPlaysOnTheAutopilot: once her model sets a goal, the autopilot
// plays it; the actions' results and the nudges go to the autopilot, and
// her model hears only a line said to her, a fight and the goal's end. The
// autopilot's turns are no model calls: not on the bill, not in the
// conversation her model reads.
func TestAGoalPlaysOnTheAutopilot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "set_goal", `{"kind":"get_iron"}`)}, Usage: Usage{InputTokens: 100}},
			{ToolCalls: []ToolCall{call("2", "mc_chat", `{"message":"busy with iron, Alex"}`)}, Usage: Usage{InputTokens: 100}},
			{ToolCalls: []ToolCall{call("3", "stay_silent", `{}`)}, Usage: Usage{InputTokens: 100}},
			{ToolCalls: []ToolCall{call("4", "stay_silent", `{}`)}, Usage: Usage{InputTokens: 100}},
		}}
		autopilot := &scripted{steps: []ModelResponse{
			// The autopilot reads the answer of each step it started (an
			// errand's promise waits on it) and says nothing more.
			{ToolCalls: []ToolCall{call("a1", "find_block", `{"block":"log","count":4}`)}},
			{},
			{ToolCalls: []ToolCall{call("a2", "craft_item", `{"item":"crafting_table"}`)}},
			{},
			{ToolCalls: []ToolCall{call("a3", "stay_silent", `{}`)}},
			{ToolCalls: []ToolCall{call("a4", "stay_silent", `{}`)}},
			{ToolCalls: []ToolCall{call("a5", "stay_silent", `{}`)}, GoalEnd: &GoalEnd{Done: true, Why: "you carry an iron pickaxe."}},
		}}
		m, turns := goalMind(model, autopilot, &gametest.Game{})
		ctx := context.Background()
		m.turn(ctx, gamePerception("You have been standing around for 30s."))
		g := m.live.Snapshot().Goal
		if g == nil || g.Kind != GoalIron || !g.Set.Equal(m.live.Now()) {
			t.Fatalf("after set_goal the goal in force is %+v", g)
		}
		if p := m.next(t); p.Kind != KindGoal || p.Goal == nil || p.Goal.End != nil {
			t.Fatalf("the goal set queued %+v, want the news of a goal to start on", p)
		}
		for _, want := range []string{"find_block", "craft_item"} {
			m.hands.Wait()
			if p := m.next(t); p.Kind != KindAction || p.Ended[0].Action != want {
				t.Fatalf("queued %+v, want %s's result", p, want)
			}
		}
		if n := len(model.requests()); n != 1 {
			t.Fatalf("her model was called %d times while the goal played, want once (the set_goal)", n)
		}
		reqs := autopilot.requests()
		if len(reqs) != 5 || reqs[0].Goal == nil || reqs[0].Goal.Kind != GoalIron || len(reqs[2].Messages) != 1 {
			t.Fatalf("the autopilot was asked %d times (%+v), want 5 (a turn and its answers, twice, and the next) with the goal and only what is new", len(reqs), reqs)
		}
		// A line said to her, and a blow, wake her model; the blow the
		// autopilot reads too.
		m.turn(ctx, []Perception{{Source: SourceChat, Kind: KindChat, Addressed: true, Text: "Alex says: what's up?"},
			{Source: SourceGame, Kind: KindFight, Text: "hit by zombie", Hit: &Hit{Attacker: "zombie", Amount: 2, Health: 18, News: true}}})
		if n := len(model.requests()); n != 2 {
			t.Fatalf("%d model calls, want 2: the line said to her wakes her model", n)
		}
		if last := model.requests()[1]; strings.Contains(last.Messages[len(last.Messages)-1].Text, "standing around") ||
			!strings.Contains(last.Messages[len(last.Messages)-1].Text, "hit by zombie") {
			t.Errorf("her model read %q", last.Messages[len(last.Messages)-1].Text)
		}
		if m.live.Snapshot().Goal == nil {
			t.Fatal("answering a line in chat dropped the goal")
		}
		m.turn(ctx, []Perception{{Source: SourceGame, Kind: KindIdle, Addressed: true, Text: "standing around"}})
		if p := m.next(t); p.Kind != KindGoal || p.Goal.End == nil || !p.Goal.End.Done || !strings.Contains(p.Text, "is done: you carry an iron pickaxe") {
			t.Fatalf("the goal's end reached her model as %+v", p)
		}
		if m.live.Snapshot().Goal != nil || len(model.requests()) != 3 {
			t.Errorf("after its end: goal %+v, %d model calls; want none and 3", m.live.Snapshot().Goal, len(model.requests()))
		}
		calls, autoTurns := 0, 0
		for _, tr := range turns.all() {
			calls += len(tr.Calls)
			if tr.Model == autopilot.Name() && strings.Contains(tr.Trigger, "action") {
				autoTurns++
			}
		}
		if calls != 3 || autoTurns != 2 {
			t.Errorf("the turns record %d model calls and %d autopilot turns on an action; want 3 and 2", calls, autoTurns)
		}
		if b := m.live.Snapshot().Model.Bill; b.Calls != 3 || b.Usage.InputTokens != 300 {
			t.Errorf("the bill counts %d calls, %d tokens; want her model's 3 and 300", b.Calls, b.Usage.InputTokens)
		}
		for _, msg := range m.history {
			if strings.Contains(msg.Text, "[find_block] result") || msg.ToolCallID == "a1" {
				t.Errorf("the autopilot's turn is in her model's conversation: %+v", msg)
			}
		}
	})
}

// TestHerOwnActionSetsTheGoalAside: an action her model starts takes her
// hands from the goal, and the answer says so; stop_moving drops it too.
func TestHerOwnActionSetsTheGoalAside(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "set_goal", `{"kind":"play"}`)}},
			{ToolCalls: []ToolCall{call("2", "find_block", `{"block":"dirt"}`)}},
		}}
		m, _ := goalMind(model, &scripted{}, &gametest.Game{})
		m.turn(context.Background(), gamePerception("go"))
		m.turn(context.Background(), []Perception{{Source: SourceChat, Kind: KindChat, Addressed: true, Text: "Alex: dig me some dirt"}})
		m.hands.Wait()
		if g := m.live.Snapshot().Goal; g != nil {
			t.Errorf("her own find_block left the goal %+v in force", g)
		}
		var answer string
		for _, msg := range m.history {
			if msg.ToolCallID == "2" {
				answer = msg.Text
			}
		}
		if !strings.Contains(answer, "Your goal (play on your own") || !strings.Contains(answer, "set aside") {
			t.Errorf("the find_block's answer does not say the goal is set aside: %q", answer)
		}
	})
}

// TestAModelOutagePlaysOnTheAutopilot: when her model does not answer,
// the autopilot plays the turn instead of her standing still, and the next
// ones until her model is asked again (after a minute, then two…); the
// status says her model is failing and when it is asked again. Once it
// answers, it thinks again.
func TestAModelOutagePlaysOnTheAutopilot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &failingModel{fails: 2}
		silent := ModelResponse{ToolCalls: []ToolCall{call("s", "stay_silent", `{}`)}}
		autopilot := &scripted{steps: []ModelResponse{silent, silent, silent}}
		m, _ := goalMind(model, autopilot, &gametest.Game{})
		model.live = m.live
		idle := gamePerception("standing around")
		start := m.live.Now()
		m.turn(context.Background(), idle)
		st := m.live.Snapshot().Model
		if len(model.during) != 1 || len(autopilot.requests()) != 1 {
			t.Fatalf("her model was asked %d times and the autopilot %d; want once each: it plays the turn her model failed", len(model.during), len(autopilot.requests()))
		}
		if !st.Failing() || !st.Retry.Equal(start.Add(time.Minute)) {
			t.Fatalf("the status after a failure: %+v; want failing, asked again in a minute", st)
		}
		time.Sleep(30 * time.Second)
		m.turn(context.Background(), idle)
		if len(model.during) != 1 || len(autopilot.requests()) != 2 {
			t.Fatalf("within the minute: %d model calls, %d autopilot turns; want 1 and 2", len(model.during), len(autopilot.requests()))
		}
		time.Sleep(31 * time.Second)
		m.turn(context.Background(), idle)
		if st := m.live.Snapshot().Model; len(model.during) != 2 || len(autopilot.requests()) != 3 || st.Failures != 2 || !st.Retry.Equal(m.live.Now().Add(2*time.Minute)) {
			t.Fatalf("a minute on: %d model calls, %d autopilot turns, status %+v; want 2, 3, and two minutes to the next try", len(model.during), len(autopilot.requests()), st)
		}
		time.Sleep(2 * time.Minute)
		m.turn(context.Background(), idle)
		// Her model answers with nothing: left_undone gives it one more step.
		if st := m.live.Snapshot().Model; len(model.during) != 4 || len(autopilot.requests()) != 3 || st.Failing() || !st.Retry.IsZero() {
			t.Fatalf("once it answers: %d model calls, %d autopilot turns, status %+v; want her model back", len(model.during), len(autopilot.requests()), st)
		}
		if b := m.live.Snapshot().Model.Bill; b.Calls != 4 {
			t.Errorf("the bill counts %d calls, want her model's 4 (the autopilot's turns are none)", b.Calls)
		}
	})
}

func TestTheRetryWaitDoubles(t *testing.T) {
	for n, want := range map[int]time.Duration{1: time.Minute, 2: 2 * time.Minute, 3: 4 * time.Minute, 4: 8 * time.Minute, 5: 10 * time.Minute, 40: 10 * time.Minute} {
		if got := retryAfter(n); got != want {
			t.Errorf("after %d failures: %v, want %v", n, got, want)
		}
	}
}

// TestOnlyANewBlowWakesHerModel: a blow the gate did not mark as news wakes
// no model call; one that is news does.
func TestOnlyANewBlowWakesHerModel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "stay_silent", `{}`)}}}}
		m, _ := goalMind(model, &scripted{}, &gametest.Game{})
		blow := func(news bool) []Perception {
			return []Perception{{Source: SourceGame, Kind: KindFight, Text: "hit", Hit: &Hit{Attacker: "zombie", Amount: 1, Health: 15, News: news}}}
		}
		m.turn(context.Background(), blow(false))
		if n := len(model.requests()); n != 0 {
			t.Fatalf("a blow that is no news took %d model calls", n)
		}
		m.turn(context.Background(), blow(true))
		if n := len(model.requests()); n != 1 {
			t.Fatalf("a blow that is news took %d model calls, want 1", n)
		}
	})
}
