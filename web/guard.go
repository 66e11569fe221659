package web

import (
	"crypto/subtle"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/labstack/echo/v4"

	"beaweb/templates/pages"
)

// sessionCookie holds proof of the token, never the token itself.
const sessionCookie = "bea_session"

// contentSecurity allows only what the binary itself serves: a chat line
// that slipped past escaping still could not load or run anything.
const contentSecurity = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// secureHeaders sets the headers every answer carries, and leaves the
// server's compressors where render finds them.
func (s *Server) secureHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", contentSecurity)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		c.Set(compressorsKey, s.compressors)
		return next(c)
	}
}

// logRequests logs each request's path, never its query or body (a form
// may hold the API key).
func (s *Server) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := s.now()
		err := next(c)
		status := c.Response().Status
		if err != nil {
			status, _ = statusOf(err)
		}
		s.log.Debug("web: request", slog.String("method", c.Request().Method),
			slog.String("path", c.Request().URL.Path), slog.Int("status", status),
			slog.Duration("took", s.now().Sub(start)))
		return err
	}
}

// checkHost refuses, when only local browsers are expected, a request that
// names another host: a page on another site could otherwise point one of
// its own names at 127.0.0.1 (DNS rebinding) and read the dashboard.
func (s *Server) checkHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.localOnly {
			return next(c)
		}
		host := c.Request().Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.Trim(host, "[]")
		if strings.EqualFold(host, "localhost") {
			return next(c)
		}
		if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
			return next(c)
		}
		return echo.NewHTTPError(http.StatusMisdirectedRequest,
			"This dashboard answers only to localhost and 127.0.0.1; open it by one of those names.")
	}
}

// requireToken lets a request through when no token is set, when it is for
// the login form or the static files, or when it carries the token (the
// session cookie or an Authorization: Bearer header). A page request
// without it is sent to the login form. A token in the header is a try of
// the token like one at the sign-in form: counted, logged and slowed down
// alike (tryToken).
func (s *Server) requireToken(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if s.cfg.Token == "" {
			return next(c)
		}
		r := c.Request()
		p := r.URL.Path
		if p == "/login" || strings.HasPrefix(p, "/static/") {
			return next(c)
		}
		if given, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			if refused := s.tryToken(c, given, "an Authorization header"); refused != nil {
				return refused
			}
			return next(c)
		}
		if ck, err := r.Cookie(sessionCookie); err == nil && s.sessions.valid(ck.Value, s.now()) {
			return next(c)
		}
		if r.Method == http.MethodGet && r.Header.Get("HX-Request") == "" &&
			!strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
			return c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(r.URL.RequestURI()))
		}
		return echo.NewHTTPError(http.StatusUnauthorized, "Sign in with the dashboard token first.")
	}
}

// tryToken checks a token given by the client at c, through via (the
// sign-in form or a header). While its address waits after wrong tries,
// every try is refused unheard, the right token included, with how long to
// wait; a wrong token is counted and logged (the log's rate limit keeps a
// flood of them to a few lines). It answers nil for the right token, else
// the refusal (429 or 401) with its sentence.
func (s *Server) tryToken(c echo.Context, given, via string) *echo.HTTPError {
	ip, now := c.RealIP(), s.now()
	if wait := s.guesses.wait(ip, now); wait > 0 {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
		return echo.NewHTTPError(http.StatusTooManyRequests,
			"Too many wrong tokens came from your address; try again in "+waitWords(wait)+".")
	}
	if subtle.ConstantTimeCompare([]byte(given), []byte(s.cfg.Token)) != 1 {
		s.guesses.wrong(ip, now)
		s.log.Warn("web: a wrong token", slog.String("remote", ip), slog.String("via", via))
		return echo.NewHTTPError(http.StatusUnauthorized, "That token is not the one beaweb was started with.")
	}
	s.guesses.right(ip)
	return nil
}

func (s *Server) handleLoginForm(c echo.Context) error {
	if s.cfg.Token == "" {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return render(c, http.StatusOK, pages.Login(pages.LoginView{Head: s.head(c, "Sign in", "/login"), Next: localPath(c.QueryParam("next")), Note: loginNote(c)}))
}

// loginNote is the sentence over the sign-in form, from a fixed set.
func loginNote(c echo.Context) string {
	if c.QueryParam("signed_out") == "1" {
		return "You are signed out."
	}
	return ""
}

func (s *Server) handleLogin(c echo.Context) error {
	if s.cfg.Token == "" {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	next := localPath(c.FormValue("next"))
	if refused := s.tryToken(c, c.FormValue("token"), "the sign-in form"); refused != nil {
		return render(c, refused.Code, pages.Login(pages.LoginView{Head: s.head(c, "Sign in", "/login"), Next: next,
			Problem: refused.Message.(string)}))
	}
	now := s.now()
	value, end := s.sessions.open(now)
	c.SetCookie(&http.Cookie{
		Name:     sessionCookie,
		Value:    value,
		Path:     "/",
		HttpOnly: true,
		Secure:   c.Request().TLS != nil,
		SameSite: http.SameSiteStrictMode,
		MaxAge:   int(end.Sub(now) / time.Second), // the browser's clock may not be ours
	})
	return c.Redirect(http.StatusSeeOther, next)
}

// localPath keeps a redirect on this site: anything but a plain path on
// this host becomes "/". Browsers drop tabs and line breaks from a URL and
// read a backslash as a slash, so "/\t/evil.example" would leave the site:
// a path with any of them, or with spaces, is refused outright.
func localPath(p string) string {
	if len(p) > 2048 || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") ||
		strings.IndexFunc(p, func(r rune) bool { return r == '\\' || unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return "/"
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return "/"
	}
	return p
}
