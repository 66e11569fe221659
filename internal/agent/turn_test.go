package agent

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

func gamePerception(text string) []Perception {
	return []Perception{{Source: SourceGame, Kind: KindIdle, Text: text, Addressed: true, At: time.Now()}}
}

func TestLeftUndoneFiresOnceAndOnlyOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "speak", `{"text":"let me punch some birch logs"}`)}},
			{ToolCalls: []ToolCall{call("2", "speak", `{"text":"really, I will"}`)}},
			{ToolCalls: []ToolCall{call("3", "speak", `{"text":"never reached"}`)}},
		}}
		m, turns := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.turn(context.Background(), gamePerception("You have been standing around for 30s."))
		reqs := model.requests()
		if len(reqs) != 2 {
			t.Fatalf("the turn took %d model calls, want 2 (the speech, then the one more step)", len(reqs))
		}
		last := reqs[1].Messages[len(reqs[1].Messages)-1]
		if last.Role != RoleUser || !strings.Contains(last.Text, "Talking about a thing is not doing it") {
			t.Errorf("the second step was not told its hands are empty: %+v", last)
		}
		if got := turns.all(); len(got) != 1 || !strings.Contains(got[0].Said, "really, I will") {
			t.Errorf("turn records %+v", got)
		}
	})
}

func TestLeftUndoneLeavesOtherTurnsAlone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "speak", `{"text":"doing fine"}`)}}}}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "what are you doing?", Addressed: true}})
		if n := len(model.requests()); n != 1 {
			t.Errorf("a dashboard turn took %d model calls, want 1", n)
		}
	})
}

// TestAStepThatOnlyStartsActionsEndsTheTurn: a step that only starts
// actions ends the turn, whether she spoke in it, in an earlier step
// (after a quick look, say) or not at all: "started" is nothing new to
// read, and the result wakes her when it is over.
func TestAStepThatOnlyStartsActionsEndsTheTurn(t *testing.T) {
	never := ModelResponse{ToolCalls: []ToolCall{call("9", "speak", `{"text":"never reached"}`)}}
	cases := []struct {
		name  string
		steps []ModelResponse
		calls int
	}{
		{"without a word", []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "find_block", `{"block":"log","count":4}`)}},
			never}, 1},
		{"in one step", []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "find_block", `{"block":"log","count":4}`), call("2", "speak", `{"text":"chopping"}`)}},
			never}, 1},
		{"over two steps", []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "speak", `{"text":"iron, somewhere"}`), call("2", "scan", `{"block":"iron_ore"}`)}},
			{ToolCalls: []ToolCall{call("3", "find_block", `{"block":"iron_ore","count":3}`)}},
			never}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				model := &scripted{steps: c.steps}
				g := &gametest.Game{}
				m, _ := newTestMind(model, g, MindConfig{})
				m.turn(context.Background(), gamePerception("You have been standing around for 30s."))
				m.hands.Wait()
				if n := len(model.requests()); n != c.calls {
					t.Errorf("the turn took %d model calls, want %d", n, c.calls)
				}
				if got := g.Actions(); len(got) != 1 || got[0] != "find_block" {
					t.Errorf("the game got %v", got)
				}
			})
		})
	}
}

func TestQuickToolAnswersAreReadBeforeTheTurnEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "scan", `{"block":"iron_ore"}`)}},
			{ToolCalls: []ToolCall{call("2", "stay_silent", `{}`)}},
		}}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}})
		reqs := model.requests()
		if len(reqs) != 2 {
			t.Fatalf("%d model calls, want 2", len(reqs))
		}
		tool := reqs[1].Messages[len(reqs[1].Messages)-1]
		if tool.Role != RoleTool || tool.ToolCallID != "1" || !strings.Contains(tool.Text, "3 iron_ore") {
			t.Errorf("the scan's answer did not come back: %+v", tool)
		}
	})
}

