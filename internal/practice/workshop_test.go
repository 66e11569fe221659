package practice

import (
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
)

// tablesAround counts the crafting tables within r of (0, arenaY+1, 0).
func tablesAround(h *harness, r int) int {
	n := 0
	for x := -r; x <= r; x++ {
		for y := arenaY - 2; y <= arenaY+4; y++ {
			for z := -r; z <= r; z++ {
				if h.w.grid.name(at(x, y, z)) == "crafting_table" {
					n++
				}
			}
		}
	}
	return n
}

// TestCraftWhereTheShapeFits: planks and sticks fit the 2x2 grid of her
// inventory, so she crafts them there even carrying a table; a pickaxe
// does not, so she sets her table down and picks it back up, leaving no
// table behind; a table 20 blocks away is too far to count.
func TestCraftWhereTheShapeFits(t *testing.T) {
	h := arena(t, quiet, 24)
	h.give("oak_log", 2)
	h.give("crafting_table", 1)
	a := h.do("craft_item", obj{"item": "oak_planks", "count": 8}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "in your inventory")
	if tablesAround(h, 4) != 0 || strings.Contains(strings.Join(a.Log, " "), "table") {
		t.Fatalf("she used a table for a 2x2 recipe: %q", a.Log)
	}
	a = h.do("craft_item", obj{"item": "stick", "count": 4}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "in your inventory")
	a = h.do("craft_item", obj{"item": "wooden_pickaxe"}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "at the crafting table you set down and picked back up")
	if tablesAround(h, 4) != 0 || h.w.bea.inv.count("crafting_table") != 1 {
		t.Fatalf("after crafting at her own table: %d tables about, %d carried", tablesAround(h, 4), h.w.bea.inv.count("crafting_table"))
	}
	// Without hers, a table 20 blocks off does not count.
	h.w.bea.inv.remove("crafting_table", 1)
	h.set(at(20, arenaY+1, 0), "crafting_table")
	h.give("oak_planks", 3)
	a = h.do("craft_item", obj{"item": "wooden_axe"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "needs a crafting table", "none within 16 blocks")
}

// TestSmeltAtAFurnaceNearby: a furnace within 16 blocks is walked to and
// used, and the one she carries stays in her pack.
func TestSmeltAtAFurnaceNearby(t *testing.T) {
	h := arena(t, quiet, 16)
	h.set(at(9, arenaY+1, 0), "furnace")
	h.give("furnace", 1)
	h.give("raw_iron", 2)
	h.give("coal", 1)
	a := h.do("smelt_item", obj{"item": "raw_iron", "count": 2}, 20*150)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("iron_ingot") != 2 || h.w.bea.inv.count("furnace") != 1 || h.w.bea.inv.count("coal") != 0 {
		t.Fatalf("after smelting: %v (%s)", h.w.bea.inv.totals(), a.Message)
	}
	if h.w.bea.feet().Center().Dist(at(9, arenaY+1, 0).Center()) > reachDistance+1 {
		t.Fatalf("she smelted from %v, out of reach of the furnace", h.w.bea.feet())
	}
	// Fuel she names must be enough on its own; she never mixes two.
	h.give("raw_iron", 3)
	h.give("coal", 1)
	h.give("oak_planks", 1)
	a = h.do("smelt_item", obj{"item": "raw_iron", "count": 3, "fuel": "oak_planks"}, 20*150)
	want(t, a, protocol.Failure)
	contains(t, a, "takes 2 oak_planks as fuel", "short of 1")
}

// TestEveryChestAnswerEndsWithWhatItHolds: the answers of store, retrieve
// and view that reach a chest end with what it holds, full or empty.
func TestEveryChestAnswerEndsWithWhatItHolds(t *testing.T) {
	h := arena(t, quiet, 12)
	h.set(at(3, arenaY+1, 3), "chest")
	chest := h.w.land.containerAt(at(3, arenaY+1, 3))
	h.give("oak_log", 2)
	ends := func(a protocol.Answer, tail string) {
		t.Helper()
		if !strings.HasSuffix(a.Message, tail) {
			t.Errorf("%s answered %q, which does not end with %q", a.Action, a.Message, tail)
		}
	}
	a := h.do("view_container", nil, 400)
	want(t, a, protocol.Success)
	ends(a, "the chest at (3, 65, 3) is empty")
	a = h.do("retrieve_item", obj{"item": "oak_log"}, 400)
	want(t, a, protocol.Failure)
	ends(a, "the chest at (3, 65, 3) is empty")
	a = h.do("store_item", obj{"item": "oak_log", "count": 2}, 400)
	want(t, a, protocol.Success)
	ends(a, "holds 2 oak_log (26 free slots)")
	a = h.do("retrieve_item", obj{"item": "oak_log", "count": 5}, 400)
	want(t, a, protocol.Failure)
	ends(a, "holds 2 oak_log (26 free slots)")
	for i := range chest.slots {
		if chest.slots[i].Count == 0 {
			chest.slots[i].Item, chest.slots[i].Count = "cobblestone", 64
		}
	}
	h.give("dirt", 3)
	a = h.do("store_item", obj{"item": "dirt"}, 400)
	want(t, a, protocol.Failure)
	ends(a, "holds 1664 cobblestone, 2 oak_log (0 free slots)")
	if len(a.Data) == 0 {
		t.Error("a full chest's answer has no data")
	}
}
