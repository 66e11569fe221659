package web

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/internal/game/protocol"
	"beaweb/templates/pages"
)

// resultRunning is the filter's value for the actions without a result
// yet; every other value is a result of the protocol.
const resultRunning = "running"

// How many actions and turns the history page lists.
const (
	historyLimit = 200
	turnsLimit   = 30
)

func (s *Server) handleHistory(c echo.Context) error {
	results := []string{resultRunning}
	for _, r := range protocol.Results {
		results = append(results, string(r))
	}
	v := pages.HistoryView{
		Head:    s.head(c, "History", "/history"),
		Action:  strings.TrimSpace(c.QueryParam("action")),
		Result:  strings.TrimSpace(c.QueryParam("result")),
		Results: results,
		Now:     s.now(),
	}
	if s.deps.Turns != nil {
		v.Turns = &pages.TurnsView{}
		turns, err := s.deps.Turns.RecentTurns(c.Request().Context(), turnsLimit)
		if err != nil {
			s.log.Error("web: reading the turns failed", slog.Any("error", err))
			v.Turns.Problem = "Her turns could not be read; beaweb's log says why."
		}
		v.Turns.List = turns
	}
	if s.deps.Actions == nil {
		v.Problem = "The action history is not wired in this run."
		return render(c, http.StatusOK, pages.History(v))
	}
	q := ActionQuery{Result: v.Result, Limit: historyLimit, Before: pageBefore(c.QueryParam("before"))}
	if q.Result == resultRunning {
		q.Result, q.Running = "", true
	}
	rows, err := s.filteredActions(c.Request().Context(), v.Action, q)
	if err != nil {
		code, msg := statusOf(err)
		if code >= 500 {
			s.log.Error("web: reading the history failed", slog.Any("error", err))
			msg = "The action history could not be read; beaweb's log says why."
		}
		v.Problem = msg
		return render(c, code, pages.History(v))
	}
	v.Rows = rows
	v.Pager = historyPager(v, q.Before, len(rows) == historyLimit)
	return render(c, http.StatusOK, pages.History(v))
}
