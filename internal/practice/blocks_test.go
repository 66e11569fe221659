package practice

import (
	"testing"

	"beaweb/internal/game"
)

// TestBlocksAreOpenAsGameSays holds the world's own table of blocks to
// game.Passable, which the brain reads her close view by: a block she can
// stand in here is one the brain thinks she walks through, lava, fire and
// portals aside (nothing to bump into, but deadly or a door elsewhere).
func TestBlocksAreOpenAsGameSays(t *testing.T) {
	for _, b := range newBlockTable().infos {
		open := !b.solid && b.name != "lava" && b.name != "fire" && b.name != "nether_portal"
		if open != game.Passable(b.name) {
			t.Errorf("%s: the world lets her stand in it: %v; game.Passable: %v", b.name, open, game.Passable(b.name))
		}
	}
	bt := newBlockTable()
	for _, name := range []string{"red_carpet", "oak_sign", "stone_button", "fern", "soul_torch"} {
		if bt.infos[bt.id(name)].solid {
			t.Errorf("an unknown %s is guessed solid", name)
		}
	}
}

// TestProtectedAsGameSays: what a build may never break (game.BuildProtected)
// no path or clearing breaks either, whether the world's table knows the
// block or guesses it.
func TestProtectedAsGameSays(t *testing.T) {
	bt := newBlockTable()
	for _, name := range []string{"ender_chest", "blast_furnace", "smoker", "oak_door", "red_bed", "lime_stained_glass_pane", "soul_lantern"} {
		bt.id(name)
	}
	for _, b := range bt.infos {
		if game.BuildProtected(b.name) && !b.protected {
			t.Errorf("%s is protected from builds but not from paths and clearings", b.name)
		}
	}
}
