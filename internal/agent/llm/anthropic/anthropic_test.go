package anthropic

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

const testKey = "sk-ant-api03-test-9d8c7b6a5f4e3d2c1b0a"

func newModel(t *testing.T, cfg Config) (*Model, *logtest.Buffer) {
	t.Helper()
	logs := &logtest.Buffer{}
	cfg.Logger = logs.Logger()
	if cfg.Model == "" {
		cfg.Model = "claude-sonnet-4-5"
	}
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m, logs
}

func TestPlainAnswer(t *testing.T) {
	url := llmtest.Replay(t, "plain_answer.json")
	m, logs := newModel(t, Config{BaseURL: url, APIKey: testKey})
	resp, err := m.Generate(context.Background(), llmtest.Chat("[chat] Alex (3 blocks away): hi Bea, what are you up to?"))
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text:  "Hi Alex! I'm looking around for some trees to chop.",
		Usage: agent.Usage{InputTokens: 687, OutputTokens: 16},
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
	m, _ := newModel(t, Config{BaseURL: url, APIKey: testKey})
	resp, err := m.Generate(context.Background(), llmtest.Chat("[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"))
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text: "Sure, I'll go get them.",
		ToolCalls: []agent.ToolCall{
			{ID: "toolu_01A09q90qw90lq917835lq9", Name: "find_block", Args: json.RawMessage(`{"block":"oak_log","count":16}`)},
		},
		// 12 fresh + 1630 read from the cache: she was shown all of it.
		Usage: agent.Usage{InputTokens: 1642, CacheRead: 1630, OutputTokens: 58},
	})
}

func TestSeveralToolCalls(t *testing.T) {
	url := llmtest.Replay(t, "several_tool_calls.json")
	m, _ := newModel(t, Config{BaseURL: url, APIKey: testKey})
	req := agent.ModelRequest{
		System: llmtest.System,
		Tools:  llmtest.Tools(),
		Messages: []agent.Message{
			{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"},
			{Role: agent.RoleAssistant, Text: "On it!", ToolCalls: []agent.ToolCall{
				{ID: "toolu_01D7FLrfh4GYq7yT1ULFeyMV", Name: "find_block", Args: json.RawMessage(`{"block":"oak_log","count":16}`)},
				{ID: "toolu_01Hc4nM8pQ2rS6tV9wX3yZ5a", Name: "mc_chat", Args: json.RawMessage(`{"message":"Getting logs, Alex!"}`)},
			}},
			{Role: agent.RoleTool, ToolCallID: "toolu_01D7FLrfh4GYq7yT1ULFeyMV", ToolName: "find_block", Text: "started: find_block(block=oak_log, count=16)"},
			{Role: agent.RoleTool, ToolCallID: "toolu_01Hc4nM8pQ2rS6tV9wX3yZ5a", ToolName: "mc_chat", Text: "you said it in the chat"},
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
			{ID: "toolu_01Ab2Cd3Ef4Gh5Ij6Kl7Mn8O", Name: "craft_item", Args: json.RawMessage(`{"item":"oak_planks","count":4}`)},
			{ID: "toolu_01Pq9Rs0Tu1Vw2Xy3Za4Bc5D", Name: "craft_item", Args: json.RawMessage(`{"item":"crafting_table","count":1}`)},
			{ID: "toolu_01Ef6Gh7Ij8Kl9Mn0Op1Qr2S", Name: "mc_chat", Args: json.RawMessage(`{"message":"Got 16 oak logs, Alex!"}`)},
		},
		Usage: agent.Usage{InputTokens: 245 + 1630 + 212, CacheRead: 1630, CacheWritten: 212, OutputTokens: 131},
	})
}

func plainRequest() agent.ModelRequest {
	return agent.ModelRequest{Messages: []agent.Message{{Role: agent.RoleUser, Text: "[chat] Alex (3 blocks away): hi Bea!"}}}
}

func TestRateLimitedIsRetriedAfterTheWait(t *testing.T) {
	url := llmtest.Replay(t, "rate_limited_then_ok.json")
	m, logs := newModel(t, Config{BaseURL: url, APIKey: testKey})
	resp, err := m.Generate(context.Background(), plainRequest())
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckAnswer(t, resp, agent.ModelResponse{
		Text:  "Hi Alex!",
		Usage: agent.Usage{InputTokens: 31 + 1630, CacheRead: 1630, OutputTokens: 5},
	})
	if l := logs.String(); !strings.Contains(l, "status=429") || !strings.Contains(l, "retry_after=5ms") {
		t.Errorf("no debug line about the 429 and its wait:\n%s", l)
	}
}

func TestRateLimitedError(t *testing.T) {
	url := llmtest.Replay(t, "rate_limited.json")
	m, logs := newModel(t, Config{BaseURL: url, APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), plainRequest())
	llmtest.CheckModelError(t, err, logs, testKey,
		"anthropic: claude-sonnet-4-5 at "+url+" is rate limiting you (429 Too Many Requests)",
		"This request would exceed the rate limit for your organization",
		"it asked to wait 20s before trying again")
}

