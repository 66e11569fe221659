package web

import (
	"cmp"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/templates/pages"
)

const nearRadius = pages.NearRadius

// handlePlace is one place's page: its map, when and why she remembered
// it, and what is near it.
func (s *Server) handlePlace(c echo.Context) error {
	ctx := c.Request().Context()
	worlds, err := s.deps.Places.Worlds(ctx)
	if err != nil {
		return err
	}
	world := s.world(c, worlds)
	name := c.Param("name")
	all, err := s.deps.Places.Places(ctx, world)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(all, func(p game.Place) bool { return p.Name == name })
	if i < 0 {
		return fault.New(fault.CodeNotFound, fmt.Sprintf("She has no place called %q in %s. The list of places names every place she remembers.", name, cmp.Or(world, "this world")))
	}
	p := all[i]
	p.Dimension = cmp.Or(p.Dimension, "overworld")
	v := pages.PlaceView{Head: s.head(c, p.Name, "/places"), World: world, Place: p, Now: s.now()}
	snap := s.deps.Live.Snapshot()
	if snap.Body != nil && snap.World.Server == world && cmp.Or(snap.World.Dimension, "overworld") == p.Dimension {
		v.Live = &snap
		v.FromHer = herBearing(p.Pos, snap.Body.Position.Block())
	}
	for _, o := range all {
		if o.Name != p.Name && cmp.Or(o.Dimension, "overworld") == p.Dimension && flatDist(o.Pos, p.Pos) <= nearRadius {
			v.Near = append(v.Near, pages.NearThing{What: o.Name, Where: away(p.Pos, o.Pos), Link: "/places/" + o.Name, Dist: flatDist(o.Pos, p.Pos)})
		}
	}
	if s.deps.Map != nil {
		blocks, _, err := s.deps.Map.BlocksIn(ctx, world, p.Dimension, p.Pos.X-nearRadius, p.Pos.Z-nearRadius, p.Pos.X+nearRadius, p.Pos.Z+nearRadius, mapBlocks)
		if err != nil {
			return err
		}
		v.Near = append(v.Near, nearBlocks(p.Pos, blocks)...)
	}
	if s.deps.Deaths != nil {
		deaths, err := s.deps.Deaths.Deaths(ctx, world, 50)
		if err != nil {
			return err
		}
		for _, d := range deaths {
			if cmp.Or(d.Dimension, "overworld") == p.Dimension && flatDist(d.Pos, p.Pos) <= nearRadius {
				v.Near = append(v.Near, pages.NearThing{What: "she died (" + d.Cause + ")", Where: away(p.Pos, d.Pos), Dist: flatDist(d.Pos, p.Pos)})
			}
		}
	}
	pages.SortNear(v.Near)
	return render(c, http.StatusOK, pages.Place(v))
}

// nearBlocks sums the remembered blocks by kind, each with its nearest.
func nearBlocks(at game.Pos, blocks []game.KnownBlock) []pages.NearThing {
	type kind struct {
		n       int
		nearest game.Pos
		d       float64
	}
	kinds := map[string]*kind{}
	for _, b := range blocks {
		f := game.BlockFamily(b.Block)
		d := flatDist(b.Pos, at)
		k := kinds[f]
		if k == nil {
			kinds[f] = &kind{1, b.Pos, d}
			continue
		}
		k.n++
		if d < k.d {
			k.nearest, k.d = b.Pos, d
		}
	}
	var out []pages.NearThing
	for f, k := range kinds {
		what := game.ItemName(f)
		if k.n > 1 {
			what = game.Count(k.n, what)
		}
		where := away(at, k.nearest)
		if k.n > 1 {
			where = "the nearest " + where
		}
		out = append(out, pages.NearThing{What: what, Where: where, Dist: k.d})
	}
	return out
}

// herBearing says where she stands seen from the place at: "She is 48
// blocks west of it." when her x is 48 less than its.
func herBearing(at, her game.Pos) string {
	where := away(at, her)
	if where == "right here" {
		return "She is right here."
	}
	return "She is " + where + " of it."
}

// away says where to is seen from from, as a player would, on
// Minecraft's compass (x grows to the east, z to the south): "12 blocks
// north-east", "right here".
func away(from, to game.Pos) string {
	dx, dz := float64(to.X-from.X), float64(to.Z-from.Z)
	d := math.Hypot(dx, dz)
	if d < 1.5 {
		return "right here"
	}
	dirs := []string{"east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"}
	i := int(math.Round(math.Atan2(dz, dx)/(math.Pi/4)+8)) % 8
	n := int(math.Round(d))
	return strings.TrimSpace(game.Count(n, "block")) + " " + dirs[i]
}

func flatDist(a, b game.Pos) float64 { return math.Hypot(float64(a.X-b.X), float64(a.Z-b.Z)) }
