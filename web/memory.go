package web

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"beaweb/templates/pages"
)

// How many rows the memory pages list.
const (
	deathsLimit = 100
	peopleLimit = 200
)

func (s *Server) handleDeaths(c echo.Context) error {
	world := s.deps.Live.Snapshot().World.Server
	v := pages.DeathsView{Head: s.head(c, "Deaths", "/deaths"), World: world}
	if world != "" {
		list, err := s.deps.Deaths.Deaths(c.Request().Context(), world, deathsLimit)
		if err != nil {
			s.log.Error("web: reading the deaths failed", slog.Any("error", err))
			v.Problem = "Her deaths could not be read; beaweb's log says why."
			return render(c, http.StatusInternalServerError, pages.Deaths(v))
		}
		v.List = list
	}
	return render(c, http.StatusOK, pages.Deaths(v))
}

func (s *Server) handlePeople(c echo.Context) error {
	ctx := c.Request().Context()
	v := pages.PeopleView{Head: s.head(c, "People", "/people")}
	people, err := s.deps.People.People(ctx, peopleLimit)
	if err == nil {
		for _, p := range people {
			a := pages.Acquaintance{Person: p}
			if p.Card {
				if a.Facts, err = s.deps.People.Facts(ctx, p.UUID); err != nil {
					break
				}
			}
			v.List = append(v.List, a)
		}
	}
	if err != nil {
		s.log.Error("web: reading the people failed", slog.Any("error", err))
		v = pages.PeopleView{Head: v.Head, Problem: "The people she knows could not be read; beaweb's log says why."}
		return render(c, http.StatusInternalServerError, pages.People(v))
	}
	return render(c, http.StatusOK, pages.People(v))
}
