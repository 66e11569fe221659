package practice

import (
	"testing"

	"beaweb/internal/game/protocol"
)

// TestStockedWorldGivesEachSource: in a stocked world (the one a task is
// played in) each kind of source the game gives round a player is there
// and gives its item through her own actions: a crop, sugar cane, a
// pumpkin, a mushroom, each dye's flower, a cobweb's string, each ore at
// its depth with the right pickaxe, a tree, sand, and each animal's drop.
// The hut is not there.
func TestStockedWorldGivesEachSource(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true, Stocked: true, Size: 128})
	if h.w.land.gen.hasHut {
		t.Fatal("a stocked world has no hut")
	}
	h.give("iron_pickaxe", 1)
	h.give("iron_sword", 1)
	finds := []struct{ block, item string }{
		{"wheat", "wheat"}, {"potatoes", "potato"}, {"carrots", "carrot"}, {"beetroots", "beetroot"},
		{"sugar_cane", "sugar_cane"}, {"pumpkin", "pumpkin"}, {"red_mushroom", "red_mushroom"}, {"brown_mushroom", "brown_mushroom"},
	}
	for _, f := range stockedFlowers {
		finds = append(finds, struct{ block, item string }{f, f})
	}
	mobs := []struct{ mob, item string }{
		{"sheep", "white_wool"}, {"cow", "beef"}, {"pig", "porkchop"}, {"chicken", "chicken"}, {"rabbit", "rabbit"},
	}
	// The animals first, near spawn; the ores, down below, last.
	for _, m := range mobs {
		before := h.w.bea.inv.count(m.item)
		a := h.do("attack_entity", obj{"entity": m.mob}, 20*120)
		if a.Result != protocol.Success || h.w.bea.inv.count(m.item) <= before {
			t.Errorf("attack_entity %s: %s: %s (%d %s)", m.mob, a.Result, a.Message, h.w.bea.inv.count(m.item), m.item)
		}
	}
	finds = append(finds, []struct{ block, item string }{{"cobweb", "string"}, {"log", ""}, {"sand", "sand"},
		{"coal_ore", "coal"}, {"iron_ore", "raw_iron"}, {"gold_ore", "raw_gold"}}...)
	// The deep ores lie far below a find's reach from the surface: the
	// autopilot dives for them. Here they are counted where they lie.
	for _, ore := range []string{"redstone_ore", "lapis_ore", "diamond_ore"} {
		if n := countCells(h.w.grid, h.w.blocks.id(ore), h.w.blocks.id("deepslate_"+ore)); n == 0 {
			t.Errorf("no %s in the world", ore)
		}
	}
	for _, f := range finds {
		// What she digs through on the way is let go, so that she has
		// room for what she came for.
		for item, n := range h.w.bea.inv.totals() {
			if item != f.item && item != "iron_pickaxe" && item != "iron_sword" {
				h.w.bea.inv.remove(item, n)
			}
		}
		before := h.w.bea.inv.count(f.item)
		a := h.do("find_block", obj{"block": f.block, "count": 1}, 20*600)
		if a.Result != protocol.Success {
			t.Errorf("find_block %s: %s: %s", f.block, a.Result, a.Message)
			continue
		}
		if f.item != "" && h.w.bea.inv.count(f.item) <= before {
			t.Errorf("find_block %s gave no %s: %s", f.block, f.item, a.Message)
		}
	}
}

// countCells counts the cells of the world that hold any of ids.
func countCells(g *grid, ids ...blockID) int {
	n := 0
	for _, c := range g.cells {
		for _, id := range ids {
			if c == id {
				n++
			}
		}
	}
	return n
}
