package llmtest

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/logtest"
)

// System is the system prompt of the recorded requests.
const System = "You are Bea. You play Minecraft with your friends."

// Tools are the tools the recorded requests offer. Each call returns a new
// slice, so no test can change another's.
func Tools() []agent.ToolSpec {
	return []agent.ToolSpec{
		{
			Name:        "find_block",
			Description: "You walk to the nearest blocks of a kind and collect them. You are answered with how many you collected, or why you could not.",
			Schema:      json.RawMessage(`{"type":"object","properties":{"block":{"type":"string","description":"The block id, such as oak_log."},"count":{"type":"integer","minimum":1,"maximum":64}},"required":["block"]}`),
		},
		{
			Name:        "mc_chat",
			Description: "You say a line in the game chat, where every player reads it.",
			Schema:      json.RawMessage(`{"type":"object","properties":{"message":{"type":"string"}},"required":["message"]}`),
		},
	}
}

// Chat is a request with the system prompt, the tools and one user line.
func Chat(line string) agent.ModelRequest {
	return agent.ModelRequest{
		System:   System,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: line}},
		Tools:    Tools(),
	}
}

// Hang starts a loopback server that reads each request and never answers,
// until the client gives up or the test ends, and returns its URL.
func Hang(t testing.TB) string {
	t.Helper()
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Reading the body to its end lets the server notice the client
		// hanging up, which cancels r.Context.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	t.Cleanup(func() {
		close(stop)
		srv.Close()
	})
	return srv.URL
}

// Serve starts a loopback server with h for the length of the test and
// returns its URL.
func Serve(t testing.TB, h http.HandlerFunc) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Gone returns the URL of a loopback server that has been closed: nothing
// listens there any more.
func Gone() string {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	return url
}

// CheckCalls checks that got holds the tool calls of want, in order, with
// the same IDs, names and arguments to the byte.
func CheckCalls(t testing.TB, got, want []agent.ToolCall) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d tool calls %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i].ID != want[i].ID || got[i].Name != want[i].Name || string(got[i].Args) != string(want[i].Args) {
			t.Errorf("call %d = {%s %s %s}, want {%s %s %s}", i,
				got[i].ID, got[i].Name, got[i].Args, want[i].ID, want[i].Name, want[i].Args)
		}
	}
}

// CheckModelError checks that err wraps agent.ErrModel, says each of parts,
// and that neither it nor any line in logs holds key.
func CheckModelError(t testing.TB, err error, logs *logtest.Buffer, key string, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	t.Log(err)
	if !errors.Is(err, agent.ErrModel) {
		t.Errorf("%v does not wrap agent.ErrModel", err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not say %q", err, p)
		}
	}
	if strings.Contains(err.Error(), key) {
		t.Errorf("the error holds the API key: %v", err)
	}
	if strings.Contains(logs.String(), key) {
		t.Errorf("a log line holds the API key:\n%s", logs)
	}
}

// CheckAnswer checks that got has want's text, tool calls (as CheckCalls
// does) and usage, and a measured latency.
func CheckAnswer(t testing.TB, got, want agent.ModelResponse) {
	t.Helper()
	if got.Text != want.Text {
		t.Errorf("text %q, want %q", got.Text, want.Text)
	}
	CheckCalls(t, got.ToolCalls, want.ToolCalls)
	if got.Usage != want.Usage {
		t.Errorf("usage %+v, want %+v", got.Usage, want.Usage)
	}
	if got.Latency <= 0 {
		t.Errorf("latency %v, want it measured", got.Latency)
	}
}
