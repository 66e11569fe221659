package web_test

// The hostile suite: what a foreign page, a stranger on the network or
// whatever sits on the game side can try, beside the CSRF, Host and XSS
// tests of pages_test.go. docs/security.md says what each one proves.

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/logtest"
	"beaweb/web"
)

// zeros is an endless body that allocates nothing.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestABigCrossOriginUploadCostsNoMemory: a foreign page posting 50 MB,
// with or without saying how much, is refused on its headers, and the
// whole exchange allocates under 20 MB however many times it comes.
func TestABigCrossOriginUploadCostsNoMemory(t *testing.T) {
	const size = 50 << 20
	f := serve(t)
	c := browser(t)
	get(t, c, f.URL+"/")
	tok := csrfToken(t, c, f.URL)
	upload := func(path string, header map[string]string, sized bool) int {
		req, err := http.NewRequest(http.MethodPost, f.URL+path, io.LimitReader(zeros{}, size))
		if err != nil {
			t.Fatal(err)
		}
		if sized {
			req.ContentLength = size
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0 // the server may close before the client has sent it all
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, tc := range []struct {
		path   string
		header map[string]string
		sized  bool
	}{
		{"/settings", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, true},
		{"/settings", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, false},
		{"/objectives", map[string]string{"Origin": "https://evil.example"}, false},        // a browser without Sec-Fetch-Site
		{"/minecraft/ask", map[string]string{"Sec-Fetch-Site": "same-site"}, false},        // a sibling subdomain
		{"/settings", map[string]string{"X-CSRF-Token": tok}, true},                        // this site, but far too big: 413
		{"/settings", map[string]string{"X-CSRF-Token": tok, "HX-Request": "true"}, false}, // this site, unsized: cut at the limit
	} {
		code := upload(tc.path, tc.header, tc.sized)
		if code == 0 || code < 400 || code >= 500 && code != http.StatusServiceUnavailable {
			t.Errorf("POST %s %v (sized %v): %d", tc.path, tc.header, tc.sized, code)
		}
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 20<<20 {
		t.Errorf("six 50 MB uploads allocated %d MB; want under 20", grew>>20)
	} else {
		t.Logf("six 50 MB uploads allocated %.1f MB in all", float64(grew)/(1<<20))
	}
}

// TestIdleConnectionsAreClosed: a connection kept alive and silent, and
// one that never says anything, are closed by the server, and a flood of
// them never holds more than the connection cap.
func TestIdleConnectionsAreClosed(t *testing.T) {
	f := serve(t, func(c *web.Config, _ *web.Deps) {
		c.Limits.IdleTimeout = 50 * time.Millisecond
		c.Limits.ReadTimeout = 50 * time.Millisecond
		c.Limits.HeaderTimeout = 50 * time.Millisecond
		c.Limits.Conns = 4
	})
	addr := strings.TrimPrefix(f.URL, "http://")
	dial := func() net.Conn {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		// A guard, not a measure: a server that never closes fails here.
		_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
		return conn
	}
	// Kept alive after one request, then silent.
	conn := dial()
	if _, err := io.WriteString(conn, "GET /static/app.css HTTP/1.1\r\nHost: "+addr+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if _, err := br.ReadByte(); err == nil || isTimeout(err) {
		t.Errorf("an idle kept-alive connection: %v, want it closed by the server", err)
	}
	// Ten that never send a byte, over a cap of four: each is closed in
	// turn, and a real request still gets through after them.
	var wg sync.WaitGroup
	for range 10 {
		conn := dial()
		wg.Go(func() {
			if _, err := conn.Read(make([]byte, 1)); err == nil || isTimeout(err) {
				t.Errorf("a silent connection: %v, want it closed by the server", err)
			}
		})
	}
	wg.Wait()
	if code, _ := get(t, browser(t), f.URL+"/"); code != http.StatusOK {
		t.Errorf("after the flood: %d", code)
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// tokenServer serves the dashboard as beyond loopback, with a token and a
// clock the test moves.
type tokenServer struct {
	URL string
	mu  sync.Mutex
	now time.Time
}

func (s *tokenServer) advance(d time.Duration) {
	s.mu.Lock()
	s.now = s.now.Add(d)
	s.mu.Unlock()
}

const hostileToken = "q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0Ge"

func serveWithToken(t *testing.T, cfg web.Config, logs ...*logtest.Buffer) *tokenServer {
	t.Helper()
	ts := &tokenServer{now: clock}
	live := newFakeLive()
	cfg.Token = hostileToken
	deps := web.Deps{Live: live, Changes: live.hub, Now: func() time.Time {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		return ts.now
	}}
	for _, l := range logs {
		deps.Logger = l.Logger()
	}
	srv, err := web.New(cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, publicListener{ln}) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	ts.URL = "http://" + ln.Addr().String()
	return ts
}

func signIn(t *testing.T, c *http.Client, base, token, next string, header map[string]string) *http.Response {
	t.Helper()
	get(t, c, base+"/login")
	resp, _ := post(t, c, base+"/login", url.Values{"_csrf": {csrfToken(t, c, base)}, "token": {token}, "next": {next}}, header)
	return resp
}

// TestLoginSlowsDownGuessing: after a few wrong tokens from one address,
// every try waits, the right token included, and the wait grows; an
// X-Forwarded-For header changes nothing without a trusted proxy.
func TestLoginSlowsDownGuessing(t *testing.T) {
	ts := serveWithToken(t, web.Config{})
	c := browser(t)
	for i := range 5 {
		resp := signIn(t, c, ts.URL, "guess-"+string(rune('a'+i)), "/", map[string]string{"X-Forwarded-For": "203.0.113." + string(rune('1'+i))})
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d", i, resp.StatusCode)
		}
	}
	resp := signIn(t, c, ts.URL, hostileToken, "/", map[string]string{"X-Forwarded-For": "198.51.100.7"})
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("the right token during the wait, from a forged address: %d", resp.StatusCode)
	}
	ts.advance(time.Second)
	if resp := signIn(t, c, ts.URL, "guess-f", "/", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a try after the wait: %d", resp.StatusCode)
	}
	ts.advance(time.Second) // the wait has doubled
	if resp := signIn(t, c, ts.URL, hostileToken, "/", nil); resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("one second into a two-second wait: %d", resp.StatusCode)
	}
	ts.advance(time.Second)
	if resp := signIn(t, c, ts.URL, hostileToken, "/", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the right token after the wait: %d", resp.StatusCode)
	}
}

// TestSignInGoesOnlyToThisHost: next= never leaves the site, however it is
// dressed up; a path on this host is kept.
func TestSignInGoesOnlyToThisHost(t *testing.T) {
	ts := serveWithToken(t, web.Config{})
	for next, want := range map[string]string{
		"/history?action=mine": "/history?action=mine",
		"//evil.example/":      "/",
		"/\t/evil.example":     "/",
		"/%09/evil.example":    "/%09/evil.example", // still a path here: the browser does not decode it
		"/\\evil.example":      "/",
		"\\\\evil.example":     "/",
		"https://evil.example": "/",
		"/\n/evil.example":     "/",
		" /evil":               "/",
		"javascript:alert(1)":  "/",
	} {
		c := browser(t)
		resp := signIn(t, c, ts.URL, hostileToken, next, nil)
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
			t.Errorf("next=%q: %d to %q, want %q", next, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
}

// TestSessionsExpireAndSignOutWorks: a sign-in lasts its time and no
// longer, and signing out ends it on the server, not only in the browser.
func TestSessionsExpireAndSignOutWorks(t *testing.T) {
	ts := serveWithToken(t, web.Config{SessionTTL: time.Hour})
	c := browser(t)
	if resp := signIn(t, c, ts.URL, hostileToken, "/", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", resp.StatusCode)
	}
	if code, _ := get(t, noRedirects(c), ts.URL+"/history"); code != http.StatusOK {
		t.Fatalf("signed in: %d", code)
	}
	ts.advance(time.Hour)
	if code, _ := get(t, noRedirects(c), ts.URL+"/history"); code != http.StatusSeeOther {
		t.Errorf("a session an hour old: %d, want the sign-in form", code)
	}

	var session *http.Cookie
	c = browser(t)
	signIn(t, c, ts.URL, hostileToken, "/", nil)
	for _, ck := range c.Jar.Cookies(mustURL(t, ts.URL)) {
		if ck.Name == "bea_session" {
			session = ck
		}
	}
	resp, _ := post(t, c, ts.URL+"/logout", url.Values{"_csrf": {csrfToken(t, c, ts.URL)}}, nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/login?signed_out=1" {
		t.Fatalf("sign-out: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	// The old cookie, kept by whoever copied it, no longer opens anything.
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/history", nil)
	req.AddCookie(&http.Cookie{Name: "bea_session", Value: session.Value})
	r, err := noRedirects(&http.Client{}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusSeeOther {
		t.Errorf("a signed-out session's cookie: %d", r.StatusCode)
	}
}

func noRedirects(c *http.Client) *http.Client {
	cc := *c
	cc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &cc
}

// TestTheSignInBannerLinksOnlyToMicrosoft: a sign_in packet from the game
// side with any other address shows it as text with a warning, never as
// a "Sign in to Microsoft" link.
func TestTheSignInBannerLinksOnlyToMicrosoft(t *testing.T) {
	for u, link := range map[string]bool{
		"https://www.microsoft.com/link":                   true,
		"https://microsoft.com/devicelogin":                true,
		"https://login.live.com/oauth20_remoteconnect.srf": true,
		"https://evil.example/link":                        false,
		"https://www.microsoft.com.evil.example/link":      false,
		"https://www.microsoft.com@evil.example/link":      false,
		"https://www.microsoft.com:8443/link":              false,
		"http://www.microsoft.com/link":                    false,
		"javascript:alert(1)":                              false,
	} {
		f := serve(t)
		f.Live.Update(agent.TopicConn, func(s *agent.Snapshot) {
			s.SignIn = &agent.SignIn{URL: u, Code: "ABCD-1234", Expires: clock.Add(10 * time.Minute)}
		})
		_, page := get(t, browser(t), f.URL+"/")
		linked := strings.Contains(page, `href="`+u+`"`)
		if linked != link {
			t.Errorf("%s: linked %v, want %v", u, linked, link)
		}
		if !link && !strings.Contains(page, "not a Microsoft address") {
			t.Errorf("%s: shown without a warning", u)
		}
	}
}

// TestRoutesRefuseWhatTheyCannotTake: notices come from a fixed set, a
// download's file name is short and plain, the static files are not
// listed, and a third preview at once is turned away with a sentence.
func TestRoutesRefuseWhatTheyCannotTake(t *testing.T) {
	pl := &fakePlaces{worlds: map[string][]game.Place{"w": {{Name: "home"}}}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = pl })
	c := browser(t)
	_, page := get(t, c, f.URL+"/places?world=w&deleted=%3Cb%3EYour+account+is+locked%3C/b%3E&done=hacked")
	if strings.Contains(page, "account is locked") {
		t.Error("the places page shows text from its query")
	}
	for _, p := range []string{"/static/", "/static/vendor/"} {
		code, body := get(t, c, f.URL+p)
		if code != http.StatusNotFound || strings.Contains(body, "<pre>") {
			t.Errorf("GET %s: %d lists the folder", p, code)
		}
	}
	resp, err := c.Get(f.URL + "/places/export?world=" + url.QueryEscape(strings.Repeat("a", 300)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnprocessableEntity || len(resp.Header.Get("Content-Disposition")) > 0 {
		t.Errorf("a 300-character world: %d, %q", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
}

// TestALongListIsPaged: 38,000 places are shown a hundred at a time, with
// the way to the rest, and the page stays small.
func TestALongListIsPaged(t *testing.T) {
	var many []game.Place
	for i := range 38000 {
		many = append(many, game.Place{Name: "place " + strconv.Itoa(i), Dimension: "overworld"})
	}
	pl := &fakePlaces{worlds: map[string][]game.Place{"w": many}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = pl })
	c := browser(t)
	code, page := get(t, c, f.URL+"/places?world=w")
	if code != http.StatusOK || !strings.Contains(page, "1 to 100 of 38,000") || !strings.Contains(page, "/places?world=w&amp;page=2") {
		t.Fatalf("the first page: %d", code)
	}
	if len(page) > 1<<20 {
		t.Errorf("the first page of places is %d KB", len(page)>>10)
	}
	if strings.Contains(page, ">place 100<") {
		t.Error("the first page shows the 101st place")
	}
	_, page = get(t, c, f.URL+"/places?world=w&page=380")
	if !strings.Contains(page, "37,901 to 38,000 of 38,000") || !strings.Contains(page, ">place 37999<") || strings.Contains(page, `rel="next"`) {
		t.Error("the last page is not the last hundred")
	}
}

// TestTheHistoryIsPaged: a long history shows its newest page with the
// way to older ones, which go on where the page ended.
func TestTheHistoryIsPaged(t *testing.T) {
	f := serve(t)
	for i := range 450 {
		f.History.rows = append(f.History.rows, agent.ActionRecord{ID: "a" + strconv.Itoa(i), Action: "find_block",
			Started: clock.Add(-time.Duration(i) * time.Second), Result: "SUCCESS"})
	}
	c := browser(t)
	_, page := get(t, c, f.URL+"/history?action=find_block")
	if !strings.Contains(page, `rel="next"`) || !strings.Contains(page, "Older") {
		t.Fatal("the newest page has no way to older actions")
	}
	f.History.mu.Lock()
	q := f.History.queries[len(f.History.queries)-1]
	f.History.mu.Unlock()
	if !q.Before.IsZero() || q.Limit == 0 || q.Limit > 200 {
		t.Errorf("the first page asked for %+v", q)
	}
	i := strings.Index(page, `href="/history?action=find_block&amp;before=`)
	if i < 0 {
		t.Fatal("the Older link keeps no filter or no start")
	}
	link := strings.ReplaceAll(page[i+6:i+6+strings.Index(page[i+6:], `"`)], "&amp;", "&")
	_, page = get(t, c, f.URL+link)
	f.History.mu.Lock()
	q = f.History.queries[len(f.History.queries)-1]
	f.History.mu.Unlock()
	if want := clock.Add(-199 * time.Second); !q.Before.Equal(want) || q.Action != "find_block" {
		t.Errorf("the second page asked for %+v, want before %s", q, want)
	}
	if !strings.Contains(page, "Newest") {
		t.Error("an older page has no way back to the newest")
	}
}
