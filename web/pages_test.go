package web_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game/protocol"
	"beaweb/internal/logtest"
	"beaweb/internal/settings"
	"beaweb/templates/partials"
	"beaweb/web"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func get(t testing.TB, c *http.Client, u string) (int, string) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func post(t testing.TB, c *http.Client, u string, form url.Values, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

func TestLivePageShowsTheSnapshot(t *testing.T) {
	f := serve(t)
	f.History.add(agent.ActionRecord{ID: "r6-a", Action: "move_to", Params: `{"x":3}`, Started: clock, Finished: clock, Result: "SUCCESS", Message: "arrived"})
	code, body := get(t, browser(t), f.URL+"/")
	if code != http.StatusOK {
		t.Fatalf("GET / = %d", code)
	}
	for _, want := range []string{
		`hx-ext="sse"`, `sse-connect="/live/events"`, `sse-swap="hands"`, `sse-swap="actions"`,
		"find_block(block=log, count=4)", `data-elapsed="12"`, "12 s</span> so far", "chopped 1 of 4 logs",
		"move_to(x=3, y=64, z=-2)", "SUCCESS", "17.5/20", "18/20", "(3, 64, -2)",
		"connected", "1.4.0", "1.21.4", "practice", "offline autopilot",
		"Ask her what she is doing", "/static/vendor/htmx-2.0.11.min.", // then its fingerprint
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the live page lacks %q", want)
		}
	}
}

func TestReconnectingIsShown(t *testing.T) {
	f := serve(t)
	lost := time.Date(2026, 12, 2, 21, 48, 3, 0, time.UTC)
	f.Live.Update(agent.TopicConn, func(s *agent.Snapshot) {
		s.Conn.Connected = false
		s.Conn.Since = lost
		s.Conn.Attempts = 3
		s.Conn.LastError = "connection refused"
	})
	_, body := get(t, browser(t), f.URL+"/")
	if !strings.Contains(body, "reconnecting") || !strings.Contains(body, "attempt 3") || !strings.Contains(body, "connection refused") {
		t.Fatal("the live page does not show the reconnection")
	}
	if want := `since <time datetime="2026-12-02T21:48:03Z" title="2026-12-02 21:48:03" data-ago="`; !strings.Contains(body, want) {
		t.Errorf("the live page does not say since when it reconnects: no %s", want)
	}
}

// TestConnectedSinceIsShown: the link's status says since when it is up,
// in the page and in the partial that the live stream's game event carries;
// a status with no time says nothing of when.
func TestConnectedSinceIsShown(t *testing.T) {
	f := serve(t)
	want := `since <time datetime="2026-12-02T12:00:00Z" title="2026-12-02 12:00:00" data-ago="12">12 s ago</time>`
	_, body := get(t, browser(t), f.URL+"/")
	if !strings.Contains(body, "connected</strong>") || !strings.Contains(body, want) {
		t.Errorf("the live page does not say since when she is connected: no %s", want)
	}
	var b strings.Builder
	if err := partials.Conn(agent.Snapshot{Conn: protocol.ConnStatus{Connected: true, Since: clock.Add(-12 * time.Second)}}, clock).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), want) {
		t.Errorf("the connection's partial lacks %s:\n%s", want, b.String())
	}
	b.Reset()
	if err := partials.Conn(agent.Snapshot{}, clock).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "since") {
		t.Errorf("a status with no time says since when:\n%s", b.String())
	}
}

// TestLongParamsAndProgressCountsStayReadable: a build's parameters run to
// thousands of characters; a row shows the start and keeps the whole in its
// title. The progress beside the bar says the count once, in words, and
// keeps the game's sentence (which repeats it) in a hover title.
func TestLongParamsAndProgressCountsStayReadable(t *testing.T) {
	params := `{"layers":[` + strings.Repeat(`["AAAAA","ADDDA"],`, 100) + `[]]}`
	var b strings.Builder
	rows := []agent.ActionRecord{{ID: "r1-abcdef", Action: "build", Params: params, Started: clock}}
	if err := partials.ActionTable(rows, false, time.Now(), nil).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	shown := html[strings.Index(html, `">{&#34;layers`)+2:]
	shown = shown[:strings.Index(shown, "</code>")]
	if !strings.HasSuffix(shown, "…") || len([]rune(shown)) > 400 {
		t.Errorf("the row shows %d characters of the parameters: %s", len([]rune(shown)), shown)
	}
	if !strings.Contains(html, `title="{&#34;layers&#34;:[[&#34;AAAAA&#34;`) || !strings.Contains(html, `[]]}"`) {
		t.Errorf("the row's title does not hold the whole parameters")
	}

	b.Reset()
	snap := agent.Snapshot{Enabled: true, Doing: &agent.Doing{ID: "r2-abcdef", Action: "build", Call: "build(...)", Started: clock,
		Progress: &agent.Progress{Done: 40, Total: 101, Message: "40/101 cells done"}}}
	if err := partials.Hands(snap, clock).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `title="40/101 cells done"`) || strings.Count(b.String(), "40/101") != 1 ||
		!strings.Contains(b.String(), `<progress max="101" value="40" aria-label="progress"></progress> <span>40 of 101 cells</span>`) {
		t.Errorf("the progress does not say 40 of 101 cells once beside its bar:\n%s", b.String())
	}
}

