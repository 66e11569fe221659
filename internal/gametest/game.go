package gametest

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"

	"beaweb/internal/game/protocol"
)

// Game stands in for the connection the mind sends actions through, as
// its hands and tools see modclient's Client: Send, and nothing of the
// socket beneath. It keeps every request; it answers each action FINISHED
// with SUCCESS, with the result Result set for it, or with Answer where
// that is set; and it holds an action until released where Hold asks. Its
// zero value is ready.
type Game struct {
	// Answer, when its Result is set, answers every action, with the
	// request's ID and action filled in.
	Answer protocol.Answer

	mu      sync.Mutex
	seq     int
	results map[string]protocol.Result
	hold    map[string]chan struct{}
	sent    []protocol.Request
}

// Send records the request, tells sent its ID ("r1-abcdef", "r2-abcdef",
// …), waits while the action is held and answers it. Called off while
// held, it answers FAILURE with ctx's error.
func (g *Game) Send(ctx context.Context, action string, params any, sent func(id string)) (protocol.Answer, error) {
	b, _ := json.Marshal(params)
	g.mu.Lock()
	g.seq++
	id := "r" + strconv.Itoa(g.seq) + "-abcdef"
	g.sent = append(g.sent, protocol.Request{ID: id, Action: action, Parameters: b})
	res, ok := g.results[action]
	if !ok {
		res = protocol.Success
	}
	hold, ans := g.hold[action], g.Answer
	g.mu.Unlock()
	if sent != nil {
		sent(id)
	}
	if hold != nil {
		select {
		case <-hold:
		case <-ctx.Done():
			return protocol.Answer{ID: id, Action: action, Result: protocol.Failure, Message: "called off"}, ctx.Err()
		}
	}
	if ans.Result == "" {
		ans = protocol.Answer{Status: "FINISHED", Result: res, Message: action + " " + string(res)}
	}
	ans.ID, ans.Action = id, action
	return ans, nil
}

// Result makes res the result of every later action of that name.
func (g *Game) Result(action string, res protocol.Result) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.results == nil {
		g.results = map[string]protocol.Result{}
	}
	g.results[action] = res
}

// Hold keeps every later action of that name unanswered until release is
// closed (or its caller gives up).
func (g *Game) Hold(action string) (release chan struct{}) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.hold == nil {
		g.hold = map[string]chan struct{}{}
	}
	release = make(chan struct{})
	g.hold[action] = release
	return release
}

// Sent is every request it was sent, oldest first.
func (g *Game) Sent() []protocol.Request {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]protocol.Request(nil), g.sent...)
}

// Actions is the name of every action it was sent, oldest first.
func (g *Game) Actions() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]string, len(g.sent))
	for i, r := range g.sent {
		out[i] = r.Action
	}
	return out
}
