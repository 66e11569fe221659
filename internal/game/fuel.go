package game

import "strings"

// Plain fuel is what she burns without a second thought: coal and charcoal,
// wood as logs, planks, slabs and sticks, saplings and the like. Her tools,
// her crafting table, her chests and her doors burn too, but a plan (or a
// furnace left to choose its own fuel) that fed them to the fire would cost
// her more than the coal it saved. The brain's planner picks fuel by this
// and the practice world's furnace too, each with its own recipe book for
// the tags.

// plainFuelTags are the item tags whose members are all plain fuel.
var plainFuelTags = [...]string{"logs", "logs_that_burn", "planks", "wooden_slabs", "bamboo_blocks"}

// PlainFuelTags lists the item tags whose members are all plain fuel.
func PlainFuelTags() []string { return append([]string(nil), plainFuelTags[:]...) }

// PlainFuelByName reports whether an item is plain fuel by its name alone:
// coal and the like, saplings and propagules. The members of
// PlainFuelTags are plain fuel too.
func PlainFuelByName(item string) bool {
	switch item {
	case "coal", "charcoal", "coal_block", "blaze_rod", "dried_kelp_block", "stick", "bamboo", "dead_bush":
		return true
	}
	return strings.HasSuffix(item, "_sapling") || strings.HasSuffix(item, "_propagule")
}
