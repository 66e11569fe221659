package agent

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// scripted is a Model that answers from a script, one response per call,
// and records every request it was shown.
type scripted struct {
	mu    sync.Mutex
	steps []ModelResponse
	seen  []ModelRequest
}

func (s *scripted) Name() string { return "test/scripted" }

func (s *scripted) Generate(_ context.Context, req ModelRequest) (ModelResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = append(s.seen, req)
	if len(s.steps) == 0 {
		return ModelResponse{}, nil
	}
	r := s.steps[0]
	s.steps = s.steps[1:]
	return r, nil
}

func (s *scripted) requests() []ModelRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ModelRequest(nil), s.seen...)
}

func call(id, name, args string) ToolCall {
	return ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

// holding is a fake game whose find_block runs until release is closed.
func holding() (g *gametest.Game, release chan struct{}) {
	g = &gametest.Game{}
	return g, g.Hold("find_block")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// toolbox is a tiny registry: game actions start, speak speaks, scan
// answers at once, stay_silent ends.
type toolbox struct{}

func (toolbox) Specs() []ToolSpec {
	return []ToolSpec{{Name: "find_block"}, {Name: "craft_item"}, {Name: "speak"}, {Name: "stay_silent"}, {Name: "scan"}, {Name: "mc_chat"}, {Name: "boom"},
		{Name: "set_goal"}}
}

func (toolbox) Invoke(_ context.Context, c ToolCall) Outcome {
	switch c.Name {
	case "find_block", "craft_item", "move_to":
		return Outcome{Action: &Action{Name: c.Name, Call: c.Name + string(c.Args)}}
	case "speak":
		var p struct{ Text string }
		_ = json.Unmarshal(c.Args, &p)
		return Outcome{Answer: "said.", Said: p.Text, Answered: true}
	case "mc_chat":
		return Outcome{Answer: "SUCCESS: said in chat", Answered: true}
	case "stay_silent":
		return Outcome{Answer: "silent", Silent: true}
	case "scan":
		return Outcome{Answer: "SUCCESS: 3 iron_ore"}
	case "boom":
		panic("kaboom")
	case "set_goal":
		var g Goal
		_ = json.Unmarshal(c.Args, &g)
		return Outcome{Answer: "SUCCESS: goal set", Goal: &g}
	}
	return Outcome{Failed: true, Answer: "FAILURE: no such tool"}
}

type recorder struct {
	mu      sync.Mutex
	changes []Change
}

func (r *recorder) Publish(c Change) {
	r.mu.Lock()
	r.changes = append(r.changes, c)
	r.mu.Unlock()
}

type turnStore struct {
	mu      sync.Mutex
	turns   []TurnRecord
	next    int64
	undated int // saves whose context had no deadline
}

func (s *turnStore) SaveTurn(ctx context.Context, t *TurnRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := ctx.Deadline(); !ok {
		s.undated++
	}
	if t.ID == 0 {
		s.next++
		t.ID = s.next
		return nil
	}
	s.turns = append(s.turns, *t)
	return nil
}

func (s *turnStore) all() []TurnRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]TurnRecord(nil), s.turns...)
}

// testMind is a mind wired as cmd/beaweb wires one, with the senses that
// feed it.
type testMind struct {
	*Mind
	Senses *Senses
}

// testParts are what a test mind is wired from besides its model and game;
// nil parts are left out.
type testParts struct {
	senses SensesStore
	recall Recall
	tools  Toolbox
	pub    Publisher
	turns  TurnLog
	// fallback is the autopilot (MindDeps.Fallback); nil for none.
	fallback Model
}

// wireMind builds a mind bottom-up, as serve does, with the link up.
func wireMind(model Model, game Game, cfg MindConfig, p testParts) *testMind {
	if p.tools == nil {
		p.tools = toolbox{}
	}
	live := NewLive("Bea", p.pub, nil)
	inbox := NewInbox(0, discard(), live)
	hands := NewHands(game, nil, live, discard(), inbox.Perceive)
	m := NewMind(cfg, MindDeps{Model: func() Model { return model }, Tools: p.tools, Live: live, Hands: hands, Inbox: inbox,
		Turns: p.turns, Recall: p.recall, Fallback: p.fallback, Logger: discard()})
	live.SetConn(protocol.ConnStatus{Connected: true})
	var spatial *MapWriter
	if store, ok := p.senses.(MapStore); ok {
		spatial = NewMapWriter(store, live, discard())
	}
	return &testMind{Mind: m, Senses: NewSenses(live, hands, p.senses, spatial, discard(), inbox.Perceive)}
}

func newTestMind(model Model, game Game, cfg MindConfig) (*testMind, *turnStore) {
	turns := &turnStore{}
	return wireMind(model, game, cfg, testParts{pub: &recorder{}, turns: turns}), turns
}

// youAre is a prompt written for her name.
func youAre(name string) string { return "You are " + name + "." }

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }
