package game

import "testing"

func TestBuildProtected(t *testing.T) {
	for _, b := range []string{"oak_door", "minecraft:iron_door[half=upper]", "spruce_trapdoor", "birch_fence_gate",
		"red_bed", "chest", "trapped_chest", "ender_chest", "copper_chest", "barrel", "furnace", "blast_furnace", "crafting_table", "glass",
		"white_stained_glass", "glass_pane", "lime_stained_glass_pane", "torch", "wall_torch", "soul_torch",
		"lantern", "soul_lantern", "shulker_box", "blue_shulker_box"} {
		if !BuildProtected(b) {
			t.Errorf("%s is not protected", b)
		}
	}
	for _, b := range []string{"stone", "oak_planks", "oak_fence", "dirt", "glowstone", "air", "torchflower"} {
		if BuildProtected(b) {
			t.Errorf("%s is protected", b)
		}
	}
}

func TestBuildSatisfiedAndEmpty(t *testing.T) {
	for _, c := range []struct {
		want, have string
		ok         bool
	}{
		{"air", "cave_air", true}, {"air", "stone", false}, {"dirt", "grass_block", true},
		{"torch", "wall_torch", true}, {"oak_stairs[facing=east]", "oak_stairs[facing=west,half=top]", true},
		{"oak_planks", "spruce_planks", false}, {"stone", "minecraft:stone", true},
	} {
		if got := BuildSatisfied(c.want, c.have); got != c.ok {
			t.Errorf("BuildSatisfied(%s, %s) = %v", c.want, c.have, got)
		}
	}
	for block, empty := range map[string]bool{"air": true, "water[level=0]": true, "short_grass": true, "": true, "stone": false, "chest": false} {
		if BuildEmpty(block) != empty {
			t.Errorf("BuildEmpty(%q) = %v", block, !empty)
		}
	}
}