func TestLoopGuardEndsTheTurn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var steps []ModelResponse
		for i := 0; i < 10; i++ {
			steps = append(steps, ModelResponse{ToolCalls: []ToolCall{call("s", "scan", `{"block":"iron_ore"}`)}})
		}
		model := &scripted{steps: steps}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{MaxSteps: 8})
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}})
		if n := len(model.requests()); n != 3 {
			t.Errorf("the same call with the same answer ran %d times, want the turn ended at 3", n)
		}
	})
}

func TestStepCap(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var steps []ModelResponse
		for i := 0; i < 20; i++ {
			steps = append(steps, ModelResponse{ToolCalls: []ToolCall{call("s", "scan", `{"block":"ore`+itoa(i)+`"}`)}})
		}
		model := &scripted{steps: steps}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{MaxSteps: 5})
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}})
		if n := len(model.requests()); n != 5 {
			t.Errorf("%d model calls, want the cap of 5", n)
		}
	})
}

func TestAPanickingToolIsAFailureSheReads(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "boom", `{}`)}},
			{ToolCalls: []ToolCall{call("2", "stay_silent", `{}`)}},
		}}
		m, turns := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}})
		rec := turns.all()[0]
		if !strings.Contains(rec.ToolCalls[0].Answer, "FAILURE: boom broke") {
			t.Errorf("the panic reached her as %q", rec.ToolCalls[0].Answer)
		}
	})
}

func TestBatchRunsInOrderAndStopsAtTheFirstFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := &gametest.Game{}
		g.Result("craft_item", protocol.Failure)
		var got []Perception
		h := NewHands(g, nil, NewLive("Bea", nil, nil), discard(), func(p Perception) { got = append(got, p) })
		h.Start(context.Background(), []Action{
			{Name: "find_block", Call: "find_block(block=log)"},
			{Name: "craft_item", Call: "craft_item(item=oak_planks)"},
			{Name: "move_to", Call: "move_to(x=1, y=2, z=3)"},
		}, 7)
		h.Wait()
		if len(got) != 1 {
			t.Fatalf("%d reports, want one for the batch", len(got))
		}
		text := got[0].Text
		want := "[find_block] result: SUCCESS: find_block SUCCESS\n[craft_item] result: FAILURE: craft_item FAILURE\nnot done: move_to(x=1, y=2, z=3)"
		if text != want {
			t.Errorf("report:\n%s\nwant:\n%s", text, want)
		}
		if a := g.Actions(); len(a) != 2 {
			t.Errorf("the game got %v; the action after the failure must not be sent", a)
		}
	})
}

func TestANewBatchReplacesTheRunningOne(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		var got []Perception
		h := NewHands(g, nil, NewLive("Bea", nil, nil), discard(), func(p Perception) { got = append(got, p) })
		h.Start(context.Background(), []Action{{Name: "find_block", Call: "find_block()"}, {Name: "craft_item", Call: "craft_item()"}}, 1)
		synctest.Wait()
		h.Start(context.Background(), []Action{{Name: "move_to", Call: "move_to()"}}, 2)
		synctest.Wait()
		close(release) // the game answers the replaced request
		h.Wait()
		if len(got) != 2 {
			t.Fatalf("%d reports, want 2", len(got))
		}
		var old Perception
		for _, p := range got {
			if len(p.Ended) == 1 && p.Ended[0].Action == "find_block" {
				old = p
			}
		}
		if len(old.NotDone) != 1 || old.NotDone[0] != "craft_item()" {
			t.Errorf("the replaced batch still ran the rest: %+v", old)
		}
	})
}

func TestProgressBelongsToTheRunningAction(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		lv := NewLive("Bea", nil, nil)
		h := NewHands(g, nil, lv, discard(), func(Perception) {})
		h.Start(context.Background(), []Action{{Name: "find_block", Call: "find_block(block=log, count=4)"}}, 1)
		synctest.Wait()
		h.Progress(protocol.Progress{ID: "r999-other", Done: 9, Total: 9})
		h.Progress(protocol.Progress{ID: "r1-abcdef", Done: 2, Total: 4, Message: "chopping"})
		d := lv.Snapshot().Doing
		if d == nil || d.Progress == nil || d.Progress.Done != 2 {
			t.Fatalf("doing %+v", d)
		}
		close(release)
		h.Wait()
		s := lv.Snapshot()
		if s.Doing != nil || s.Last == nil || s.Last.Result != protocol.Success {
			t.Errorf("after the answer: doing %+v, last %+v", s.Doing, s.Last)
		}
	})
}

