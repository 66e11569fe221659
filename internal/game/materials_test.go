package game

import "testing"

func TestWoodOf(t *testing.T) {
	for item, want := range map[string]string{
		"spruce_planks": "spruce", "stripped_birch_log": "birch", "dark_oak_door": "dark_oak",
		"pale_oak_slab": "pale_oak", "oak_log": "oak", "cobblestone": "", "stick": "",
	} {
		if got := WoodOf(item); got != want {
			t.Errorf("WoodOf(%s) = %q, want %q", item, got, want)
		}
	}
}

// TestMainWoodAndBed: the wood counts every wooden item; ties go to the
// first name; a carried bed beats wool; wool picks the colour; oak and white
// when she carries none.
func TestMainWoodAndBed(t *testing.T) {
	cases := []struct {
		inv       Inventory
		wood, bed string
	}{
		{Inventory{}, "oak", "white_bed"},
		{Inventory{"birch_log": 2, "oak_planks": 1, "dark_oak_door": 1}, "birch", "white_bed"},
		{Inventory{"spruce_planks": 3, "birch_log": 3}, "birch", "white_bed"},
		{Inventory{"dark_oak_log": 4, "oak_log": 3}, "dark_oak", "white_bed"},
		{Inventory{"red_wool": 3, "blue_wool": 5}, "oak", "blue_bed"},
		{Inventory{"red_wool": 9, "lime_bed": 1}, "oak", "lime_bed"},
		{Inventory{"red_wool": 2, "blue_wool": 2}, "oak", "blue_bed"},
	}
	for _, c := range cases {
		if w, b := c.inv.MainWood(), c.inv.MainBed(); w != c.wood || b != c.bed {
			t.Errorf("%v: %s and %s, want %s and %s", c.inv, w, b, c.wood, c.bed)
		}
	}
}

func TestBestTier(t *testing.T) {
	inv := Inventory{"golden_pickaxe": 1, "iron_axe": 1, "stone_pickaxe": 0, "iron_ingot": 5}
	for kind, want := range map[string]int{"pickaxe": TierWood, "axe": TierIron, "shovel": TierNone} {
		if got := inv.BestTier(kind); got != want {
			t.Errorf("BestTier(%s) = %d, want %d", kind, got, want)
		}
	}
	inv["netherite_pickaxe"] = 1
	if inv.BestTier("pickaxe") != TierNetherite {
		t.Error("a netherite pickaxe is the best")
	}
}
