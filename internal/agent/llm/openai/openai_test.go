package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
)

const testKey = "sk-test-4f9c2e7a1b3d5f60"

const testSystem = "You are Bea. You play Minecraft with your friends."

var testTools = []agent.ToolSpec{
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

// logBuffer collects log lines; the SDK's middleware may log from the
// calling goroutine only, but the lock keeps the race detector's word.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func newModel(t *testing.T, cfg Config) (*Model, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if cfg.Model == "" {
		cfg.Model = "gpt-4o-mini"
	}
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m, logs
}

func chat(line string) agent.ModelRequest {
	return agent.ModelRequest{
		System:   testSystem,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: line}},
		Tools:    testTools,
	}
}

func TestPlainAnswer(t *testing.T) {
	url := replay(t, "plain_answer.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	resp, err := m.Generate(context.Background(), chat("[chat] Alex (3 blocks away): hi Bea, what are you up to?"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Hi Alex! I'm looking around for some trees to chop."; resp.Text != want {
		t.Errorf("text %q, want %q", resp.Text, want)
	}
	if len(resp.ToolCalls) != 0 {
		t.Errorf("tool calls %v, want none", resp.ToolCalls)
	}
	if want := (agent.Usage{InputTokens: 412, OutputTokens: 14}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
	if resp.Latency <= 0 {
		t.Errorf("latency %v, want it measured", resp.Latency)
	}
	if strings.Contains(logs.String(), testKey) {
		t.Errorf("a log line holds the API key:\n%s", logs)
	}
	if !strings.Contains(logs.String(), "model answered") {
		t.Errorf("no debug line about the answer:\n%s", logs)
	}
}

func TestToolCall(t *testing.T) {
	url := replay(t, "tool_call.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	resp, err := m.Generate(context.Background(), chat("[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"))
	if err != nil {
		t.Fatal(err)
	}
	want := []agent.ToolCall{{ID: "call_Qm8vT2xR5nW1pL4kJ7hG0fD3", Name: "find_block", Args: json.RawMessage(`{"block":"oak_log","count":16}`)}}
	checkCalls(t, resp.ToolCalls, want)
	if resp.Text != "" {
		t.Errorf("text %q, want none", resp.Text)
	}
	if want := (agent.Usage{InputTokens: 431, OutputTokens: 21}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
}

func TestSeveralToolCalls(t *testing.T) {
	url := replay(t, "several_tool_calls.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	req := agent.ModelRequest{
		System: testSystem,
		Tools:  testTools,
		Messages: []agent.Message{
			{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"},
			{Role: agent.RoleAssistant, Text: "On it!", ToolCalls: []agent.ToolCall{
				{ID: "call_Qm8vT2xR5nW1pL4kJ7hG0fD3", Name: "find_block", Args: json.RawMessage(`{"block":"oak_log","count":16}`)},
			}},
			{Role: agent.RoleTool, ToolCallID: "call_Qm8vT2xR5nW1pL4kJ7hG0fD3", ToolName: "find_block", Text: "started: find_block(block=oak_log, count=16)"},
			{Role: agent.RoleUser, Text: "[find_block] result: SUCCESS: collected 16/16 oak_log in 117 s"},
		},
	}
	resp, err := m.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Logs done. Planks, a table, then I tell Alex."; resp.Text != want {
		t.Errorf("text %q, want %q", resp.Text, want)
	}
	checkCalls(t, resp.ToolCalls, []agent.ToolCall{
		{ID: "call_a1B2c3D4e5F6g7H8i9J0k1L2", Name: "craft_item", Args: json.RawMessage(`{"item":"oak_planks","count":4}`)},
		{ID: "call_m3N4o5P6q7R8s9T0u1V2w3X4", Name: "craft_item", Args: json.RawMessage(`{"item":"crafting_table","count":1}`)},
		{ID: "call_y5Z6a7B8c9D0e1F2g3H4i5J6", Name: "mc_chat", Args: json.RawMessage(`{"message":"Got 16 oak logs, Alex!"}`)},
	})
	if want := (agent.Usage{InputTokens: 518, OutputTokens: 74}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
}

func TestRateLimitedIsRetriedAfterTheWait(t *testing.T) {
	url := replay(t, "rate_limited_then_ok.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	resp, err := m.Generate(context.Background(), agent.ModelRequest{
		System:   testSystem,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "Hi Alex!" {
		t.Errorf("text %q, want the second attempt's", resp.Text)
	}
	if want := (agent.Usage{InputTokens: 298, OutputTokens: 4}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
	if l := logs.String(); !strings.Contains(l, "status=429") || !strings.Contains(l, "retry_after=5ms") {
		t.Errorf("no debug line about the 429 and its wait:\n%s", l)
	}
}

func TestRateLimitedError(t *testing.T) {
	url := replay(t, "rate_limited.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), agent.ModelRequest{
		System:   testSystem,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}},
	})
	checkModelError(t, err, logs,
		"openai: gpt-4o-mini at "+url+"/v1 is rate limiting you (429 Too Many Requests)",
		"Rate limit reached for gpt-4o-mini",
		"it asked to wait 20s before trying again")
}

func TestServerError(t *testing.T) {
	url := replay(t, "server_error.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), agent.ModelRequest{
		System:   testSystem,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}},
	})
	checkModelError(t, err, logs,
		"failed on its side (500 Internal Server Error)",
		"The server had an error while processing your request",
		"try again later")
}

func TestUnauthorizedNeverRepeatsTheKey(t *testing.T) {
	url := replay(t, "unauthorized_echo.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	_, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "refused the API key (401 Unauthorized)", "Received API Key = [redacted]", "check the API key")
}

func TestModelNotFound(t *testing.T) {
	url := replay(t, "ollama_not_found.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: "ollama", Model: "llama3.3"})
	_, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "(404 Not Found)", `model \"llama3.3\" not found, try pulling it first`, `check the model name "llama3.3" and the base URL`)
}

func TestInvalidArgumentsArePassedOn(t *testing.T) {
	// The SDK's own variables are not read: no key goes to this server, and
	// the request goes where the config says.
	t.Setenv("OPENAI_API_KEY", "sk-from-the-environment-0123456789")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	url := replay(t, "invalid_arguments.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", Model: "Qwen/Qwen2.5-7B-Instruct"})
	resp, err := m.Generate(context.Background(), chat("[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"))
	if err != nil {
		t.Fatal(err)
	}
	checkCalls(t, resp.ToolCalls, []agent.ToolCall{
		{ID: "chatcmpl-tool-4e2f8a1c9b3d4f6e8a0c2e4f6a8b0c2d", Name: "find_block", Args: json.RawMessage(`{"block": "oak_log", "count": 16`)},
		{ID: "chatcmpl-tool-7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a", Name: "look_around", Args: json.RawMessage(`{}`)},
		{ID: "chatcmpl-tool-0a2c4e6f8b1d3f5a7c9e0b2d4f6a8c1e", Name: "mc_chat", Args: json.RawMessage(`{"message": "On my way to the trees."}`)},
	})
	if want := (agent.Usage{InputTokens: 1207, OutputTokens: 75}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
}

// hang is a server that reads the request and never answers, until the
// client gives up or the test ends.
func hang(t *testing.T) string {
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

func TestTimeout(t *testing.T) {
	url := hang(t)
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey, Timeout: 50 * time.Millisecond, MaxRetries: -1})
	resp, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "did not answer within 50ms", "raise the timeout")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%v does not wrap context.DeadlineExceeded", err)
	}
	if resp.Latency < 50*time.Millisecond {
		t.Errorf("latency %v, want at least the timeout", resp.Latency)
	}
}

