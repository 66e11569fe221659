package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/store"
	"beaweb/web"
)

// view3DAnswer is /live/view3d as the page's script reads it.
type view3DAnswer struct {
	Known   bool   `json:"known"`
	Note    string `json:"note"`
	Version string `json:"version"`
	Same    bool   `json:"same"`
	Deep    bool   `json:"deep"`
	More    bool   `json:"more"`
	Paints  []struct {
		Name string  `json:"name"`
		RGB  string  `json:"rgb"`
		See  float64 `json:"see"`
	} `json:"paints"`
	Cells [][5]int `json:"cells"`
	Her   *struct {
		Name    string
		X, Y, Z float64
		Yaw     float64
	} `json:"her"`
	Players []view3DMark `json:"players"`
	Mobs    []view3DMark `json:"mobs"`
}

type view3DMark struct {
	ID      int     `json:"id"`
	Name    string  `json:"name"`
	X, Y, Z float64 `json:"-"`
	Hostile bool    `json:"hostile"`
}

// The bounds the view promises (web/scene3d.go, web/view3d.go).
const (
	viewRadius = 24
	viewCells  = 4000
	viewMarks  = 24
	viewLabel  = 24
)

// readView3D asks for the view and answers it with the raw body.
func readView3D(t *testing.T, url string) (view3DAnswer, string) {
	t.Helper()
	code, body := get(t, browser(t), url)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, code, body)
	}
	var v view3DAnswer
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, body)
	}
	return v, body
}

// landscape is a terrain square of 48 columns around (0, 0) whose column
// (x, z) is the block and height top answers; "" leaves it unknown.
func landscape(x0, z0 int, top func(x, z int) (string, int)) protocol.Terrain {
	const size = 48
	t := protocol.Terrain{Dimension: "overworld", X: x0, Z: z0, Size: size}
	index := map[string]int{}
	var tops, heights strings.Builder
	for z := z0; z < z0+size; z++ {
		for x := x0; x < x0+size; x++ {
			b, y := top(x, z)
			if b == "" {
				tops.WriteByte(protocol.TopUnknown)
				heights.WriteString("..")
				continue
			}
			i, ok := index[b]
			if !ok {
				i = len(t.Palette)
				index[b] = i
				t.Palette = append(t.Palette, b)
			}
			tops.WriteByte(protocol.TopChar(i))
			heights.WriteString(protocol.HeightChars(y))
		}
	}
	t.Tops, t.Heights = tops.String(), heights.String()
	return t
}

// layGround puts the square on her ground.
func layGround(f *fixture, t protocol.Terrain) {
	world := f.Live.Snapshot().World.Server
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Ground, _ = s.Ground.With(world, t) })
}

// TestView3DWithoutTheGame: before the game says where she is the view
// answers a sentence, not an error; with the link down it still draws
// what she saw last and says so.
func TestView3DWithoutTheGame(t *testing.T) {
	f := serve(t)
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Body = nil })
	v, _ := readView3D(t, f.URL+"/live/view3d")
	if v.Known || v.Note != "The 3D view appears once the game says where she is." || len(v.Cells) != 0 || v.Her != nil {
		t.Errorf("with no game: %+v", v)
	}
	f = serve(t)
	layGround(f, landscape(-16, -16, func(x, z int) (string, int) { return "grass_block", 63 }))
	f.Live.Update(agent.TopicConn, func(s *agent.Snapshot) { s.Conn.Connected = false })
	v, _ = readView3D(t, f.URL+"/live/view3d")
	if !v.Known || !strings.Contains(v.Note, "not connected") || len(v.Cells) == 0 || v.Her == nil || v.Her.Name != "Bea" {
		t.Errorf("with the link down: known %v, note %q, %d boxes", v.Known, v.Note, len(v.Cells))
	}
	f.Live.Update(agent.TopicConn, func(s *agent.Snapshot) { s.Conn.Connected = true; s.Lost = true })
	if v, _ = readView3D(t, f.URL+"/live/view3d"); v.Known || !strings.Contains(v.Note, "somewhere new") {
		t.Errorf("lost after a respawn: %+v", v)
	}
}

// TestView3DWithAnEmptyMap: she is in the game but nothing of the ground
// is known yet: no box, and a sentence that says why.
func TestView3DWithAnEmptyMap(t *testing.T) {
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Map = fakeMap{} })
	v, _ := readView3D(t, f.URL+"/live/view3d")
	if !v.Known || len(v.Cells) != 0 || v.Note != "The game has not shown the ground around her yet." || v.Her == nil {
		t.Errorf("an empty map: %+v", v)
	}
}

