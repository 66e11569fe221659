package openai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/provider"
)

// params builds the chat completion request: the tools with tool_choice
// "auto", the system prompt as the first message, then the conversation with
// her live state last. Everything before the live state is what the call
// before sent, so a server's automatic prefix cache (OpenAI's, vLLM's,
// llama.cpp's) reads it.
func (m *Model) params(req agent.ModelRequest) (oai.ChatCompletionNewParams, error) {
	p := oai.ChatCompletionNewParams{Model: m.ep.Model}
	msgs, err := messages(req.System, req.Conversation())
	if err != nil {
		return p, err
	}
	p.Messages = msgs
	for _, t := range req.Tools {
		schema, err := parameters(t.Schema)
		if err != nil {
			return p, fmt.Errorf("openai: tool %q: %w", t.Name, err)
		}
		def := shared.FunctionDefinitionParam{Name: t.Name, Parameters: schema}
		if t.Description != "" {
			def.Description = oai.String(t.Description)
		}
		p.Tools = append(p.Tools, oai.ChatCompletionFunctionTool(def))
	}
	if len(p.Tools) > 0 {
		// Only with tools: OpenAI refuses a tool_choice without them.
		p.ToolChoice = oai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: oai.String("auto")}
	}
	return p, nil
}

// messages maps the conversation onto chat messages. The server refuses a
// whole request whose tool answers do not pair up with the calls just before
// them, and a history cut in the wrong place does exactly that; so a call
// left unanswered gets an answer saying none was recorded, and an answer
// whose call is gone goes as a user message naming the tool.
func messages(system string, in []agent.Message) ([]oai.ChatCompletionMessageParamUnion, error) {
	out := make([]oai.ChatCompletionMessageParamUnion, 0, len(in)+1)
	if system != "" {
		out = append(out, oai.SystemMessage(system))
	}
	var open []string // calls of the last assistant message not yet answered, in order
	settle := func() {
		for _, id := range open {
			out = append(out, oai.ToolMessage(noAnswer, id))
		}
		open = open[:0]
	}
	for i, msg := range in {
		switch msg.Role {
		case agent.RoleUser:
			settle()
			if msg.Text == "" {
				continue
			}
			out = append(out, oai.UserMessage(msg.Text))
		case agent.RoleAssistant:
			settle()
			if msg.Text == "" && len(msg.ToolCalls) == 0 {
				continue
			}
			var a oai.ChatCompletionAssistantMessageParam
			if msg.Text != "" {
				a.Content.OfString = oai.String(msg.Text)
			}
			for _, c := range msg.ToolCalls {
				open = append(open, c.ID)
				a.ToolCalls = append(a.ToolCalls, oai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &oai.ChatCompletionMessageFunctionToolCallParam{
						ID: c.ID,
						Function: oai.ChatCompletionMessageFunctionToolCallFunctionParam{
							Name:      c.Name,
							Arguments: argumentsText(c.Args),
						},
					},
				})
			}
			out = append(out, oai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		case agent.RoleTool:
			if j := slices.Index(open, msg.ToolCallID); j >= 0 {
				open = slices.Delete(open, j, j+1)
				out = append(out, oai.ToolMessage(msg.Text, msg.ToolCallID))
				continue
			}
			settle()
			out = append(out, oai.UserMessage(orphanAnswer(msg)))
		default:
			return nil, fmt.Errorf("openai: message %d has role %q; want user, assistant or tool", i, msg.Role)
		}
	}
	settle()
	return out, nil
}

// noAnswer stands in for the answer to a call the history holds none for.
const noAnswer = "(no answer to this call was recorded)"

// orphanAnswer words a tool answer whose call is no longer in the history.
func orphanAnswer(msg agent.Message) string {
	name := msg.ToolName
	if name == "" {
		name = "a tool"
	}
	return fmt.Sprintf("(earlier, %s answered:) %s", name, msg.Text)
}

// argumentsText is what a call's arguments go back to the server as: the raw
// text the model wrote, or "{}" for none.
func argumentsText(args json.RawMessage) string {
	if len(bytes.TrimSpace(args)) == 0 {
		return "{}"
	}
	return string(args)
}

// parameters turns a tool's JSON Schema into the SDK's map, keeping every
// value as the raw JSON it was (numbers exact, property order kept).
func parameters(schema json.RawMessage) (shared.FunctionParameters, error) {
	if len(bytes.TrimSpace(schema)) == 0 {
		return shared.FunctionParameters{"type": "object", "properties": map[string]any{}}, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(schema, &fields); err != nil || fields == nil {
		return nil, fmt.Errorf("its schema is not a JSON object")
	}
	p := make(shared.FunctionParameters, len(fields))
	for k, v := range fields {
		p[k] = v
	}
	return p, nil
}

// response reads the first choice. A tool call's arguments are passed on as
// the model wrote them, valid JSON or not: the registry answers bad ones
// with what is valid, which teaches the model more than a failed step.
func (m *Model) response(c *oai.ChatCompletion) (agent.ModelResponse, error) {
	var r agent.ModelResponse
	r.Usage = agent.Usage{
		InputTokens: int(c.Usage.PromptTokens),
		// Sent by OpenAI and by some servers of one's own; zero otherwise.
		CacheRead:    int(c.Usage.PromptTokensDetails.CachedTokens),
		OutputTokens: int(c.Usage.CompletionTokens),
	}
	if len(c.Choices) == 0 {
		if said := provider.Message([]byte(m.ep.Redact(c.RawJSON()))); said != "" {
			return r, m.ep.Errorf("answered without a choice: %q", said)
		}
		return r, m.ep.Errorf("answered without a choice")
	}
	choice := c.Choices[0]
	r.Text = choice.Message.Content
	if r.Text == "" {
		r.Text = choice.Message.Refusal
	}
	for i, tc := range choice.Message.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			// Only function tools are ever offered; anything else is the
			// server's own and has nothing here to run it.
			m.ep.Log.Debug("openai: ignored a tool call that is not a function", slog.String("type", tc.Type))
			continue
		}
		id := tc.ID
		if id == "" {
			// Some local servers leave it out; the answer must name one.
			id = "call_" + strconv.Itoa(i)
		}
		args := json.RawMessage(argumentsText(json.RawMessage(tc.Function.Arguments)))
		if !json.Valid(args) {
			m.ep.Log.Debug("openai: a tool call's arguments are not valid JSON; passed on as written",
				slog.String("tool", tc.Function.Name))
		}
		r.ToolCalls = append(r.ToolCalls, agent.ToolCall{ID: id, Name: tc.Function.Name, Args: args})
	}
	switch choice.FinishReason {
	case "length":
		m.ep.Log.Warn("openai: the model stopped at its output limit; its answer may be cut short",
			slog.String("model", m.ep.Model))
	case "content_filter":
		m.ep.Log.Warn("openai: the provider's content filter cut the answer", slog.String("model", m.ep.Model))
	}
	return r, nil
}
