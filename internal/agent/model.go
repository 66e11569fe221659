package agent

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Model is one language model (or the offline autopilot) that she thinks
// with. Generate sees the whole request and answers with text, tool calls or
// both. It must be safe to call from one goroutine at a time; the mind never
// calls it concurrently.
type Model interface {
	// Name is "provider/model", for the dashboard and the turn records.
	Name() string
	Generate(ctx context.Context, req ModelRequest) (ModelResponse, error)
}

// ErrModel is wrapped by every error an adapter returns after its own
// retries, so the mind can tell a model failure from its own. The message
// around it is a sentence a person can act on (status code, what the
// provider said, how long it asked to wait).
var ErrModel = errors.New("model")

// Role is who a message is from.
type Role string

// The roles of a conversation.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Message is one entry of the conversation the model sees.
type Message struct {
	Role Role `json:"role"`
	// Text is the user's or the assistant's words, or a tool's answer.
	Text string `json:"text,omitempty"`
	// ToolCalls are the calls an assistant message made.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolCallID and ToolName say which call a tool message answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	ToolName   string `json:"tool_name,omitempty"`
	// Perceptions are the facts of a user message that carries perceptions,
	// for a model that reads fields (the autopilot). Adapters send Text.
	Perceptions []Perception `json:"-"`
	// Failed marks a tool message whose answer is a failure.
	Failed bool `json:"-"`
}

// ToolCall is one call the model asked for. Args is the raw JSON the model
// wrote, which may be invalid: the registry answers that with what is valid.
type ToolCall struct {
	ID   string          `json:"id"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"args"`
}

// ToolSpec describes a tool to the model. Schema is a JSON Schema object for
// its parameters.
type ToolSpec struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
}

// ModelRequest is everything the model is shown for one step of a turn.
type ModelRequest struct {
	System   string     `json:"system"`
	Messages []Message  `json:"messages"`
	Tools    []ToolSpec `json:"tools"`
}

// ModelResponse is one step's answer.
type ModelResponse struct {
	Text      string        `json:"text,omitempty"`
	ToolCalls []ToolCall    `json:"tool_calls,omitempty"`
	Usage     Usage         `json:"usage"`
	Latency   time.Duration `json:"latency"`
}

// Usage counts the tokens of one or more steps.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// Add sums two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{u.InputTokens + v.InputTokens, u.OutputTokens + v.OutputTokens}
}
