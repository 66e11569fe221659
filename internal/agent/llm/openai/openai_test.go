package openai

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/llmtest"
	"beaweb/internal/logtest"
)

const testKey = "sk-test-4f9c2e7a1b3d5f60"

func newModel(t *testing.T, cfg Config) (*Model, *logtest.Buffer) {
	t.Helper()
	logs := &logtest.Buffer{}
	cfg.Logger = logs.Logger()
	if cfg.Model == "" {
		cfg.Model = "gpt-4o-mini"
	}
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m, logs
}

func TestPlainAnswer(t *testing.T) {
	url := llmtest.Replay(t, "plain_answer.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	resp, err := m.Generate(context.Background(), llmtest.Chat("[chat] Alex (3 blocks away): hi Bea, what are you up to?"))
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text:  "Hi Alex! I'm looking around for some trees to chop.",
		Usage: agent.Usage{InputTokens: 412, OutputTokens: 14},
	})
	if strings.Contains(logs.String(), testKey) {
		t.Errorf("a log line holds the API key:\n%s", logs)
	}
	if !strings.Contains(logs.String(), "model answered") {
		t.Errorf("no debug line about the answer:\n%s", logs)
	}
}

func TestToolCall(t *testing.T) {
	url := llmtest.Replay(t, "tool_call.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	resp, err := m.Generate(context.Background(), llmtest.Chat("[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"))
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		ToolCalls: []agent.ToolCall{
			{ID: "call_Qm8vT2xR5nW1pL4kJ7hG0fD3", Name: "find_block", Args: json.RawMessage(`{"block":"oak_log","count":16}`)},
		},
		Usage: agent.Usage{InputTokens: 431, OutputTokens: 21},
	})
}

func TestSeveralToolCalls(t *testing.T) {
	url := llmtest.Replay(t, "several_tool_calls.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	req := agent.ModelRequest{
		System: llmtest.System,
		Tools:  llmtest.Tools(),
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
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text: "Logs done. Planks, a table, then I tell Alex.",
		ToolCalls: []agent.ToolCall{
			{ID: "call_a1B2c3D4e5F6g7H8i9J0k1L2", Name: "craft_item", Args: json.RawMessage(`{"item":"oak_planks","count":4}`)},
			{ID: "call_m3N4o5P6q7R8s9T0u1V2w3X4", Name: "craft_item", Args: json.RawMessage(`{"item":"crafting_table","count":1}`)},
			{ID: "call_y5Z6a7B8c9D0e1F2g3H4i5J6", Name: "mc_chat", Args: json.RawMessage(`{"message":"Got 16 oak logs, Alex!"}`)},
		},
		Usage: agent.Usage{InputTokens: 518, OutputTokens: 74},
	})
}

func TestRateLimitedIsRetriedAfterTheWait(t *testing.T) {
	url := llmtest.Replay(t, "rate_limited_then_ok.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	resp, err := m.Generate(context.Background(), agent.ModelRequest{
		System:   llmtest.System,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text:  "Hi Alex!",
		Usage: agent.Usage{InputTokens: 298, OutputTokens: 4},
	})
	if l := logs.String(); !strings.Contains(l, "status=429") || !strings.Contains(l, "retry_after=5ms") {
		t.Errorf("no debug line about the 429 and its wait:\n%s", l)
	}
}

func TestRateLimitedError(t *testing.T) {
	url := llmtest.Replay(t, "rate_limited.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), agent.ModelRequest{
		System:   llmtest.System,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}},
	})
	llmtest.CheckModelError(t, err, logs, testKey,
		"openai: gpt-4o-mini at "+url+"/v1 is rate limiting you (429 Too Many Requests)",
		"Rate limit reached for gpt-4o-mini",
		"it asked to wait 20s before trying again")
}

func TestServerError(t *testing.T) {
	url := llmtest.Replay(t, "server_error.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), agent.ModelRequest{
		System:   llmtest.System,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}},
	})
	llmtest.CheckModelError(t, err, logs, testKey,
		"failed on its side (500 Internal Server Error)",
		"The server had an error while processing your request",
		"try again later")
}

