package llmtest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/provider"
	"beaweb/internal/logtest"
)

// Adapter is how TestFailures makes the model under test.
type Adapter struct {
	// Key is the API key every model is made with; no error or log line
	// may hold it. It must be at least eight characters, or it would not
	// be redacted.
	Key string
	// New makes a model with its Config's BaseURL set to baseURL, APIKey to
	// Key, and Timeout and MaxRetries as given, logging to the buffer it
	// returns at debug level.
	New func(t *testing.T, baseURL string, timeout time.Duration, maxRetries int) (agent.Model, *logtest.Buffer)
}

// TestFailures runs, as subtests, the failures every adapter must turn into
// a sentence that wraps agent.ErrModel: a server that does not answer in
// time, a caller that gives up, a server that is not there, a refusal that
// quotes the key at the edge of the shortened quote, and an answer that is
// not JSON.
func TestFailures(t *testing.T, a Adapter) {
	t.Run("Timeout", func(t *testing.T) {
		m, logs := a.New(t, Hang(t), 50*time.Millisecond, -1)
		resp, err := m.Generate(context.Background(), Chat("hi"))
		CheckModelError(t, err, logs, a.Key, "did not answer within 50ms", "raise the timeout")
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%v does not wrap context.DeadlineExceeded", err)
		}
		if resp.Latency < 50*time.Millisecond {
			t.Errorf("latency %v, want at least the timeout", resp.Latency)
		}
	})
	t.Run("CallerCancels", func(t *testing.T) {
		m, logs := a.New(t, Hang(t), 0, 0)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := m.Generate(ctx, Chat("hi"))
			done <- err
		}()
		cancel()
		err := <-done
		CheckModelError(t, err, logs, a.Key, "the call was given up because its context ended")
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%v does not wrap context.Canceled", err)
		}
	})
	t.Run("Unreachable", func(t *testing.T) {
		m, logs := a.New(t, Gone(), 0, -1)
		_, err := m.Generate(context.Background(), Chat("hi"))
		CheckModelError(t, err, logs, a.Key, "could not be reached", "check that the server is running")
	})
	t.Run("KeyAtTheEdgeOfAShortenedQuoteIsStillRedacted", func(t *testing.T) {
		url := Serve(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			// The key straddles the point where the quote is cut.
			msg := strings.Repeat("x", provider.MaxMessage-len(a.Key)+3) + a.Key + " was refused"
			_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": msg}})
		})
		m, logs := a.New(t, url, 0, 0)
		_, err := m.Generate(context.Background(), Chat("hi"))
		CheckModelError(t, err, logs, a.Key, "(401 Unauthorized)")
		if err != nil && strings.Contains(err.Error(), a.Key[:len(a.Key)-3]) {
			t.Errorf("part of the key survives in %q", err)
		}
	})
	t.Run("AnswerThatIsNotJSON", func(t *testing.T) {
		url := Serve(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"id": "x", "choices": [`) // cut off
		})
		m, logs := a.New(t, url, 0, 0)
		_, err := m.Generate(context.Background(), Chat("hi"))
		CheckModelError(t, err, logs, a.Key, "answered 200 with something that is not", "check that the base URL points at the API itself")
	})
}
