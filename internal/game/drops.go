package game

import (
	"maps"
	"slices"
	"strings"
)

// drops are what the natural blocks she mines for something else drop,
// with the right tool: stone gives cobblestone, an ore its raw metal or
// gem. A block left out drops itself. The practice world drops them, and
// the brain's rules look up which block to find for an item the planner
// says she must gather.
var drops = map[string]string{
	"stone": "cobblestone", "deepslate": "cobbled_deepslate", "grass_block": "dirt",
	"coal_ore": "coal", "deepslate_coal_ore": "coal",
	"copper_ore": "raw_copper", "deepslate_copper_ore": "raw_copper",
	"iron_ore": "raw_iron", "deepslate_iron_ore": "raw_iron",
	"gold_ore": "raw_gold", "deepslate_gold_ore": "raw_gold",
	"redstone_ore": "redstone", "deepslate_redstone_ore": "redstone",
	"lapis_ore": "lapis_lazuli", "deepslate_lapis_ore": "lapis_lazuli",
	"diamond_ore": "diamond", "deepslate_diamond_ore": "diamond",
	"clay": "clay_ball", "snow_block": "snowball", "glowstone": "glowstone_dust",
}

// DropOf is what mining the block gives, "" when it gives the block itself.
func DropOf(block string) string { return drops[block] }

// SourceOf is the block she mines for an item that a block drops: of
// those that drop it, one that is not the deepslate kind (the ore she
// meets first), the first by name; ok is false when no block drops it.
func SourceOf(item string) (block string, ok bool) {
	var deep string
	for _, b := range slices.Sorted(maps.Keys(drops)) {
		if drops[b] != item {
			continue
		}
		if !strings.HasPrefix(b, "deepslate_") {
			return b, true
		}
		if deep == "" {
			deep = b
		}
	}
	return deep, deep != ""
}
