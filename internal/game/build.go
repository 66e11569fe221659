package game

import "strings"

// What a build may break and what counts as already built: the rules the
// build format sets for every game side (testdata/minecraft_blueprints).
// The brain's planner (internal/planner/blueprint) plans by them and the
// practice world builds by them; these are facts of the format, not a
// plan, so the world may read them here and still judge a build with its
// own code.

// BlockKind is a block's id without the minecraft: namespace and without
// states ("minecraft:oak_stairs[facing=east]" is "oak_stairs"): what a
// cell costs.
func BlockKind(block string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(block, "minecraft:"), "[")
	return name
}

// BuildProtected reports whether a build must never break the block:
// doors, trapdoors, fence gates, beds, chests (trapped, ender and copper
// ones too), barrels, shulker boxes, furnaces (blast furnaces and smokers
// too), crafting tables, glass and panes, torches and lanterns. It takes a
// block name with or without states and namespace.
func BuildProtected(block string) bool {
	k := BlockKind(block)
	switch k {
	case "chest", "barrel", "shulker_box",
		"furnace", "blast_furnace", "smoker", "crafting_table",
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

// BuildEmpty reports whether a block counts as nothing for a build: air,
// and what a placed block simply replaces (water, lava, grass, snow layers).
func BuildEmpty(block string) bool {
	k := BlockKind(block)
	if k == "" || IsAir(k) {
		return true
	}
	switch k {
	case "water", "lava", "short_grass", "grass",
		"tall_grass", "fern", "large_fern", "dead_bush", "snow", "seagrass", "tall_seagrass":
		return true
	}
	return false
}

// BuildSatisfied reports whether the block standing in a cell (have) is
// already what the build wants there (want), so the cell is skipped: the
// same kind whatever its states, any air for air, grass for dirt and a wall
// torch for a torch.
func BuildSatisfied(want, have string) bool {
	w, h := BlockKind(want), BlockKind(have)
	switch w {
	case "air":
		return IsAir(h)
	case "dirt":
		return h == "dirt" || h == "grass_block"
	case "torch", "soul_torch", "redstone_torch":
		return h == w || h == strings.TrimSuffix(w, "torch")+"wall_torch"
	}
	return w == h
}