func TestStaticFilesAreServedFromTheBinary(t *testing.T) {
	f := serve(t)
	c := browser(t)
	for _, p := range []string{"/static/vendor/htmx-2.0.11.min.js", "/static/vendor/htmx-ext-sse-2.2.4.min.js", "/static/app.css", "/static/app.js", "/static/vendor/htmx.LICENSE"} {
		if code, body := get(t, c, f.URL+p); code != http.StatusOK || len(body) == 0 {
			t.Errorf("GET %s = %d, %d bytes", p, code, len(body))
		}
	}
}

// hostile are lines a player could type to run script in the dashboard.
var hostile = []string{`<script>window.pwned=1</script>`, `<img src=x onerror="window.pwned=1">`}

func TestPlayerTextIsEscapedInPageAndStream(t *testing.T) {
	f := serve(t)
	f.Live.Update(agent.TopicChat, func(s *agent.Snapshot) {
		s.Chat = []agent.ChatLine{{At: clock, Name: `<b>Mallory</b>`, Message: hostile[0]}, {At: clock, Name: "Eve", Message: hostile[1]}}
		s.Voice = []agent.Line{{At: clock, Text: hostile[1]}}
	})
	c := browser(t)
	_, page := get(t, c, f.URL+"/")
	s := openStream(t, t.Context(), c, f.URL)
	defer s.Close()
	snap := s.snapshot(t)
	for where, text := range map[string]string{"page": page, "chat event": snap["chat"], "voice event": snap["voice"]} {
		for _, bad := range []string{"<script>window", "<img src=x", "<b>Mallory"} {
			if strings.Contains(text, bad) {
				t.Errorf("the %s holds %q unescaped", where, bad)
			}
		}
	}
	if !strings.Contains(page, "&lt;script&gt;window.pwned=1&lt;/script&gt;") {
		t.Error("the page does not show the chat line as text")
	}
}

func TestSecurityHeaders(t *testing.T) {
	f := serve(t)
	resp, err := browser(t).Get(f.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Fatalf("Content-Security-Policy %q", csp)
	}
}

func TestAskNeedsCSRFAndAsks(t *testing.T) {
	f := serve(t)
	c := browser(t)
	get(t, c, f.URL+"/")

	resp, _ := post(t, c, f.URL+"/minecraft/ask", nil, nil)
	if resp.StatusCode != http.StatusForbidden || f.Asker.count() != 0 {
		t.Fatalf("ask without a token: %d, asked %d times", resp.StatusCode, f.Asker.count())
	}
	resp, _ = post(t, c, f.URL+"/minecraft/ask", nil, map[string]string{"X-CSRF-Token": strings.Repeat("0", 64)})
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("ask with a wrong token: %d", resp.StatusCode)
	}
	tok := csrfToken(t, c, f.URL)
	resp, _ = post(t, c, f.URL+"/minecraft/ask", nil, map[string]string{"X-CSRF-Token": tok, "Sec-Fetch-Site": "cross-site"})
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("ask from another site: %d", resp.StatusCode)
	}
	resp, body := post(t, c, f.URL+"/minecraft/ask", nil, map[string]string{"X-CSRF-Token": tok, "HX-Request": "true"})
	if resp.StatusCode != http.StatusOK || f.Asker.count() != 1 || !strings.Contains(body, "Asked") {
		t.Fatalf("ask with the token: %d %q, asked %d times", resp.StatusCode, body, f.Asker.count())
	}
	// A plain form (no htmx) goes back to the live page.
	resp, _ = post(t, c, f.URL+"/minecraft/ask", url.Values{"_csrf": {tok}}, nil)
	if resp.StatusCode != http.StatusSeeOther || f.Asker.count() != 2 {
		t.Fatalf("plain ask: %d, asked %d times", resp.StatusCode, f.Asker.count())
	}
}

