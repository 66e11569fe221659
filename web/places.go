package web

import (
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/templates/pages"
)

// maxImport bounds an uploaded places file.
const maxImport = 4 << 20

// world is the world a places request is about: the one it names, else the
// one she is in, else the first she played.
func (s *Server) world(c echo.Context, worlds []string) string {
	if w := strings.TrimSpace(c.FormValue("world")); w != "" {
		return w
	}
	if w := s.deps.Live.Snapshot().World.Server; w != "" {
		return w
	}
	if len(worlds) > 0 {
		return worlds[0]
	}
	return ""
}

func (s *Server) handlePlaces(c echo.Context) error {
	ctx := c.Request().Context()
	worlds, err := s.deps.Places.Worlds(ctx)
	if err != nil {
		return err
	}
	v := pages.PlacesView{Head: s.head(c, "Places", "/places"), Worlds: worlds, World: s.world(c, worlds)}
	v.Notice = placeNotices[c.QueryParam("done")]
	if v.World != "" && !slices.Contains(v.Worlds, v.World) {
		v.Worlds = append(v.Worlds, v.World)
	}
	return s.renderPlaces(c, http.StatusOK, v)
}

// renderPlaces reads the world's places into v and draws the page.
func (s *Server) renderPlaces(c echo.Context, status int, v pages.PlacesView) error {
	if v.World != "" {
		list, err := s.deps.Places.Places(c.Request().Context(), v.World)
		if err != nil {
			return err
		}
		v.List, v.Pager = pageOf(list, c.QueryParam("page"), "/places?"+url.Values{"world": {v.World}}.Encode())
		snap := s.deps.Live.Snapshot()
		v.Map = placesMap(v.List, snap, v.World)
		if snap.World.Server == v.World && snap.Body != nil {
			v.Live = &snap
		}
	}
	return render(c, status, pages.Places(v))
}

// placeEdit answers a rename, delete or import: back to the page with a
// notice, or the page with the sentence saying what to fix.
func (s *Server) placeEdit(c echo.Context, world string, err error, notice url.Values) error {
	if err == nil {
		notice.Set("world", world)
		return c.Redirect(http.StatusSeeOther, "/places?"+notice.Encode())
	}
	code, msg := statusOf(err)
	if code >= 500 {
		return err
	}
	worlds, werr := s.deps.Places.Worlds(c.Request().Context())
	if werr != nil {
		return werr
	}
	v := pages.PlacesView{Head: s.head(c, "Places", "/places"), Worlds: worlds, World: world, Problem: msg}
	return s.renderPlaces(c, code, v)
}

func (s *Server) handleRenamePlace(c echo.Context) error {
	world := strings.TrimSpace(c.FormValue("world"))
	from, to := c.FormValue("from"), c.FormValue("to")
	_, err := s.deps.Places.RenamePlace(c.Request().Context(), world, from, to)
	return s.placeEdit(c, world, err, url.Values{"done": {"renamed"}})
}

func (s *Server) handleDeletePlace(c echo.Context) error {
	world := strings.TrimSpace(c.FormValue("world"))
	name := c.FormValue("name")
	err := s.deps.Places.DeletePlace(c.Request().Context(), world, name)
	return s.placeEdit(c, world, err, url.Values{"done": {"deleted"}})
}

func (s *Server) handleExportPlaces(c echo.Context) error {
	world := strings.TrimSpace(c.QueryParam("world"))
	switch {
	case world == "":
		return invalidf("Say which world to export: places are kept per server.")
	case len(world) > maxWorldName:
		return invalidf("A world is named by its server, at most %d characters; that name has %d.", maxWorldName, len(world))
	}
	data, err := s.deps.Places.ExportPlaces(c.Request().Context(), world)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition",
		fmt.Sprintf(`attachment; filename="places-%s.json"`, fileSafe(world)))
	return c.Blob(http.StatusOK, "application/json", data)
}