// TestView3DDrawsOnlyWhatCanBeSeen: on a plain with a cliff, each column
// is its top block and, down a cliff, its side to the lowest neighbour;
// nothing under the ground is sent: not the ore she remembers under it
// (found through the rock), not a block of her close view walled in on
// all six sides. Her close view and her map show where the ground is not
// known, a plant lies on the ground, and everything is within the radius.
func TestView3DDrawsOnlyWhatCanBeSeen(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "bea.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Map = db })
	world := f.Live.Snapshot().World.Server
	// She stands at (3, 64, -1) on grass at 63; east of x = 10 a cliff
	// rises to 70 in stone; short grass at (0, 64, 0); north of z = -20 the
	// ground is unknown.
	layGround(f, landscape(-16, -32, func(x, z int) (string, int) {
		switch {
		case z < -20:
			return "", 0
		case x == 0 && z == 0:
			return "short_grass", 64
		case x > 10:
			return "stone", 70
		}
		return "grass_block", 63
	}))
	var closeView []game.SeenBlock
	for _, d := range []game.Pos{{}, {X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}} {
		p := game.Pos{X: 5, Y: 60, Z: 1}.Add(d) // a stone walled in by six others
		closeView = append(closeView, game.SeenBlock{Block: "stone", X: p.X, Y: p.Y, Z: p.Z})
	}
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Blocks = closeView
		s.Body = &b
	})
	if err := db.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{
		{Pos: game.Pos{X: 2, Y: 40, Z: 2}, Block: "iron_ore"},      // under the known ground
		{Pos: game.Pos{X: 4, Y: 66, Z: -22}, Block: "chest"},       // where the ground is not known
		{Pos: game.Pos{X: 6, Y: 50, Z: -23}, Block: "diamond_ore"}, // an ore there too: buried
	}, nil); err != nil {
		t.Fatal(err)
	}
	v, body := readView3D(t, f.URL+"/live/view3d")
	t.Logf("the view: %d boxes, %d bytes", len(v.Cells), len(body))
	paint := func(c [5]int) string { return v.Paints[c[4]].Name }
	byColumn := map[[2]int][][5]int{}
	for _, c := range v.Cells {
		dx, dz := c[0]-3, c[2]+2
		if dx*dx+dz*dz > viewRadius*viewRadius+viewRadius {
			t.Errorf("box %v lies beyond the view's radius", c)
		}
		byColumn[[2]int{c[0], c[2]}] = append(byColumn[[2]int{c[0], c[2]}], c)
	}
	for col, cs := range byColumn {
		x, z := col[0], col[1]
		for _, c := range cs {
			bottom := c[1] - c[3] + 1
			switch {
			case z < -20:
				if !(x == 4 && c[1] == 66 && z == -22 && paint(c) == "wood") {
					t.Errorf("in the unknown north, box %v (%s); only her remembered chest belongs there", c, paint(c))
				}
			case x == 11 && c[1] == 70:
				if bottom != 64 || paint(c) != "stone" {
					t.Errorf("the cliff's edge at x 11 is %v (%s), want stone from 70 down to 64", c, paint(c))
				}
			case x > 11:
				if c[3] != 1 || c[1] != 70 {
					t.Errorf("the plateau at x %d is %v, want its top alone", x, c)
				}
			case x == 0 && z == 0:
				if c[1] != 63 || c[3] != 1 || paint(c) != "grass" {
					t.Errorf("the column under the short grass is %v (%s), want grass at 63", c, paint(c))
				}
			default:
				if c[1] != 63 || c[3] != 1 || paint(c) != "grass" {
					t.Errorf("the plain at (%d, %d) is %v (%s), want one box of grass at 63", x, z, c, paint(c))
				}
			}
		}
	}
	if len(byColumn[[2]int{4, -22}]) != 1 {
		t.Error("her remembered chest, where the ground is not known, is not drawn")
	}
	for _, c := range v.Cells {
		if c[1] < 63 {
			t.Errorf("box %v (%s) lies under the ground", c, paint(c))
		}
	}
	if strings.Contains(body, "iron") || strings.Contains(body, "diamond") {
		t.Error("a buried ore was sent")
	}
}

