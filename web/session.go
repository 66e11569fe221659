package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"beaweb/internal/fault"
)

// maxSessions bounds the sign-ins kept at once; past it the oldest goes.
const maxSessions = 1024

// sessions are the sign-ins made with the token. The cookie holds a random
// name the server keeps with its end, never the token or anything derived
// from it: a session ends when it expires or is signed out, and a restart
// signs everybody out.
type sessions struct {
	ttl time.Duration

	mu   sync.Mutex
	ends map[string]time.Time // by the SHA-256 of the cookie's value
}

func newSessions(ttl time.Duration) *sessions {
	return &sessions{ttl: ttl, ends: map[string]time.Time{}}
}

func sessionID(value string) string {
	h := sha256.Sum256([]byte(value))
	return hex.EncodeToString(h[:])
}

// open starts a session at now and answers its cookie value and end.
func (ss *sessions) open(now time.Time) (string, time.Time) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	value := hex.EncodeToString(b)
	end := now.Add(ss.ttl)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for id, e := range ss.ends {
		if !now.Before(e) {
			delete(ss.ends, id)
		}
	}
	if len(ss.ends) >= maxSessions {
		oldest, first := "", time.Time{}
		for id, e := range ss.ends {
			if oldest == "" || e.Before(first) {
				oldest, first = id, e
			}
		}
		delete(ss.ends, oldest)
	}
	ss.ends[sessionID(value)] = end
	return value, end
}

// valid says value names a session that has not ended at now.
func (ss *sessions) valid(value string, now time.Time) bool {
	if len(value) != 64 {
		return false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	end, ok := ss.ends[sessionID(value)]
	return ok && now.Before(end)
}

func (ss *sessions) close(value string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	delete(ss.ends, sessionID(value))
}

// Guessing the token: a few wrong tries from one address are free (a
// typo), then each next try waits twice as long as the one before, up to
// maxWait. Addresses are counted by IPv4 address or IPv6 /64, the block
// one home is given.
const (
	freeGuesses   = 5
	firstWait     = time.Second
	maxWait       = 5 * time.Minute
	maxGuessHosts = 10000
)

type guesses struct {
	wrong int
	until time.Time // no try is heard before then
	last  time.Time
}

// throttle slows down sign-ins after wrong tokens, per address.
type throttle struct {
	mu sync.Mutex
	by map[netip.Prefix]*guesses
}

func newThrottle() *throttle { return &throttle{by: map[netip.Prefix]*guesses{}} }

func guessKey(ip string) netip.Prefix {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return netip.Prefix{}
	}
	a = a.Unmap()
	bits := 32
	if a.Is6() {
		bits = 64
	}
	p, _ := a.Prefix(bits)
	return p
}

// wait is how long addr must wait before its next try is heard; 0: now.
func (t *throttle) wait(ip string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if g := t.by[guessKey(ip)]; g != nil && now.Before(g.until) {
		return g.until.Sub(now)
	}
	return 0
}

// wrong counts a wrong token from addr at now.
func (t *throttle) wrong(ip string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := guessKey(ip)
	g := t.by[key]
	if g == nil {
		if len(t.by) >= maxGuessHosts {
			t.forget(now)
		}
		g = &guesses{}
		t.by[key] = g
	}
	g.wrong++
	g.last = now
	if g.wrong >= freeGuesses {
		d := firstWait << min(g.wrong-freeGuesses, 20)
		g.until = now.Add(min(d, maxWait))
	}
}

// forget drops the addresses that have been quiet for longer than the
// longest wait; if all are recent, the table starts again rather than grow.
func (t *throttle) forget(now time.Time) {
	for k, g := range t.by {
		if now.Sub(g.last) > maxWait && !now.Before(g.until) {
			delete(t.by, k)
		}
	}
	if len(t.by) >= maxGuessHosts {
		clear(t.by)
	}
}

// right forgets addr's wrong tries.
func (t *throttle) right(ip string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.by, guessKey(ip))
}

// ipExtractor is how a request's address is read: its connection's, or,
// from a trusted proxy, the last address X-Forwarded-For names that no
// trusted proxy holds. A header from anyone else is ignored.
func ipExtractor(trusted []string) (echo.IPExtractor, error) {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect(), nil
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, t := range trusted {
		t = strings.TrimSpace(t)
		if !strings.Contains(t, "/") {
			if ip := net.ParseIP(t); ip != nil && ip.To4() != nil {
				t += "/32"
			} else {
				t += "/128"
			}
		}
		_, n, err := net.ParseCIDR(t)
		if err != nil {
			return nil, fault.Invalidf("The trusted proxy %q is not an address or a range such as 10.0.0.0/8.", t)
		}
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...), nil
}

// handleLogout ends the session and forgets its cookie.
func (s *Server) handleLogout(c echo.Context) error {
	if ck, err := c.Cookie(sessionCookie); err == nil {
		s.sessions.close(ck.Value)
	}
	c.SetCookie(&http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: c.Request().TLS != nil, SameSite: http.SameSiteStrictMode})
	if s.cfg.Token == "" {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return c.Redirect(http.StatusSeeOther, "/login?signed_out=1")
}

// waitWords says a wait the way a person reads it.
func waitWords(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d seconds", max(1, int((d+time.Second-1)/time.Second)))
	}
	return fmt.Sprintf("%d minutes", int((d+time.Minute-1)/time.Minute))
}