func TestCallerCancels(t *testing.T) {
	url := hang(t)
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := m.Generate(ctx, chat("hi"))
		done <- err
	}()
	cancel()
	err := <-done
	checkModelError(t, err, logs, "the call was given up because its context ended")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%v does not wrap context.Canceled", err)
	}
}

func TestUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there any more
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "could not be reached", "check that the server is running")
}

func checkCalls(t *testing.T, got, want []agent.ToolCall) {
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

// checkModelError checks that err wraps agent.ErrModel, says each of parts,
// and that neither it nor any log line holds the API key.
func checkModelError(t *testing.T, err error, logs *logBuffer, parts ...string) {
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
	if strings.Contains(err.Error(), testKey) {
		t.Errorf("the error holds the API key: %v", err)
	}
	if strings.Contains(logs.String(), testKey) {
		t.Errorf("a log line holds the API key:\n%s", logs)
	}
}

func TestAnswerWithoutChoice(t *testing.T) {
	url := replay(t, "openrouter_error_in_body.json")
	m, logs := newModel(t, Config{BaseURL: url + "/api/v1", APIKey: testKey, Model: "meta-llama/llama-3.3-70b-instruct"})
	_, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "answered without a choice", "Provider returned error")
}

func TestKeyAtTheEdgeOfAShortenedQuoteIsStillRedacted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		// The key straddles the point where the quote is cut.
		msg := strings.Repeat("x", maxProviderMessage-len(testKey)+3) + testKey + " was refused"
		_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": msg}})
	}))
	t.Cleanup(srv.Close)
	m, logs := newModel(t, Config{BaseURL: srv.URL, APIKey: testKey})
	_, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "(401 Unauthorized)")
	if strings.Contains(err.Error(), testKey[:len(testKey)-3]) {
		t.Errorf("part of the key survives in %q", err)
	}
}

func TestAnswerThatIsNotJSON(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id": "x", "choices": [`) // cut off
	}))
	t.Cleanup(srv.Close)
	m, logs := newModel(t, Config{BaseURL: srv.URL, APIKey: testKey})
	_, err := m.Generate(context.Background(), chat("hi"))
	checkModelError(t, err, logs, "answered 200 with something that is not", "check that the base URL points at the API itself")
}
