package practice

import "strings"

// What a build may break and what counts as already built: the rules the
// build format sets for every game side (testdata/minecraft_blueprints),
// kept here as the world's own.

// blockKind is a block's id without namespace or states: what a cell costs.
func blockKind(block string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(block, "minecraft:"), "[")
	return name
}

// buildProtected reports whether a build must never break the block: doors,
// trapdoors, fence gates, beds, chests, barrels, shulker boxes, furnaces,
// crafting tables, glass and panes, torches and lanterns.
func buildProtected(block string) bool {
	k := blockKind(block)
	switch k {
	case "chest", "barrel", "shulker_box", "furnace", "blast_furnace", "smoker", "crafting_table",
		"glass", "glass_pane", "tinted_glass", "torch", "lantern":
		return true
	}
	for _, suffix := range []string{"_door", "_trapdoor", "_fence_gate", "_bed", "_chest",
		"_shulker_box", "_glass", "_glass_pane", "_torch", "_lantern"} {
		if strings.HasSuffix(k, suffix) {
			return true
		}
	}
	return false
}

// buildEmpty reports whether a block counts as nothing to a build: air and
// what a placed block simply replaces (water, lava, grass, snow layers).
func buildEmpty(block string) bool {
	switch blockKind(block) {
	case "", "air", "cave_air", "void_air", "water", "lava", "short_grass", "grass",
		"tall_grass", "fern", "large_fern", "dead_bush", "snow", "seagrass", "tall_seagrass":
		return true
	}
	return false
}

// buildSatisfied reports whether the block a cell holds (have) already is
// what the build wants (want): the same kind whatever its states, an empty
// cell for air, grass for dirt, a wall torch for a torch.
func buildSatisfied(want, have string) bool {
	w, h := blockKind(want), blockKind(have)
	switch w {
	case airBlock:
		return h == "air" || h == "cave_air" || h == "void_air"
	case "dirt":
		return h == "dirt" || h == "grass_block"
	case "torch", "soul_torch", "redstone_torch":
		return h == w || h == strings.TrimSuffix(w, "torch")+"wall_torch"
	}
	return w == h
}
