package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
)

// csrfCookie holds the token a page's forms must send back (double submit):
// another site can make a browser post here, but cannot read the cookie to
// put the same token in the form.
const csrfCookie = "bea_csrf"

// csrfKey is where csrf leaves the token for the handlers to draw.
const csrfKey = "csrf"

// csrf gives every browser a token in a cookie and refuses every request
// that is not GET, HEAD or OPTIONS unless it carries the same token, in the
// X-CSRF-Token header (htmx) or the _csrf form field (a plain form).
//
// What can be decided on the headers is decided before a byte of the body
// is read: a request the browser marks as coming from another site (by
// Sec-Fetch-Site or Origin), or one without the cookie, is refused at
// once, so a foreign page cannot make beaweb read a large upload. Only a
// same-site request with the cookie and no header has its form read for
// the field, within the route's body limit (limitBody).
func (s *Server) csrf(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		token := ""
		if ck, err := c.Cookie(csrfCookie); err == nil && len(ck.Value) == 64 {
			token = ck.Value
		}
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if foreign(c.Request()) || token == "" {
				return echo.NewHTTPError(http.StatusForbidden, csrfRefused)
			}
			if err := s.readForm(c.Request()); err != nil {
				return err
			}
			sent := c.Request().Header.Get("X-CSRF-Token")
			if sent == "" {
				sent = c.FormValue("_csrf")
			}
			if token == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(token)) != 1 {
				return echo.NewHTTPError(http.StatusForbidden, csrfRefused)
			}
		}
		if token == "" {
			b := make([]byte, 32)
			_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
			token = hex.EncodeToString(b)
			c.SetCookie(&http.Cookie{
				Name:     csrfCookie,
				Value:    token,
				Path:     "/",
				HttpOnly: true,
				Secure:   c.Request().TLS != nil,
				SameSite: http.SameSiteStrictMode,
			})
		}
		c.Set(csrfKey, token)
		// The token is per browser: a cache must not hand one to another.
		c.Response().Header().Add("Vary", "Cookie")
		return next(c)
	}
}

// foreign says, from the headers alone, that a browser sent r from another
// site: its Sec-Fetch-Site says so, or, from a browser too old to send
// that, its Origin names another host. An Origin of "null" says nothing:
// browsers send it for this site's own forms under Referrer-Policy
// no-referrer.
func foreign(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "":
	default:
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" || origin == "null" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host)
}

const csrfRefused = "This form is stale or came from another site; reload the page and try again."
