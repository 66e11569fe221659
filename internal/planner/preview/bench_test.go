package preview

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

// cells2000 is a 2000-cell hollow box of mixed blocks.
func cells2000() []blueprint.Cell {
	var cells []blueprint.Cell
	kinds := []string{"cobblestone", "oak_planks", "glass", "air", "stone_bricks"}
	for y := range 20 {
		for z := range 10 {
			for x := range 10 {
				cells = append(cells, blueprint.Cell{Pos: game.Pos{X: x, Y: y, Z: z}, Block: kinds[(x+y+z)%len(kinds)]})
			}
		}
	}
	return cells
}

func BenchmarkSVG2000(b *testing.B) {
	cells := cells2000()
	b.ReportAllocs()
	for b.Loop() {
		SVG(cells)
	}
}

func BenchmarkTopViews2000(b *testing.B) {
	cells := cells2000()
	b.ReportAllocs()
	for b.Loop() {
		TopViews(cells)
	}
}