func TestNoTurnAboutTheGameWhileItIsAway(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "find_block", `{}`)}}}}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{IdleNudge: time.Second})
		m.live.SetConn(protocol.ConnStatus{Connected: false})
		m.turn(context.Background(), []Perception{{Source: SourceGame, Kind: KindAction, Text: "[find_block] result: FAILURE: the game is not connected"}})
		if n := len(model.requests()); n != 0 {
			t.Errorf("%d model calls about a game that is away", n)
		}
		if _, ok := m.nudge(context.Background(), time.Now().Add(time.Hour)); ok {
			t.Error("an idle nudge while the game is away")
		}
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "what are you doing?"}})
		if n := len(model.requests()); n == 0 {
			t.Error("a dashboard ask while the game is away was not answered")
		}
	})
}

func TestTheStepAfterStartingAnActionSeesItRunning(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "find_block", `{"block":"log"}`), call("2", "scan", `{"block":"iron_ore"}`)}},
			{ToolCalls: []ToolCall{call("3", "stay_silent", `{}`)}},
		}}
		m, _ := newTestMind(model, g, MindConfig{})
		m.turn(context.Background(), gamePerception("go"))
		reqs := model.requests()
		if len(reqs) != 2 || !strings.Contains(reqs[1].Now, "you are doing: find_block") {
			t.Errorf("the step after starting find_block was told: %q", reqs[len(reqs)-1].Now)
		}
		close(release)
		m.hands.Wait()
	})
}

func TestAVeryLongTurnIsKeptRatherThanForgotten(t *testing.T) {
	m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{KeepMessages: 10})
	msgs := []Message{{Role: RoleUser, Text: "old"}, {Role: RoleAssistant, Text: "ok"}, {Role: RoleUser, Text: "now"}}
	for i := 0; i < 20; i++ {
		msgs = append(msgs, Message{Role: RoleAssistant, ToolCalls: []ToolCall{call("c", "scan", `{}`)}}, Message{Role: RoleTool, ToolCallID: "c", Text: "x"})
	}
	m.remember(msgs)
	if len(m.history) == 0 || m.history[0].Text != "now" {
		t.Errorf("after a turn longer than the window the history is %d messages, starting %+v", len(m.history), m.history)
	}
}

func TestAFullQueueDropsOnlyIdleChat(t *testing.T) {
	m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{})
	for i := 0; i < queueSize-1; i++ {
		m.inbox.queue <- Perception{Kind: KindFight, Text: "hit"}
	}
	m.inbox.queue <- Perception{Kind: KindChat, Text: "idle chat"}
	if lost, _ := m.inbox.enqueue(Perception{Kind: KindDeath, Text: "you died"}); lost.Text != "idle chat" {
		t.Errorf("the death got in by dropping %+v, want the idle chat", lost)
	}
	if lost, _ := m.inbox.enqueue(Perception{Kind: KindChat, Text: "more idle chat"}); lost.Text != "more idle chat" {
		t.Errorf("a queue full of fights dropped %+v, want the new idle chat", lost)
	}
	var last Perception
	n := len(m.inbox.queue)
	for len(m.inbox.queue) > 0 {
		last = <-m.inbox.queue
	}
	if n != queueSize || last.Kind != KindDeath {
		t.Errorf("queue of %d ends with %+v, want %d ending with the death", n, last, queueSize)
	}
}

