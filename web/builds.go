package web

import (
	"cmp"
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/preview"
	"beaweb/templates/pages"
)

// Blueprints are the ready-made buildings; *blueprint.Templates is one.
type Blueprints interface {
	List() []*blueprint.Template
	Resolve(name string, origin game.Pos, rotation int, have game.Inventory) (blueprint.Args, error)
}

// ScriptPreviewer runs a build script without building it and answers the
// cells it drew and its notes. A script the person can fix must come back
// as a fault.CodeInvalid whose sentence says what to change.
type ScriptPreviewer interface {
	PreviewScript(ctx context.Context, src string) ([]blueprint.Cell, []string, error)
}

// maxScript bounds a pasted build script, in bytes; the sandbox has its own
// smaller limit and says so.
const maxScript = 256 << 10

// templateCells lays a template out at the origin, unturned, with the
// default materials (she carries nothing here).
func (s *Server) templateCells(name string) ([]blueprint.Cell, error) {
	args, err := s.deps.Blueprints.Resolve(name, game.Pos{}, 0, game.Inventory{})
	if err != nil {
		return nil, err
	}
	exp, err := blueprint.Expand(args)
	if err != nil {
		return nil, fmt.Errorf("web: template %s: %w", name, err)
	}
	return exp.Cells, nil
}

func (s *Server) buildsView(c echo.Context) pages.BuildsView {
	v := pages.BuildsView{Head: s.head(c, "Builds", "/builds"), CanScript: s.deps.Scripts != nil, Now: s.now()}
	v.Ran, v.RanProblem = s.ranBuilds(c.Request().Context())
	v.Reflexes = s.deps.Live.Snapshot().Reflexes
	for _, tp := range s.deps.Blueprints.List() {
		cells, err := s.templateCells(tp.Name)
		if err != nil {
			s.log.Error("web: laying out a template failed", slog.String("template", tp.Name), slog.Any("error", err))
			v.Problem = "A template could not be drawn; beaweb's log says why."
			continue
		}
		t := pages.TemplateView{Name: tp.Name, Describe: templateLine(tp), Source: tp.Source}
		for _, l := range preview.TopViews(cells) {
			t.Layers = append(t.Layers, l.Y)
		}
		v.Templates = append(v.Templates, t)
	}
	return v
}

// templateLine is a template's size, door and needs as a person reads them
// on the Builds page; her own line (Describe) is written for the model, with
// the template's id first.
func templateLine(tp *blueprint.Template) string {
	size := tp.Size()
	parts := []string{fmt.Sprintf("%d wide, %d deep, %d high", size.X, size.Z, size.Y)}
	if tp.Offset < 0 {
		parts = append(parts, fmt.Sprintf("its floor %d below ground", -tp.Offset))
	}
	if side, ok := tp.DoorSide(0); ok {
		parts = append(parts, "door on the "+string(side)+" side")
	}
	needs := tp.Needs()
	names := make([]string, 0, len(needs))
	for name := range needs {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(needs[b]-needs[a], strings.Compare(a, b))
	})
	takes := make([]string, len(names))
	for i, name := range names {
		takes[i] = game.Count(needs[name], game.ItemName(name))
	}
	if len(takes) > 0 {
		parts = append(parts, "takes "+strings.Join(takes, ", "))
	}
	return strings.Join(parts, " · ")
}

func (s *Server) handleBuilds(c echo.Context) error {
	return render(c, http.StatusOK, pages.Builds(s.buildsView(c)))
}

// handleTemplateSVG serves a template's isometric drawing (iso.svg) or the
// top view of one layer (layer/<y>.svg).
func (s *Server) handleTemplateSVG(c echo.Context) error {
	name := c.Param("name")
	if _, ok := findTemplate(s.deps.Blueprints, name); !ok {
		return fault.New(fault.CodeNotFound, fmt.Sprintf("There is no template called %q.", name))
	}
	cells, err := s.templateCells(name)
	if err != nil {
		return err
	}
	var svg []byte
	if ys := c.Param("y"); ys != "" {
		y, err := strconv.Atoi(strings.TrimSuffix(ys, ".svg"))
		if err != nil || !strings.HasSuffix(ys, ".svg") {
			return fault.New(fault.CodeNotFound, fmt.Sprintf("There is no layer %q: a layer is a height, a whole number.", ys))
		}
		for _, l := range preview.TopViews(cells) {
			if l.Y == y {
				svg = l.SVG
			}
		}
		if svg == nil {
			return fault.New(fault.CodeNotFound, fmt.Sprintf("The template %s has no layer at height %d.", name, y))
		}
	} else {
		svg = preview.SVG(cells)
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

func findTemplate(b Blueprints, name string) (*blueprint.Template, bool) {
	for _, tp := range b.List() {
		if tp.Name == name {
			return tp, true
		}
	}
	return nil, false
}

// handleScriptPreview runs a pasted script in the sandbox and shows what it
// would build: for htmx the preview alone, for a plain form the whole page.
func (s *Server) handleScriptPreview(c echo.Context) error {
	if s.deps.Scripts == nil {
		return echo.NewHTTPError(http.StatusNotImplemented, "Build scripts cannot be previewed in this run.")
	}
	src := c.FormValue("src")
	p, status, err := s.previewScript(c.Request().Context(), src)
	if err != nil {
		return err
	}
	if isHTMX(c) {
		return render(c, status, pages.ScriptResult(p))
	}
	v := s.buildsView(c)
	v.Script, v.Preview = src, &p
	return render(c, status, pages.Builds(v))
}

// previewScript answers the preview, or a problem the person can fix with
// its status; other errors are the dashboard's own.
func (s *Server) previewScript(ctx context.Context, src string) (pages.ScriptPreview, int, error) {
	var cells []blueprint.Cell
	var notes []string
	var err error
	switch {
	case strings.TrimSpace(src) == "":
		err = invalidf("Paste a build script first.")
	case len(src) > maxScript:
		err = invalidf("That script has %d bytes; paste at most %d.", len(src), maxScript)
	default:
		cells, notes, err = s.deps.Scripts.PreviewScript(ctx, src)
	}
	if err != nil {
		code, msg := statusOf(err)
		if code >= 500 {
			return pages.ScriptPreview{}, 0, err
		}
		return pages.ScriptPreview{Problem: msg}, code, nil
	}
	p := pages.ScriptPreview{Cells: len(cells), Notes: notes, ISO: dataURL(preview.SVG(cells))}
	if len(cells) > 0 {
		lo, hi := cells[0].Pos, cells[0].Pos
		for _, c := range cells {
			lo = game.Pos{X: min(lo.X, c.X), Y: min(lo.Y, c.Y), Z: min(lo.Z, c.Z)}
			hi = game.Pos{X: max(hi.X, c.X), Y: max(hi.Y, c.Y), Z: max(hi.Z, c.Z)}
		}
		d := hi.Sub(lo)
		p.Size = fmt.Sprintf("%d wide (x) by %d deep (z) by %d high", d.X+1, d.Z+1, d.Y+1)
	}
	for _, l := range preview.TopViews(cells) {
		p.Layers = append(p.Layers, pages.LayerImage{Y: l.Y, SRC: dataURL(l.SVG)})
	}
	return p, http.StatusOK, nil
}

// dataURL embeds an SVG as an image: shown by an img element, it can run
// no script whatever it holds.
func dataURL(svg []byte) string {
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)
}
