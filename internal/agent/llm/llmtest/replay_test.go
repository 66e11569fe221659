package llmtest

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// recorder stands in for a test, to see what Replay reports: it keeps the
// failures and runs the cleanups when asked.
type recorder struct {
	testing.TB
	mu       sync.Mutex
	failures []string
	cleanups []func()
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }

func (r *recorder) end() string {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.failures, "\n")
}

func post(t *testing.T, url, auth, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", auth)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

func TestReplayAnswersAMatchingRequest(t *testing.T) {
	r := &recorder{TB: t}
	url := Replay(r, "echo.json")
	status, body := post(t, url+"/v1/echo", "Bearer k", `{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":false}`)
	if status != 201 || body != `{"said": "hello"}` {
		t.Errorf("answer %d %s, want the recorded one", status, body)
	}
	if failures := r.end(); failures != "" {
		t.Errorf("a matching request was reported:\n%s", failures)
	}
}

func TestReplayReportsWhatDiffers(t *testing.T) {
	r := &recorder{TB: t}
	url := Replay(r, "echo.json")
	post(t, url+"/v1/other", "Bearer wrong", `{"model":"m2","messages":[]}`)
	post(t, url+"/v1/echo", "Bearer k", `{}`)
	failures := r.end()
	for _, want := range []string{
		"path /v1/other, want /v1/echo",
		`header Authorization = "Bearer wrong", want "Bearer k"`,
		`request "model" differs`,
		`request "messages" differs`,
		"request 2, but the recording holds 1",
		"2 requests made, the recording holds 1",
	} {
		if !strings.Contains(failures, want) {
			t.Errorf("the failures do not say %q:\n%s", want, failures)
		}
	}
}

func TestReplayReportsAnUnusedExchange(t *testing.T) {
	r := &recorder{TB: t}
	Replay(r, "echo.json")
	if failures := r.end(); !strings.Contains(failures, "0 requests made, the recording holds 1") {
		t.Errorf("an unused exchange was not reported:\n%s", failures)
	}
}
