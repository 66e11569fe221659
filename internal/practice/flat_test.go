package practice

import (
	"testing"

	"beaweb/internal/game"
)

// TestFlatWorldWithAKit: a task's world is the game's superflat one round
// the blueprint's coordinates, far from the middle of the usual world,
// with nothing on it, and she starts there carrying her kit.
func TestFlatWorldWithAKit(t *testing.T) {
	var read func(game.Pos) string
	centre := game.Pos{X: 144, Z: -174}
	w, err := New(Options{Flat: true, Centre: centre, Size: 64, Quiet: true, Peaceful: true,
		Kit: game.Inventory{"oak_planks": 100, "oak_door": 1}, Blocks: func(r func(game.Pos) string) { read = r }})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.Spawn(), (game.Pos{X: 144, Y: -60, Z: -174}); got != want {
		t.Errorf("she starts at %v, want %v", got, want)
	}
	for _, c := range []struct {
		at   game.Pos
		want string
	}{
		{game.Pos{X: 148, Y: -64, Z: -170}, "bedrock"},
		{game.Pos{X: 148, Y: -62, Z: -170}, "dirt"},
		{game.Pos{X: 148, Y: -61, Z: -170}, "grass_block"},
		{game.Pos{X: 148, Y: -60, Z: -170}, "air"},
		{game.Pos{X: 175, Y: -61, Z: -205}, "grass_block"},
	} {
		if got := read(c.at); got != c.want {
			t.Errorf("%v is %q, want %q", c.at, got, c.want)
		}
	}
	if got := w.bea.inv.totals(); got["oak_planks"] != 100 || got["oak_door"] != 1 {
		t.Errorf("she carries %v", got)
	}
	if _, err := New(Options{Kit: game.Inventory{"dirt": 64 * 40}}); err == nil {
		t.Error("a kit of 40 stacks was taken")
	}
}
