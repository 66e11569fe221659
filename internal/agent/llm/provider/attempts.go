package provider

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"time"

	"beaweb/internal/agent"
)

// maxErrorBody bounds how much of an error response is read: enough for any
// provider's error object, not enough for a misconfigured proxy's HTML page
// to fill the memory.
const maxErrorBody = 64 << 10

// Attempts watches every HTTP attempt of one call, retries included, through
// an SDK middleware, so the error sentence can say how many there were and
// quote the last answer whatever shape its body had. One Attempts serves one
// call: the SDK makes its attempts one after the other.
type Attempts struct {
	e *Endpoint

	count  int
	status int         // of the last attempt; 0 when it got no answer
	header http.Header // of the last attempt
	body   []byte      // of the last attempt, when its status was 400 or above
	// tooLong says the last answer ran past MaxAnswerBytes: it was not
	// read further, and the call fails.
	tooLong bool
}

// Watch returns the watch for one call; pass its Observe to the SDK as a
// middleware.
func (e *Endpoint) Watch() *Attempts { return &Attempts{e: e} }

// LogAnswer writes the debug line about a call that was answered: its
// latency, attempts, tokens and tool calls.
func (a *Attempts) LogAnswer(resp agent.ModelResponse) {
	a.e.Log.Debug(a.e.Name+": model answered",
		slog.String("model", a.e.Model),
		slog.Duration("latency", resp.Latency),
		slog.Int("attempts", a.count),
		slog.Int("input_tokens", resp.Usage.InputTokens),
		slog.Int("output_tokens", resp.Usage.OutputTokens),
		slog.Int("tool_calls", len(resp.ToolCalls)))
}

// Observe is the SDK middleware: it notes each attempt's answer and reads an
// error body, leaving the SDK a copy.
func (a *Attempts) Observe(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	a.count++
	a.status, a.header, a.body, a.tooLong = 0, nil, nil, false
	res, err := next(req)
	if err != nil || res == nil {
		return res, err
	}
	a.status, a.header = res.StatusCode, res.Header
	if res.StatusCode < 400 {
		res.Body = &cappedBody{ReadCloser: res.Body, left: MaxAnswerBytes, a: a}
		return res, nil
	}
	// Read the error body here and hand the SDK a copy: the SDK only keeps
	// bodies that have its own error shape, and local servers differ.
	body, readErr := io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
	_ = res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if readErr == nil {
		// Redacted before anything is cut from it, so no part of the
		// key survives a shortened quote.
		a.body = []byte(a.e.Redact(string(body)))
	}
	wait, ok := retryAfter(res.Header, time.Now())
	attrs := []any{slog.Int("attempt", a.count), slog.Int("status", res.StatusCode)}
	if ok {
		attrs = append(attrs, slog.Duration("retry_after", wait))
	}
	attrs = append(attrs, slog.String("provider_said", Message(a.body)))
	a.e.Log.Debug(a.e.Name+": attempt failed", attrs...)
	return res, nil
}
