package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/fault"
	"beaweb/internal/gametest"
)

// failingModel fails its first fails calls, each after think, then
// answers; during each call it notes what the snapshot said.
type failingModel struct {
	fails  int
	think  time.Duration
	live   *Live
	during []ModelStatus
}

func (f *failingModel) Name() string { return "test/failing" }

func (f *failingModel) Generate(context.Context, ModelRequest) (ModelResponse, error) {
	f.during = append(f.during, f.live.Snapshot().Model)
	time.Sleep(f.think)
	if f.fails > 0 {
		f.fails--
		return ModelResponse{}, fmt.Errorf("test: could not be reached; check the URL: %w", ErrModel)
	}
	return ModelResponse{}, nil
}

// The snapshot says a model call is in flight (and since when) only while
// it is; calls that fail in a row are counted from the first, with the
// last one's sentence; one that answers clears them.
func TestModelStatusFollowsTheCalls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &failingModel{fails: 2, think: 3 * time.Second}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
		model.live = m.live
		ask := Perception{Source: SourceDashboard, Kind: KindAsk, Addressed: true, Text: "what are you doing?"}
		start := m.live.Now()
		m.turn(context.Background(), []Perception{ask})
		st := m.live.Snapshot().Model
		if !st.Asking.IsZero() || st.Failures != 1 || !st.FailingSince.Equal(start) || !st.Failing() || st.LastError == "" {
			t.Fatalf("after a failed call: %+v", st)
		}
		if len(model.during) != 1 || !model.during[0].Asking.Equal(start) {
			t.Fatalf("during the call the snapshot said %+v; want Asking at %v", model.during, start)
		}
		time.Sleep(time.Minute)
		m.turn(context.Background(), []Perception{ask})
		st = m.live.Snapshot().Model
		if st.Failures != 2 || !st.FailingSince.Equal(start) || !model.during[1].Asking.Equal(start.Add(time.Minute+3*time.Second)) {
			t.Fatalf("after a second failure: %+v (during %+v)", st, model.during[1])
		}
		m.turn(context.Background(), []Perception{ask})
		st = m.live.Snapshot().Model
		if st.Failing() || !st.FailingSince.IsZero() || st.LastError != "" || !st.Asking.IsZero() {
			t.Fatalf("after a call that answered: %+v", st)
		}
		if !model.during[2].Failing() {
			t.Fatalf("a call after failures does not show them while in flight: %+v", model.during[2])
		}
	})
}

// A call given up because beaweb is stopping says nothing of the model.
func TestModelStatusIgnoresACallGivenUp(t *testing.T) {
	st := ModelStatus{}.answered(time.Unix(5, 0), ModelResponse{}, errors.Join(ErrModel, context.Canceled), true)
	if st.Failing() || st.LastError != "" {
		t.Fatalf("a call given up counts as a failure: %+v", st)
	}
}

// A failed call is shown in the adapter's sentence for a person, never in
// the error's whole text (a URL, the network's words), which is logged.
func TestModelStatusSaysTheFailureInWords(t *testing.T) {
	detail := fmt.Errorf(`openai: m at http://127.0.0.1:9/v1 could not be reached (Post "http://127.0.0.1:9/v1": dial tcp 127.0.0.1:9: connect: connection refused): %w`, ErrModel)
	err := fault.Wrap(fault.CodeUnavailable, detail, "Her model's server at 127.0.0.1:9 is not answering (connection refused).")
	if st := (ModelStatus{}).answered(time.Unix(5, 0), ModelResponse{}, err, false); st.LastError != "Her model's server at 127.0.0.1:9 is not answering (connection refused)." {
		t.Errorf("a fault is shown as %q", st.LastError)
	}
	if st := (ModelStatus{}).answered(time.Unix(5, 0), ModelResponse{}, detail, false); strings.Contains(st.LastError, "dial tcp") || st.LastError == "" {
		t.Errorf("a model error without a sentence is shown as %q", st.LastError)
	}
}