// TestTokensAreCountedPerTurn: a turn's record holds the tokens in and out
// of all its steps, and the next turn starts again from zero.
func TestTokensAreCountedPerTurn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "scan", `{"block":"iron_ore"}`)}, Usage: Usage{InputTokens: 1200, OutputTokens: 31}},
			{ToolCalls: []ToolCall{call("2", "stay_silent", `{}`)}, Usage: Usage{InputTokens: 1290, OutputTokens: 9}},
			{ToolCalls: []ToolCall{call("3", "stay_silent", `{}`)}, Usage: Usage{InputTokens: 700, OutputTokens: 4}},
		}}
		m, turns := newTestMind(model, &gametest.Game{}, MindConfig{})
		ask := []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}}
		m.turn(context.Background(), ask)
		m.turn(context.Background(), ask)
		got := turns.all()
		if len(got) != 2 {
			t.Fatalf("%d turn records, want 2", len(got))
		}
		if got[0].Usage.InputTokens != 2490 || got[0].Usage.OutputTokens != 40 {
			t.Errorf("the first turn counted %d in, %d out; want 2490 and 40 over its two steps", got[0].Usage.InputTokens, got[0].Usage.OutputTokens)
		}
		if got[1].Usage.InputTokens != 700 || got[1].Usage.OutputTokens != 4 {
			t.Errorf("the second turn counted %d in, %d out; want 700 and 4", got[1].Usage.InputTokens, got[1].Usage.OutputTokens)
		}
	})
}

// TestNoLeftUndoneWhileHerHandsWork: a chat turn answered in chat while an
// action of hers runs is not told its hands are empty.
func TestNoLeftUndoneWhileHerHandsWork(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "find_block", `{"block":"log"}`)}},
			{ToolCalls: []ToolCall{call("3", "mc_chat", `{"message":"chopping, want some?"}`)}},
			{ToolCalls: []ToolCall{call("4", "speak", `{"text":"never reached"}`)}},
		}}
		m, _ := newTestMind(model, g, MindConfig{})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		m.turn(ctx, gamePerception("go"))
		synctest.Wait()
		m.turn(ctx, []Perception{{Source: SourceChat, Kind: KindChat, Addressed: true, Text: "Alex (2 blocks away) says in the game chat: hi"}})
		if n := len(model.requests()); n != 2 {
			t.Errorf("%d model calls, want 2: the chat turn with her hands busy takes one step", n)
		}
		close(release)
		m.hands.Wait()
	})
}

// slowModel answers after think, on the test's clock, and counts tokens.
type slowModel struct {
	think time.Duration
	steps []ModelResponse
}

func (s *slowModel) Name() string { return "test/slow" }

func (s *slowModel) Generate(context.Context, ModelRequest) (ModelResponse, error) {
	time.Sleep(s.think)
	r := s.steps[0]
	s.steps = s.steps[1:]
	return r, nil
}

// TestATurnIsRecorded: the record holds what woke her, the perception she
// was shown, the model, the tokens, how long the turn took, every tool call
// with its arguments and the answer she read, and what she said.
func TestATurnIsRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &slowModel{think: 700 * time.Millisecond, steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "scan", `{"block":"iron_ore"}`)}, Usage: Usage{InputTokens: 900, OutputTokens: 12}},
			{ToolCalls: []ToolCall{call("2", "find_block", `{"block":"iron_ore","count":3}`), call("3", "speak", `{"text":"iron!"}`)},
				Usage: Usage{InputTokens: 950, OutputTokens: 20}},
		}}
		m, turns := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.turn(context.Background(), []Perception{
			{Source: SourceChat, Kind: KindChat, Addressed: true, Text: "Alex (2 blocks away) says in the game chat: any iron?"},
			{Source: SourceGame, Kind: KindFight, Text: "You were hit by Zombie for 3.0 damage; your health is 17.0/20."},
		})
		m.hands.Wait()
		got := turns.all()
		if len(got) != 1 {
			t.Fatalf("%d records", len(got))
		}
		r := got[0]
		if r.ID == 0 || r.Trigger != "chat+fight" || r.Model != "test/slow" || r.Usage.InputTokens != 1850 || r.Usage.OutputTokens != 32 || len(r.Calls) != 2 {
			t.Errorf("record %+v", r)
		}
		if r.Duration != 1400*time.Millisecond {
			t.Errorf("the turn took %v on the test's clock, want the two model calls' 1.4s", r.Duration)
		}
		if !strings.Contains(r.Shown, "# Right now") || !strings.Contains(r.Shown, "says in the game chat: any iron?\n\nYou were hit by Zombie for 3.0 damage; your health is 17.0/20.\n\n# Right now") {
			t.Errorf("shown:\n%s", r.Shown)
		}
		want := []ToolCallRecord{
			{Name: "scan", Args: `{"block":"iron_ore"}`, Answer: "SUCCESS: 3 iron_ore"},
			{Name: "find_block", Args: `{"block":"iron_ore","count":3}`, Answer: `started: find_block{"block":"iron_ore","count":3}. Its result will reach you when it is over.`},
			{Name: "speak", Args: `{"text":"iron!"}`, Answer: "said."},
		}
		if len(r.ToolCalls) != len(want) {
			t.Fatalf("tool calls %+v", r.ToolCalls)
		}
		for i := range want {
			if r.ToolCalls[i] != want[i] {
				t.Errorf("call %d: %+v, want %+v", i, r.ToolCalls[i], want[i])
			}
		}
		if r.Said != "iron!" {
			t.Errorf("said %q", r.Said)
		}
	})
}

