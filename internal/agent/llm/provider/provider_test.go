package provider

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
)

func settings() Settings {
	return Settings{
		Name:           "test",
		Model:          "m1",
		ModelExample:   "m1 or m2",
		BaseURL:        "http://user:pass@127.0.0.1:8080/v1?x=1",
		DefaultBaseURL: "https://api.example.com/",
		KeyNeeded:      "the example API needs an API key; set one",
		URLExample:     "http://127.0.0.1:8080/v1",
		APIKey:         "key-0123456789",
		DefaultTimeout: time.Minute,
		Answer:         "an example answer",
	}
}

func TestCheckRefuses(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Settings)
		want   string
	}{
		{"no model", func(s *Settings) { s.Model = "  " }, "test: no model named; set one, such as m1 or m2"},
		{"negative timeout", func(s *Settings) { s.Timeout = -time.Second }, "test: the timeout -1s is negative; use zero for the default of 1m0s"},
		{"default URL without key", func(s *Settings) { s.BaseURL, s.APIKey = "", "" }, "test: the example API needs an API key; set one"},
		{"no scheme", func(s *Settings) { s.BaseURL = "127.0.0.1:8080/v1" }, "test: the base URL is not an http or https URL such as http://127.0.0.1:8080/v1"},
		{"no host", func(s *Settings) { s.BaseURL = "http:///v1" }, "not an http or https URL"},
		{"other scheme", func(s *Settings) { s.BaseURL = "ftp://127.0.0.1/" }, "not an http or https URL"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := settings()
			c.change(&s)
			e, err := s.Check()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Check() = %+v, %v; want an error saying %q", e, err, c.want)
			}
		})
	}
}

func TestCheckFillsDefaults(t *testing.T) {
	e, err := settings().Check()
	if err != nil {
		t.Fatal(err)
	}
	if e.URL != "http://127.0.0.1:8080/v1" {
		t.Errorf("URL %q, want it without credentials or query", e.URL)
	}
	if e.BaseURL != settings().BaseURL {
		t.Errorf("BaseURL %q, want it as configured", e.BaseURL)
	}
	if e.Timeout != time.Minute || e.Log == nil {
		t.Errorf("timeout %v, log %v; want the defaults", e.Timeout, e.Log)
	}
	s := settings()
	s.BaseURL = ""
	if e, err = s.Check(); err != nil || e.BaseURL != s.DefaultBaseURL {
		t.Errorf("Check() = %+v, %v; want the default base URL", e, err)
	}
}

func TestRetries(t *testing.T) {
	for _, c := range []struct {
		in, n int
		set   bool
	}{{0, 0, false}, {-1, 0, true}, {-7, 0, true}, {3, 3, true}} {
		if n, set := Retries(c.in); n != c.n || set != c.set {
			t.Errorf("Retries(%d) = %d, %v; want %d, %v", c.in, n, set, c.n, c.set)
		}
	}
}

func TestRedactLeavesShortKeys(t *testing.T) {
	e := &Endpoint{Key: "none"}
	if got := e.Redact("none of it"); got != "none of it" {
		t.Errorf("Redact = %q, want the text unchanged", got)
	}
	e.Key = "key-0123456789"
	if got := e.Redact("got key-0123456789 twice: key-0123456789"); got != "got [redacted] twice: [redacted]" {
		t.Errorf("Redact = %q", got)
	}
}

func TestMessage(t *testing.T) {
	cases := []struct{ body, want string }{
		{``, ""},
		{`{"error":{"message":"Rate limit reached"}}`, "Rate limit reached"},
		{`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, "Overloaded"},
		{`{"error":"model \"x\" not found"}`, `model "x" not found`},
		{`{"message":"bad  gateway\n now"}`, "bad gateway now"},
		{`{"detail":"Not authenticated"}`, "Not authenticated"},
		{`<html><body>502 Bad Gateway</body></html>`, ""}, // never quoted: see TestAnArbitraryAnswerIsNeverQuoted
		{`{"id":"x","secret":"internal"}`, ""},
	}
	for _, c := range cases {
		if got := Message([]byte(c.body)); got != c.want {
			t.Errorf("Message(%s) = %q, want %q", c.body, got, c.want)
		}
	}
	long := `{"message":"` + strings.Repeat("é", MaxMessage) + `"}` // two bytes each
	got := Message([]byte(long))
	if !strings.HasSuffix(got, "…") || len(got) > MaxMessage+len("…") || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("a long message is cut to %d bytes, %q", len(got), got)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cases := []struct {
		header map[string]string
		want   time.Duration
		ok     bool
	}{
		{nil, 0, false},
		{map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond, true},
		{map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond, true},
		{map[string]string{"Retry-After": now.Add(20 * time.Second).Format(http.TimeFormat)}, 20 * time.Second, true},
		{map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0, true},
		{map[string]string{"Retry-After": "soon"}, 0, false},
	}
	for _, c := range cases {
		h := http.Header{}
		for k, v := range c.header {
			h.Set(k, v)
		}
		if got, ok := retryAfter(h, now); got != c.want || ok != c.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", c.header, got, ok, c.want, c.ok)
		}
	}
}

func TestFailureWithoutAnswer(t *testing.T) {
	e, err := settings().Check()
	if err != nil {
		t.Fatal(err)
	}
	a := e.Watch()
	cause := errors.New("dial tcp: connection refused by key-0123456789")
	got := e.Failure(context.Background(), cause, a)
	if !errors.Is(got, agent.ErrModel) || !errors.Is(got, cause) {
		t.Errorf("%v does not wrap agent.ErrModel and its cause", got)
	}
	want := "test: m1 at http://127.0.0.1:8080/v1 could not be reached (dial tcp: connection refused by [redacted]); check that the server is running and that the base URL is right"
	if detail := errors.Unwrap(got); detail == nil || detail.Error() != want {
		t.Errorf("the detail for the log\n%q, want\n%q", detail, want)
	}
	if said, want := fault.Message(got), "Her model's server at 127.0.0.1:8080 cannot be reached: check that it is running and that its address on Settings is right."; said != want {
		t.Errorf("the sentence for a person\n%q, want\n%q", said, want)
	}
	if fault.CodeOf(got) != fault.CodeUnavailable {
		t.Errorf("code %q, want %q", fault.CodeOf(got), fault.CodeUnavailable)
	}
}

func TestStatusSentenceOverloaded(t *testing.T) {
	got := statusSentence(statusOverloaded, http.Header{"Retry-After": {"3"}}, []byte(`{"error":{"message":"Overloaded"}}`), " after 3 attempts", "m1", true)
	want := `is overloaded (529 Overloaded after 3 attempts) and said "Overloaded"; it asked to wait 3s before trying again; try again in a little while`
	if got != want {
		t.Errorf("statusSentence = %q, want %q", got, want)
	}
}

func TestErrorf(t *testing.T) {
	e, err := settings().Check()
	if err != nil {
		t.Fatal(err)
	}
	got := e.Errorf("answered without a choice: %q", "key-0123456789")
	if !errors.Is(got, agent.ErrModel) {
		t.Errorf("%v does not wrap agent.ErrModel", got)
	}
	if want := `test: m1 at http://127.0.0.1:8080/v1 answered without a choice: "[redacted]"`; errors.Unwrap(got).Error() != want {
		t.Errorf("the detail for the log %q, want %q", errors.Unwrap(got), want)
	}
	if said := fault.Message(got); strings.Contains(said, "redacted") || !strings.Contains(said, "not a model answer") {
		t.Errorf("the sentence for a person: %q", said)
	}
}
