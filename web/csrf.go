package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net/http"

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
// X-CSRF-Token header (htmx) or the _csrf form field (a plain form). A
// request the browser marks as coming from another site is refused outright.
func (s *Server) csrf(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		token := ""
		if ck, err := c.Cookie(csrfCookie); err == nil && len(ck.Value) == 64 {
			token = ck.Value
		}
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			switch c.Request().Header.Get("Sec-Fetch-Site") {
			case "cross-site", "same-site":
				return echo.NewHTTPError(http.StatusForbidden, csrfRefused)
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

const csrfRefused = "This form is stale or came from another site; reload the page and try again."
