// Package openai lets her think with any server that speaks OpenAI's Chat
// Completions API: OpenAI itself, and Ollama, vLLM, llama.cpp's server,
// LM Studio and OpenRouter through their OpenAI-compatible endpoints. Tools
// go over native tool calling, never as text to be parsed.
//
// The API key is only ever sent as the bearer token: it never appears in a
// log line or an error, even when a server quotes it back.
package openai

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/provider"
)

// DefaultBaseURL is OpenAI's own API root.
const DefaultBaseURL = "https://api.openai.com/v1/"

// DefaultTimeout bounds one attempt when Config.Timeout is zero. It is
// generous because a local server may first have to load the model.
const DefaultTimeout = 2 * time.Minute

// Config says which server and model to use. Nothing is read from the
// environment: the SDK's OPENAI_* variables are ignored, so a key meant for
// OpenAI is never sent to a local server by accident.
type Config struct {
	// BaseURL is the API root that "chat/completions" is appended to, such
	// as http://127.0.0.1:11434/v1 for Ollama, http://127.0.0.1:1234/v1 for
	// LM Studio or https://openrouter.ai/api/v1. Empty means DefaultBaseURL.
	BaseURL string
	// APIKey is sent as a bearer token. It may be empty for a local server
	// that wants none, but not for OpenAI's own API.
	APIKey string
	// Model is the provider's model name, such as gpt-4o-mini or qwen2.5:7b.
	Model string
	// HTTPClient is used for every request; nil means a client of its own
	// over http.DefaultTransport.
	HTTPClient *http.Client
	// Timeout bounds each attempt; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRetries is how many times the SDK retries an attempt that failed
	// with 408, 409, 429, a 5xx or a dropped connection, waiting as the
	// server asks (retry-after-ms, retry-after) or backing off. Zero means
	// the SDK's default of 2; a negative number means no retry.
	MaxRetries int
	// Logger receives debug lines about each call; nil discards them.
	Logger *slog.Logger
}

// Model is one model behind an OpenAI-compatible endpoint. It implements
// agent.Model.
type Model struct {
	ep   *provider.Endpoint
	chat oai.ChatCompletionService
}

var _ agent.Model = (*Model)(nil)

// New checks cfg and returns a Model ready to call. It makes no request.
func New(cfg Config) (*Model, error) {
	ep, err := provider.Settings{
		Name:           "openai",
		Model:          cfg.Model,
		ModelExample:   "gpt-4o-mini or qwen2.5:7b",
		BaseURL:        cfg.BaseURL,
		DefaultBaseURL: DefaultBaseURL,
		KeyNeeded:      "OpenAI's API needs an API key; for a local server (Ollama, vLLM, llama.cpp, LM Studio) set its base URL instead",
		URLExample:     "http://127.0.0.1:11434/v1",
		APIKey:         cfg.APIKey,
		Timeout:        cfg.Timeout,
		DefaultTimeout: DefaultTimeout,
		Logger:         cfg.Logger,
		Answer:         "a chat completion",
	}.Check()
	if err != nil {
		return nil, err
	}
	client := ep.HTTPClient(cfg.HTTPClient) // the key goes nowhere but the base URL's origin
	opts := []option.RequestOption{
		option.WithBaseURL(ep.BaseURL),
		option.WithHTTPClient(client),
		option.WithRequestTimeout(ep.Timeout),
	}
	if ep.Key != "" {
		opts = append(opts, option.WithAPIKey(ep.Key))
	}
	if n, ok := provider.Retries(cfg.MaxRetries); ok {
		opts = append(opts, option.WithMaxRetries(n))
	}
	// The service, not oai.NewClient: the client would read OPENAI_API_KEY
	// and OPENAI_BASE_URL from the environment behind the config's back.
	return &Model{ep: ep, chat: oai.NewChatCompletionService(opts...)}, nil
}

// Name is "openai/<model>".
func (m *Model) Name() string { return "openai/" + m.ep.Model }

// Generate sends the request as one chat completion and returns the first
// choice's text and tool calls, bounded as provider.Bound says (an answer
// over provider.MaxAnswerBytes fails). Errors from the provider, after the SDK's
// retries, wrap agent.ErrModel; an error about the request itself (a role it
// does not know, a schema that is not JSON) does not.
func (m *Model) Generate(ctx context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	params, err := m.params(req)
	if err != nil {
		return agent.ModelResponse{}, err
	}
	a := m.ep.Watch()
	start := time.Now()
	completion, err := m.chat.New(ctx, params, option.WithMiddleware(a.Observe))
	latency := time.Since(start)
	if err != nil {
		return agent.ModelResponse{Latency: latency}, m.ep.Failure(ctx, err, a)
	}
	resp, err := m.response(completion)
	resp.Latency = latency
	if err != nil {
		return resp, err
	}
	m.ep.Bound(&resp)
	a.LogAnswer(resp)
	return resp, nil
}
