package provider_test

// The hostile suite, the key's side: a model server (or whatever answers
// at its URL) that tries to send the key somewhere else, to read another
// server's answer through beaweb, or to drown her in an answer.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/anthropic"
	"beaweb/internal/agent/llm/openai"
	"beaweb/internal/logtest"
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

// answerServer answers every call, in the adapter's own shape, with text
// bytes of words, and tool calls: first, when args > 0, one whose
// arguments are args bytes long, then calls more. The answer is written as it goes, so a
// 50 MB answer costs the test nothing.
func answerServer(t testing.TB, adapter string, text, calls, args int) string {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		words := func() {
			chunk := []byte(strings.Repeat("dig ", 1024))
			for left := text; left > 0; left -= len(chunk) {
				_, _ = w.Write(chunk[:min(left, len(chunk))])
			}
		}
		var tools []string
		if args > 0 {
			tools = append(tools, `{"id":"big","name":"build_script","args":"{\"script\":\"`+strings.Repeat("x", args)+`\"}"}`)
		}
		for i := range calls {
			tools = append(tools, fmt.Sprintf(`{"id":"c%d","name":"scan","args":"{}"}`, i))
		}
		if adapter == "openai" {
			_, _ = io.WriteString(w, `{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"`)
			words()
			_, _ = io.WriteString(w, `","tool_calls":[`)
			for i, tc := range tools {
				var c struct{ ID, Name, Args string }
				_ = json.Unmarshal([]byte(tc), &c)
				if i > 0 {
					_, _ = io.WriteString(w, ",")
				}
				b, _ := json.Marshal(map[string]any{"id": c.ID, "type": "function", "function": map[string]string{"name": c.Name, "arguments": c.Args}})
				_, _ = w.Write(b)
			}
			_, _ = io.WriteString(w, `]}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
			return
		}
		_, _ = io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"`)
		words()
		_, _ = io.WriteString(w, `"}`)
		for _, tc := range tools {
			var c struct{ ID, Name, Args string }
			_ = json.Unmarshal([]byte(tc), &c)
			b, _ := json.Marshal(map[string]any{"type": "tool_use", "id": c.ID, "name": c.Name, "input": json.RawMessage(c.Args)})
			_, _ = io.WriteString(w, ",")
			_, _ = w.Write(b)
		}
		_, _ = io.WriteString(w, `],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`)
	}))
	t.Cleanup(s.Close)
	return s.URL + "/v1/"
}

func ask(m agent.Model) (agent.ModelResponse, error) {
	return m.Generate(context.Background(), agent.ModelRequest{Messages: []agent.Message{{Role: agent.RoleUser, Text: "hi"}}})
}

// TestAHugeAnswerIsNotTaken (F9): an answer of 50 MB is read no further
// than 1 MB: the call fails with a sentence (her model's banner on the
// dashboard) and allocates a few MB, not hundreds.
func TestAHugeAnswerIsNotTaken(t *testing.T) {
	for name, build := range adapters {
		m, err := build(answerServer(t, name, 50<<20, 0, 0), nil)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		resp, err := ask(m)
		runtime.ReadMemStats(&after)
		if err == nil || !errors.Is(err, agent.ErrModel) || !strings.Contains(err.Error(), "more than 1 MB") || resp.Text != "" {
			t.Errorf("%s, a 50 MB answer: %d bytes of text, %v", name, len(resp.Text), err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 20<<20 {
			t.Errorf("%s: a 50 MB answer allocated %d MB; want under 20", name, grew>>20)
		} else {
			t.Logf("%s: a 50 MB answer allocated %.1f MB", name, float64(grew)/(1<<20))
		}
	}
}

// TestALongAnswerIsCut (F9): within the 1 MB, words past 64 KB are cut,
// tool calls past 32 are dropped, so is one whose arguments run past
// 64 KB, and what was cut is said where the model reads it back and in a
// warning.
func TestALongAnswerIsCut(t *testing.T) {
	for name := range adapters {
		logs := &logtest.Buffer{}
		base := answerServer(t, name, 200<<10, 50, 100<<10)
		var m agent.Model
		var err error
		if name == "openai" {
			m, err = openai.New(openai.Config{BaseURL: base, Model: "m", Logger: logs.Logger(), MaxRetries: -1})
		} else {
			m, err = anthropic.New(anthropic.Config{BaseURL: base, Model: "m", Logger: logs.Logger(), MaxRetries: -1})
		}
		if err != nil {
			t.Fatal(err)
		}
		resp, err := ask(m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(resp.Text) > 65<<10 || !strings.Contains(resp.Text, "[The model's answer was too long for beaweb: its words were cut here, at 64 KB of 200 KB") ||
			!strings.Contains(resp.Text, "the call to build_script was dropped") || !strings.Contains(resp.Text, "18 tool calls after the first 32 were dropped") {
			t.Errorf("%s: %d bytes of text ending %q", name, len(resp.Text), resp.Text[max(0, len(resp.Text)-300):])
		}
		if len(resp.ToolCalls) != 32 {
			t.Errorf("%s: %d tool calls kept, want 32", name, len(resp.ToolCalls))
		}
		if !strings.Contains(logs.String(), "level=WARN") || !strings.Contains(logs.String(), "answer was cut") {
			t.Errorf("%s: no warning:\n%s", name, logs)
		}
	}
}
