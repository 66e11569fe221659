// Package provider holds what the model adapters share about the server they
// call, whatever its SDK: the checks of the settings every adapter takes, a
// watch on each HTTP attempt of a call, and the sentences that say why a call
// failed, with the API key taken out of them.
//
// It imports no SDK, so each SDK stays in the adapter named after it.
package provider

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"beaweb/internal/fault"
)

// Settings are the parts of an adapter's Config that every adapter has,
// with the words its sentences need.
type Settings struct {
	// Name is the adapter's name, "openai" or "anthropic": the first word
	// of every error and log line.
	Name string
	// Model is the model name as configured.
	Model string
	// ModelExample names a model or two in the sentence for a missing one,
	// such as "gpt-4o-mini or qwen2.5:7b".
	ModelExample string
	// BaseURL is the configured API root; empty means DefaultBaseURL, which
	// is only allowed with an APIKey.
	BaseURL        string
	DefaultBaseURL string
	// KeyNeeded is the sentence for DefaultBaseURL without a key, such as
	// "Anthropic's API needs an API key; set one".
	KeyNeeded string
	// URLExample is a base URL the sentence for a malformed one shows.
	URLExample string
	APIKey     string
	// Timeout bounds one attempt; zero means DefaultTimeout, a negative one
	// is refused.
	Timeout        time.Duration
	DefaultTimeout time.Duration
	// Logger receives debug lines; nil discards them.
	Logger *slog.Logger
	// Answer is what a readable answer is called, for the sentence about
	// one that is not: "a chat completion".
	Answer string
}

// Endpoint is a model behind a server, its settings checked and its
// defaults filled in.
type Endpoint struct {
	Name    string
	Model   string
	BaseURL string // as configured, or the default: what the SDK is given
	URL     string // BaseURL without credentials or query, for sentences
	Key     string // to send, and to redact
	// origin is BaseURL's scheme, host and port: the only place a request
	// goes (HTTPClient).
	origin  string
	Timeout time.Duration
	Log     *slog.Logger
	Answer  string
}

// Check checks s in the order a person would fix it (the model, the
// timeout, the key, the URL) and returns the endpoint it describes. It
// makes no request.
func (s Settings) Check() (*Endpoint, error) {
	if strings.TrimSpace(s.Model) == "" {
		return nil, unusable(fmt.Errorf("%s: no model named; set one, such as %s", s.Name, s.ModelExample),
			"No model is named: enter one on Settings, such as "+s.ModelExample+".")
	}
	if s.Timeout < 0 {
		return nil, unusable(fmt.Errorf("%s: the timeout %s is negative; use zero for the default of %s", s.Name, s.Timeout, s.DefaultTimeout),
			fmt.Sprintf("The model's time limit %s is negative; use zero for the default of %s.", s.Timeout, s.DefaultTimeout))
	}
	base := s.BaseURL
	if base == "" {
		if s.APIKey == "" {
			return nil, unusable(errors.New(s.Name+": "+s.KeyNeeded), s.KeyNeeded+".")
		}
		base = s.DefaultBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, unusable(fmt.Errorf("%s: the base URL is not an http or https URL such as %s", s.Name, s.URLExample),
			"The model's address is not a web address such as "+s.URLExample+".")
	}
	e := &Endpoint{
		Name:    s.Name,
		Model:   s.Model,
		BaseURL: base,
		URL:     u.Scheme + "://" + u.Host + u.Path,
		Key:     s.APIKey,
		origin:  origin(u),
		Timeout: s.Timeout,
		Log:     s.Logger,
		Answer:  s.Answer,
	}
	if e.Timeout == 0 {
		e.Timeout = s.DefaultTimeout
	}
	if e.Log == nil {
		e.Log = slog.New(slog.DiscardHandler)
	}
	return e, nil
}

// unusable is settings that make no model: a fault.CodeInvalid whose
// sentence a person reads, with the detailed one (the adapter's name first)
// as its cause, for the log.
func unusable(detail error, sentence string) error {
	return fault.Wrap(fault.CodeInvalid, detail, sentence)
}

// Retries turns a Config's MaxRetries into what an SDK option wants: set is
// false for zero (keep the SDK's default), and a negative number means none.
func Retries(maxRetries int) (n int, set bool) {
	switch {
	case maxRetries < 0:
		return 0, true
	case maxRetries > 0:
		return maxRetries, true
	}
	return 0, false
}

// Redact removes the API key from text that may quote it. Keys shorter than
// eight characters are placeholders ("ollama", "none") that local servers
// ignore, and replacing them would garble ordinary words.
func (e *Endpoint) Redact(s string) string {
	if len(e.Key) < 8 {
		return s
	}
	return strings.ReplaceAll(s, e.Key, "[redacted]")
}