// TestView3DIsBounded: a crowd, a long close view and a steep ground
// stay within the view's bounds: the nearest boxes, 24 players and 24
// mobs, each label at most 24 characters.
func TestView3DIsBounded(t *testing.T) {
	f := serve(t)
	// A slope rising two blocks a column: each column has a side under
	// its top, two boxes a column.
	layGround(f, landscape(-21, -26, func(x, z int) (string, int) { return "grass_block", 63 + 2*(x+z) }))
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Position.Y = 66 // on the slope at (3, 65, -2)
		b.Players, b.Entities, b.Blocks = nil, nil, nil
		for i := range 100 {
			b.Players = append(b.Players, game.NearPlayer{Name: fmt.Sprintf("Player%02d", i), X: float64(i % 10), Y: 64, Z: float64(i / 10), Distance: float64(i)})
			b.Entities = append(b.Entities, game.Entity{ID: i + 1, Type: "zombie", X: float64(i % 10), Y: 64, Z: -float64(i / 10), Distance: float64(100 - i), Hostile: true})
		}
		// Her close view floats in the air, every other block of its cube:
		// none walled in, all of them drawn.
		for dx := -4; dx <= 4; dx++ {
			for dy := -4; dy <= 4; dy++ {
				for dz := -4; dz <= 4; dz++ {
					if (dx+dy+dz)%2 == 0 {
						b.Blocks = append(b.Blocks, game.SeenBlock{Block: "cobblestone", X: 3 + dx, Y: 200 + dy, Z: -2 + dz})
					}
				}
			}
		}
		s.Body = &b
	})
	v, body := readView3D(t, f.URL+"/live/view3d")
	t.Logf("the bounded view: %d boxes, %d paints, %d bytes", len(v.Cells), len(v.Paints), len(body))
	if len(v.Cells) != viewCells || !v.More {
		t.Errorf("%d boxes (more %v), want the nearest %d", len(v.Cells), v.More, viewCells)
	}
	near := map[[2]int]bool{}
	for _, c := range v.Cells {
		near[[2]int{c[0], c[2]}] = true
	}
	for dz := -20; dz <= 20; dz++ {
		for dx := -20; dx <= 20; dx++ {
			if dx*dx+dz*dz <= 400 && !near[[2]int{3 + dx, -2 + dz}] {
				t.Errorf("the column (%d, %d), %d blocks from her, was cut; the farthest go first", 3+dx, -2+dz, int(math.Sqrt(float64(dx*dx+dz*dz))))
			}
		}
	}
	if len(v.Players) != viewMarks || len(v.Mobs) != viewMarks {
		t.Errorf("%d players and %d mobs, want %d of each", len(v.Players), len(v.Mobs), viewMarks)
	}
	if v.Players[0].Name != "Player00" || v.Mobs[0].ID != 100 {
		t.Errorf("not the nearest first: %q, mob %d", v.Players[0].Name, v.Mobs[0].ID)
	}
	if len(body) > 100_000 {
		t.Errorf("the view is %d bytes; it is polled each second", len(body))
	}
}

// TestView3DLeavesOutWalledInBlocks: a block of her close view with a
// solid block on each of its six sides is not sent.
func TestView3DLeavesOutWalledInBlocks(t *testing.T) {
	f := serve(t)
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Blocks = nil
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				for dz := -1; dz <= 1; dz++ {
					b.Blocks = append(b.Blocks, game.SeenBlock{Block: "stone", X: 3 + dx, Y: 60 + dy, Z: -2 + dz})
				}
			}
		}
		s.Body = &b
	})
	v, _ := readView3D(t, f.URL+"/live/view3d")
	if len(v.Cells) != 26 {
		t.Errorf("a cube of 27 stones gave %d boxes, want the 26 of its outside", len(v.Cells))
	}
	for _, c := range v.Cells {
		if c[0] == 3 && c[1] == 60 && c[2] == -2 {
			t.Error("the stone at the cube's heart was sent")
		}
	}
}

// TestView3DNamesAreTheirWords: a player's name reaches the page as JSON
// text with no markup in it, cut to a label's length, its control
// characters gone; the page's script sets it as text (view3d.js).
func TestView3DNamesAreTheirWords(t *testing.T) {
	f := serve(t)
	evil := `<img src=x onerror=f()>`
	long := "Al\u0007e\u202ex" + strings.Repeat("x", 40)
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Players = []game.NearPlayer{{Name: evil, X: 4, Y: 64, Z: 0, Distance: 1}, {Name: long, X: 5, Y: 64, Z: 0, Distance: 2}}
		s.Body = &b
	})
	v, body := readView3D(t, f.URL+"/live/view3d")
	if strings.Contains(body, "<img") || !strings.Contains(body, `\u003cimg`) {
		t.Errorf("the name's markup reached the answer raw: %s", body)
	}
	if len(v.Players) != 2 || v.Players[0].Name != evil {
		t.Fatalf("players %+v", v.Players)
	}
	got := []rune(v.Players[1].Name)
	if len(got) != viewLabel || got[len(got)-1] != '…' || !strings.HasPrefix(string(got), "Alexxx") {
		t.Errorf("the long name reads %q", string(got))
	}
}

