package blueprint

import (
	"cmp"
	"slices"
	"testing"

	"beaweb/internal/game"
)

// TestPlaceWalksBandsNotRows: a floor 30 long and 20 wide (mindcraft's
// flower) is placed band by band, each band there and the next one back,
// so no cell is more than a band's width from the one before it; row by
// row she walked 29 blocks back to the start of every row, and ran out of
// the task's 300 s with a third of the floor unlaid. Every cell is still
// placed once, and the layers still go bottom-up.
func TestPlaceWalksBandsNotRows(t *testing.T) {
	e := mustExpand(t, mustParse(t, `{"origin": {"x": -124, "y": -60, "z": 133},
		"ops": [{"op": "fill", "from": [0, 0, 0], "to": [29, 0, 19], "block": "blue_wool"},
		        {"op": "fill", "from": [0, 1, 0], "to": [29, 1, 1], "block": "red_wool"}]}`))
	place := e.Place()
	if len(place) != 30*20+30*2 {
		t.Fatalf("%d cells to place, want %d", len(place), 30*20+30*2)
	}
	seen := map[game.Pos]bool{}
	for i, c := range place {
		if seen[c.Pos] {
			t.Fatalf("%v placed twice", c)
		}
		seen[c.Pos] = true
		if i == 0 {
			continue
		}
		prev := place[i-1]
		if c.Y < prev.Y {
			t.Fatalf("cell %d, %v, comes after %v above it: layers must go bottom-up", i, c, prev)
		}
		if c.Y == prev.Y && prev.Pos.Dist(c.Pos) > bandWidth {
			t.Errorf("cell %d, %v, lies %.0f blocks from %v before it: she walks back along the layer", i, c, prev.Pos.Dist(c.Pos), prev)
		}
	}
}

// TestPlaceWalksTheLongerSide: a layer narrower than a band is one pass
// along its length, whichever axis that is.
func TestPlaceWalksTheLongerSide(t *testing.T) {
	e := mustExpand(t, mustParse(t, `{"origin": {"x": 0, "y": 0, "z": 0},
		"ops": [{"op": "fill", "from": [0, 0, 0], "to": [2, 0, 11], "block": "stone"}]}`))
	place := e.Place()
	// Along z, the longer side: z never goes back.
	if !slices.IsSortedFunc(place, func(a, b Cell) int { return cmp.Compare(a.Z, b.Z) }) {
		t.Errorf("a 3 by 12 layer is not walked along its length: %v", place)
	}
}
