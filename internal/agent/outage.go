package agent

import (
	"errors"
	"time"

	"beaweb/internal/fault"
)

// While her model does not answer (an outage, a key that stopped working,
// a server that is down) she does not stand still: the autopilot plays for
// it, and her model is asked again after a wait that doubles with each
// failure in a row, from firstRetry up to lastRetry of her clock.
const (
	firstRetry = time.Minute
	lastRetry  = 10 * time.Minute
)

// retryAfter is how long after the n-th failure in a row her model is
// asked again.
func retryAfter(n int) time.Duration {
	d := firstRetry
	for i := 1; i < n && d < lastRetry; i++ {
		d *= 2
	}
	return min(d, lastRetry)
}

// brainFor is what her next turn about people and news thinks with: the
// model of the moment, or the autopilot while the spend cap holds
// (modelFor) or while her model does not answer, until its retry is due.
func (m *Mind) brainFor(now time.Time) Model {
	model := m.modelFor(now)
	if m.fallback == nil || model == m.fallback {
		return model
	}
	if st := m.live.Snapshot().Model; st.Failing() && now.Before(st.Retry) {
		return m.fallback
	}
	return model
}

// answered is the model's status once the call sent at asked is over: a
// call given up because beaweb is stopping says nothing of the model. A
// failure sets when it is asked again; an answer cut at the adapter's
// bounds is kept until the next answer.
func (st ModelStatus) answered(asked time.Time, resp ModelResponse, err error, givenUp bool) ModelStatus {
	st.Asking = time.Time{}
	st.LastLatency = resp.Latency
	switch {
	case err == nil:
		st.LastError, st.FailingSince, st.Failures, st.Retry = "", time.Time{}, 0, time.Time{}
		st.Cut = nil
		if resp.Cut != "" {
			st.Cut = &AnswerCut{At: asked, Said: resp.Cut}
		}
	case givenUp:
	default:
		st.LastError = failureSentence(err)
		if st.Failures == 0 {
			st.FailingSince = asked
		}
		st.Failures++
		st.Retry = asked.Add(retryAfter(st.Failures))
	}
	return st
}

// failureSentence is a failed model call as the dashboard says it: the
// adapter's sentence for a person (a fault's), never the error's whole text,
// which may quote a URL, a status or the network's words and is in the log.
func failureSentence(err error) string {
	var f *fault.Error
	if !errors.As(err, &f) && errors.Is(err, ErrModel) {
		return "Her model did not answer; beaweb's log says why."
	}
	return fault.Message(err)
}
