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
	// Crops as a farm holds them, ripe, and the cobweb of a cave.
	"potatoes": "potato", "carrots": "carrot", "beetroots": "beetroot", "cobweb": "string",
}

// wild are blocks the world grows that she picks or breaks for themselves:
// the flowers the dyes come from, sugar cane by water, pumpkins, mushrooms
// and ripe wheat.
var wild = map[string]bool{
	"wheat": true, "sugar_cane": true, "pumpkin": true, "melon": true, "red_mushroom": true, "brown_mushroom": true,
	"dandelion": true, "poppy": true, "cornflower": true, "blue_orchid": true, "allium": true, "azure_bluet": true,
	"red_tulip": true, "orange_tulip": true, "white_tulip": true, "pink_tulip": true, "oxeye_daisy": true,
	"lily_of_the_valley": true, "sunflower": true, "lilac": true, "rose_bush": true, "peony": true,
}

// WildBlocks are the blocks the world grows that drop themselves (flowers,
// sugar cane, pumpkins, mushrooms, ripe wheat), sorted.
func WildBlocks() []string { return slices.Sorted(maps.Keys(wild)) }

// mobDrops are the items an animal leaves when killed, by the animal.
var mobDrops = map[string]string{
	"white_wool": "sheep", "mutton": "sheep", "beef": "cow", "leather": "cow", "porkchop": "pig",
	"chicken": "chicken", "feather": "chicken", "rabbit": "rabbit", "rabbit_hide": "rabbit",
}

// MobDropOf is the animal that leaves the item when killed (wool off a
// sheep, leather off a cow); ok is false when none does.
func MobDropOf(item string) (mob string, ok bool) {
	mob, ok = mobDrops[item]
	return mob, ok
}

// Findable reports whether the game gives the item from its world as it
// is: a block's drop, a block picked for itself, or an animal's drop.
func Findable(item string) bool {
	if _, ok := SourceOf(item); ok {
		return true
	}
	_, ok := mobDrops[item]
	return ok
}

// DropOf is what mining the block gives, "" when it gives the block itself.
func DropOf(block string) string { return drops[block] }

// SourceOf is the block she mines for an item that a block drops (or that
// the world grows, a flower picked for itself): of
// those that drop it, one that is not the deepslate kind (the ore she
// meets first), the first by name; ok is false when no block drops it.
func SourceOf(item string) (block string, ok bool) {
	if wild[item] {
		return item, true
	}
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
