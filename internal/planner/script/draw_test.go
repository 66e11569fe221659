package script

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// layer renders the cells at height y as rows along +z, each a string along
// +x from the box's min x, with # for block, o for air and . for no cell.
func layer(res Result, y int) []string {
	at := make(map[game.Pos]string, len(res.Cells))
	for _, c := range res.Cells {
		at[cellPos(c)] = c.Block
	}
	var rows []string
	for z := res.Box.Min.Z; z <= res.Box.Max.Z; z++ {
		var row strings.Builder
		for x := res.Box.Min.X; x <= res.Box.Max.X; x++ {
			switch b, ok := at[game.Pos{X: x, Y: y, Z: z}]; {
			case !ok:
				row.WriteByte('.')
			case b == "air":
				row.WriteByte('o')
			default:
				row.WriteByte('#')
			}
		}
		rows = append(rows, row.String())
	}
	return rows
}

func cellList(res Result) string {
	parts := make([]string, len(res.Cells))
	for i, c := range res.Cells {
		parts[i] = fmt.Sprintf("%d,%d,%d %s", c.X, c.Y, c.Z, c.Block)
	}
	return strings.Join(parts, "; ")
}

func mustDraw(t *testing.T, src string) Result {
	t.Helper()
	res, err := draw(src)
	if err != nil {
		t.Fatalf("draw(%q): %v", src, err)
	}
	return res
}