// TestSpeechGoesToTheVoiceFeed: what she says with speak reaches the
// dashboard's voice feed (a published change) and the turn's record; a
// chat line answers as well but is not her voice.
func TestSpeechGoesToTheVoiceFeed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{
			{ToolCalls: []ToolCall{call("1", "speak", `{"text":"Look at the size of this cave!"}`)}},
			{ToolCalls: []ToolCall{call("2", "mc_chat", `{"message":"hi Alex"}`)}},
		}}
		m, turns := newTestMind(model, &gametest.Game{}, MindConfig{})
		pub := m.live.pub.(*recorder)
		ask := []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "Someone watching you asks what you are doing right now."}}
		m.turn(context.Background(), ask)
		m.turn(context.Background(), ask)
		if v := m.live.Snapshot().Voice; len(v) != 1 || v[0].Text != "Look at the size of this cave!" {
			t.Errorf("the voice feed holds %+v", v)
		}
		voiced := 0
		pub.mu.Lock()
		for _, c := range pub.changes {
			if c.Topic == TopicVoice {
				voiced++
			}
		}
		pub.mu.Unlock()
		if voiced != 1 {
			t.Errorf("%d voice changes published to the dashboard, want 1", voiced)
		}
		got := turns.all()
		if len(got) != 2 || got[0].Said != "Look at the size of this cave!" || got[1].Said != "" {
			t.Errorf("turn records %+v", got)
		}
		if n := len(model.requests()); n != 2 {
			t.Errorf("%d model calls, want one per turn: each answer ends its turn", n)
		}
	})
}

// TestATurnReadsTheStateAfterHerLastAction: a chat line that wakes her just
// after an action ended waits for the state that shows what the action did,
// so she never plans from the inventory before it.
func TestATurnReadsTheStateAfterHerLastAction(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "stay_silent", `{}`)}}}}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
		ctx := context.Background()
		m.Senses.Handle(ctx, protocol.State{Inventory: []game.Slot{{Item: "oak_planks", Count: 4}}})
		time.Sleep(100 * time.Millisecond)
		m.hands.Start(ctx, []Action{{Name: "craft_item", Call: "craft_item(item=crafting_table, count=1)"}}, 1)
		m.hands.Wait() // the game answered; its state comes 300 ms later
		go func() {
			time.Sleep(300 * time.Millisecond)
			m.Senses.Handle(ctx, protocol.State{Inventory: []game.Slot{{Item: "crafting_table", Count: 1}}})
		}()
		m.turn(ctx, []Perception{{Source: SourceChat, Kind: KindChat, Addressed: true, At: time.Now(),
			Text: "Alex (2 blocks away) says in the game chat: what are you making?"}})
		reqs := model.requests()
		if len(reqs) == 0 || !strings.Contains(reqs[0].Now, "you carry: 1 crafting_table") {
			t.Errorf("the turn after the craft was shown:\n%s", reqs[0].Now)
		}
	})
}