func TestServerError(t *testing.T) {
	url := llmtest.Replay(t, "server_error.json")
	m, logs := newModel(t, Config{BaseURL: url, APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), plainRequest())
	llmtest.CheckModelError(t, err, logs, testKey, "failed on its side (500 Internal Server Error)", `said "Internal server error"`, "try again later")
}

func TestOverloaded(t *testing.T) {
	url := llmtest.Replay(t, "overloaded.json")
	m, logs := newModel(t, Config{BaseURL: url, APIKey: testKey, MaxRetries: -1})
	_, err := m.Generate(context.Background(), plainRequest())
	llmtest.CheckModelError(t, err, logs, testKey, "is overloaded (529 Overloaded)", `said "Overloaded"`)
}

func TestUnauthorizedNeverRepeatsTheKey(t *testing.T) {
	url := llmtest.Replay(t, "unauthorized_echo.json")
	m, logs := newModel(t, Config{BaseURL: url, APIKey: testKey})
	_, err := m.Generate(context.Background(), llmtest.Chat("hi"))
	llmtest.CheckModelError(t, err, logs, testKey, "refused the API key (401 Unauthorized)", "invalid x-api-key: [redacted] is not a key", "check the API key")
}

func TestInvalidArgumentsArePassedOn(t *testing.T) {
	// The SDK's own variables are not read: no key goes to this server, and
	// the request goes where the config says.
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-from-the-environment-0123456789")
	t.Setenv("ANTHROPIC_AUTH_TOKEN", "token-from-the-environment-0123456789")
	t.Setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:1")
	url := llmtest.Replay(t, "invalid_arguments.json")
	m, _ := newModel(t, Config{BaseURL: url, Model: "qwen2.5-7b-instruct"})
	resp, err := m.Generate(context.Background(), llmtest.Chat("[chat] Alex (3 blocks away): Bea, can you get us 16 oak logs?"))
	if err != nil {
		t.Fatal(err)
	}
	llmtest.CheckCalls(t, resp.ToolCalls, []agent.ToolCall{
		{ID: "toolu_local_0", Name: "find_block", Args: json.RawMessage(`{"block": "oak_log", "count": 16`)},
		{ID: "toolu_local_1", Name: "look_around", Args: json.RawMessage(`{}`)},
		{ID: "toolu_local_2", Name: "mc_chat", Args: json.RawMessage(`{"message":"On my way to the trees."}`)},
	})
	if want := (agent.Usage{InputTokens: 1207, OutputTokens: 75}); resp.Usage != want {
		t.Errorf("usage %+v, want %+v", resp.Usage, want)
	}
}

func TestFailures(t *testing.T) {
	llmtest.TestFailures(t, llmtest.Adapter{
		Key: testKey,
		New: func(t *testing.T, baseURL string, timeout time.Duration, maxRetries int) (agent.Model, *logtest.Buffer) {
			return newModel(t, Config{BaseURL: baseURL, APIKey: testKey, Timeout: timeout, MaxRetries: maxRetries})
		},
	})
}

// TestTheSecondCallOfATurnReadsTheFirstsCache: the two calls of one turn,
// as the mind makes them. Both mark the system block and the last block
// before her live state; the second reads from the cache what the first
// wrote, and the usage of each says so.
func TestTheSecondCallOfATurnReadsTheFirstsCache(t *testing.T) {
	url := llmtest.Replay(t, "cached_turn.json")
	m, _ := newModel(t, Config{BaseURL: url, APIKey: testKey})
	ctx := context.Background()
	req := llmtest.Chat("[chat] Alex (3 blocks away): Bea, any iron around here?")
	req.Now = "# Right now\n\n- you are at (100, 12, -20) in the overworld, facing east\n- you carry: 5 raw_iron, 3 bread"
	first, err := m.Generate(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if want := (agent.Usage{InputTokens: 41 + 1712, CacheWritten: 1712, OutputTokens: 44}); first.Usage != want {
		t.Errorf("the first call's usage %+v, want %+v", first.Usage, want)
	}
	call := first.ToolCalls[0]
	req.Messages = append(req.Messages,
		agent.Message{Role: agent.RoleAssistant, ToolCalls: first.ToolCalls},
		agent.Message{Role: agent.RoleTool, ToolCallID: call.ID, ToolName: call.Name,
			Text: "SUCCESS: found 3 iron_ore; the nearest is at (103, 11, -19), 3.2 blocks away."})
	req.Now = "# Right now\n\n- you are at (101, 12, -20) in the overworld, facing east\n- you carry: 5 raw_iron, 3 bread"
	second, err := m.Generate(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if want := (agent.Usage{InputTokens: 41 + 83 + 1712, CacheRead: 1712, CacheWritten: 83, OutputTokens: 12}); second.Usage != want {
		t.Errorf("the second call's usage %+v, want %+v", second.Usage, want)
	}
	if second.Usage.CacheRead != first.Usage.CacheWritten {
		t.Errorf("the second call read %d tokens from the cache, want the %d the first wrote", second.Usage.CacheRead, first.Usage.CacheWritten)
	}
}
