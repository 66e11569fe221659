package anthropic

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"beaweb/internal/agent"
)

// params builds the Messages request: the tools with tool_choice auto, the
// system prompt as the system parameter, then the conversation with her live
// state last. Two cache breakpoints (of the four the API allows) mark what
// the next call sends again: the system block, which with the tools before
// it is the same at every call, and the last block before her live state,
// so the next call reads the whole conversation so far from the cache and
// pays in full only for what is new.
func (m *Model) params(req agent.ModelRequest) (sdk.MessageNewParams, error) {
	p := sdk.MessageNewParams{Model: sdk.Model(m.ep.Model), MaxTokens: int64(m.maxTokens)}
	if req.System != "" {
		p.System = []sdk.TextBlockParam{{Text: req.System, CacheControl: sdk.NewCacheControlEphemeralParam()}}
	}
	msgs, err := messages(req.Messages, req.Now)
	if err != nil {
		return p, err
	}
	p.Messages = msgs
	for _, t := range req.Tools {
		schema, err := inputSchema(t.Schema)
		if err != nil {
			return p, fmt.Errorf("anthropic: tool %q: %w", t.Name, err)
		}
		tool := sdk.ToolParam{Name: t.Name, InputSchema: schema}
		if t.Description != "" {
			tool.Description = sdk.String(t.Description)
		}
		p.Tools = append(p.Tools, sdk.ToolUnionParam{OfTool: &tool})
	}
	if len(p.Tools) > 0 {
		p.ToolChoice = sdk.ToolChoiceUnionParam{OfAuto: &sdk.ToolChoiceAutoParam{}}
	}
	return p, nil
}

// noAnswer stands in for the answer to a call the history holds none for.
const noAnswer = "(no answer to this call was recorded)"

// conversation gathers blocks into alternating user and assistant messages.
// Within a user message the tool_result blocks come first, as the API
// requires; so the answers to one step's calls and the perception after them
// travel as one user message.
type conversation struct {
	out     []sdk.MessageParam
	role    agent.Role // of the message being gathered: user or assistant
	results []sdk.ContentBlockParamUnion
	blocks  []sdk.ContentBlockParamUnion
	open    []string // tool_use ids of the last assistant message not yet answered
}

func (c *conversation) add(role agent.Role, b sdk.ContentBlockParamUnion) {
	if role != c.role {
		c.flush()
		c.role = role
	}
	if b.OfToolResult != nil {
		c.results = append(c.results, b)
		return
	}
	c.blocks = append(c.blocks, b)
}

func (c *conversation) flush() {
	content := slices.Concat(c.results, c.blocks)
	c.results, c.blocks = nil, nil
	switch {
	case len(content) == 0:
	case c.role == agent.RoleAssistant:
		c.out = append(c.out, sdk.NewAssistantMessage(content...))
	default:
		c.out = append(c.out, sdk.NewUserMessage(content...))
	}
}

// settle answers every call still open, so each tool_use is followed by its
// tool_result as the API requires even when the history lost the answer.
func (c *conversation) settle() {
	for _, id := range c.open {
		c.add(agent.RoleUser, toolResult(id, noAnswer))
	}
	c.open = c.open[:0]
}

// markLast puts a cache breakpoint on the last block of the message being
// gathered, if it has one. Messages are only flushed at a change of role,
// so the last message of the conversation is always the one being gathered.
func (c *conversation) markLast() {
	var last sdk.ContentBlockParamUnion
	switch {
	case len(c.blocks) > 0:
		last = c.blocks[len(c.blocks)-1]
	case len(c.results) > 0:
		last = c.results[len(c.results)-1]
	default:
		return
	}
	if cc := last.GetCacheControl(); cc != nil {
		*cc = sdk.NewCacheControlEphemeralParam()
	}
}

// messages maps the conversation onto Messages API turns, with now (her
// live state) as the last block of the final user message and a cache
// breakpoint on the block before it. Empty messages are left out (the API
// refuses empty text blocks). An answer whose call is gone from the history
// goes as user text naming the tool.
func messages(in []agent.Message, now string) ([]sdk.MessageParam, error) {
	var c conversation
	for i, msg := range in {
		switch msg.Role {
		case agent.RoleUser:
			c.settle()
			if msg.Text != "" {
				c.add(agent.RoleUser, sdk.NewTextBlock(msg.Text))
			}
		case agent.RoleAssistant:
			c.settle()
			if msg.Text != "" {
				c.add(agent.RoleAssistant, sdk.NewTextBlock(msg.Text))
			}
			for _, call := range msg.ToolCalls {
				c.open = append(c.open, call.ID)
				c.add(agent.RoleAssistant, sdk.NewToolUseBlock(call.ID, inputObject(call.Args), call.Name))
			}
		case agent.RoleTool:
			if j := slices.Index(c.open, msg.ToolCallID); j >= 0 {
				c.open = slices.Delete(c.open, j, j+1)
				c.add(agent.RoleUser, toolResult(msg.ToolCallID, msg.Text))
				continue
			}
			c.settle()
			c.add(agent.RoleUser, sdk.NewTextBlock(orphanAnswer(msg)))
		default:
			return nil, fmt.Errorf("anthropic: message %d has role %q; want user, assistant or tool", i, msg.Role)
		}
	}
	c.settle()
	if now != "" {
		c.markLast()
		c.add(agent.RoleUser, sdk.NewTextBlock(now))
	}
	c.flush()
	return c.out, nil
}

