package practice

import (
	"os"
	"slices"
	"testing"

	"beaweb/internal/game/protocol"
)

// repoData is the repository's data directory, the same files beaweb
// embeds.
func repoData(t *testing.T) Options {
	t.Helper()
	if _, err := os.Stat("../../../data/recipes"); err != nil {
		t.Skip("no data/recipes in this checkout")
	}
	return Options{Seed: 1, Quiet: true, Data: os.DirFS("../../../data")}
}

func TestCraftingFromTheRecipeBook(t *testing.T) {
	h := arena(t, repoData(t), 12)
	if _, ok := h.w.book.(*recipeBook); !ok {
		t.Fatalf("the world crafts from %T, not the recipe book", h.w.book)
	}
	h.give("birch_log", 3)
	a := h.do("craft_item", obj{"item": "birch_planks", "count": 12}, 400)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("birch_planks") != 12 {
		t.Fatalf("%s", a.Message)
	}
	st := h.w.statePacket()
	if !slices.Contains(st.Craftable, "stick") || !slices.Contains(st.Craftable, "crafting_table") {
		t.Fatalf("craftable = %v", st.Craftable)
	}
	want(t, h.do("craft_item", obj{"item": "crafting_table"}, 400), protocol.Success)
	want(t, h.do("craft_item", obj{"item": "stick", "count": 4}, 400), protocol.Success)
	a = h.do("craft_item", obj{"item": "wooden_pickaxe"}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "picked back up")
	// A slab is three planks in a row: it needs the table even though it
	// has one kind of ingredient.
	h.give("oak_planks", 3)
	a = h.do("craft_item", obj{"item": "oak_slab", "count": 6}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "crafting table")
	a = h.do("craft_item", obj{"item": "diamond_pickaxe"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "short of 3 diamond (you have 0)")
	h.give("raw_gold", 1)
	h.give("furnace", 1)
	h.give("coal", 1)
	a = h.do("smelt_item", obj{"item": "gold_ingot"}, 20*150)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("gold_ingot") != 1 {
		t.Fatalf("%s", a.Message)
	}
}
