package main

import (
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// rawModelWords are bits of a failed call's detail that no person should
// read on a page: Go's network words, the SDK's, an adapter's name, a bare
// status line.
var rawModelWords = []string{"dial tcp", `Post "`, "connect:", "openai:", "anthropic:", "invalid character",
	"401 Unauthorized", "chat completion", "base URL", "[redacted]"}

// TestServeSaysAFailingModelInWords (38.2): her model at a URL that refuses,
// at one that answers garbage and at one that answers 401 is said on the
// live page (the banner and the Model card) and by the Settings page's
// Test button in a sentence a player understands; the detail is in the log.
func TestServeSaysAFailingModelInWords(t *testing.T) {
	refusing, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refusingURL := "http://" + refusing.Addr().String() + "/v1"
	refusing.Close()
	garbage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/html")
		_, _ = io.WriteString(w, "<html><body>Welcome to my router</body></html>")
	}))
	t.Cleanup(garbage.Close)
	locked := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"error":{"message":"Missing bearer authentication in header","type":"invalid_request_error"}}`)
	}))
	t.Cleanup(locked.Close)
	cases := []struct {
		name, provider, url, want, logged string
	}{
		{"refusing", "openai", refusingURL, "Her model's server at " + refusing.Addr().String() + " is not answering (connection refused)", "connection refused"},
		{"anthropic refusing", "anthropic", refusingURL, "Her model's server at " + refusing.Addr().String() + " is not answering (connection refused)", "connection refused"},
		{"garbage", "openai", garbage.URL + "/v1", "Her model's server at " + strings.TrimPrefix(garbage.URL, "http://") + " answered something that is not a model answer", "is not a chat completion"},
		{"anthropic garbage", "anthropic", garbage.URL, "Her model's server at " + strings.TrimPrefix(garbage.URL, "http://") + " answered something that is not a model answer", "is not a Messages API answer"},
		{"401", "openai", locked.URL + "/v1", "Her model's server at " + strings.TrimPrefix(locked.URL, "http://") + " wants an API key: enter one on Settings.", "401 Unauthorized"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, logs := startBeaweb(t, "--model-provider", c.provider, "--model-url", c.url, "--model", "m")
			page := pageUntil(t, a.Dashboard+"/", logs, "the failing model's banner", func(body string) bool {
				return strings.Contains(body, "model-failing")
			})
			checkModelWords(t, "the live page", page, c.want)
			jar := newJar(t)
			client := &http.Client{Jar: jar}
			t.Cleanup(client.CloseIdleConnections)
			checkModelWords(t, "the Test button", pressTestModel(t, client, a.Dashboard, url.Values{}), c.want)
			if !strings.Contains(logs.String(), c.logged) {
				t.Errorf("the log does not keep the detail %q:\n%s", c.logged, logs)
			}
		})
	}
}

// checkModelWords checks that page says want and none of the raw words.
func checkModelWords(t *testing.T, where, page, want string) {
	t.Helper()
	text := html.UnescapeString(page)
	if !strings.Contains(text, want) {
		t.Errorf("%s does not say %q:\n%s", where, want, excerpt(text, "model"))
	}
	for _, raw := range rawModelWords {
		if strings.Contains(text, raw) {
			t.Errorf("%s shows %q:\n%s", where, raw, excerpt(text, raw))
		}
	}
}

// excerpt is the part of text around the first of what, or its start.
func excerpt(text, what string) string {
	i := max(strings.Index(text, what)-600, 0)
	return text[i:min(i+1200, len(text))]
}
