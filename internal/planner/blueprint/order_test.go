package blueprint

import (
	"slices"
	"testing"

	"beaweb/internal/game"
)

// TestPlaceWalksAFloorInBands: a floor 30 long and 20 wide (mindcraft's
// flower) is placed band by band, each band there and the next one back,
// so no cell is more than a band's width from the one before it; row by
// row she walked 29 blocks back to the start of every row, and ran out of
// the task's 300 s with a third of the floor unlaid. Every cell is still
// placed once.
func TestPlaceWalksAFloorInBands(t *testing.T) {
	e := mustExpand(t, mustParse(t, `{"origin": {"x": -124, "y": -60, "z": 133},
		"ops": [{"op": "fill", "from": [0, 0, 0], "to": [29, 0, 19], "block": "blue_wool"},
		        {"op": "set", "at": [0, 1, 0], "block": "air"}]}`))
	place := e.Place()
	if len(place) != 30*20 {
		t.Fatalf("%d cells to place, want %d", len(place), 30*20)
	}
	seen := map[game.Pos]bool{}
	for i, c := range place {
		if seen[c.Pos] {
			t.Fatalf("%v placed twice", c)
		}
		seen[c.Pos] = true
		if i > 0 && place[i-1].Pos.Dist(c.Pos) > bandWidth {
			t.Errorf("cell %d, %v, lies %.0f blocks from %v before it: she walks back along the floor", i, c, place[i-1].Pos.Dist(c.Pos), place[i-1])
		}
	}
	// Along x, the longer side, five rows at a time.
	if got := place[5].Pos; got != (game.Pos{X: -123, Y: -60, Z: 133}) {
		t.Errorf("the sixth cell is at %v, want the second column of the first band", got)
	}
}

// TestPlaceBuildsWallsRowByRow: a build of several layers keeps the rows'
// order bottom-up, the one that leaves her outside a doorless room as its
// walls close (bench's overhang house: a band's end walled her in).
func TestPlaceBuildsWallsRowByRow(t *testing.T) {
	e := mustExpand(t, mustParse(t, `{"origin": {"x": 0, "y": 0, "z": 0},
		"ops": [{"op": "fill", "from": [0, 0, 0], "to": [12, 0, 12], "block": "stone"},
		        {"op": "walls", "from": [1, 1, 0], "to": [6, 3, 4], "block": "stone"}]}`))
	place := e.Place()
	if !slices.IsSortedFunc(place, func(a, b Cell) int { return byBuildOrder(a.Pos, b.Pos) }) {
		t.Error("a build of several layers is not placed row by row, bottom-up")
	}
}