func TestAskErrorsMapToStatuses(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
		text string
	}{
		{fmtErr("agent: %w", fault.New(fault.CodeUnavailable, "She is off.")), http.StatusServiceUnavailable, "She is off"},
		{fault.Invalidf("a place needs a name"), http.StatusUnprocessableEntity, "A place needs a name."},
		{fault.New(fault.CodeConflict, "That name is taken."), http.StatusConflict, "That name is taken."},
		{fault.New(fault.CodeRefused, "Build scripts are off."), http.StatusForbidden, "Build scripts are off."},
		{fault.New(fault.CodeNotFound, "No such turn."), http.StatusNotFound, "No such turn."},
		{fmt.Errorf("store: turn 3: %w", errGone), http.StatusNotFound, "There is nothing here: it may have been deleted."},
		{context.DeadlineExceeded, http.StatusServiceUnavailable, "took too long"},
		{errBoom, http.StatusInternalServerError, "log says what"},
	} {
		f := serve(t)
		f.Asker.err = tc.err
		c := browser(t)
		get(t, c, f.URL+"/")
		resp, body := post(t, c, f.URL+"/minecraft/ask", nil, map[string]string{"X-CSRF-Token": csrfToken(t, c, f.URL), "HX-Request": "true"})
		if resp.StatusCode != tc.code || !strings.Contains(body, tc.text) {
			t.Errorf("%v: %d %q, want %d with %q", tc.err, resp.StatusCode, body, tc.code, tc.text)
		}
		if strings.Contains(body, "boom") {
			t.Errorf("an internal error's text reached the page: %q", body)
		}
		for _, pkg := range []string{"store:", "agent:", "web:", "fault:"} {
			if strings.Contains(body, pkg) {
				t.Errorf("%v: a package name reached the page: %q", tc.err, body)
			}
		}
	}
}

func fmtErr(format string, err error) error {
	return &wrapped{msg: strings.Replace(format, "%w", err.Error(), 1), err: err}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

func TestForeignHostIsRefusedOnLoopback(t *testing.T) {
	f := serve(t)
	req, err := http.NewRequest(http.MethodGet, f.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "rebind.example:8765"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("Host rebind.example: %d", resp.StatusCode)
	}
	req.Host = strings.Replace(strings.TrimPrefix(f.URL, "http://"), "127.0.0.1", "localhost", 1)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("Host localhost: %d", resp.StatusCode)
	}
}

// publicListener is a loopback listener that says it listens on a public
// address, as a bind to 0.0.0.0 would.
type publicListener struct{ net.Listener }

func (publicListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(192, 0, 2, 10), Port: 8765} }

func TestBeyondLoopbackWithoutTokenRefusesToStart(t *testing.T) {
	f := newFakeLive()
	srv, err := web.New(web.Config{}, web.Deps{Live: f, Changes: f.hub})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	err = srv.Serve(t.Context(), publicListener{ln})
	if !errors.Is(err, web.ErrTokenRequired) {
		t.Fatalf("Serve beyond loopback without a token: %v, want ErrTokenRequired", err)
	}
}

