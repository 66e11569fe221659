package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"beaweb/internal/fault"
	"beaweb/templates/pages"
	"beaweb/templates/partials"
)

// ErrTokenRequired is returned by Serve for a listener beyond loopback when
// no token is configured.
var ErrTokenRequired = fault.New(fault.CodeRefused, "A dashboard reachable beyond this machine needs BEA_TOKEN.")

// statuses is the one table from a fault's code to the status the
// dashboard answers with. The interfaces of deps.go answer with faults
// (beaweb/internal/fault); any other error is internal.
var statuses = map[fault.Code]int{
	fault.CodeInvalid:     http.StatusUnprocessableEntity,
	fault.CodeNotFound:    http.StatusNotFound,
	fault.CodeConflict:    http.StatusConflict,
	fault.CodeRefused:     http.StatusForbidden,
	fault.CodeUnavailable: http.StatusServiceUnavailable,
	fault.CodeInternal:    http.StatusInternalServerError,
}

// statusOf maps an error to the status and the sentence the page shows.
func statusOf(err error) (int, string) {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg, _ := he.Message.(string)
		if msg == "" {
			msg = http.StatusText(he.Code)
		}
		return he.Code, sentence(he.Code, msg)
	}
	code, ok := statuses[fault.CodeOf(err)]
	if !ok {
		code = http.StatusInternalServerError
	}
	return code, asSentence(fault.Message(err))
}

// asSentence starts msg with a capital and ends it with a full stop: the
// layers below write sentences for the model too, which may begin in lower
// case ("a place needs a name: ...").
func asSentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return "That was refused."
	}
	r, n := utf8.DecodeRuneInString(msg)
	msg = string(unicode.ToUpper(r)) + msg[n:]
	if !strings.ContainsAny(msg[len(msg)-1:], ".!?") {
		msg += "."
	}
	return msg
}

// sentence turns Echo's terse messages into something a person can act on.
func sentence(code int, msg string) string {
	switch code {
	case http.StatusNotFound:
		return "There is no such page."
	case http.StatusMethodNotAllowed:
		return "That page does not take this kind of request."
	case http.StatusUnauthorized:
		return "Sign in with the dashboard token first."
	}
	return msg
}

// handleError is Echo's error handler: it logs what the person cannot fix
// and answers with a page, or a fragment for htmx, saying what went wrong.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	code, msg := statusOf(err)
	req := c.Request()
	switch {
	case errors.Is(err, context.Canceled):
		s.log.Debug("web: request abandoned", slog.String("path", req.URL.Path))
		return
	case code >= 500:
		s.log.Error("web: request failed", slog.String("method", req.Method),
			slog.String("path", req.URL.Path), slog.Int("status", code), slog.Any("error", err))
	default:
		s.log.Debug("web: request refused", slog.String("method", req.Method),
			slog.String("path", req.URL.Path), slog.Int("status", code), slog.Any("error", err))
	}
	if req.Method == http.MethodHead {
		_ = c.NoContent(code)
		return
	}
	var rerr error
	if req.Header.Get("HX-Request") == "true" {
		rerr = render(c, code, partials.Alert(msg))
	} else {
		rerr = render(c, code, pages.Problem(s.head(c, "Error", ""), http.StatusText(code), msg))
	}
	if rerr != nil {
		s.log.Error("web: error page failed", slog.Any("error", rerr))
	}
}

// invalidf is fault.Invalidf, the handlers' shorthand for input the person
// can fix.
func invalidf(format string, args ...any) error {
	return fault.Invalidf(format, args...)
}
