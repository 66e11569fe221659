package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"beaweb/internal/game"
	"beaweb/templates/pages"
	"beaweb/templates/partials"
)

// Errors the interfaces of deps.go may wrap so that the dashboard answers
// with the right status. The error's own text is shown for ErrInvalid and
// ErrUnavailable, so it must be a sentence meant for the person at the page.
var (
	ErrNotFound    = errors.New("web: not found")
	ErrInvalid     = errors.New("web: invalid input")
	ErrUnavailable = errors.New("web: unavailable")
	// ErrTokenRequired is returned by Serve for a listener beyond loopback
	// when no token is configured.
	ErrTokenRequired = errors.New("web: a dashboard reachable beyond this machine needs BEA_TOKEN")
)

// statusOf maps an error to the status and the sentence the page shows.
func statusOf(err error) (int, string) {
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		msg, _ := he.Message.(string)
		if msg == "" {
			msg = http.StatusText(he.Code)
		}
		return he.Code, sentence(he.Code, msg)
	case errors.Is(err, ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return http.StatusNotFound, "There is nothing here: it may have been deleted."
	case errors.Is(err, fs.ErrExist):
		return http.StatusConflict, "That name is already taken here: choose another, or rename or delete the one that has it first."
	case errors.Is(err, ErrInvalid):
		return http.StatusUnprocessableEntity, innermost(err, ErrInvalid)
	case errors.Is(err, game.ErrInvalid):
		return http.StatusUnprocessableEntity, innermost(err, game.ErrInvalid)
	case errors.Is(err, ErrUnavailable):
		return http.StatusServiceUnavailable, innermost(err, ErrUnavailable)
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout, "That took too long; try again in a moment."
	}
	return http.StatusInternalServerError, "Something went wrong inside beaweb; its log says what."
}

// innermost is the text of the deepest error in err's chain that is still
// target: the sentence written for the person, without the package
// prefixes ("store: ") the layers above added. It starts with a capital and
// ends with a full stop.
func innermost(err, target error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil || !errors.Is(next, target) || next == target {
			break
		}
		err = next
	}
	msg := strings.TrimSpace(err.Error())
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

type invalidError struct {
	sentence string
	cause    error
}

func (e *invalidError) Error() string        { return e.sentence }
func (e *invalidError) Is(target error) bool { return target == ErrInvalid }
func (e *invalidError) Unwrap() error        { return e.cause }

// invalidf is an ErrInvalid whose text is the sentence shown to the person.
func invalidf(format string, args ...any) error {
	return &invalidError{sentence: fmt.Sprintf(format, args...)}
}
