package llmtest

import (
	"context"
	"encoding/json"
	"sync"

	"beaweb/internal/agent"
)

// Scripted is the model for the tests of the mind's users: it answers from
// a script, a step a call, stays silent once the script is spent, and keeps
// every request it was shown. Its zero value stays silent from the start.
type Scripted struct {
	// Label is its Name; "test/scripted" when empty.
	Label string
	// Between, when set, is called at each request, under the model's lock,
	// before the answer: the game goes on while she thinks.
	Between func()

	mu    sync.Mutex
	steps []agent.ModelResponse
	seen  []agent.ModelRequest
}

// Name is Label, or "test/scripted".
func (s *Scripted) Name() string {
	if s.Label == "" {
		return "test/scripted"
	}
	return s.Label
}

// Generate keeps req and answers with the script's next step.
func (s *Scripted) Generate(_ context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = append(s.seen, req)
	if s.Between != nil {
		s.Between()
	}
	if len(s.steps) == 0 {
		return agent.ModelResponse{ToolCalls: []agent.ToolCall{{ID: "silent", Name: "stay_silent", Args: json.RawMessage(`{}`)}}}, nil
	}
	r := s.steps[0]
	s.steps = s.steps[1:]
	return r, nil
}

// Add puts steps at the end of the script.
func (s *Scripted) Add(steps ...agent.ModelResponse) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.steps = append(s.steps, steps...)
}

// Requests is every request it was shown, oldest first.
func (s *Scripted) Requests() []agent.ModelRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]agent.ModelRequest(nil), s.seen...)
}
