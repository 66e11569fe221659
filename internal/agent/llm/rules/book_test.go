package rules

import "strings"

// testBook is what the tests' autopilot reads of the recipe book: the
// recipes of Minecraft's own book that the routine makes, as counts.
type testBookT struct{}

var testBook Recipes = testBookT{}

// takes are one craft's ingredients, planks standing for any planks.
var takes = map[string]map[string]int{
	"crafting_table":  {"oak_planks": 4},
	"stick":           {"oak_planks": 2},
	"wooden_pickaxe":  {"oak_planks": 3, "stick": 2},
	"stone_pickaxe":   {"cobblestone": 3, "stick": 2},
	"stone_sword":     {"cobblestone": 2, "stick": 1},
	"stone_axe":       {"cobblestone": 3, "stick": 2},
	"stone_shovel":    {"cobblestone": 1, "stick": 2},
	"furnace":         {"cobblestone": 8},
	"iron_pickaxe":    {"iron_ingot": 3, "stick": 2},
	"diamond_pickaxe": {"diamond": 3, "stick": 2},
	"torch":           {"coal": 1, "stick": 1},
	"chest":           {"oak_planks": 8},
	"iron_chestplate": {"iron_ingot": 8},
	"iron_leggings":   {"iron_ingot": 7},
	"iron_helmet":     {"iron_ingot": 5},
	"iron_boots":      {"iron_ingot": 4},
}

func (testBookT) Takes(item, ingredient string) int {
	switch {
	case strings.HasSuffix(item, "_bed"):
		if ingredient == strings.TrimSuffix(item, "_bed")+"_wool" {
			return 3
		}
		if strings.HasSuffix(ingredient, "_planks") {
			return 3
		}
	case strings.HasSuffix(item, "_door"):
		if ingredient == strings.TrimSuffix(item, "_door")+"_planks" {
			return 6
		}
	}
	if strings.HasSuffix(ingredient, "_planks") {
		ingredient = "oak_planks"
	}
	return takes[item][ingredient]
}

func (testBookT) Makes(item string) int {
	switch {
	case item == "stick", item == "torch", strings.HasSuffix(item, "_planks"):
		return 4
	case strings.HasSuffix(item, "_door"):
		return 3
	}
	return 1
}