func (s *Server) handleImportPlaces(c echo.Context) error {
	world := strings.TrimSpace(c.FormValue("world"))
	var err error
	n := 0
	fh, ferr := c.FormFile("file")
	switch {
	case world == "":
		err = invalidf("Say which world to import into: places are kept per server.")
	case ferr != nil:
		err = invalidf("Choose a places file (exported as JSON) to import.")
	case fh.Size > maxImport:
		err = invalidf("That file has %d bytes; a places file is at most %d.", fh.Size, maxImport)
	default:
		var data []byte
		data, err = readUpload(c, "file")
		if err == nil {
			n, err = s.deps.Places.ImportPlaces(c.Request().Context(), world, data)
		}
	}
	if err == nil {
		s.log.Info("web: imported places", slog.String("world", world), slog.Int("places", n))
	}
	return s.placeEdit(c, world, err, url.Values{"done": {"imported"}})
}

func readUpload(c echo.Context, field string) ([]byte, error) {
	fh, err := c.FormFile(field)
	if err != nil {
		return nil, invalidf("Choose a file to upload.")
	}
	f, err := fh.Open()
	if err != nil {
		return nil, fmt.Errorf("web: upload: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxImport+1))
	if err != nil {
		return nil, fmt.Errorf("web: upload: %w", err)
	}
	if len(data) > maxImport {
		return nil, invalidf("That file is larger than %d bytes; a places file is not.", maxImport)
	}
	return data, nil
}

// placeNotices are the sentences the places page shows after an edit,
// chosen by the query's done=; no text of the query reaches the page, so a
// link cannot make the page say what its maker wants.
var placeNotices = map[string]string{
	"renamed":  "Renamed the place.",
	"deleted":  "Deleted the place.",
	"imported": "Imported the places file.",
}

// maxWorldName bounds a world's name in a request: a server's host and port.
const maxWorldName = 255

// fileSafe keeps letters, digits, dots and dashes of a world's name for a
// file name, at most 64 of them.
func fileSafe(s string) string {
	if len(s) > 64 {
		s = s[:64]
	}
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// placesMap lays out the places of one dimension, and her when she is in
// that world and dimension, on a square SVG map: x to the right, z down.
// The dimension is hers when she is in this world, else the overworld.
func placesMap(list []game.Place, snap agent.Snapshot, world string) pages.MapView {
	dim := "overworld"
	var her *game.Vec3
	if snap.World.Server == world && snap.Body != nil {
		if snap.World.Dimension != "" {
			dim = snap.World.Dimension
		}
		pos := snap.Body.Position
		her = &pos
	}
	type pt struct {
		x, z  float64
		label string
		her   bool
	}
	var pts []pt
	for _, p := range list {
		if p.Dimension == dim || (p.Dimension == "" && dim == "overworld") {
			c := p.Pos.Center()
			pts = append(pts, pt{c.X, c.Z, p.Name, false})
		}
	}
	if her != nil {
		pts = append(pts, pt{her.X, her.Z, "her " + her.String(), true})
	}
	m := pages.MapView{Dimension: dim}
	if len(pts) == 0 {
		return m
	}
	minX, maxX, minZ, maxZ := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = min(minX, p.x), max(maxX, p.x)
		minZ, maxZ = min(minZ, p.z), max(maxZ, p.z)
	}
	side := max(maxX-minX, maxZ-minZ, 16)
	pad := side * 0.15
	cx, cz := (minX+maxX)/2, (minZ+maxZ)/2
	x0, z0, w := cx-side/2-pad, cz-side/2-pad, side+2*pad
	m.ViewBox = strings.Join([]string{f1(x0), f1(z0), f1(w), f1(w)}, " ")
	m.R = f1(w / 80)
	m.Font = f1(w / 30)
	for _, p := range pts {
		m.Points = append(m.Points, pages.MapPoint{X: f1(p.x), Y: f1(p.z), Label: p.label, Her: p.her})
	}
	return m
}

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
