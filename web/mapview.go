package web

import (
	"context"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/internal/game"
	"beaweb/templates/partials"
)

// BlockMap reads her remembered map of blocks (ores, logs, chests, beds,
// furnaces, water, lava and what she placed): those in one dimension whose
// x and z lie in the box (inclusive), the topmost of each column, at most
// limit. more says the box held more than limit columns.
type BlockMap interface {
	BlocksIn(ctx context.Context, world, dimension string, x0, z0, x1, z1, limit int) (blocks []game.KnownBlock, more bool, err error)
}

// The map's blocks layer is fetched for the part in view and a margin, so a
// request covers at most mapSide blocks on a side and mapBlocks blocks:
// what a person can see on a screen, not the whole map.
const (
	mapSide   = 512
	mapBlocks = 8000
)

// handleMapBlocks draws the remembered blocks and named places in a box of
// the world she is in (or the one named) as an SVG layer of the live map.
func (s *Server) handleMapBlocks(c echo.Context) error {
	box, err := mapBox(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	world := strings.TrimSpace(c.QueryParam("world"))
	if world == "" {
		world = s.deps.Live.Snapshot().World.Server
	}
	var blocks []game.KnownBlock
	var places []game.Place
	more := false
	if world != "" {
		if s.deps.Map != nil {
			if blocks, more, err = s.deps.Map.BlocksIn(ctx, world, box.Dimension, box.X0, box.Z0, box.X1, box.Z1, mapBlocks); err != nil {
				return err
			}
		}
		if s.deps.Places != nil {
			all, err := s.deps.Places.Places(ctx, world)
			if err != nil {
				return err
			}
			for _, p := range all {
				dim := p.Dimension
				if dim == "" {
					dim = "overworld"
				}
				if dim == box.Dimension && p.Pos.X >= box.X0 && p.Pos.X <= box.X1 && p.Pos.Z >= box.Z0 && p.Pos.Z <= box.Z1 {
					places = append(places, p)
				}
			}
		}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return render(c, http.StatusOK, partials.MapBlocks(box, blocks, places, more))
}

// mapBox reads the box of a blocks request, clamped to mapSide around its
// centre.
func mapBox(c echo.Context) (partials.MapBox, error) {
	b := partials.MapBox{Dimension: strings.TrimSpace(c.QueryParam("dim"))}
	if b.Dimension == "" {
		b.Dimension = "overworld"
	}
	var vals [4]int
	for i, k := range []string{"x0", "z0", "x1", "z1"} {
		v, err := strconv.Atoi(c.QueryParam(k))
		if err != nil {
			return b, invalidf("Say which part of the map to draw: x0, z0, x1 and z1 are whole block coordinates.")
		}
		vals[i] = v
	}
	b.X0, b.Z0, b.X1, b.Z1 = min(vals[0], vals[2]), min(vals[1], vals[3]), max(vals[0], vals[2]), max(vals[1], vals[3])
	clamp := func(lo, hi int) (int, int) {
		if hi-lo+1 <= mapSide {
			return lo, hi
		}
		mid := lo + (hi-lo)/2
		return mid - mapSide/2, mid + mapSide/2 - 1
	}
	b.X0, b.X1 = clamp(b.X0, b.X1)
	b.Z0, b.Z1 = clamp(b.Z0, b.Z1)
	return b, nil
}

// groundView is the ground of a box as the map's script reads it: the
// colours by index, and each chunk that changed since the version the
// script has, as [x, z, base64 of its 256 colour indexes] with x and z in
// chunks. Base64 keeps a chunk near 350 bytes.
type groundView struct {
	Version uint64   `json:"version"`
	Colours []string `json:"colours"`
	Chunks  [][3]any `json:"chunks"`
}

// handleMapGround answers the ground of a box of the world she is in (the
// game's map colours of the top of each column), only the chunks that
// changed after ?since=, so a map that follows her fetches a few hundred
// bytes when she walks into new land and nothing while it stands still.
func (s *Server) handleMapGround(c echo.Context) error {
	box, err := mapBox(c)
	if err != nil {
		return err
	}
	var since uint64
	if v := strings.TrimSpace(c.QueryParam("since")); v != "" {
		if since, err = strconv.ParseUint(v, 10, 64); err != nil {
			return invalidf("since is the version of the ground the map already has, a whole number such as 12.")
		}
	}
	snap := s.deps.Live.Snapshot()
	world := strings.TrimSpace(c.QueryParam("world"))
	if world == "" {
		world = snap.World.Server
	}
	out := groundView{Version: snap.Ground.Version(), Colours: make([]string, len(game.MapColours)), Chunks: [][3]any{}}
	for i, col := range game.MapColours {
		out.Colours[i] = col.RGB
	}
	for _, ch := range snap.Ground.Chunks(world, box.Dimension, box.X0, box.Z0, box.X1, box.Z1, since) {
		out.Chunks = append(out.Chunks, [3]any{ch.At.X, ch.At.Z, base64.StdEncoding.EncodeToString(ch.Colours[:])})
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, out)
}