func TestTokenLoginAndCookie(t *testing.T) {
	const token = hostileToken
	f := serveWithToken(t, web.Config{})

	c := browser(t)
	resp, err := c.Get(f.URL + "/history?action=x")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/login?next=%2Fhistory%3Faction%3Dx" {
		t.Fatalf("GET without a session: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	sreq, _ := http.NewRequest(http.MethodGet, f.URL+"/live/events", nil)
	sreq.Header.Set("Accept", "text/event-stream") // as EventSource sends
	resp, err = c.Do(sreq)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the stream without a session: %d", resp.StatusCode)
	}
	code, body := get(t, c, f.URL+"/login?next=/history")
	if code != http.StatusOK || !strings.Contains(body, `name="token"`) {
		t.Fatalf("login form: %d", code)
	}
	tok := csrfToken(t, c, f.URL)
	resp, body = post(t, c, f.URL+"/login", url.Values{"_csrf": {tok}, "token": {"wrong"}, "next": {"/history"}}, nil)
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "not the one") {
		t.Fatalf("a wrong token: %d", resp.StatusCode)
	}
	resp, _ = post(t, c, f.URL+"/login", url.Values{"token": {token}, "next": {"/history"}}, nil)
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a login without the CSRF token: %d", resp.StatusCode)
	}
	resp, _ = post(t, c, f.URL+"/login", url.Values{"_csrf": {tok}, "token": {token}, "next": {"//evil.example/"}}, nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
		t.Fatalf("login: %d to %q (an off-site next must become /)", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, ck := range c.Jar.Cookies(mustURL(t, f.URL)) {
		if strings.Contains(ck.Value, token) {
			t.Fatal("a cookie holds the token itself")
		}
	}
	if code, _ := get(t, c, f.URL+"/"); code != http.StatusOK {
		t.Fatalf("GET / with a session: %d", code)
	}
	// The Host check is off with a token: the dashboard is meant to be
	// reached by other names.
	req, _ := http.NewRequest(http.MethodGet, f.URL+"/", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Host = "bea.lan"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET / with a bearer token: %d", resp.StatusCode)
	}
}

func mustURL(t testing.TB, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestSettingsSaveKeyNeverShown(t *testing.T) {
	const key = "sk-test-9f8e7d6c5b4a3210-SECRET"
	var logs logtest.Buffer
	f := serve(t, func(_ *web.Config, d *web.Deps) {
		d.Logger = logs.Logger()
	})
	c := browser(t)
	code, body := get(t, c, f.URL+"/settings")
	if code != http.StatusOK || !strings.Contains(body, "none set") {
		t.Fatalf("settings: %d", code)
	}
	tok := csrfToken(t, c, f.URL)
	form := url.Values{
		"_csrf": {tok}, "model_provider": {"openai"}, "model_url": {"https://api.example.com/v1"}, "model": {"gpt-x"},
		"api_key": {key}, "mod_url": {"ws://127.0.0.1:9090"}, "name": {"Bea_2"}, "idle_nudge_seconds": {"45"},
		"commentary_seconds": {"0"}, "build_scripts": {"on"}, "enabled": {"on"}, "price_input": {"2.5"},
	}
	resp, saved := post(t, c, f.URL+"/settings", form, nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d %s", resp.StatusCode, saved)
	}
	st, _ := f.Settings.Settings(t.Context())
	v := st.Values
	if f.Settings.key() != key || v.Provider() != "openai" || v.Text(settings.ModURL) != "ws://127.0.0.1:9090" || v.Text(settings.IdleNudge) != "45" ||
		v.Text(settings.Commentary) != "0" || !v.Bool(settings.BuildScripts) || !st.Enabled || v.Text(settings.Name) != "Bea_2" || v.Text(settings.PriceInput) != "2.5" {
		t.Fatalf("saved %+v", st)
	}
	_, page := get(t, c, f.URL+"/settings?saved=1")
	if !strings.Contains(page, "a key is saved") || !strings.Contains(page, "Saved.") {
		t.Fatal("the page does not say a key is saved")
	}

	// A form with a mistake comes back with it, and still without the key.
	form.Set("mod_url", "http://nope")
	resp, bad := post(t, c, f.URL+"/settings", form, nil)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(bad, "must start with ws://") {
		t.Fatalf("a bad mod URL: %d", resp.StatusCode)
	}
	// An empty key keeps the saved one; the skill can be turned off.
	form.Set("mod_url", "ws://127.0.0.1:9090")
	form.Set("api_key", "")
	form.Del("enabled")
	post(t, c, f.URL+"/settings", form, nil)
	if st, _ := f.Settings.Settings(t.Context()); f.Settings.key() != key || st.Enabled {
		t.Fatalf("after a save without a key: key %q enabled %v", f.Settings.key(), st.Enabled)
	}

	_, live := get(t, c, f.URL+"/")
	s := openStream(t, t.Context(), c, f.URL)
	snap := s.snapshot(t)
	s.Close()
	f.stop() // every log line is written once Serve has returned
	everything := page + bad + live + logs.String()
	for _, v := range snap {
		everything += v
	}
	if strings.Contains(everything, key) || strings.Contains(everything, key[len(key)-8:]) {
		t.Fatal("the API key (or its end) appeared in a page, an event or a log line")
	}
}

func TestSettingsRefusesBadInput(t *testing.T) {
	f := serve(t)
	c := browser(t)
	get(t, c, f.URL+"/settings")
	tok := csrfToken(t, c, f.URL)
	base := url.Values{"_csrf": {tok}, "model_provider": {"rules"}, "mod_url": {"ws://127.0.0.1:8080"}, "name": {"Bea"}, "idle_nudge_seconds": {"30"}, "commentary_seconds": {"20"}}
	for field, v := range map[string]string{
		"model_provider": "skynet", "name": "<b>", "idle_nudge_seconds": "-1", "commentary_seconds": "soon", "model_url": "ftp://x", "mod_url": "",
		"price_output": "-2", "name ": "Dr Bea",
	} {
		form := url.Values{}
		for k, vs := range base {
			form[k] = vs
		}
		form.Set(strings.TrimSpace(field), v)
		resp, body := post(t, c, f.URL+"/settings", form, nil)
		if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, `role="alert"`) {
			t.Errorf("%s=%q: %d", field, v, resp.StatusCode)
		}
		if strings.Contains(body, "web:") || strings.Contains(body, "settings:") || strings.Contains(body, "invalid input") {
			t.Errorf("%s=%q: a package name reached the page: %s", field, v, body)
		}
	}
	if st, _ := f.Settings.Settings(t.Context()); st.Values.Text(settings.IdleNudge) != "30" {
		t.Fatal("a refused form changed the settings")
	}
}

func TestObjectivesAddTickDrop(t *testing.T) {
	f := serve(t)
	c := browser(t)
	get(t, c, f.URL+"/")
	h := map[string]string{"X-CSRF-Token": csrfToken(t, c, f.URL), "HX-Request": "true"}
	resp, body := post(t, c, f.URL+"/objectives", url.Values{"text": {"build a <house>"}}, h)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "build a &lt;house&gt;") {
		t.Fatalf("add: %d %s", resp.StatusCode, body)
	}
	resp, body = post(t, c, f.URL+"/objectives", url.Values{"text": {"   "}}, h)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "needs some words") {
		t.Fatalf("add empty: %d %s", resp.StatusCode, body)
	}
	resp, body = post(t, c, f.URL+"/objectives/1/done", url.Values{"done": {"true"}}, h)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "<s>build a &lt;house&gt;</s>") {
		t.Fatalf("done: %d %s", resp.StatusCode, body)
	}
	resp, body = post(t, c, f.URL+"/objectives/7/delete", nil, h)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "nothing here") {
		t.Fatalf("drop a missing one: %d %s", resp.StatusCode, body)
	}
	resp, body = post(t, c, f.URL+"/objectives/1/delete", nil, h)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "No objectives") {
		t.Fatalf("drop: %d %s", resp.StatusCode, body)
	}
}

