package anthropic

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"beaweb/internal/agent"
)

func TestNewChecksTheConfig(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no model", Config{APIKey: testKey}, "no model named"},
		{"Anthropic without a key", Config{Model: "claude-sonnet-4-5"}, "needs an API key"},
		{"not a URL", Config{Model: "m", BaseURL: "127.0.0.1:8080"}, "not an http or https URL"},
		{"negative timeout", Config{Model: "m", APIKey: testKey, Timeout: -1}, "negative"},
		{"negative max tokens", Config{Model: "m", APIKey: testKey, MaxTokens: -1}, "negative"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(c.cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("New(%+v) = %v, want an error saying %q", c.cfg, err, c.want)
			}
		})
	}
}

func TestNameAndMaxTokens(t *testing.T) {
	m, err := New(Config{APIKey: testKey, Model: "claude-haiku-4-5", MaxTokens: 1024})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Name(); got != "anthropic/claude-haiku-4-5" {
		t.Errorf("Name() = %q, want anthropic/claude-haiku-4-5", got)
	}
	p, err := m.params(agent.ModelRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if p.MaxTokens != 1024 {
		t.Errorf("max_tokens %d, want 1024", p.MaxTokens)
	}
}

// sent is what params puts under key, as generic JSON.
func sent(t *testing.T, req agent.ModelRequest, key string) any {
	t.Helper()
	m, err := New(Config{BaseURL: "http://127.0.0.1:1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.params(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatal(err)
	}
	return body[key]
}

func checkJSON(t *testing.T, got any, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, w) {
		g, _ := json.MarshalIndent(got, "", "  ")
		t.Errorf("got\n%s\nwant\n%s", g, want)
	}
}

func TestMessagesFoldAndPair(t *testing.T) {
	in := []agent.Message{
		// An answer whose call was cut from the history.
		{Role: agent.RoleTool, ToolCallID: "toolu_gone", ToolName: "scan", Text: "you see 3 oak_log"},
		{Role: agent.RoleUser, Text: "go"},
		{Role: agent.RoleAssistant, Text: "", ToolCalls: []agent.ToolCall{
			{ID: "toolu_1", Name: "look_around"},
			{ID: "toolu_2", Name: "find_block", Args: json.RawMessage(`{"block": "oak_log"`)}, // broken: goes back as {}
			{ID: "toolu_3", Name: "mc_chat", Args: json.RawMessage(`{"message":"hi"}`)},
		}},
		{Role: agent.RoleTool, ToolCallID: "toolu_3", ToolName: "mc_chat", Text: "you said it in the chat"},
		{Role: agent.RoleTool, ToolCallID: "toolu_2", ToolName: "find_block", Text: ""},
		{Role: agent.RoleUser, Text: ""}, // nothing to say: left out
		{Role: agent.RoleUser, Text: "[chat] Alex: hey"},
		{Role: agent.RoleAssistant, Text: "Hi Alex!"},
	}
	checkJSON(t, sent(t, agent.ModelRequest{Messages: in}, "messages"), `[
		{"role":"user","content":[
			{"type":"text","text":"(earlier, scan answered:) you see 3 oak_log"},
			{"type":"text","text":"go"}]},
		{"role":"assistant","content":[
			{"type":"tool_use","id":"toolu_1","name":"look_around","input":{}},
			{"type":"tool_use","id":"toolu_2","name":"find_block","input":{}},
			{"type":"tool_use","id":"toolu_3","name":"mc_chat","input":{"message":"hi"}}]},
		{"role":"user","content":[
			{"type":"tool_result","tool_use_id":"toolu_3","content":[{"type":"text","text":"you said it in the chat"}]},
			{"type":"tool_result","tool_use_id":"toolu_2"},
			{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"(no answer to this call was recorded)"}]},
			{"type":"text","text":"[chat] Alex: hey"}]},
		{"role":"assistant","content":[{"type":"text","text":"Hi Alex!"}]}
	]`)
}

func TestToolSchemaKeepsWhatItDoesNotName(t *testing.T) {
	req := agent.ModelRequest{Tools: []agent.ToolSpec{
		{Name: "place_block", Description: "You place a block.", Schema: json.RawMessage(
			`{"type":"object","properties":{"face":{"enum":["up","down"]}},"required":["face"],"additionalProperties":false,"$defs":{"x":{"type":"integer"}}}`)},
		{Name: "stop_moving"},
	}}
	checkJSON(t, sent(t, req, "tools"), `[
		{"name":"place_block","description":"You place a block.","input_schema":{
			"type":"object","properties":{"face":{"enum":["up","down"]}},"required":["face"],
			"additionalProperties":false,"$defs":{"x":{"type":"integer"}}}},
		{"name":"stop_moving","input_schema":{"type":"object","properties":{}}}
	]`)
	checkJSON(t, sent(t, req, "tool_choice"), `{"type":"auto"}`)
	if got := sent(t, agent.ModelRequest{}, "tool_choice"); got != nil {
		t.Errorf("tool_choice %v without tools", got)
	}
	if got := sent(t, agent.ModelRequest{}, "system"); got != nil {
		t.Errorf("system %v without a system prompt", got)
	}
}

func TestParamsRefusesWhatIsNotAModelFailure(t *testing.T) {
	m, err := New(Config{BaseURL: "http://127.0.0.1:1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	bad := []agent.ModelRequest{
		{Messages: []agent.Message{{Role: "system", Text: "x"}}},
		{Tools: []agent.ToolSpec{{Name: "scan", Schema: json.RawMessage(`[1]`)}}},
		{Tools: []agent.ToolSpec{{Name: "scan", Schema: json.RawMessage(`{"type":"string"}`)}}},
		{Tools: []agent.ToolSpec{{Name: "scan", Schema: json.RawMessage(`{"type":"object","required":"block"}`)}}},
	}
	for _, req := range bad {
		_, err := m.params(req)
		if err == nil || errors.Is(err, agent.ErrModel) || !strings.HasPrefix(err.Error(), "anthropic: ") {
			t.Errorf("params(%+v) = %v, want an error of the request, not of the model", req, err)
		}
	}
}
