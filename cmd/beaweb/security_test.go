package main

// The hostile suite's part that needs the whole program: what serve wires
// (the made token, the token's check, TLS under the connection cap, the
// console's rate limit). docs/security.md says what each one proves; the
// dashboard's own attacks are in web/hostile_test.go.

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/llmtest"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/settings"
)

// signInWith signs in to the dashboard at base with tok and answers the
// status of the sign-in and of the live page after it.
func signInWith(t *testing.T, c *http.Client, base, tok string) (login, page int) {
	t.Helper()
	resp, err := c.Get(base + "/login")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	form := url.Values{"_csrf": {cookie(t, c.Jar, base, "bea_csrf")}, "token": {tok}, "next": {"/"}}
	resp, err = c.PostForm(base+"/login", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	login = resp.StatusCode
	resp, err = c.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return login, resp.StatusCode
}

func noFollow(jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// TestServeOffLoopbackPrintsItsMadeToken (F1): bound beyond loopback with
// no BEA_TOKEN, beaweb prints the token it made, the greeting points at it
// (not at an unset BEA_TOKEN), and that token signs in.
func TestServeOffLoopbackPrintsItsMadeToken(t *testing.T) {
	a, logs := startBeaweb(t, "--addr", "0.0.0.0:0")
	out := logs.String()
	_, rest, ok := strings.Cut(out, "set BEA_TOKEN to keep one): ")
	if !ok {
		t.Fatalf("no token was printed:\n%s", out)
	}
	tok, _, _ := strings.Cut(rest, "\n")
	if settings.TokenBits(tok) < 128 {
		t.Errorf("the printed token %q holds %d bits", tok, settings.TokenBits(tok))
	}
	first, _, _ := strings.Cut(out, "\n")
	if strings.Contains(first, "token in BEA_TOKEN") || !strings.Contains(first, "token printed on the next line") {
		t.Errorf("the greeting sends the owner to the wrong token:\n%s", first)
	}
	base := strings.Replace(a.Dashboard, "0.0.0.0", "127.0.0.1", 1)
	c := noFollow(newJar(t))
	if login, page := signInWith(t, c, base, tok); login != http.StatusSeeOther || page != http.StatusOK {
		t.Errorf("signing in with the printed token: %d, then the live page %d", login, page)
	}
}

// TestServeAsksForATokenOnLoopbackToo (F13): BEA_TOKEN on loopback makes
// the dashboard ask for it, and the greeting says so; without one the
// greeting says that every account on this computer can use it.
func TestServeAsksForATokenOnLoopbackToo(t *testing.T) {
	const tok = "q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0Ge"
	env := map[string]string{"BEA_TOKEN": tok}
	a, logs, stop := runBeaweb(t, env2(env))
	first, _, _ := strings.Cut(logs.String(), "\n")
	if !strings.Contains(first, "asks once for the token in BEA_TOKEN") {
		t.Errorf("the greeting with a token on loopback:\n%s", first)
	}
	c := noFollow(newJar(t))
	resp, err := c.Get(a.Dashboard + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/login") {
		t.Errorf("the live page on loopback with a token, not signed in: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if login, page := signInWith(t, c, a.Dashboard, tok); login != http.StatusSeeOther || page != http.StatusOK {
		t.Errorf("signing in on loopback: %d, then %d", login, page)
	}
	c.CloseIdleConnections()
	stop()

	_, logs = startBeaweb(t)
	first, _, _ = strings.Cut(logs.String(), "\n")
	if !strings.Contains(first, "Anyone with an account on this computer can use it too") {
		t.Errorf("the greeting without a token on loopback does not say who else can use it:\n%s", first)
	}
}

// env2 is the test hooks with getenv reading m.
func env2(m map[string]string) env {
	return env{getenv: func(k string) string { return m[k] }}
}

// TestServeRefusesAGuessableToken (F2): beaweb does not start with a token
// a guesser tries first (a repeat, a run, a common word, a command pasted
// without running it), and says how to make a good one without quoting it.
func TestServeRefusesAGuessableToken(t *testing.T) {
	for _, tok := range []string{
		"Password1Password1Password1",
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
		"$(openssl rand -base64 32)",
		"qwertyuiopasdfghjklzxcvbnm1234567890",
		"${BEA_TOKEN}",
	} {
		var out strings.Builder
		e := env2(map[string]string{"BEA_TOKEN": tok})
		e.stdout, e.stderr = &out, &out
		ctx, cancel := context.WithCancel(t.Context())
		e.ready = func(addrs) { cancel() } // a beaweb that starts anyway stops at once, and fails the test
		code := run(ctx, []string{"--addr", "0.0.0.0:0", "--db", filepath.Join(t.TempDir(), "bea.db"), "--practice"}, e)
		cancel()
		if code == 0 || !strings.Contains(out.String(), "openssl rand -base64 32") {
			t.Errorf("BEA_TOKEN=%s: exit %d, said:\n%s", tok, code, out.String())
		}
		if !strings.Contains(tok, "openssl") && strings.Contains(out.String(), tok) {
			t.Errorf("BEA_TOKEN=%s: the refusal quotes the token", tok)
		}
	}
}

// TestServeOverTLSMarksCookiesSecure (F4): with --tls-cert and --tls-key
// the dashboard speaks HTTPS under its connection cap, and its CSRF and
// session cookies are Secure.
func TestServeOverTLSMarksCookiesSecure(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeCert(t, certFile, keyFile)
	const tok = "q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0Ge"
	a, _ := startBeawebEnv(t, env2(map[string]string{"BEA_TOKEN": tok}), "--tls-cert", certFile, "--tls-key", keyFile)
	if !strings.HasPrefix(a.Dashboard, "https://") {
		t.Fatalf("the dashboard is at %s", a.Dashboard)
	}
	c := noFollow(newJar(t))
	c.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	t.Cleanup(c.CloseIdleConnections)
	secure := map[string]bool{}
	resp, err := c.Get(a.Dashboard + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, ck := range resp.Cookies() {
		secure[ck.Name] = ck.Secure
	}
	form := url.Values{"_csrf": {cookie(t, c.Jar, a.Dashboard, "bea_csrf")}, "token": {tok}, "next": {"/"}}
	resp, err = c.PostForm(a.Dashboard+"/login", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, ck := range resp.Cookies() {
		secure[ck.Name] = ck.Secure
	}
	if resp.StatusCode != http.StatusSeeOther || !secure["bea_csrf"] || !secure["bea_session"] {
		t.Errorf("over TLS: sign-in %d, cookies Secure %v", resp.StatusCode, secure)
	}
}

// victim is a server beaweb can reach that is no model: a service on this
// computer with a page nobody should read through the dashboard.
type victim struct {
	*httptest.Server
	hits atomic.Int32
}

const victimSecret = "ROUTER-ADMIN-PASSWORD-hunter2"

func newVictim(t *testing.T, status int) *victim {
	v := &victim{}
	v.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v.hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, "<html><body>"+victimSecret+"</body></html>")
	}))
	t.Cleanup(v.Close)
	return v
}

// pressTestModel presses the Settings page's "Test the model" with the
// form's fields set to typed, as htmx sends it, and answers the sentence.
func pressTestModel(t *testing.T, c *http.Client, base string, typed url.Values) string {
	t.Helper()
	resp, err := c.Get(base + "/settings")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	typed.Set("_csrf", cookie(t, c.Jar, base, "bea_csrf"))
	req, err := http.NewRequest(http.MethodPost, base+"/settings/test-model", strings.NewReader(typed.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.Status + ": " + string(b)
}

// TestServeTestButtonIsNoWayIn (F8): the model's Test button does not call
// a URL just typed (it could name any machine beaweb reaches), and what
// answers at the URL in force is never quoted back unless it speaks as a
// model API does; a redirect there is not followed.
func TestServeTestButtonIsNoWayIn(t *testing.T) {
	typedVictim, inForce, redirectedTo := newVictim(t, http.StatusOK), newVictim(t, http.StatusInternalServerError), newVictim(t, http.StatusOK)
	redirector := httptest.NewServer(http.RedirectHandler(redirectedTo.URL+"/v1/chat/completions", http.StatusFound))
	t.Cleanup(redirector.Close)
	a, _ := startBeaweb(t)
	c := noFollow(newJar(t))
	t.Cleanup(c.CloseIdleConnections)
	save := func(modelURL string) {
		t.Helper()
		resp, err := c.Get(a.Dashboard + "/settings")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		form := url.Values{"_csrf": {cookie(t, c.Jar, a.Dashboard, "bea_csrf")}, "enabled": {"on"},
			"model_provider": {"openai"}, "model_url": {modelURL}, "model": {"m"}, "api_key": {"sk-test-0123456789abcdef"}}
		resp, err = c.PostForm(a.Dashboard+"/settings", form)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("saving the model URL %s: %d", modelURL, resp.StatusCode)
		}
	}
	save(inForce.URL + "/v1")
	said := pressTestModel(t, c, a.Dashboard, url.Values{"model_provider": {"openai"}, "model_url": {typedVictim.URL + "/v1"}, "model": {"m"},
		"api_key": {"sk-typed-with-it-0123456789"}})
	if typedVictim.hits.Load() != 0 || strings.Contains(said, victimSecret) || !strings.Contains(said, "save the new URL first") {
		t.Errorf("a typed URL: called %d times, said:\n%s", typedVictim.hits.Load(), said)
	}
	said = pressTestModel(t, c, a.Dashboard, url.Values{})
	if inForce.hits.Load() == 0 || strings.Contains(said, victimSecret) || !strings.Contains(said, "failed on its side") {
		t.Errorf("the URL in force answering a page: called %d times, said:\n%s", inForce.hits.Load(), said)
	}
	save(redirector.URL + "/v1")
	said = pressTestModel(t, c, a.Dashboard, url.Values{})
	if redirectedTo.hits.Load() != 0 || strings.Contains(said, victimSecret) || !strings.Contains(said, "sent her somewhere else") {
		t.Errorf("a redirect from the URL in force: followed %d times, said:\n%s", redirectedTo.hits.Load(), said)
	}
}

// hugeModel is an OpenAI-compatible server whose every answer is size
// bytes of words, written as it goes.
func hugeModel(t *testing.T, size int) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"`)
		chunk := []byte(strings.Repeat("dig ", 1024))
		for left := size; left > 0; left -= len(chunk) {
			if _, err := w.Write(chunk[:min(left, len(chunk))]); err != nil {
				return
			}
		}
		_, _ = io.WriteString(w, `"}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
	}))
	t.Cleanup(s.Close)
	return s
}

// TestServeTakesNoHugeAnswer (F9): a model that answers 4 MB at every call
// is read no further than 1 MB: her model's banner says so, the live page
// and the database stay small.
func TestServeTakesNoHugeAnswer(t *testing.T) {
	model := hugeModel(t, 4<<20)
	a, logs := startBeaweb(t, "--model-provider", "openai", "--model-url", model.URL+"/v1", "--model", "m")
	page := pageUntil(t, a.Dashboard+"/", logs, "the failing model's banner", func(body string) bool {
		return strings.Contains(body, "more than 1 MB")
	})
	if len(page) > 512<<10 {
		t.Errorf("the live page is %d KB", len(page)>>10)
	}
	var size int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(a.DB + suffix); err == nil {
			size += fi.Size()
		}
	}
	if size > 4<<20 {
		t.Errorf("the database is %d KB after the huge answers", size>>10)
	}
}

// requestBytes is how much of req is text the model reads.
func requestBytes(req agent.ModelRequest) int {
	n := len(req.System) + len(req.Now)
	for _, m := range req.Messages {
		n += len(m.Text)
		for _, c := range m.ToolCalls {
			n += len(c.Args)
		}
	}
	return n
}

// TestServeCutsALongChatLine (F10): a 900 KB chat line from the game is
// cut at the senses to Minecraft's own 256 characters, with a mark, so
// every later model call and the live page stay small; a long name is
// bounded too.
func TestServeCutsALongChatLine(t *testing.T) {
	mod := gametest.New(t)
	model := &llmtest.Scripted{}
	a, logs := startBeawebEnv(t, env{model: model}, "--mod-url", mod.URL(), "--idle-nudge-seconds", "0", "--commentary-seconds", "0")
	conn := mod.MustAccept()
	must(t, conn.SendHello(nil))
	go func() {
		_ = conn.Respond(t.Context(), func(protocol.Request) protocol.Answer { return protocol.Answer{Result: protocol.Success} })
	}()
	near := 2.0
	long := "Bea, " + strings.Repeat("listen to me ", 900<<10/13)
	must(t, conn.Send(protocol.Chat{UUID: "u-1", Name: strings.Repeat("Steve", 40), Message: long, Distance: &near}))
	deadline := time.Now().Add(30 * time.Second)
	for {
		reqs := model.Requests()
		heard := false
		for _, r := range reqs {
			if b := requestBytes(r); b > 64<<10 {
				t.Fatalf("a model call of %d KB after the long line", b>>10)
			}
			for _, m := range r.Messages {
				heard = heard || strings.Contains(m.Text, "listen to me")
			}
		}
		if heard {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the line did not reach her within 30 s:\n%s", logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	page := httpGet(t, a.Dashboard+"/")
	if len(page) > 256<<10 || !strings.Contains(page, "listen to me") {
		t.Errorf("the live page is %d KB", len(page)>>10)
	}
	for _, r := range model.Requests() {
		for _, m := range r.Messages {
			if strings.Contains(m.Text, "listen to me") && (!strings.Contains(m.Text, "more characters cut") || strings.Contains(m.Text, strings.Repeat("Steve", 10))) {
				t.Errorf("the line as she reads it is not cut with a mark, or the name is whole: %.400s", m.Text)
			}
		}
	}
}

// TestServeRateLimitsWarnings (F12): two hundred wrong tokens from two
// hundred addresses (through a trusted proxy) make five warning lines, a
// note that more are counted, and at the end one line that says how many
// more there were, not two hundred lines.
func TestServeRateLimitsWarnings(t *testing.T) {
	const tok = "q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0Ge"
	a, logs, stop := runBeaweb(t, env2(map[string]string{"BEA_TOKEN": tok}), "--trusted-proxy", "127.0.0.1")
	c := noFollow(newJar(t))
	resp, err := c.Get(a.Dashboard + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csrf := cookie(t, c.Jar, a.Dashboard, "bea_csrf")
	for i := range 200 {
		form := url.Values{"_csrf": {csrf}, "token": {"wrong"}, "next": {"/"}}
		req, err := http.NewRequest(http.MethodPost, a.Dashboard+"/login", strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i))
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d", i, resp.StatusCode)
		}
	}
	c.CloseIdleConnections()
	stop()
	out := logs.String()
	if n := strings.Count(out, "Warning: A wrong token"); n > 7 {
		t.Errorf("%d warning lines for 200 wrong tokens:\n%.2000s", n, out)
	}
	if !strings.Contains(out, "195 more like this") {
		t.Errorf("no line says how many more wrong tokens there were:\n%.3000s", out)
	}
}

// TestWarningsAreCountedByTheMinute (F12): five of a kind a minute are
// written, the rest counted; the count comes with the first line logged
// after the minute, and other kinds and info lines are not held back.
func TestWarningsAreCountedByTheMinute(t *testing.T) {
	var out strings.Builder
	h := newLogger(&out, slog.LevelInfo).With("part", "web").Handler()
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	log := func(d time.Duration, level slog.Level, msg string) {
		if err := h.Handle(context.Background(), slog.NewRecord(at.Add(d), level, msg, 0)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 40 {
		log(time.Duration(i)*time.Second, slog.LevelWarn, "web: a wrong token")
	}
	log(41*time.Second, slog.LevelError, "web: request failed")
	log(59*time.Second, slog.LevelWarn, "web: a wrong token")
	if n := strings.Count(out.String(), "Warning: A wrong token"); n != 5 || !strings.Contains(out.String(), "Error: Request failed") {
		t.Fatalf("in the first minute:\n%s", out.String())
	}
	log(61*time.Second, slog.LevelWarn, "web: a wrong token")
	if !strings.Contains(out.String(), "Warning: A wrong token: 36 more like this were not shown.\n03:05:06 Warning: A wrong token.\n") {
		t.Errorf("after the minute:\n%s", out.String())
	}
}

// TestServeKeepsTheKeyAtItsPlace (F6, F7): with the key saved for a model
// URL that redirects to another port, the Test button sends nothing there,
// for Anthropic's x-api-key too; and a save that moves the URL from https
// to http on the same host and port asks for the key again.
func TestServeKeepsTheKeyAtItsPlace(t *testing.T) {
	elsewhere := newVictim(t, http.StatusOK)
	redirector := httptest.NewServer(http.RedirectHandler(elsewhere.URL+"/v1/messages", http.StatusTemporaryRedirect))
	t.Cleanup(redirector.Close)
	a, _ := startBeaweb(t)
	c := noFollow(newJar(t))
	t.Cleanup(c.CloseIdleConnections)
	save := func(form url.Values) (int, string) {
		t.Helper()
		resp, err := c.Get(a.Dashboard + "/settings")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		form.Set("_csrf", cookie(t, c.Jar, a.Dashboard, "bea_csrf"))
		form.Set("enabled", "on")
		resp, err = c.PostForm(a.Dashboard+"/settings", form)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, _ := save(url.Values{"model_provider": {"anthropic"}, "model_url": {redirector.URL + "/v1"}, "model": {"m"},
		"api_key": {"sk-ant-test-0123456789abcdef"}}); code != http.StatusSeeOther {
		t.Fatalf("saving: %d", code)
	}
	said := pressTestModel(t, c, a.Dashboard, url.Values{})
	if elsewhere.hits.Load() != 0 || !strings.Contains(said, "sent her somewhere else") {
		t.Errorf("a redirect to another port: followed %d times, said:\n%s", elsewhere.hits.Load(), said)
	}

	port := strings.TrimPrefix(redirector.URL, "http://127.0.0.1:")
	if code, _ := save(url.Values{"model_provider": {"openai"}, "model_url": {"https://127.0.0.1:" + port + "/v1"},
		"api_key": {"sk-test-0123456789abcdef"}}); code != http.StatusSeeOther {
		t.Fatalf("saving over https: %d", code)
	}
	code, page := save(url.Values{"model_provider": {"openai"}, "model_url": {"http://127.0.0.1:" + port + "/v1"}})
	if code == http.StatusSeeOther || !strings.Contains(page, "type its key again") {
		t.Errorf("moving the key from https to http on the same host and port: %d", code)
	}
}
