// Package anthropic lets her think with Claude through Anthropic's Messages
// API, with native tool use: the system prompt goes as the system parameter,
// tools as tool definitions, and the answers to one step's calls as
// tool_result blocks of one user message, as the API requires.
//
// The API key is only ever sent in the request's credentials header: it
// never appears in a log line or an error, even when a server quotes it back.
package anthropic

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/provider"
)

// DefaultBaseURL is Anthropic's own API root.
const DefaultBaseURL = "https://api.anthropic.com/"

// DefaultTimeout bounds one attempt when Config.Timeout is zero.
const DefaultTimeout = 2 * time.Minute

// DefaultMaxTokens bounds one answer when Config.MaxTokens is zero: ample
// for a few tool calls and a line of speech, and a build script besides.
const DefaultMaxTokens = 4096

// Config says which server and model to use. Nothing is read from the
// environment or from the SDK's profile files: ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and the rest are ignored.
type Config struct {
	// BaseURL is the API root that "v1/messages" is appended to. Empty
	// means DefaultBaseURL.
	BaseURL string
	// APIKey is the credential. It may be empty only for a server of your
	// own (BaseURL set) that wants none.
	APIKey string
	// Model is the model name, such as claude-sonnet-4-5.
	Model string
	// MaxTokens bounds the length of one answer; zero means
	// DefaultMaxTokens.
	MaxTokens int
	// HTTPClient is used for every request; nil means a client of its own
	// over http.DefaultTransport.
	HTTPClient *http.Client
	// Timeout bounds each attempt; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRetries is how many times the SDK retries an attempt that failed
	// with 408, 409, 429, a 5xx, a dropped connection or a timed-out
	// attempt, waiting as the server asks (retry-after-ms, retry-after) or
	// backing off. Zero means the SDK's default of 2; a negative number
	// means no retry.
	MaxRetries int
	// Logger receives debug lines about each call; nil discards them.
	Logger *slog.Logger
}

// Model is one Claude model. It implements agent.Model.
type Model struct {
	ep        *provider.Endpoint
	maxTokens int
	messages  sdk.MessageService
}

var _ agent.Model = (*Model)(nil)

// New checks cfg and returns a Model ready to call. It makes no request.
func New(cfg Config) (*Model, error) {
	if cfg.MaxTokens < 0 {
		return nil, fmt.Errorf("anthropic: max tokens %d is negative; use zero for the default of %d", cfg.MaxTokens, DefaultMaxTokens)
	}
	ep, err := provider.Settings{
		Name:           "anthropic",
		Model:          cfg.Model,
		ModelExample:   "claude-sonnet-4-5",
		BaseURL:        cfg.BaseURL,
		DefaultBaseURL: DefaultBaseURL,
		KeyNeeded:      "Anthropic's API needs an API key; set one",
		URLExample:     "https://api.anthropic.com/",
		APIKey:         cfg.APIKey,
		Timeout:        cfg.Timeout,
		DefaultTimeout: DefaultTimeout,
		Logger:         cfg.Logger,
		Answer:         "a Messages API answer",
	}.Check()
	if err != nil {
		return nil, err
	}
	m := &Model{ep: ep, maxTokens: cfg.MaxTokens}
	if m.maxTokens == 0 {
		m.maxTokens = DefaultMaxTokens
	}
	client := ep.HTTPClient(cfg.HTTPClient) // the key goes nowhere but the base URL's origin
	opts := []option.RequestOption{
		// Without it the SDK would take its credential and base URL from
		// the environment or a profile on disk behind the config's back.
		option.WithoutEnvironmentDefaults(),
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
	m.messages = sdk.NewClient(opts...).Messages
	return m, nil
}

// Name is "anthropic/<model>".
func (m *Model) Name() string { return "anthropic/" + m.ep.Model }

// Generate sends the request as one message and returns its text and tool
// calls, bounded as provider.Bound says (an answer over
// provider.MaxAnswerBytes fails). Errors from the provider, after the SDK's retries, wrap
// agent.ErrModel; an error about the request itself (a role it does not
// know, a schema that is not a JSON object) does not.
func (m *Model) Generate(ctx context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	params, err := m.params(req)
	if err != nil {
		return agent.ModelResponse{}, err
	}
	a := m.ep.Watch()
	start := time.Now()
	msg, err := m.messages.New(ctx, params, option.WithMiddleware(a.Observe))
	latency := time.Since(start)
	if err != nil {
		return agent.ModelResponse{Latency: latency}, m.ep.Failure(ctx, err, a)
	}
	resp := m.response(msg)
	m.ep.Bound(&resp)
	resp.Latency = latency
	a.LogAnswer(resp)
	return resp, nil
}
