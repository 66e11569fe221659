package web

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/templates/partials"
)

// view3D is what the live page's 3D view draws (static/view3d.js): the
// boxes of what she has seen around her (scene3d.go), her, and the players
// and mobs near her. Known is false, with a Note saying why, until the game
// says where she is. Same says the boxes were left out because the page
// already has those of Version.
type view3D struct {
	Known   bool      `json:"known"`
	Note    string    `json:"note,omitempty"`
	Version string    `json:"version,omitempty"`
	Same    bool      `json:"same,omitempty"`
	Paints  []paint3D `json:"paints,omitempty"`
	Cells   []cell3D  `json:"cells,omitempty"`
	More    bool      `json:"more,omitempty"` // the nearest boxes were kept of more
	// Deep says she is deep under the ground (a mine, a cave): the ground
	// far over her is left out, and the page draws a cave's dark around.
	Deep    bool     `json:"deep,omitempty"`
	Her     *her3D   `json:"her,omitempty"`
	Players []mark3D `json:"players"`
	Mobs    []mark3D `json:"mobs"`
}

// her3D is where she stands and which way she looks (yaw: 0 south, 90
// west, 180 north, 270 east).
type her3D struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Z    float64 `json:"z"`
	Yaw  float64 `json:"yaw"`
}

// mark3D is a player or a mob near her, with the label the view writes
// over it (a player's name is a stranger's words: the page sets it as
// text, and it is cut to view3DLabel characters here).
type mark3D struct {
	ID      int     `json:"id,omitempty"` // a mob's, so the page moves the same one
	Name    string  `json:"name"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Z       float64 `json:"z"`
	Hostile bool    `json:"hostile,omitempty"`
}

// view3DMarks bounds the players, and the mobs, sent (the nearest);
// view3DLabel the characters of a label; view3DRemembered the remembered
// blocks read.
const (
	view3DMarks      = 24
	view3DLabel      = 24
	view3DRemembered = 600
)

// handleView3D answers the 3D view of the live page as JSON. ?have= is the
// version of the boxes the page already draws: while they are the same
// they are left out, so a page that polls while she stands still fetches
// only where she and those near her are.
func (s *Server) handleView3D(c echo.Context) error {
	snap := s.deps.Live.Snapshot()
	v := view3D{Players: []mark3D{}, Mobs: []mark3D{}}
	b := snap.Body
	switch {
	case b == nil:
		v.Note = "The 3D view appears once the game says where she is."
	case snap.Lost:
		v.Note = "She is somewhere new; the 3D view waits for the game to say where she stands."
	default:
		v.Known = true
		v.Her = &her3D{Name: label(snap.Name), X: round2(b.Position.X), Y: round2(b.Position.Y), Z: round2(b.Position.Z), Yaw: b.Yaw}
		v.Players, v.Mobs = marksOf(b)
		v.Paints, v.Cells, v.Deep, v.More = sceneOf(snap, s.remembered(c, snap))
		v.Version = versionOf(v.Paints, v.Cells)
		if have := c.QueryParam("have"); have != "" && have == v.Version {
			v.Paints, v.Cells, v.Same = nil, nil, true
		}
		switch {
		case !snap.Conn.Connected:
			v.Note = "The game is not connected: this is what she saw last."
		case len(v.Cells) == 0 && !v.Same:
			v.Note = "The game has not shown the ground around her yet."
		}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return writeJSON(c, v)
}

// remembered reads the blocks of her map within the view's reach; a map
// that cannot be read leaves them out (the ground and her close view are
// drawn all the same) and is logged.
func (s *Server) remembered(c echo.Context, snap agent.Snapshot) []game.KnownBlock {
	if s.deps.Map == nil || snap.World.Server == "" {
		return nil
	}
	f := snap.Body.Position.Block()
	r := view3DRadius
	dim := cmp.Or(snap.World.Dimension, "overworld")
	blocks, _, err := s.deps.Map.BlocksIn(c.Request().Context(), snap.World.Server, dim, f.X-r, f.Z-r, f.X+r, f.Z+r, view3DRemembered)
	if err != nil {
		s.log.Warn("web: the 3D view drew no remembered blocks", slog.Any("error", err))
		return nil
	}
	return blocks
}

// marksOf are the players and mobs near her, the nearest first, at most
// view3DMarks of each; dropped items are not mobs.
func marksOf(b *agent.Body) (players, mobs []mark3D) {
	ps := slices.Clone(b.Players)
	slices.SortStableFunc(ps, func(x, y game.NearPlayer) int { return cmp.Compare(x.Distance, y.Distance) })
	players = []mark3D{}
	for _, p := range ps[:min(len(ps), view3DMarks)] {
		players = append(players, mark3D{Name: label(p.Name), X: round2(p.X), Y: round2(p.Y), Z: round2(p.Z)})
	}
	es := slices.Clone(b.Entities)
	slices.SortStableFunc(es, func(x, y game.Entity) int { return cmp.Compare(x.Distance, y.Distance) })
	mobs = []mark3D{}
	for _, e := range es {
		if len(mobs) == view3DMarks {
			break
		}
		if e.Type == "item" || strings.HasPrefix(e.Type, "item:") {
			continue
		}
		mobs = append(mobs, mark3D{ID: e.ID, Name: label(partials.ItemName(e.Type)), X: round2(e.X), Y: round2(e.Y), Z: round2(e.Z), Hostile: e.Hostile})
	}
	return players, mobs
}

// label is a name as a label shows it: no control characters and no
// invisible formatting (a right-to-left override would turn the rest of a
// label around), at most view3DLabel characters, the rest cut with an
// ellipsis.
func label(name string) string {
	r := []rune(strings.Map(func(c rune) rune {
		if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) {
			return -1
		}
		return c
	}, strings.TrimSpace(name)))
	if len(r) > view3DLabel {
		return string(r[:view3DLabel-1]) + "…"
	}
	return string(r)
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// versionOf names the boxes and their paints: the same boxes, the same
// version.
func versionOf(paints []paint3D, cells []cell3D) string {
	h := fnv.New64a()
	for _, p := range paints {
		fmt.Fprintf(h, "%s %s %v;", p.Name, p.RGB, p.See)
	}
	for _, c := range cells {
		fmt.Fprintf(h, "%d %d %d %d %d;", c[0], c[1], c[2], c[3], c[4])
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// writeJSON answers v as JSON, gzipped when the browser takes it: the
// boxes of a view are a few tens of kilobytes that compress to a few.
func writeJSON(c echo.Context, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("web: the 3D view: %w", err)
	}
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	if len(body) < 1024 || !acceptsGzip(c.Request()) {
		return c.JSONBlob(http.StatusOK, body)
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return fmt.Errorf("web: the 3D view: %w", err)
	}
	if _, err := zw.Write(body); err != nil {
		return fmt.Errorf("web: the 3D view: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("web: the 3D view: %w", err)
	}
	h.Set("Content-Encoding", "gzip")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, buf.Bytes())
}
