package openai

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
		{"OpenAI without a key", Config{Model: "gpt-4o-mini"}, "needs an API key"},
		{"not a URL", Config{Model: "m", BaseURL: "127.0.0.1:11434/v1"}, "not an http or https URL"},
		{"no host", Config{Model: "m", BaseURL: "http:///v1"}, "not an http or https URL"},
		{"negative timeout", Config{Model: "m", BaseURL: "http://127.0.0.1:11434/v1", Timeout: -1}, "negative"},
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

func TestNewAcceptsALocalServerWithoutKey(t *testing.T) {
	m, err := New(Config{BaseURL: "http://127.0.0.1:11434/v1", Model: "qwen2.5:7b"})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Name(); got != "openai/qwen2.5:7b" {
		t.Errorf("Name() = %q, want openai/qwen2.5:7b", got)
	}
}

// sentMessages is what params puts in "messages", as generic JSON.
func sentMessages(t *testing.T, system string, in []agent.Message) []any {
	t.Helper()
	m, err := New(Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.params(agent.ModelRequest{System: system, Messages: in})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		Messages []any `json:"messages"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatal(err)
	}
	return body.Messages
}

func TestMessagesPairCallsWithAnswers(t *testing.T) {
	in := []agent.Message{
		// An answer whose call was cut from the history.
		{Role: agent.RoleTool, ToolCallID: "call_gone", ToolName: "scan", Text: "you see 3 oak_log"},
		{Role: agent.RoleUser, Text: "go"},
		{Role: agent.RoleAssistant, ToolCalls: []agent.ToolCall{
			{ID: "call_1", Name: "look_around", Args: nil},
			{ID: "call_2", Name: "mc_chat", Args: json.RawMessage(`{"message":"hi"}`)},
			{ID: "call_3", Name: "find_block", Args: json.RawMessage(`{"block": "oak_log"`)}, // goes back as written
		}},
		{Role: agent.RoleTool, ToolCallID: "call_3", ToolName: "find_block", Text: "your arguments are not JSON"},
		// Only the second call is answered before the next perception.
		{Role: agent.RoleTool, ToolCallID: "call_2", ToolName: "mc_chat", Text: "said"},
		{Role: agent.RoleUser, Text: ""}, // nothing to say: left out
		{Role: agent.RoleUser, Text: "[chat] Alex: hey"},
	}
	want := `[
		{"role":"system","content":"sys"},
		{"role":"user","content":"(earlier, scan answered:) you see 3 oak_log"},
		{"role":"user","content":"go"},
		{"role":"assistant","tool_calls":[
			{"id":"call_1","type":"function","function":{"name":"look_around","arguments":"{}"}},
			{"id":"call_2","type":"function","function":{"name":"mc_chat","arguments":"{\"message\":\"hi\"}"}},
			{"id":"call_3","type":"function","function":{"name":"find_block","arguments":"{\"block\": \"oak_log\""}}]},
		{"role":"tool","tool_call_id":"call_3","content":"your arguments are not JSON"},
		{"role":"tool","tool_call_id":"call_2","content":"said"},
		{"role":"tool","tool_call_id":"call_1","content":"(no answer to this call was recorded)"},
		{"role":"user","content":"[chat] Alex: hey"}
	]`
	var w []any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	got := sentMessages(t, "sys", in)
	if !reflect.DeepEqual(got, w) {
		g, _ := json.MarshalIndent(got, "", "  ")
		t.Errorf("messages\n%s\nwant\n%s", g, want)
	}
}

func TestParamsRefusesWhatIsNotAModelFailure(t *testing.T) {
	m, err := New(Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.params(agent.ModelRequest{Messages: []agent.Message{{Role: "system", Text: "x"}}})
	if err == nil || !strings.Contains(err.Error(), `role "system"`) || errors.Is(err, agent.ErrModel) {
		t.Errorf("unknown role: %v, want an error of the request, not of the model", err)
	}
	_, err = m.params(agent.ModelRequest{Tools: []agent.ToolSpec{{Name: "scan", Schema: json.RawMessage(`[1]`)}}})
	if err == nil || !strings.Contains(err.Error(), `tool "scan"`) || errors.Is(err, agent.ErrModel) {
		t.Errorf("bad schema: %v, want an error of the request, not of the model", err)
	}
	p, err := m.params(agent.ModelRequest{Tools: []agent.ToolSpec{{Name: "stop_moving"}}})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(p.Tools)
	if want := `[{"function":{"name":"stop_moving","parameters":{"properties":{},"type":"object"}},"type":"function"}]`; string(raw) != want {
		t.Errorf("a tool without schema is sent as %s, want %s", raw, want)
	}
	raw, _ = json.Marshal(p)
	if !strings.Contains(string(raw), `"tool_choice":"auto"`) {
		t.Errorf("tools without tool_choice: %s", raw)
	}
	p, _ = m.params(agent.ModelRequest{Messages: []agent.Message{{Role: agent.RoleUser, Text: "hi"}}})
	raw, _ = json.Marshal(p)
	if strings.Contains(string(raw), "tool_choice") || strings.Contains(string(raw), `"tools"`) {
		t.Errorf("no tools, yet the request names tools or tool_choice: %s", raw)
	}
}