// TestView3DSendsTheBoxesOnlyWhenTheyChange: asked with the version it
// has, the page gets where she is and no boxes, until the ground changes;
// a browser that takes gzip gets the boxes gzipped.
func TestView3DSendsTheBoxesOnlyWhenTheyChange(t *testing.T) {
	f := serve(t)
	layGround(f, landscape(-16, -16, func(x, z int) (string, int) { return "sand", 62 }))
	v, _ := readView3D(t, f.URL+"/live/view3d")
	if v.Version == "" || len(v.Cells) == 0 {
		t.Fatalf("the first view: version %q, %d boxes", v.Version, len(v.Cells))
	}
	again, _ := readView3D(t, f.URL+"/live/view3d?have="+v.Version)
	if !again.Same || len(again.Cells) != 0 || again.Her == nil || again.Version != v.Version {
		t.Errorf("asked again with its version: same %v, %d boxes", again.Same, len(again.Cells))
	}
	layGround(f, landscape(-16, -16, func(x, z int) (string, int) { return "sand", 63 }))
	if changed, _ := readView3D(t, f.URL+"/live/view3d?have="+v.Version); changed.Same || len(changed.Cells) == 0 || changed.Version == v.Version {
		t.Errorf("after the ground rose: same %v, %d boxes", changed.Same, len(changed.Cells))
	}
	req, _ := http.NewRequest(http.MethodGet, f.URL+"/live/view3d", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	zipped, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", resp.Header)
	}
	t.Logf("the view gzipped: %d bytes", len(zipped))
}

// TestView3DCutsAwayTheGroundOverHer: in a pit she is seen, the ground
// beside her drawn no higher than under her feet (her close view shows
// the walls at her feet); deep in a mine the ground far over her is left
// out and the page is told to draw a cave.
func TestView3DCutsAwayTheGroundOverHer(t *testing.T) {
	f := serve(t) // she stands at (3, 64, -2)
	layGround(f, landscape(-16, -16, func(x, z int) (string, int) {
		if x == 3 && z == -2 {
			return "stone", 63 // the floor of her pit
		}
		return "grass_block", 67
	}))
	v, _ := readView3D(t, f.URL+"/live/view3d")
	for _, c := range v.Cells {
		if math.Abs(float64(c[0]-3)) <= 4 && math.Abs(float64(c[2]+2)) <= 4 && c[1] > 63 {
			t.Errorf("box %v stands over her feet beside her", c)
		}
	}
	if v.Deep {
		t.Error("a pit four blocks deep counts as a mine")
	}
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Position.Y = 30
		b.Overhead = "stone"
		b.Blocks = []game.SeenBlock{{Block: "oak_log", X: 9, Y: 70, Z: 9}} // not in a close view: the stale one of before she dug down
		s.Body = &b
	})
	v, _ = readView3D(t, f.URL+"/live/view3d")
	if !v.Deep {
		t.Error("37 blocks under the ground is not a mine")
	}
	for _, c := range v.Cells {
		if c[1] > 30+6 {
			t.Errorf("deep in a mine, box %v of the ground far over her was sent", c)
		}
	}
	// At the foot of a shaft she dug straight down, the sky over her: a
	// mine all the same.
	layGround(f, landscape(-16, -16, func(x, z int) (string, int) {
		if x == 3 && z == -2 {
			return "stone", 29
		}
		return "grass_block", 67
	}))
	if v, _ = readView3D(t, f.URL+"/live/view3d"); !v.Deep {
		t.Error("the foot of a shaft 37 blocks deep is not a mine")
	}
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Position.Y, b.Overhead = 64, "oak_leaves"
		s.Body = &b
	})
	layGround(f, landscape(-16, -16, func(x, z int) (string, int) {
		if x >= 1 && x <= 5 && z >= -4 && z <= 0 {
			return "oak_leaves", 72 // a tall tree's crown over her
		}
		return "grass_block", 63
	}))
	if v, _ = readView3D(t, f.URL+"/live/view3d"); v.Deep {
		t.Error("under a tree counts as a mine")
	}
}