func TestUnauthorizedNeverRepeatsTheKey(t *testing.T) {
	url := llmtest.Replay(t, "unauthorized_echo.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	_, err := m.Generate(context.Background(), llmtest.Chat("hi"))
	llmtest.CheckModelError(t, err, logs, testKey, "refused the API key (401 Unauthorized)", "Received API Key = [redacted]", "check the API key")
}

func TestModelNotFound(t *testing.T) {
	url := llmtest.Replay(t, "ollama_not_found.json")
	m, logs := newModel(t, Config{BaseURL: url + "/v1", APIKey: "ollama", Model: "llama3.3"})
	_, err := m.Generate(context.Background(), llmtest.Chat("hi"))
	llmtest.CheckModelError(t, err, logs, testKey, "(404 Not Found)", `model \"llama3.3\" not found, try pulling it first`, `check the model name "llama3.3" and the base URL`)
}

func TestInvalidArgumentsArePassedOn(t *testing.T) {
	// The SDK's own variables are not read: no key goes to this server, and
	// the request goes where the config says.
	t.Setenv("OPENAI_API_KEY", "sk-from-the-environment-0123456789")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	url := llmtest.Replay(t, "invalid_arguments.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", Model: "Qwen/Qwen2.5-7B-Instruct"})
	resp, err := m.Generate(context.Background(), llmtest.Chat("[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"))
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckCalls(t, resp.ToolCalls, []agent.ToolCall{
		{ID: "chatcmpl-tool-4e2f8a1c9b3d4f6e8a0c2e4f6a8b0c2d", Name: "find_block", Args: json.RawMessage(`{"block": "oak_log", "count": 16`)},
		{ID: "chatcmpl-tool-7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a", Name: "look_around", Args: json.RawMessage(`{}`)},
		{ID: "chatcmpl-tool-0a2c4e6f8b1d3f5a7c9e0b2d4f6a8c1e", Name: "mc_chat", Args: json.RawMessage(`{"message": "On my way to the trees."}`)},
	})
	if want := (agent.Usage{InputTokens: 1207, OutputTokens: 75}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
}

func TestAnswerWithoutChoice(t *testing.T) {
	url := llmtest.Replay(t, "openrouter_error_in_body.json")
	m, logs := newModel(t, Config{BaseURL: url + "/api/v1", APIKey: testKey, Model: "meta-llama/llama-3.3-70b-instruct"})
	_, err := m.Generate(context.Background(), llmtest.Chat("hi"))
	llmtest.CheckModelError(t, err, logs, testKey, "answered without a choice", "Provider returned error")
}

func TestFailures(t *testing.T) {
	llmtest.TestFailures(t, llmtest.Adapter{
		Key: testKey,
		New: func(t *testing.T, baseURL string, timeout time.Duration, maxRetries int) (agent.Model, *logtest.Buffer) {
			return newModel(t, Config{BaseURL: baseURL, APIKey: testKey, Timeout: timeout, MaxRetries: maxRetries})
		},
	})
}

// TestLiveStateGoesLastAndTheCachedPrefixIsCounted: her live state follows
// the tool's answer as the final user message, and the tokens the server
// read from its prefix cache reach the usage.
func TestLiveStateGoesLastAndTheCachedPrefixIsCounted(t *testing.T) {
	url := llmtest.Replay(t, "cached_prefix.json")
	m, _ := newModel(t, Config{BaseURL: url + "/v1", APIKey: testKey})
	req := llmtest.Chat("[chat] Alex (3 blocks away): Bea, any iron around here?")
	req.Messages = append(req.Messages,
		agent.Message{Role: agent.RoleAssistant, ToolCalls: []agent.ToolCall{{ID: "call_Qe3rT5yU7iO9pA1sD3fG5hJ7",
			Name: "find_block", Args: json.RawMessage(`{"block":"iron_ore","count":3}`)}}},
		agent.Message{Role: agent.RoleTool, ToolCallID: "call_Qe3rT5yU7iO9pA1sD3fG5hJ7", ToolName: "find_block",
			Text: "SUCCESS: found 3 iron_ore; the nearest is at (103, 11, -19), 3.2 blocks away."})
	req.Now = "# Right now\n\n- you are at (101, 12, -20) in the overworld, facing east\n- you carry: 5 raw_iron, 3 bread"
	resp, err := m.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text:  "Found some, Alex. Going for it.",
		Usage: agent.Usage{InputTokens: 1893, CacheRead: 1792, OutputTokens: 12},
	})
}