// TestHistoryIsTrimmedInLargeSteps: over its limit the history drops a
// large block of the oldest whole exchanges at once, and then keeps the
// same start for the turns after, so a provider's prefix cache keeps
// reading it.
func TestHistoryIsTrimmedInLargeSteps(t *testing.T) {
	m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{KeepMessages: 20})
	exchange := func(i int) []Message {
		return []Message{{Role: RoleUser, Text: "perception " + itoa(i)},
			{Role: RoleAssistant, ToolCalls: []ToolCall{call("c"+itoa(i), "scan", `{}`)}},
			{Role: RoleTool, ToolCallID: "c" + itoa(i), Text: "x"}, {Role: RoleAssistant, Text: "ok"}}
	}
	var starts []string
	for i := range 12 {
		m.mu.Lock()
		msgs := append(append([]Message(nil), m.history...), exchange(i)...)
		m.mu.Unlock()
		m.remember(msgs)
		starts = append(starts, m.history[0].Text)
		if len(m.history) > 20 || m.history[0].Role != RoleUser {
			t.Fatalf("after turn %d the history is %d messages, starting %+v", i, len(m.history), m.history[0])
		}
	}
	trims := 0
	for i := 1; i < len(starts); i++ {
		if starts[i] != starts[i-1] {
			trims++
		}
	}
	// Twelve exchanges of four messages under a limit of 20: two trims,
	// each of half the window, where trimming at every turn over the
	// limit would have moved the start seven times.
	if trims != 2 {
		t.Errorf("the history's start moved %d times over 12 turns (%v), want 2", trims, starts)
	}
}

// TestLongHistoryIsTrimmedBySizeInLargeSteps: a history of few but long
// messages (a crafting plan, a build's answer) is cut to half its
// characters once over the bound, not a little at every turn.
func TestLongHistoryIsTrimmedBySizeInLargeSteps(t *testing.T) {
	m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{KeepChars: 10_000})
	long := strings.Repeat("x", 1_000)
	var starts []string
	for i := range 30 {
		m.mu.Lock()
		msgs := append(append([]Message(nil), m.history...), Message{Role: RoleUser, Text: "perception " + itoa(i) + long},
			Message{Role: RoleAssistant, Text: "ok"})
		m.mu.Unlock()
		m.remember(msgs)
		if n := size(m.history); n > 10_000 || m.history[0].Role != RoleUser {
			t.Fatalf("after turn %d the history holds %d characters, starting with a %s message", i, n, m.history[0].Role)
		}
		starts = append(starts, m.history[0].Text[:14])
	}
	trims := 0
	for i := 1; i < len(starts); i++ {
		if starts[i] != starts[i-1] {
			trims++
		}
	}
	// Thirty turns of about 1,000 characters under a bound of 10,000: a
	// trim to half every five turns or so, where trimming at every turn
	// over the bound would have moved the start twenty times.
	if trims < 3 || trims > 6 {
		t.Errorf("the history's start moved %d times over 30 turns, want a few large steps", trims)
	}
}

// TestARenameReachesHerNextPrompt: her name is kept once, in the live
// snapshot; a rename shows there at once and her next model call's prompt
// is written for it, the same bytes for the same name each call.
func TestARenameReachesHerNextPrompt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{Prompt: youAre})
		ask := []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "who are you?"}}
		m.turn(context.Background(), ask)
		m.live.Rename("Ada")
		if got := m.live.Snapshot().Name; got != "Ada" {
			t.Errorf("after the rename the snapshot names her %q", got)
		}
		m.turn(context.Background(), ask)
		m.turn(context.Background(), ask)
		var systems []string
		for _, r := range model.requests() {
			systems = append(systems, r.System)
		}
		if want := []string{"You are Bea.", "You are Ada.", "You are Ada."}; !slices.Equal(systems, want) {
			t.Errorf("her prompts were %q, want %q", systems, want)
		}
	})
}
