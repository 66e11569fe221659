package web_test

// The hostile suite, guessing the token: through the sign-in form, through
// an Authorization header, from one address or from thousands.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"beaweb/internal/logtest"
	"beaweb/web"
)

// TestBearerGuessesAreThrottledAndLogged (F3): wrong tokens in an
// Authorization header count as wrong sign-ins: each is logged, and after
// five every try waits, the right token included, as at the sign-in form.
func TestBearerGuessesAreThrottledAndLogged(t *testing.T) {
	logs := &logtest.Buffer{}
	ts := serveWithToken(t, web.Config{}, logs)
	bearer := func(tok string) *http.Response {
		req, err := http.NewRequest(http.MethodGet, ts.URL+"/history", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := noRedirects(&http.Client{}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := bearer(hostileToken); resp.StatusCode != http.StatusOK {
		t.Fatalf("the right token: %d", resp.StatusCode)
	}
	for i := range 5 {
		if resp := bearer(fmt.Sprintf("guess-%02d-q7Vh2kR9xLp4Wm8Ns3Zt6Yb1", i)); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d", i, resp.StatusCode)
		}
	}
	resp := bearer(hostileToken)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("the right token after five wrong ones: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if n := strings.Count(logs.String(), `msg="web: a wrong token"`); n != 5 {
		t.Errorf("%d wrong tokens logged, want 5:\n%s", n, logs)
	}
	ts.advance(time.Second)
	if resp := bearer(hostileToken); resp.StatusCode != http.StatusOK {
		t.Errorf("the right token after the wait: %d", resp.StatusCode)
	}
	// The header and the form share one count: wrong tries in one slow
	// down the other.
	for range 5 {
		bearer("wrong-q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5F")
	}
	if resp := signIn(t, browser(t), ts.URL, hostileToken, "/", nil); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the form after five wrong headers: %d", resp.StatusCode)
	}
}

// loginTable drives the sign-in form through the route table, from any
// address, under a clock the test moves.
type loginTable struct {
	t   *testing.T
	h   http.Handler
	now time.Time
}

func newLoginTable(t *testing.T, limits web.Limits) *loginTable {
	lt := &loginTable{t: t, now: clock}
	live := newFakeLive()
	srv, err := web.New(web.Config{Token: hostileToken, Limits: limits}, web.Deps{Live: live, Changes: live.hub,
		Now: func() time.Time { return lt.now }})
	if err != nil {
		t.Fatal(err)
	}
	lt.h = srv.Handler()
	return lt
}

// login is the status of a sign-in with tok from the address from.
func (lt *loginTable) login(from, tok string) int {
	const csrf = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	form := url.Values{"_csrf": {csrf}, "token": {tok}, "next": {"/"}}
	req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: "bea_csrf", Value: csrf})
	req.RemoteAddr = from + ":40000"
	w := httptest.NewRecorder()
	lt.h.ServeHTTP(w, req)
	return w.Code
}

func (lt *loginTable) wrong(from string, n int) {
	for range n {
		lt.login(from, "wrong")
	}
}

// TestAFloodOfAddressesUnlocksNoOne (F5): after thousands of addresses
// have each guessed once, an address locked out before them is still
// locked out, the right token included.
func TestAFloodOfAddressesUnlocksNoOne(t *testing.T) {
	lt := newLoginTable(t, web.Limits{})
	lt.wrong("203.0.113.9", 6)
	if code := lt.login("203.0.113.9", hostileToken); code != http.StatusTooManyRequests {
		t.Fatalf("the locked-out address: %d", code)
	}
	for i := range 10_050 {
		lt.login(fmt.Sprintf("10.%d.%d.%d", i>>16, i>>8&255, i&255), "wrong")
	}
	if code := lt.login("203.0.113.9", hostileToken); code != http.StatusTooManyRequests {
		t.Errorf("after 10,050 other addresses the locked-out one signs in: %d", code)
	}
}

// TestTheSignInTableMakesRoomFairly (F5): a full table forgets the address
// heard from least recently that is not locked out; when every address in
// it is locked out, the newcomers are counted together and wait together,
// until the waits end.
func TestTheSignInTableMakesRoomFairly(t *testing.T) {
	lt := newLoginTable(t, web.Limits{SignInAddresses: 4})
	lt.wrong("192.0.2.1", 6) // A and B locked out
	lt.wrong("192.0.2.2", 6)
	lt.wrong("192.0.2.3", 4) // C and D four wrong each: one more locks them
	lt.wrong("192.0.2.4", 4)
	lt.wrong("192.0.2.5", 1) // E: the table forgets C, heard from before D
	// Remembered, C's sixth try would wait; forgotten, it is its second.
	lt.wrong("192.0.2.3", 1) // and C, back, makes the table forget D
	if code := lt.login("192.0.2.3", "wrong"); code != http.StatusUnauthorized {
		t.Errorf("C's sixth try after it was forgotten: %d, want heard", code)
	}
	for _, a := range []string{"192.0.2.1", "192.0.2.2"} {
		if code := lt.login(a, hostileToken); code != http.StatusTooManyRequests {
			t.Errorf("%s, locked out, after the table was full: %d", a, code)
		}
	}
	// Lock out C and E too: the table holds only locked-out addresses.
	lt.wrong("192.0.2.3", 3)
	lt.wrong("192.0.2.5", 4)
	for i := range 5 {
		lt.login(fmt.Sprintf("198.51.100.%d", i+1), "wrong")
	}
	if code := lt.login("198.51.100.200", hostileToken); code != http.StatusTooManyRequests {
		t.Errorf("a newcomer while five newcomers guessed with the table full of locked-out addresses: %d", code)
	}
	lt.now = lt.now.Add(10 * time.Minute)
	if code := lt.login("198.51.100.200", hostileToken); code != http.StatusSeeOther {
		t.Errorf("the newcomer once the waits are over: %d", code)
	}
}
