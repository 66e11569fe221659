package agent

import (
	"context"
	"slices"
	"testing"
	"time"

	"beaweb/internal/gametest"
)

// BenchmarkTurn is the brain's own time for one turn with a model that
// answers at once and a full, busy state: two model calls (a quick tool,
// then stay_silent), the live state rendered for each, the turn recorded.
func BenchmarkTurn(b *testing.B) {
	model := &loopModel{}
	m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
	view := busyState()
	m.Senses.Handle(context.Background(), stateOf(view))
	m.Senses.Handle(context.Background(), surveyOf(view.Survey))
	ps := gamePerception("Alex (3 blocks away) says in the game chat: got any iron?")
	ctx := context.Background()
	b.ReportAllocs()
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		m.turn(ctx, ps)
		took = append(took, time.Since(start))
	}
	// The target is on the median turn; ns/op is the mean.
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "median-ns/turn")
}

// loopModel answers every first step with a scan and every second with
// stay_silent, at once.
type loopModel struct{ n int }

func (l *loopModel) Name() string { return "test/instant" }

func (l *loopModel) Generate(_ context.Context, req ModelRequest) (ModelResponse, error) {
	l.n++
	if req.Messages[len(req.Messages)-1].Role == RoleTool {
		return ModelResponse{ToolCalls: []ToolCall{call("b", "stay_silent", `{}`)}}, nil
	}
	return ModelResponse{ToolCalls: []ToolCall{call("a", "scan", `{"block":"iron_ore"}`)}}, nil
}

// BenchmarkRenderLiveState renders a busy state.
func BenchmarkRenderLiveState(b *testing.B) {
	v, mem := busyState(), busyMemories()
	v.Doing = busyDoing()
	now := t0.Add(time.Second)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(RenderLiveState(v, mem, now))
	}
	b.ReportMetric(float64(n), "chars")
}
