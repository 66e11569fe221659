package web

import (
	"beaweb/internal/fault"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"beaweb/internal/agent"
	"beaweb/templates/partials"
)

// maxTell bounds a line typed to her, in characters: about what a game chat
// line holds, so it reads as something said, not a document.
const maxTell = 256

// Teller passes a line the person at the dashboard typed on to her mind:
// addressed to her, through the gate as addressed chat is, shown in her
// voice feed, and under the talk box, beside her answer. It returns once
// the line is put.
type Teller interface {
	Tell(ctx context.Context, text string) error
}

// Stopper ends the action in her hands (stop_moving). It reports whether an
// action was running.
type Stopper interface {
	Stop(ctx context.Context) (bool, error)
}

// Switch pauses her mind or lets her play again, and keeps the choice
// across a restart.
type Switch interface {
	SetPlaying(ctx context.Context, on bool) error
}

func (s *Server) handleTell(c echo.Context) error {
	if s.deps.Tell == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Talking to her is not wired in this run.")
	}
	text := strings.TrimSpace(c.FormValue("text"))
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return s.controlAnswer(c, invalidf("Type something to say to her first."), "")
	case n > maxTell:
		return s.controlAnswer(c, invalidf("That has %d characters; say it in %d or fewer.", n, maxTell), "")
	}
	if !s.deps.Live.Snapshot().Conn.Connected {
		return s.controlAnswer(c, unavailablef("She is not in the game, so nothing reaches her. Start the game first."), "")
	}
	err := s.deps.Tell.Tell(c.Request().Context(), text)
	if err == nil {
		s.log.Info("web: the person at the dashboard spoke to her", slog.Int("chars", utf8.RuneCountInString(text)))
	}
	// The line shows under the talk box, with her answer or a sentence
	// saying why none comes (partials.TalkReply): the answer here is only
	// that it was said.
	return s.controlAnswer(c, err, "Said.")
}

func (s *Server) handleStop(c echo.Context) error {
	if s.deps.Stop == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Stopping her is not wired in this run.")
	}
	stopped, err := s.deps.Stop.Stop(c.Request().Context())
	if err == nil && !stopped {
		return s.controlAnswer(c, nil, "She stands still now, until you let her play or someone asks her for something; her reflexes still eat, fight back and flee.")
	}
	if err == nil {
		s.log.Info("web: stopped the action in her hands")
	}
	return s.controlAnswer(c, err, "Stopped. She stands still until you let her play or someone asks her for something; her reflexes still eat, fight back and flee.")
}

func (s *Server) handlePause(c echo.Context) error { return s.setPlaying(c, false) }

func (s *Server) handlePlay(c echo.Context) error { return s.setPlaying(c, true) }

func (s *Server) setPlaying(c echo.Context, on bool) error {
	if s.deps.Play == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Pausing her is not wired in this run.")
	}
	err := s.deps.Play.SetPlaying(c.Request().Context(), on)
	done := "Paused: she decides nothing until you let her play; her reflexes still eat, fight back and flee."
	if on {
		done = "She is playing again."
	}
	if err == nil {
		s.log.Info("web: switched her mind", slog.Bool("playing", on))
	}
	return s.controlAnswer(c, err, done)
}

// controlAnswer answers a control of the live page: a sentence in place for
// htmx, the live page again for a plain form. A refusal keeps its status
// (the page's script shows it where the answer would have gone) and its own
// sentence when the person can act on it. A failure beaweb cannot explain
// in place goes to the error handler.
func (s *Server) controlAnswer(c echo.Context, err error, done string) error {
	if err != nil {
		code, msg := statusOf(err)
		if errors.Is(err, agent.ErrSkillOff) {
			code, msg = http.StatusConflict, "She is paused; press “Let her play” first."
		}
		if code >= 500 && fault.CodeOf(err) != fault.CodeUnavailable {
			s.log.Error("web: a control of the live page failed", slog.String("path", c.Path()), slog.Any("error", err))
			msg = "That did not work; beaweb's log says why."
		}
		if !isHTMX(c) {
			return err
		}
		return render(c, code, partials.Alert(msg))
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return render(c, http.StatusOK, partials.Note(done))
}

// unavailablef is an unavailable fault whose text is the sentence shown to
// the person: what cannot work now, and what would make it work.
func unavailablef(format string, args ...any) error {
	return fault.New(fault.CodeUnavailable, fmt.Sprintf(format, args...))
}