func TestDrawCells(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"set", `set(1, 2, 3, "stone")`, "1,2,3 stone"},
		{"keywords", `set(x=1, z=3, y=2, block="stone")`, "1,2,3 stone"},
		{"order is bottom first, rows along z, cells along x",
			`fill(1, 1, 1, 0, 0, 0, "dirt")`,
			"0,0,0 dirt; 1,0,0 dirt; 0,0,1 dirt; 1,0,1 dirt; 0,1,0 dirt; 1,1,0 dirt; 0,1,1 dirt; 1,1,1 dirt"},
		{"later cells overwrite earlier ones", `fill(0, 0, 0, 1, 0, 0, "dirt")
set(1, 0, 0, "stone")`, "0,0,0 dirt; 1,0,0 stone"},
		{"namespace and spaces in states are dropped",
			`set(0, 0, 0, "minecraft:oak_stairs[facing=east, half=top]")`,
			"0,0,0 oak_stairs[facing=east,half=top]"},
		{"a whole float is a coordinate", `set(4 / 2, 0, -6 / 3, "stone")`, "2,0,-2 stone"},
		{"line", `line(0, 0, 0, 3, 0, 1, "stone")`, "0,0,0 stone; 1,0,0 stone; 2,0,1 stone; 3,0,1 stone"},
		{"a reversed line draws the same cells", `line(3, 0, 1, 0, 0, 0, "stone")`, "0,0,0 stone; 1,0,0 stone; 2,0,1 stone; 3,0,1 stone"},
		{"a line of one cell", `line(5, 5, 5, 5, 5, 5, "stone")`, "5,5,5 stone"},
		{"a sloped line", `line(0, 0, 0, 2, 2, 0, "stone")`, "0,0,0 stone; 1,1,0 stone; 2,2,0 stone"},
		{"get answers what was drawn", `set(0, 0, 0, "oak_planks")
if get(0, 0, 0) == "oak_planks" and get(9, 9, 9) == None:
    set(1, 0, 0, get(0, 0, 0))`, "0,0,0 oak_planks; 1,0,0 oak_planks"},
		{"air is a cell", `set(0, 0, 0, "air")`, "0,0,0 air"},
		{"a circle of radius 0 is one cell", `circle(4, 1, 4, 0, "stone")`, "4,1,4 stone"},
		{"functions, loops and methods", `blocks = []
for b in ["stone", "dirt"]:
    blocks.append(b)
def column(x, h):
    for y in range(h):
        set(x, y, 0, blocks[y % len(blocks)])
column(0, 3)`, "0,0,0 stone; 0,1,0 dirt; 0,2,0 stone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cellList(mustDraw(t, tt.src)); got != tt.want {
				t.Errorf("cells:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestDrawShapes(t *testing.T) {
	tests := []struct {
		name, src string
		y         int
		want      []string
	}{
		{"fill", `fill(0, 0, 0, 2, 0, 1, "stone")`, 0, []string{"###", "###"}},
		{"hollow fill keeps its shell", `fill(0, 0, 0, 2, 2, 2, "stone", hollow=True)`, 0, []string{"###", "###", "###"}},
		{"hollow fill empties its inside", `fill(0, 0, 0, 2, 2, 2, "stone", hollow=True)`, 1, []string{"###", "#o#", "###"}},
		{"hollow=None is a plain fill", `fill(0, 0, 0, 2, 2, 2, "stone", hollow=None)`, 1, []string{"###", "###", "###"}},
		{"walls leave the inside alone", `walls(0, 0, 0, 3, 1, 2, "stone")`, 1, []string{"####", "#..#", "####"}},
		{"ring", `circle(0, 0, 0, 2, "stone")`, 0, []string{".###.", "#...#", "#...#", "#...#", ".###."}},
		{"disc", `circle(0, 0, 0, 2, "stone", filled=True)`, 0, []string{".###.", "#####", "#####", "#####", ".###."}},
		{"larger ring", `circle(0, 0, 0, 4, "stone")`, 0, []string{
			"..#####..",
			".#.....#.",
			"#.......#",
			"#.......#",
			"#.......#",
			"#.......#",
			"#.......#",
			".#.....#.",
			"..#####..",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := layer(mustDraw(t, tt.src), tt.y)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("layer %d:\n%s\nwant\n%s", tt.y, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestDrawBox(t *testing.T) {
	res := mustDraw(t, `fill(-2, 64, 5, 3, 66, 7, "stone")`)
	want := Box{Min: game.Pos{X: -2, Y: 64, Z: 5}, Max: game.Pos{X: 3, Y: 66, Z: 7}}
	if res.Box != want {
		t.Errorf("box = %+v, want %+v", res.Box, want)
	}
	if size := res.Box.Size(); size != (game.Pos{X: 6, Y: 3, Z: 3}) {
		t.Errorf("size = %v, want (6, 3, 3)", size)
	}
}

func TestDrawNotes(t *testing.T) {
	res := mustDraw(t, `set(0, 0, 0, "stone")
note("a tower")
print("of", 1, "block")
note(42)`)
	want := []string{"a tower", "of 1 block", "42"}
	if strings.Join(res.Notes, "|") != strings.Join(want, "|") {
		t.Errorf("notes = %q, want %q", res.Notes, want)
	}
	if res := mustDraw(t, `set(0, 0, 0, "stone")`); res.Notes == nil {
		t.Error("notes of a script without notes are nil, want empty")
	}
}

// TestDrawAtTheLimits shows the limits themselves are allowed.
func TestDrawAtTheLimits(t *testing.T) {
	res := mustDraw(t, `fill(0, 0, 0, 19, 9, 9, "stone")
for i in range(20):
    note("n" * 200)`)
	if len(res.Cells) != MaxCells || len(res.Notes) != MaxNotes {
		t.Errorf("got %d cells and %d notes, want %d and %d", len(res.Cells), len(res.Notes), MaxCells, MaxNotes)
	}
	res = mustDraw(t, `line(0, 0, 0, 255, 0, 0, "stone")`)
	if res.Box.Size().X != MaxSpan {
		t.Errorf("span = %d, want %d", res.Box.Size().X, MaxSpan)
	}
}

func TestDrawRefusals(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"nothing drawn", `x = 1`, "Your script drew no cells"},
		{"syntax", "set(0, 0", "Line 1, column"},
		{"load", `load("house.star", "house")`, "Line 1: load is not available"},
		{"while", "set(0, 0, 0, \"stone\")\nwhile True:\n    pass", "Line 2: while loops are not available"},
		{"recursion", "def f(n):\n    return f(n - 1)\nf(3)", "Line 2: function f calls itself"},
		{"mutual recursion", "def a():\n    b()\ndef b():\n    a()\na()", "calls itself, and recursion is not available"},
		{"attribute", `x = "stone".upper()`, "Line 1: .upper is not available; the only methods"},
		{"dunder attribute", `x = [].__class__`, ".__class__ is not available"},
		{"underscore name", `_x = 1`, "names starting with _ are not available (_x)"},
		{"underscore parameter", "def f(_a):\n    pass", "names starting with _ are not available (_a)"},
		{"getattr", `x = getattr([], "append")`, "Line 1: getattr is not available"},
		{"dir", `x = dir([])`, "dir is not available"},
		{"open a file", `x = open("/etc/passwd")`, "Line 1: open is not defined. A script has no files, network or environment"},
		{"environment", `x = getenv("BEA_API_KEY")`, "getenv is not defined"},
		{"os module", `x = os.environ`, ".environ is not available"},
		{"too many cells", `fill(0, 0, 0, 20, 20, 20, "stone")`, "Your script draws more than 2000 cells (line 1 reached the limit)"},
		{"too many cells one by one", "for x in range(50):\n    for z in range(50):\n        set(x, 0, z, \"stone\")", "more than 2000 cells (line 3"},
		{"span", "set(0, 0, 0, \"stone\")\nset(300, 64, 0, \"stone\")", "Your script's cells span 301 blocks along x (from 0 to 300), and a build spans at most 256 along any axis: did an absolute coordinate slip in among relative ones?"},
		{"span of one fill", `fill(0, 64, 0, 10, 64, -1000, "stone")`, "Line 1: Your script's cells span 1001 blocks along z"},
		{"span of one line", `line(0, -64, 0, 0, 320, 0, "stone")`, "span 385 blocks along y"},
		{"span of one circle", `circle(0, 0, 0, 200, "stone")`, "span 401 blocks along x"},
		{"negative radius", `circle(0, 0, 0, -1, "stone")`, "want a radius of 0 or more"},
		{"too many notes", "set(0, 0, 0, \"stone\")\nfor i in range(21):\n    note(\"n\")", "more than 20 notes (line 3"},
		{"long note", `note("n" * 201)`, "A note holds at most 200 characters, and the one at line 1 has 201"},
		{"bad block", `set(0, 0, 0, "Oak Planks")`, `"Oak Planks" is not a block name`},
		{"block not a string", `set(0, 0, 0, 5)`, "want a block name"},
		{"fractional coordinate", `set(1.5, 0, 0, "stone")`, "want a whole number (use // to divide whole numbers)"},
		{"coordinate not a number", `set("a", 0, 0, "stone")`, "set: for parameter x: got string, want a whole number"},
		{"far coordinate", `set(1 << 40, 0, 0, "stone")`, "want a whole number between"},
		{"missing argument", `set(0, 0, 0)`, "set: missing argument for block"},
		{"hollow not a bool", `fill(0, 0, 0, 1, 1, 1, "stone", hollow="yes")`, `for parameter "hollow": got string, want bool`},
		{"endless loop", "for i in range(1 << 62):\n    pass", "Your script took more than 10000000 steps without finishing (it was at line 1)"},
		{"huge repeat", `x = "x" * (1 << 40)`, "Line 1: repeat count 1099511627776 too large"},
		{"source nesting", "x = " + strings.Repeat("[", 200) + strings.Repeat("]", 200), "your script nests too deeply"},
		{"fail", `fail("no room")`, "Line 1: fail: no room"},
		{"too long", strings.Repeat("# comment\n", MaxSourceBytes/10+1), "bytes, and a script is at most 65536"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := draw(tt.src)
			if !errors.Is(err, ErrRefused) {
				t.Fatalf("draw: %v, want a refusal", err)
			}
			var refused *fault.Error
			if !errors.As(err, &refused) || !strings.Contains(refused.Message, tt.want) {
				t.Errorf("sentence %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestNewResultChecksAnswers(t *testing.T) {
	tests := []struct {
		name  string
		cells []Cell
		notes []string
		want  string
	}{
		{"too many cells", make([]Cell, MaxCells+1), nil, "Your script drew 2001 cells"},
		{"span", []Cell{{0, 0, 0, "stone"}, {0, 0, 256, "stone"}}, nil, "span 257 blocks along z"},
		{"bad block", []Cell{{0, 0, 0, "stone]"}}, nil, "is not a block name"},
		{"too many notes", []Cell{{0, 0, 0, "stone"}}, make([]string, MaxNotes+1), "wrote 21 notes"},
		{"long note", []Cell{{0, 0, 0, "stone"}}, []string{strings.Repeat("é", MaxNoteLen+1)}, "has 201"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newResult(tt.cells, tt.notes)
			if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("newResult: %v, want a refusal containing %q", err, tt.want)
			}
		})
	}
	if _, err := newResult([]Cell{{1, 1, 1, "stone"}, {1, 1, 1, "dirt"}}, nil); err == nil || errors.Is(err, ErrRefused) {
		t.Errorf("a cell twice: %v, want an error that is no refusal", err)
	}
}

func TestValidBlock(t *testing.T) {
	for _, ok := range []string{"stone", "oak_planks", "oak_log[axis=x]", "oak_stairs[facing=east,half=top]", "air", "light_blue_wool"} {
		if !validBlock(ok) {
			t.Errorf("validBlock(%q) = false, want true", ok)
		}
	}
	for _, bad := range []string{"", "Stone", "oak planks", "oak_log[", "oak_log[]", "oak_log[axis]", "oak_log[axis=x", "oak_log[axis=x]]", "oak_log[axis=x,]", "oak_log[=x]", "[axis=x]", "minecraft:stone", "stone!"} {
		if validBlock(bad) {
			t.Errorf("validBlock(%q) = true, want false", bad)
		}
	}
}
