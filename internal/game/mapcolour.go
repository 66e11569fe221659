package game

import "strings"

// MapColour is one of the colours the game itself draws a map item with
// (Minecraft's MapColor table): the ground seen from above.
type MapColour struct {
	Name string // what a person calls it, for the map's legend
	RGB  string // #rrggbb, the game's base colour
}

// MapColours are the colours MapColourOf answers, by index. Index 0 is
// none: a column not known, drawn as nothing.
var MapColours = []MapColour{
	{"unknown", ""},
	{"grass", "#7fb238"}, {"sand", "#f7e9a3"}, {"wool", "#c7c7c7"}, {"lava and fire", "#ff0000"},
	{"ice", "#a0a0ff"}, {"metal", "#a7a7a7"}, {"leaves and plants", "#007c00"}, {"snow", "#ffffff"},
	{"clay", "#a4a8b8"}, {"dirt", "#976d4d"}, {"stone", "#707070"}, {"water", "#4040ff"},
	{"wood", "#8f7748"}, {"quartz", "#fffcf5"}, {"orange", "#d87f33"}, {"podzol", "#815631"},
	{"netherrack", "#700200"}, {"deepslate", "#646464"}, {"gold", "#faee4d"}, {"diamond", "#5cdbd5"},
	{"lapis", "#4a80ff"}, {"emerald", "#00d93a"}, {"terracotta", "#9f5224"}, {"moss", "#667f33"},
	{"black", "#191919"}, {"crimson", "#bd3031"}, {"warped", "#167e86"}, {"end stone", "#f7e9a3"},
}

// Indexes into MapColours, named where a rule below uses them.
const (
	mapNone = iota
	mapGrass
	mapSand
	mapWool
	mapFire
	mapIce
	mapMetal
	mapPlant
	mapSnow
	mapClay
	mapDirt
	mapStone
	mapWater
	mapWood
	mapQuartz
	mapOrange
	mapPodzol
	mapNether
	mapDeepslate
	mapGold
	mapDiamond
	mapLapis
	mapEmerald
	mapTerracotta
	mapMoss
	mapBlack
	mapCrimson
	mapWarped
	mapEndStone
)

// mapColourByName are the blocks whose colour their family does not tell.
var mapColourByName = map[string]int{
	"grass_block": mapGrass, "sand": mapSand, "sandstone": mapSand, "birch_planks": mapSand, "glowstone": mapSand,
	"red_sand": mapOrange, "red_sandstone": mapOrange, "acacia_planks": mapOrange, "pumpkin": mapOrange,
	"snow": mapSnow, "snow_block": mapSnow, "powder_snow": mapSnow, "white_wool": mapSnow, "white_concrete": mapSnow,
	"ice": mapIce, "packed_ice": mapIce, "blue_ice": mapIce, "frosted_ice": mapIce,
	"dirt": mapDirt, "coarse_dirt": mapDirt, "farmland": mapDirt, "dirt_path": mapDirt, "rooted_dirt": mapDirt, "granite": mapDirt, "mud": mapBlack,
	"podzol": mapPodzol, "spruce_planks": mapPodzol, "mycelium": mapTerracotta,
	"clay": mapClay, "gravel": mapStone, "stone": mapStone, "cobblestone": mapStone, "andesite": mapStone, "bedrock": mapStone,
	"furnace": mapStone, "smooth_stone": mapStone, "stone_bricks": mapStone, "mossy_cobblestone": mapStone,
	"diorite": mapQuartz, "quartz_block": mapQuartz, "calcite": mapQuartz,
	"water": mapWater, "bubble_column": mapWater, "kelp": mapWater, "kelp_plant": mapWater, "seagrass": mapWater, "tall_seagrass": mapWater,
	"lava": mapFire, "fire": mapFire, "magma_block": mapNether,
	"iron_block": mapMetal, "anvil": mapMetal, "cauldron": mapStone, "gold_block": mapGold, "diamond_block": mapDiamond,
	"lapis_block": mapLapis, "emerald_block": mapEmerald, "moss_block": mapMoss, "moss_carpet": mapMoss,
	"obsidian": mapBlack, "coal_block": mapBlack, "soul_sand": mapPodzol, "soul_soil": mapPodzol,
	"end_stone": mapEndStone, "crafting_table": mapWood, "chest": mapWood, "barrel": mapWood, "bookshelf": mapWood,
	"cactus": mapPlant, "sugar_cane": mapPlant, "vine": mapPlant, "lily_pad": mapPlant, "short_grass": mapPlant,
	"grass": mapPlant, "tall_grass": mapPlant, "fern": mapPlant, "large_fern": mapPlant, "wheat": mapPlant,
	"bamboo": mapPlant, "melon": mapMoss, "hay_block": mapGold,
}

// MapColourOf is the index in MapColours of the colour the game draws a
// block on a map with: water, sand, grass, stone, snow, leaves and the
// rest by kind, stone for a block it does not know. Block states and the
// minecraft: prefix are ignored.
func MapColourOf(block string) int {
	b := BlockName(block)
	if i, ok := mapColourByName[b]; ok {
		return i
	}
	switch {
	case b == "" || IsAir(b):
		return mapNone
	case strings.HasSuffix(b, "_leaves") || strings.HasSuffix(b, "_sapling") || strings.HasSuffix(b, "_flower") ||
		strings.Contains(b, "tulip") || strings.HasSuffix(b, "_orchid") || b == "dandelion" || b == "poppy" || b == "azure_bluet" || b == "oxeye_daisy" || b == "cornflower" || b == "lily_of_the_valley":
		return mapPlant
	case strings.HasPrefix(b, "deepslate") || strings.HasPrefix(b, "cobbled_deepslate") || strings.HasPrefix(b, "polished_deepslate") || b == "tuff":
		return mapDeepslate
	case strings.HasSuffix(b, "_ore"):
		return mapStone
	case strings.HasPrefix(b, "crimson_"):
		return mapCrimson
	case strings.HasPrefix(b, "warped_"):
		return mapWarped
	case strings.HasPrefix(b, "nether") || strings.HasPrefix(b, "red_nether") || strings.HasPrefix(b, "blackstone") || strings.HasPrefix(b, "basalt"):
		return mapNether
	case strings.HasSuffix(b, "terracotta"):
		return mapTerracotta
	case strings.HasSuffix(b, "_log") || strings.HasSuffix(b, "_wood") || strings.HasSuffix(b, "_planks") || strings.HasSuffix(b, "_slab") ||
		strings.HasSuffix(b, "_stairs") || strings.HasSuffix(b, "_fence") || strings.HasSuffix(b, "_door") || strings.HasSuffix(b, "_trapdoor"):
		return mapWood
	case strings.HasSuffix(b, "_wool") || strings.HasSuffix(b, "_carpet") || strings.HasSuffix(b, "_bed"):
		return mapWool
	case strings.HasSuffix(b, "_ice"):
		return mapIce
	case strings.Contains(b, "sandstone"):
		return mapSand
	}
	return mapStone
}
