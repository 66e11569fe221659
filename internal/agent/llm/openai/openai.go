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
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"beaweb/internal/agent"
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
	model    string
	endpoint string // the base URL without credentials or query, for sentences
	key      string // only to redact it
	timeout  time.Duration
	chat     oai.ChatCompletionService
	log      *slog.Logger
}

var _ agent.Model = (*Model)(nil)

// New checks cfg and returns a Model ready to call. It makes no request.
func New(cfg Config) (*Model, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("openai: no model named; set one, such as gpt-4o-mini or qwen2.5:7b")
	}
	if cfg.Timeout < 0 {
		return nil, fmt.Errorf("openai: the timeout %s is negative; use zero for the default of %s", cfg.Timeout, DefaultTimeout)
	}
	base := cfg.BaseURL
	if base == "" {
		if cfg.APIKey == "" {
			return nil, errors.New("openai: OpenAI's API needs an API key; for a local server (Ollama, vLLM, llama.cpp, LM Studio) set its base URL instead")
		}
		base = DefaultBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("openai: the base URL is not an http or https URL such as http://127.0.0.1:11434/v1")
	}
	m := &Model{
		model:    cfg.Model,
		endpoint: u.Scheme + "://" + u.Host + u.Path,
		key:      cfg.APIKey,
		timeout:  cfg.Timeout,
		log:      cfg.Logger,
	}
	if m.timeout == 0 {
		m.timeout = DefaultTimeout
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	opts := []option.RequestOption{
		option.WithBaseURL(base),
		option.WithHTTPClient(client),
		option.WithRequestTimeout(m.timeout),
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	switch {
	case cfg.MaxRetries < 0:
		opts = append(opts, option.WithMaxRetries(0))
	case cfg.MaxRetries > 0:
		opts = append(opts, option.WithMaxRetries(cfg.MaxRetries))
	}
	// The service, not oai.NewClient: the client would read OPENAI_API_KEY
	// and OPENAI_BASE_URL from the environment behind the config's back.
	m.chat = oai.NewChatCompletionService(opts...)
	return m, nil
}

// Name is "openai/<model>".
func (m *Model) Name() string { return "openai/" + m.model }

// Generate sends the request as one chat completion and returns the first
// choice's text and tool calls. Errors from the provider, after the SDK's
// retries, wrap agent.ErrModel; an error about the request itself (a role it
// does not know, a schema that is not JSON) does not.
func (m *Model) Generate(ctx context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	params, err := m.params(req)
	if err != nil {
		return agent.ModelResponse{}, err
	}
	a := &attempts{log: m.log, redact: m.redact}
	start := time.Now()
	completion, err := m.chat.New(ctx, params, option.WithMiddleware(a.observe))
	latency := time.Since(start)
	if err != nil {
		return agent.ModelResponse{Latency: latency}, m.failure(ctx, err, a)
	}
	resp, err := m.response(completion)
	resp.Latency = latency
	if err != nil {
		return resp, err
	}
	m.log.Debug("openai: model answered",
		slog.String("model", m.model),
		slog.Duration("latency", latency),
		slog.Int("attempts", a.count),
		slog.Int("input_tokens", resp.Usage.InputTokens),
		slog.Int("output_tokens", resp.Usage.OutputTokens),
		slog.Int("tool_calls", len(resp.ToolCalls)))
	return resp, nil
}

// redact removes the API key from text that may quote it. Keys shorter than
// eight characters are placeholders ("ollama", "none") that local servers
// ignore, and replacing them would garble ordinary words.
func (m *Model) redact(s string) string {
	if len(m.key) < 8 {
		return s
	}
	return strings.ReplaceAll(s, m.key, "[redacted]")
}
