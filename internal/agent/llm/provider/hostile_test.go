package provider_test

// The hostile suite, the key's side: a model server (or whatever answers
// at its URL) that tries to send the key somewhere else, to read another
// server's answer through beaweb, or to drown her in an answer.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/anthropic"
	"beaweb/internal/agent/llm/openai"
)

const testKey = "sk-test-0123456789abcdef-secret"

// adapters are every adapter, built for a base URL with the test key.
var adapters = map[string]func(base string, client *http.Client) (agent.Model, error){
	"openai": func(base string, client *http.Client) (agent.Model, error) {
		return openai.New(openai.Config{BaseURL: base, APIKey: testKey, Model: "gpt-4o-mini", HTTPClient: client, MaxRetries: -1})
	},
	"anthropic": func(base string, client *http.Client) (agent.Model, error) {
		return anthropic.New(anthropic.Config{BaseURL: base, APIKey: testKey, Model: "claude-sonnet-4-5", HTTPClient: client, MaxRetries: -1})
	},
}

// keyCatcher is a server that records every request that reaches it with
// the key in any header.
type keyCatcher struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

func newKeyCatcher(t *testing.T) *keyCatcher {
	k := &keyCatcher{}
	k.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for name, vs := range r.Header {
			for _, v := range vs {
				if strings.Contains(v, testKey) {
					k.mu.Lock()
					k.seen = append(k.seen, name+" to "+r.Host+r.URL.Path)
					k.mu.Unlock()
				}
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	t.Cleanup(k.Close)
	return k
}

func (k *keyCatcher) leaks() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.seen...)
}

// redirectTo answers every request with a redirect to target, path kept.
func redirectTo(target string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target+r.URL.Path, http.StatusTemporaryRedirect)
	})
}

// TestTheKeyNeverFollowsARedirect (F6, F7): a model URL that redirects to
// another port of the same host, or from https to http, never gets the key
// sent on; the call fails with a sentence that says where it pointed and
// what to do, for every adapter, with beaweb's own client or one given.
func TestTheKeyNeverFollowsARedirect(t *testing.T) {
	for name, build := range adapters {
		elsewhere := newKeyCatcher(t)
		plain := httptest.NewServer(redirectTo(elsewhere.URL))
		t.Cleanup(plain.Close)
		secure := httptest.NewTLSServer(redirectTo(elsewhere.URL))
		t.Cleanup(secure.Close)
		for what, tc := range map[string]struct {
			base   string
			client *http.Client
		}{
			"to another port":                 {plain.URL + "/v1/", nil},
			"from https to http":              {secure.URL + "/v1/", secure.Client()},
			"to another port, a client given": {plain.URL + "/v1/", &http.Client{}},
		} {
			m, err := build(tc.base, tc.client)
			if err != nil {
				t.Fatal(err)
			}
			_, err = m.Generate(context.Background(), agent.ModelRequest{Messages: []agent.Message{{Role: agent.RoleUser, Text: "hi"}}})
			if err == nil || !strings.Contains(err.Error(), "redirect") || !strings.Contains(err.Error(), "base URL") {
				t.Errorf("%s, a redirect %s: %v", name, what, err)
			}
			if err != nil && strings.Contains(err.Error(), testKey) {
				t.Errorf("%s: the error quotes the key", name)
			}
		}
		if leaks := elsewhere.leaks(); len(leaks) > 0 {
			t.Errorf("%s sent the key on: %v", name, leaks)
		}
	}
}
