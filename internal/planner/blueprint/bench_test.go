package blueprint

import (
	"encoding/json"
	"strings"
	"testing"

	"beaweb/internal/game"
)

// args2000 is a 2000-cell build: 20 layers of 10 rows of 10 cells, walls of
// stone with air inside and a turned stair in every row, plus a hollow fill.
func args2000() Args {
	row := "#" + strings.Repeat(".", 7) + "S#"
	wall := strings.Repeat("#", 10)
	layer := []string{wall}
	for range 8 {
		layer = append(layer, row)
	}
	layer = append(layer, wall)
	layers := make([][]string, 20)
	for y := range layers {
		layers[y] = layer
	}
	return Args{
		Origin:   game.Pos{X: 100, Y: 64, Z: -40},
		Layers:   layers,
		Palette:  map[string]string{"#": "cobblestone", ".": "air", "S": "oak_stairs[facing=east,half=bottom]"},
		Ops:      []Op{{Kind: OpFill, From: game.Pos{X: 2, Y: 2, Z: 2}, To: game.Pos{X: 7, Y: 7, Z: 7}, Block: "glass", Hollow: true}},
		Rotation: 90,
	}
}

func BenchmarkExpand2000(b *testing.B) {
	a := args2000()
	if e, err := Expand(a); err != nil || len(e.Cells) != 2000 {
		b.Fatalf("%v cells, %v", len(e.Cells), err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Expand(a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseAndExpand2000(b *testing.B) {
	data, err := json.Marshal(args2000())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		a, err := ParseArgs(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Expand(a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlan2000(b *testing.B) {
	a := args2000()
	world := func(p game.Pos) string {
		if p.Y == 64 {
			return "cobblestone"
		}
		return "air"
	}
	have := game.Inventory{"cobblestone": 500}
	b.ReportAllocs()
	for b.Loop() {
		p, err := Plan(a, have, world)
		if err != nil {
			b.Fatal(err)
		}
		_ = p.Text()
	}
}

func BenchmarkFromCells2000(b *testing.B) {
	e, err := Expand(args2000())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromCells(game.Pos{}, e.Cells); err != nil {
			b.Fatal(err)
		}
	}
}
