package preview

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code draws (go test -update rewrites it)", path)
	}
}

func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
	}
}

func house(t *testing.T) []blueprint.Cell {
	t.Helper()
	ts, err := blueprint.LoadTemplates(os.DirFS("../../../data"))
	if err != nil {
		t.Fatal(err)
	}
	args, err := ts.Resolve("small_wood_house", game.Pos{X: 0, Y: 64, Z: 0}, 0, game.Inventory{"spruce_log": 4})
	if err != nil {
		t.Fatal(err)
	}
	e, err := blueprint.Expand(args)
	if err != nil {
		t.Fatal(err)
	}
	return e.Cells
}

func small() []blueprint.Cell {
	return []blueprint.Cell{
		{Pos: game.Pos{X: 0, Y: 0, Z: 0}, Block: "stone"},
		{Pos: game.Pos{X: 1, Y: 0, Z: 0}, Block: "oak_planks"},
		{Pos: game.Pos{X: 0, Y: 1, Z: 0}, Block: "glass"},
		{Pos: game.Pos{X: 1, Y: 1, Z: 0}, Block: "air"},
		{Pos: game.Pos{X: 0, Y: 0, Z: 1}, Block: "oak_door[facing=north]"},
		{Pos: game.Pos{X: 2, Y: 0, Z: 1}, Block: "some_modded_block<&>"},
	}
}

func TestGolden(t *testing.T) {
	golden(t, "small_iso.svg", SVG(small()))
	golden(t, "house_iso.svg", SVG(house(t)))
	for _, l := range TopViews(house(t)) {
		golden(t, "house_y"+strconv.Itoa(l.Y)+".svg", l.SVG)
	}
	for _, l := range TopViews(small()) {
		golden(t, "small_y"+strconv.Itoa(l.Y)+".svg", l.SVG)
	}
}

func TestWellFormedAndEscaped(t *testing.T) {
	svg := SVG(small())
	wellFormed(t, svg)
	if !bytes.Contains(svg, []byte("some_modded_block&lt;&amp;&gt;")) {
		t.Error("a block name was not escaped")
	}
	for _, l := range TopViews(small()) {
		wellFormed(t, l.SVG)
	}
	wellFormed(t, SVG(nil))
	if TopViews(nil) != nil {
		t.Error("no cells gave top views")
	}
}

func TestDeterministic(t *testing.T) {
	cells := house(t)
	want := SVG(cells)
	shuffled := slices.Clone(cells)
	slices.Reverse(shuffled)
	if !bytes.Equal(SVG(shuffled), want) {
		t.Error("the same cells in another order draw differently")
	}
	for i := range 3 {
		if !bytes.Equal(SVG(cells), want) {
			t.Fatalf("drawing %d differs", i)
		}
	}
}

func TestHiddenFacesAreLeftOut(t *testing.T) {
	apart := SVG([]blueprint.Cell{{Pos: game.Pos{X: 0}, Block: "stone"}, {Pos: game.Pos{X: 2}, Block: "stone"}})
	joined := SVG([]blueprint.Cell{{Pos: game.Pos{X: 0}, Block: "stone"}, {Pos: game.Pos{X: 1}, Block: "stone"}})
	if n, m := bytes.Count(apart, []byte("<polygon")), bytes.Count(joined, []byte("<polygon")); n != 6 || m != 5 {
		t.Errorf("%d faces for two cubes apart (want 6), %d for two side by side (want 5)", n, m)
	}
	air := SVG([]blueprint.Cell{{Pos: game.Pos{X: 0}, Block: "stone"}, {Pos: game.Pos{X: 1}, Block: "air"}})
	if n := bytes.Count(air, []byte("<polygon")); n != 3 {
		t.Errorf("air hid a face or was drawn: %d faces", n)
	}
}

func TestColours(t *testing.T) {
	for block, want := range map[string]string{
		"oak_planks": "#a2834f", "oak_door[facing=north]": "#715c37", "oak_stairs[half=top]": "#a2834f", "dark_oak_log": "#3c2e1a",
		"minecraft:stone": "#7d7d7d", "red_wool": "#a12722", "light_blue_bed": "#3aafd9",
	} {
		if got := Colour(block); got != want {
			t.Errorf("Colour(%s) = %s, want %s", block, got, want)
		}
	}
	a, b := Colour("create:brass_casing"), Colour("some_block")
	if a == b || a != Colour("create:brass_casing") || !strings.HasPrefix(a, "#") || len(a) != 7 {
		t.Errorf("derived colours %s and %s", a, b)
	}
}

func TestLegendSaysHowManyMore(t *testing.T) {
	var cells []blueprint.Cell
	for i := range 20 {
		cells = append(cells, blueprint.Cell{Pos: game.Pos{X: i}, Block: "kind_" + strconv.Itoa(i)})
	}
	svg := SVG(cells)
	wellFormed(t, svg)
	if !bytes.Contains(svg, []byte("and 4 more kinds")) || bytes.Count(svg, []byte(`width="12" height="12"`)) != 16 {
		t.Errorf("legend:\n%s", svg)
	}
}
