package partials

import (
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/preview"
)

// An item's look on the page: its family drawn as a shape (a block a full
// square, a tool or weapon a blade, armour a shield, food a round, a raw
// material a gem) and its colour from the game: the material a tool or
// armour is made of, the colour the game draws a block with on its maps,
// the colour of an ore's drop. An iron pickaxe and a stone sword differ in
// both.

// itemFamily names the families an item's shape tells apart.
type itemFamily string

const (
	familyBlock    itemFamily = "block"
	familyTool     itemFamily = "tool"
	familyWeapon   itemFamily = "weapon"
	familyArmour   itemFamily = "armour"
	familyFood     itemFamily = "food"
	familyMaterial itemFamily = "material"
	familyItem     itemFamily = "item"
)

// materialColours are the colours of what tools, weapons and armour are
// made of, as the game's map colours give the block of that material.
var materialColours = map[string]string{
	"wooden": "#8f7748", "stone": "#707070", "iron": "#d8d8d8", "golden": "#faee4d", "diamond": "#5cdbd5",
	"netherite": "#4d4449", "leather": "#976d4d", "chainmail": "#a7a7a7", "copper": "#e0734d",
}

var toolNames = []string{"_pickaxe", "_axe", "_shovel", "_hoe"}
var weaponNames = []string{"_sword"}
var armourNames = []string{"_helmet", "_chestplate", "_leggings", "_boots"}

var foods = map[string]bool{
	"apple": true, "bread": true, "carrot": true, "potato": true, "baked_potato": true, "beetroot": true, "melon_slice": true,
	"sweet_berries": true, "glow_berries": true, "cookie": true, "pumpkin_pie": true, "golden_apple": true, "golden_carrot": true,
	"beef": true, "porkchop": true, "mutton": true, "chicken": true, "rabbit": true, "cod": true, "salmon": true,
	"dried_kelp": true, "mushroom_stew": true, "beetroot_soup": true, "rabbit_stew": true, "honey_bottle": true,
}

// itemLook is an item's family and colour.
func itemLook(item string) (itemFamily, string) {
	id := game.BlockName(item)
	material, _, _ := strings.Cut(id, "_")
	for _, list := range []struct {
		f     itemFamily
		names []string
	}{{familyTool, toolNames}, {familyWeapon, weaponNames}, {familyArmour, armourNames}} {
		for _, n := range list.names {
			if strings.HasSuffix(id, n) {
				if c, ok := materialColours[material]; ok {
					return list.f, c
				}
				return list.f, preview.Colour(id)
			}
		}
	}
	switch id {
	case "bow", "crossbow", "trident", "arrow":
		return familyWeapon, "#8f7748"
	case "shield":
		return familyArmour, "#8f7748"
	case "shears", "flint_and_steel", "fishing_rod", "bucket", "water_bucket", "lava_bucket", "compass", "clock":
		return familyTool, materialColours["iron"]
	}
	if foods[id] || strings.HasPrefix(id, "cooked_") {
		if strings.HasPrefix(id, "cooked_") || id == "bread" || id == "baked_potato" || id == "cookie" || id == "pumpkin_pie" {
			return familyFood, "#b5651d"
		}
		return familyFood, "#e06666"
	}
	if c, ok := materialColour(id); ok {
		return familyMaterial, c
	}
	if f := game.BlockFamily(id); strings.HasSuffix(f, "_ore") || game.MapColourOf(id) != game.MapColourOf("some_item_the_map_does_not_know") || isBlockWord(id) {
		return familyBlock, colourOf(id)
	}
	return familyItem, preview.Colour(id)
}

// materialColour is the colour of a raw material: an ore's drop, an ingot,
// a gem, by the ore it comes from.
func materialColour(id string) (string, bool) {
	for _, o := range oreKeys {
		name := strings.TrimSuffix(o.family, "_ore")
		switch id {
		case name, "raw_" + name, name + "_ingot", name + "_nugget":
			return o.RGB, true
		}
	}
	switch id {
	case "lapis_lazuli":
		return "#1d47a8", true
	case "quartz":
		return "#eae5de", true
	case "charcoal":
		return "#2e2a26", true
	case "netherite_ingot", "netherite_scrap":
		return materialColours["netherite"], true
	}
	return "", false
}

// isBlockWord reports whether an id names a block by its last word, for the
// blocks the map colours leave at their stone default.
func isBlockWord(id string) bool {
	for _, w := range []string{"stone", "cobblestone", "bricks", "planks", "log", "wood", "slab", "stairs", "wall", "fence",
		"door", "table", "furnace", "chest", "barrel", "glass", "wool", "bed", "torch", "ladder", "block", "deepslate", "gravel", "andesite"} {
		if id == w || strings.HasSuffix(id, "_"+w) {
			return true
		}
	}
	return false
}
