package agent

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
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

// ModelRequest is everything the model is shown for one step of a turn, in
// the order a provider's prompt cache reads it: the tools and the system
// prompt, which stay the same from call to call while the settings do not
// change; the conversation, which only grows between the history's trims;
// and last what is new at this call.
type ModelRequest struct {
	System   string     `json:"system"`
	Messages []Message  `json:"messages"`
	Tools    []ToolSpec `json:"tools"`
	// Now is her live state as it is at this call. An adapter sends it
	// after the messages, in the final user message (with the last
	// message's text when that is a user's), and never before anything
	// that stays: it changes at every call.
	Now string `json:"now,omitempty"`
	// Goal is the goal the autopilot plays, for the autopilot only: a
	// language model reads her goal in her live state.
	Goal *Goal `json:"-"`
}

// Conversation is the messages as an adapter sends them: Messages, then Now
// in the final user message, after the last message's text when that is a
// user's (some chat templates refuse two user messages in a row).
func (r ModelRequest) Conversation() []Message {
	msgs := slices.Clone(r.Messages)
	if r.Now == "" {
		return msgs
	}
	if n := len(msgs); n > 0 && msgs[n-1].Role == RoleUser && msgs[n-1].Text != "" {
		msgs[n-1].Text += "\n\n" + r.Now
		return msgs
	}
	return append(msgs, Message{Role: RoleUser, Text: r.Now})
}

// ModelResponse is one step's answer.
type ModelResponse struct {
	Text      string        `json:"text,omitempty"`
	ToolCalls []ToolCall    `json:"tool_calls,omitempty"`
	Usage     Usage         `json:"usage"`
	Latency   time.Duration `json:"latency"`
	// GoalEnd, from the autopilot, says the goal it played is over.
	GoalEnd *GoalEnd `json:"-"`
	// Cut, when the adapter cut the answer at its bounds (too many words,
	// too many tool calls), says what it cut in words for a person, to
	// follow "her model's answer was too long and was cut": "it ran to
	// 100 KB of words, and beaweb keeps the first 64 KB." Empty when it took
	// the answer whole.
	Cut string `json:"cut,omitempty"`
}

// Usage counts the tokens of one or more model calls.
type Usage struct {
	// InputTokens is the whole prompt, the parts read from and written to
	// the provider's prompt cache included.
	InputTokens int `json:"input_tokens"`
	// CacheRead is the part of the prompt read from the provider's cache,
	// billed at a fraction of the input price. Zero when the provider does
	// not say.
	CacheRead int `json:"cache_read,omitempty"`
	// CacheWritten is the part written to the cache for later calls to
	// read (Anthropic bills it at a quarter above the input price).
	CacheWritten int `json:"cache_written,omitempty"`
	OutputTokens int `json:"output_tokens"`
}

// Add sums two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens:  u.InputTokens + v.InputTokens,
		CacheRead:    u.CacheRead + v.CacheRead,
		CacheWritten: u.CacheWritten + v.CacheWritten,
		OutputTokens: u.OutputTokens + v.OutputTokens,
	}
}
