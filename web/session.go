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

// trustedRanges reads the trusted proxies: addresses or ranges.
func trustedRanges(trusted []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, t := range trusted {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		p, err := netip.ParsePrefix(t)
		if err != nil {
			a, aerr := netip.ParseAddr(t)
			if aerr != nil {
				return nil, fault.Invalidf("The trusted proxy %q is not an address or a range such as 10.0.0.0/8.", t)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// ipExtractor is how a request's address is read: its connection's, or,
// from a trusted proxy, the last address X-Forwarded-For names that no
// trusted proxy holds. A header from anyone else is ignored.
func ipExtractor(trusted []netip.Prefix) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range trusted {
		_, n, _ := net.ParseCIDR(p.String()) // a prefix's own text always parses
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
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
	n, unit := int((d+time.Minute-1)/time.Minute), "minute"
	if d < time.Minute {
		n, unit = max(1, int((d+time.Second-1)/time.Second)), "second"
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}
