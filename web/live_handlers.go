package web

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"beaweb/internal/agent"
	"beaweb/templates/pages"
	"beaweb/templates/partials"
)

// maxObjective bounds an objective's text, in characters.
const maxObjective = 200

func (s *Server) handleLive(c echo.Context) error {
	v := pages.LiveView{
		Head:     s.head(c, "Live", "/"),
		LiveData: s.freshData(c.Request().Context()),
		CanAsk:   s.deps.Ask != nil,
		CanTell:  s.deps.Tell != nil,
		MaxTell:  maxTell,
		Events:   "/live/events",
	}
	if s.deps.Objectives != nil {
		ov := s.objectivesView(c, "")
		v.Objectives = &ov
	}
	return render(c, http.StatusOK, pages.Live(v))
}

// isHTMX tells an htmx request, which wants a fragment, from a plain form
// post, which wants a page.
func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

func (s *Server) handleAsk(c echo.Context) error {
	if s.deps.Ask == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Asking her is not wired in this run.")
	}
	if err := s.deps.Ask.Ask(c.Request().Context()); err != nil {
		if errors.Is(err, agent.ErrSkillOff) {
			return s.controlAnswer(c, err, "") // the sentence a paused mind has
		}
		return err
	}
	s.log.Info("web: asked her what she is doing")
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	// As with a line said to her, her answer, or why none comes, shows
	// under the talk box.
	return render(c, http.StatusOK, partials.Note("Asked."))
}

// objectivesView reads her plan for the objectives card; a read failure
// becomes the card's problem line.
func (s *Server) objectivesView(c echo.Context, problem string) pages.ObjectivesView {
	token, _ := c.Get(csrfKey).(string)
	v := pages.ObjectivesView{CSRF: token, Problem: problem,
		Autopilot: s.deps.Live.Snapshot().Model.Provider == "rules"}
	list, err := s.deps.Objectives.Objectives(c.Request().Context())
	if err != nil {
		s.log.Error("web: reading the objectives failed", slog.Any("error", err))
		v.Problem = "Her objectives could not be read; beaweb's log says why."
		return v
	}
	v.List = list
	return v
}

// objectiveAnswer answers an objective edit: the card again for htmx, the
// live page for a plain form. An edit the person can fix is shown on the
// card; anything else goes to the error handler.
func (s *Server) objectiveAnswer(c echo.Context, err error) error {
	problem := ""
	if err != nil {
		code, msg := statusOf(err)
		if code >= 500 || !isHTMX(c) {
			return err
		}
		problem = msg
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return render(c, http.StatusOK, pages.Objectives(s.objectivesView(c, problem)))
}

func (s *Server) handleAddObjective(c echo.Context) error {
	if s.deps.Objectives == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Objectives are not wired in this run.")
	}
	text := strings.TrimSpace(c.FormValue("text"))
	var err error
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		err = invalidf("An objective needs some words: say what she should do.")
	case n > maxObjective:
		err = invalidf("That objective has %d characters; keep it to %d.", n, maxObjective)
	default:
		err = s.deps.Objectives.SaveObjective(c.Request().Context(), &agent.Objective{Text: text})
	}
	return s.objectiveAnswer(c, err)
}

func (s *Server) handleObjectiveDone(c echo.Context) error {
	if s.deps.Objectives == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Objectives are not wired in this run.")
	}
	id, err := objectiveID(c)
	if err == nil {
		var done bool
		done, err = strconv.ParseBool(c.FormValue("done"))
		if err != nil {
			err = invalidf("Say done=true or done=false.")
		} else {
			err = s.deps.Objectives.SetObjectiveDone(c.Request().Context(), id, done)
		}
	}
	return s.objectiveAnswer(c, err)
}

func (s *Server) handleDeleteObjective(c echo.Context) error {
	if s.deps.Objectives == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Objectives are not wired in this run.")
	}
	id, err := objectiveID(c)
	if err == nil {
		err = s.deps.Objectives.DeleteObjective(c.Request().Context(), id)
	}
	return s.objectiveAnswer(c, err)
}

func objectiveID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, invalidf("%q is not the number of an objective.", c.Param("id"))
	}
	return id, nil
}