func TestHistoryFilters(t *testing.T) {
	f := serve(t)
	f.History.add(agent.ActionRecord{ID: "r1-a", Action: "find_block", Started: clock, Finished: clock, Result: "FAILURE", Message: "no log within 64 blocks", Log: []string{"searched 64 blocks"}})
	f.History.add(agent.ActionRecord{ID: "r2-a", Action: "craft_item", Started: clock, Finished: clock, Result: "SUCCESS", Message: "crafted 4 oak_planks"})
	code, body := get(t, browser(t), f.URL+"/history?action=find_block&result=FAILURE")
	if code != http.StatusOK || !strings.Contains(body, "no log within 64 blocks") || strings.Contains(body, "crafted 4") || !strings.Contains(body, "searched 64 blocks") {
		t.Fatalf("history: %d\n%s", code, body)
	}
	q := f.History.queries[len(f.History.queries)-1]
	if q.Action != "find_block" || q.Result != "FAILURE" || q.Limit == 0 {
		t.Fatalf("query %+v", q)
	}
	f.History.err = errBoom
	if code, body := get(t, browser(t), f.URL+"/history"); code != http.StatusInternalServerError || strings.Contains(body, "boom") {
		t.Fatalf("a failing history: %d", code)
	}
}

func TestUnknownPageIs404Page(t *testing.T) {
	f := serve(t)
	code, body := get(t, browser(t), f.URL+"/nowhere")
	if code != http.StatusNotFound || !strings.Contains(body, "no such page") {
		t.Fatalf("GET /nowhere: %d", code)
	}
}

func TestServeEndsWithContextWhileViewersWatch(t *testing.T) {
	f := serve(t)
	s := openStream(t, context.Background(), browser(t), f.URL)
	defer s.Close()
	s.snapshot(t)
	f.stop() // returns only once Serve has, with no error
	if _, err := io.Copy(io.Discard, s.r); err != nil {
		t.Fatalf("the stream did not end cleanly at shutdown: %v", err)
	}
}

func TestNewRequiresLiveAndChanges(t *testing.T) {
	if _, err := web.New(web.Config{}, web.Deps{}); err == nil {
		t.Fatal("New without Live succeeded")
	}
	l := newFakeLive()
	if _, err := web.New(web.Config{}, web.Deps{Live: l}); err == nil {
		t.Fatal("New without Changes succeeded")
	}
}
