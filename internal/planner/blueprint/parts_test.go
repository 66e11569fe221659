package blueprint

import (
	"encoding/json"
	"testing"
	"testing/fstest"

	"beaweb/internal/game"
)

// bigTemplate is a side×high×side stone tower: walls, a floor on every
// fourth layer, a door in the south wall and air inside, every block
// standing on the one below or on the ground.
func bigTemplate(side, high int) map[string]any {
	blocks := make([][][]string, high)
	for y := range blocks {
		blocks[y] = make([][]string, side)
		for z := range side {
			row := make([]string, side)
			for x := range side {
				edge := x == 0 || z == 0 || x == side-1 || z == side-1
				switch {
				case edge && z == side-1 && x == side/2 && y == 1:
					row[x] = "oak_door"
				case edge && z == side-1 && x == side/2 && y == 2:
					row[x] = "oak_door"
				case edge || y%4 == 0:
					row[x] = "stone"
				default:
					row[x] = "air"
				}
			}
			blocks[y][z] = row
		}
	}
	return map[string]any{"name": "tower", "blocks": blocks}
}

func loadOne(t *testing.T, tp map[string]any) *Templates {
	t.Helper()
	b, err := json.Marshal(tp)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := LoadTemplates(fstest.MapFS{"blueprints/" + tp["name"].(string) + ".json": {Data: b}})
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// TestBigTemplatesBuildInParts: a template of 32,768 cells loads, and is
// built in parts of at most PartCells cells, bottom-up, that together are
// the whole, with every block standing on a part built before it or in
// the same one, and a door's halves in one part; a layer too big for one
// build is split into runs of rows.
func TestBigTemplatesBuildInParts(t *testing.T) {
	for _, c := range []struct{ side, high int }{{32, 32}, {50, 3}} {
		ts := loadOne(t, bigTemplate(c.side, c.high))
		origin := game.Pos{X: 100, Y: -60, Z: -50}
		parts, err := ts.ResolveParts("tower", origin, 0, game.Inventory{})
		if err != nil {
			t.Fatal(err)
		}
		if len(parts) < 2 {
			t.Fatalf("%dx%d: %d parts", c.side, c.high, len(parts))
		}
		builtIn := map[game.Pos]int{}
		doors := map[int]int{}
		for i, p := range parts {
			e, err := Expand(p)
			if err != nil {
				t.Fatalf("%dx%d: part %d: %v", c.side, c.high, i, err)
			}
			if len(e.Cells) > PartCells {
				t.Errorf("%dx%d: part %d has %d cells", c.side, c.high, i, len(e.Cells))
			}
			for _, cell := range e.Cells {
				if _, twice := builtIn[cell.Pos]; twice {
					t.Fatalf("%dx%d: %v is in two parts", c.side, c.high, cell.Pos)
				}
				builtIn[cell.Pos] = i
				if Kind(cell.Block) == "oak_door" {
					doors[i]++
				}
			}
		}
		if want := c.side * c.side * c.high; len(builtIn) != want {
			t.Errorf("%dx%d: the parts hold %d cells, the template %d", c.side, c.high, len(builtIn), want)
		}
		for _, n := range doors {
			if n != 2 {
				t.Errorf("%dx%d: a part holds %d door halves", c.side, c.high, n)
			}
		}
		for _, p := range parts {
			e, _ := Expand(p)
			for _, cell := range e.Place() {
				below := cell.Pos.Add(game.Pos{Y: -1})
				if cell.Pos.Y == origin.Y || Kind(cell.Block) == "oak_door" {
					continue
				}
				if j, ok := builtIn[below]; !ok || j > builtIn[cell.Pos] {
					t.Fatalf("%dx%d: %v (part %d) stands on %v, built in part %d", c.side, c.high, cell.Pos, builtIn[cell.Pos], below, j)
				}
			}
		}
	}
}

// TestTemplateTooBig: past MaxTemplateCells a template is refused with a
// sentence.
func TestTemplateTooBig(t *testing.T) {
	b, _ := json.Marshal(bigTemplate(33, 32))
	_, err := LoadTemplates(fstest.MapFS{"blueprints/tower.json": {Data: b}})
	if err == nil || err.Error() != "blueprint: blueprints/tower.json: the template spans 34848 cells; a template holds at most 32768" {
		t.Errorf("got %v", err)
	}
}
