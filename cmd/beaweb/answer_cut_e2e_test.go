package main

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestServeShowsAnAnswerCutTooLong (34.4): a model whose answer runs to
// 100 KB of words is cut at 64 KB, and the live page says so in words in
// its banner, until her next whole answer ends it.
func TestServeShowsAnAnswerCutTooLong(t *testing.T) {
	var long atomic.Bool
	long.Store(true)
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		words := "I am fine."
		if long.Load() {
			words = strings.Repeat("dig ", 25<<10)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Connection", "close") // no idle connection outlives beaweb
		_, _ = io.WriteString(w, `{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"`+
			words+`"}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
	}))
	t.Cleanup(model.Close)
	a, logs := startBeaweb(t, "--model-provider", "openai", "--model-url", model.URL+"/v1", "--model", "m")
	page := pageUntil(t, a.Dashboard+"/", logs, "the banner of an answer cut", func(body string) bool {
		return strings.Contains(body, "data-cut")
	})
	alerts := html.UnescapeString(excerpt(page, `class="alerts"`))
	for _, want := range []string{"Her model's last answer was too long and was cut",
		"it ran to 100 KB of words, and beaweb keeps the first 64 KB", `data-title="⚠ Answer cut`} {
		if !strings.Contains(alerts+page, want) {
			t.Errorf("the banner does not say %q:\n%s", want, alerts)
		}
	}
	if !strings.Contains(logs.String(), "answer was cut (model m") {
		t.Errorf("no warning in the log:\n%s", logs)
	}
	long.Store(false)
	pageUntil(t, a.Dashboard+"/", logs, "the banner gone after a whole answer", func(body string) bool {
		return !strings.Contains(body, "data-cut")
	})
}