func toolResult(id, text string) sdk.ContentBlockParamUnion {
	r := sdk.ToolResultBlockParam{ToolUseID: id}
	if text != "" {
		r.Content = []sdk.ToolResultBlockParamContentUnion{{OfText: &sdk.TextBlockParam{Text: text}}}
	}
	return sdk.ContentBlockParamUnion{OfToolResult: &r}
}

// orphanAnswer words a tool answer whose call is no longer in the history.
func orphanAnswer(msg agent.Message) string {
	name := msg.ToolName
	if name == "" {
		name = "a tool"
	}
	return fmt.Sprintf("(earlier, %s answered:) %s", name, msg.Text)
}

// inputObject is what a call's arguments go back to the API as. The API
// takes only a JSON object there, so arguments that were not one (the
// registry has already told the model so) go back as {}.
func inputObject(args json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(args)
	var obj map[string]json.RawMessage
	if len(t) == 0 || t[0] != '{' || json.Unmarshal(t, &obj) != nil {
		return json.RawMessage(`{}`)
	}
	return json.RawMessage(t)
}

// inputSchema turns a tool's JSON Schema object into the SDK's form: its
// properties and required list in their fields, everything else kept as the
// raw JSON it was.
func inputSchema(schema json.RawMessage) (sdk.ToolInputSchemaParam, error) {
	var s sdk.ToolInputSchemaParam
	if len(bytes.TrimSpace(schema)) == 0 {
		s.Properties = map[string]any{}
		return s, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(schema, &fields); err != nil || fields == nil {
		return s, fmt.Errorf("its schema is not a JSON object")
	}
	for k, v := range fields {
		switch k {
		case "type":
			var typ string
			if json.Unmarshal(v, &typ) != nil || typ != "object" {
				return s, fmt.Errorf("its schema is of type %s; the API takes only an object", v)
			}
		case "properties":
			s.Properties = v
		case "required":
			if err := json.Unmarshal(v, &s.Required); err != nil {
				return s, fmt.Errorf("its schema's required is not a list of names")
			}
		default:
			if s.ExtraFields == nil {
				s.ExtraFields = map[string]any{}
			}
			s.ExtraFields[k] = v
		}
	}
	if s.Properties == nil {
		s.Properties = map[string]any{}
	}
	return s, nil
}

// response reads the message's text and tool_use blocks. A tool call's input
// is passed on as written: an object as its JSON, and input that arrives as
// a string (a gateway passing on what the model wrote) as that string's
// text, valid JSON or not; the registry answers bad arguments with what is
// valid, which teaches the model more than a failed step.
func (m *Model) response(msg *sdk.Message) agent.ModelResponse {
	var r agent.ModelResponse
	r.Usage = agent.Usage{
		// input_tokens counts only what was neither written to nor read
		// from the cache; the prompt she was shown is all three.
		InputTokens:  int(msg.Usage.InputTokens + msg.Usage.CacheCreationInputTokens + msg.Usage.CacheReadInputTokens),
		CacheRead:    int(msg.Usage.CacheReadInputTokens),
		CacheWritten: int(msg.Usage.CacheCreationInputTokens),
		OutputTokens: int(msg.Usage.OutputTokens),
	}
	var text []string
	for _, b := range msg.Content {
		switch b.Type {
		case "text":
			if b.Text != "" {
				text = append(text, b.Text)
			}
		case "tool_use":
			args := toolInput(b.Input)
			if !json.Valid(args) {
				m.ep.Log.Debug("anthropic: a tool call's input is not valid JSON; passed on as written",
					slog.String("tool", b.Name))
			}
			r.ToolCalls = append(r.ToolCalls, agent.ToolCall{ID: b.ID, Name: b.Name, Args: args})
		case "thinking", "redacted_thinking":
			// Her reasoning is not her words, and thinking is never asked for.
		default:
			m.ep.Log.Debug("anthropic: ignored a content block", slog.String("type", b.Type))
		}
	}
	r.Text = strings.Join(text, "\n\n")
	switch msg.StopReason {
	case sdk.StopReasonMaxTokens:
		m.ep.Log.Warn("anthropic: the model stopped at max tokens; its answer may be cut short",
			slog.String("model", m.ep.Model), slog.Int("max_tokens", m.maxTokens))
	case sdk.StopReasonRefusal:
		m.ep.Log.Warn("anthropic: the model refused to go on", slog.String("model", m.ep.Model))
	}
	return r
}

// toolInput is a tool_use block's input as the call's arguments: an object
// compacted, a string as its text, nothing as {}.
func toolInput(raw json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return json.RawMessage(`{}`)
	}
	if t[0] == '"' {
		var s string
		if json.Unmarshal(t, &s) == nil {
			if strings.TrimSpace(s) == "" {
				return json.RawMessage(`{}`)
			}
			return json.RawMessage(s)
		}
	}
	var compact bytes.Buffer
	if json.Compact(&compact, t) == nil {
		return compact.Bytes()
	}
	return json.RawMessage(bytes.Clone(t))
}
