package practice

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"beaweb/internal/game"
)

// smelter answers what a furnace does with an item and how long fuel burns.
// Both cookbooks implement it with the crafting side.
type smelter interface {
	smeltResult(input string) (string, bool)
	// smeltInputs lists the inputs that become result.
	smeltInputs(result string) []string
	burnTicks(item string) int
	// plainFuel reports whether she would burn the item when left to
	// choose the fuel herself: never her tools, table or chests.
	plainFuel(item string) bool
}

// kitchen is the whole recipe side of the world: crafting and smelting.
type kitchen interface {
	cookbook
	smelter
	// stackOf is how many of an item fit in one slot.
	stackOf(item string) int
}

// loadBook reads the recipe book of MCVersion from data: the same file the
// brain plans with, read and applied here by the world's own code, so a
// planner that reads it wrongly is caught by the world rather than agreed
// with. Without data the world makes do with the few recipes it carries
// itself (basicBook).
func loadBook(data fs.FS) (kitchen, error) {
	if data == nil {
		return newBasicBook(), nil
	}
	name := "recipes/" + MCVersion + ".json"
	raw, err := fs.ReadFile(data, name)
	if err != nil {
		return nil, fmt.Errorf("practice: read %s: %w", name, err)
	}
	rb, err := decodeBook(raw)
	if err != nil {
		return nil, fmt.Errorf("practice: %s: %w", name, err)
	}
	return rb, nil
}

// stackOf is how many of an item fit in one slot: the recipe book's number
// when it knows the item, else a guess from its name.
func (rb *recipeBook) stackOf(item string) int {
	if n := rb.stack[item]; n > 0 {
		return n
	}
	return stackSize(item)
}

// stackOf is a guess from the item's name: the basic book knows no sizes.
func (b *basicBook) stackOf(item string) int { return stackSize(item) }

// recipeBook is the recipe book file as the world reads it.
type recipeBook struct {
	stack  map[string]int
	tags   map[string][]string
	crafts map[string][]recipe
	// smelts are the furnace's recipes, in the file's order.
	smelts []smeltRule
	fuels  map[string]int
	// byInput lists, for each item, the results of recipes that take it,
	// so the state's craftable list looks only at what she carries.
	byInput map[string][]string
}

func (rb *recipeBook) recipesFor(item string) []recipe { return rb.crafts[item] }

func (rb *recipeBook) craftable(inv game.Inventory, table bool) []string {
	cand := map[string]bool{}
	for item := range inv {
		for _, r := range rb.byInput[item] {
			cand[r] = true
		}
	}
	var out []string
	for item := range cand {
		for _, r := range rb.recipesFor(item) {
			if (table || r.fits2x2()) && len(shortages(r, 1, inv)) == 0 {
				out = append(out, item)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// smeltResult is what input becomes in a furnace: the first furnace recipe
// that takes it; a recipe only a smoker or a campfire knows does not count.
func (rb *recipeBook) smeltResult(input string) (string, bool) {
	for _, s := range rb.smelts {
		if slices.Contains(s.items, input) {
			return s.result, true
		}
	}
	return "", false
}

// smeltInputs lists what becomes result in a furnace, melting down tools
// and armour left out.
func (rb *recipeBook) smeltInputs(result string) []string {
	var out []string
	for _, s := range rb.smelts {
		if s.result == result && !s.salvage {
			out = append(out, s.items...)
		}
	}
	return out
}

func (rb *recipeBook) burnTicks(item string) int { return rb.fuels[item] }

// plainFuel is what she burns when left to choose (game's plain fuel): coal
// and the like, saplings, and wood as logs, planks and slabs as this book's
// tags list them; never her table or tools.
func (rb *recipeBook) plainFuel(item string) bool {
	if game.PlainFuelByName(item) {
		return true
	}
	for _, tag := range game.PlainFuelTags() {
		if slices.Contains(rb.tags[tag], item) {
			return true
		}
	}
	return false
}

// basicSmelting is what the practice world smelts without the recipe book,
// food aside: what raw food cooks into is game.Food's.
var basicSmelting = map[string]string{
	"raw_iron": "iron_ingot", "raw_gold": "gold_ingot", "raw_copper": "copper_ingot",
	"iron_ore": "iron_ingot", "gold_ore": "gold_ingot", "sand": "glass", "cobblestone": "stone",
	"clay_ball": "brick", "oak_log": "charcoal", "birch_log": "charcoal", "spruce_log": "charcoal",
	"cobbled_deepslate": "deepslate",
}

func (b *basicBook) smeltResult(input string) (string, bool) {
	if r, ok := basicSmelting[input]; ok {
		return r, true
	}
	if f, _ := game.FoodOf(input); f.Cooked != "" {
		return f.Cooked, true
	}
	return "", false
}

func (b *basicBook) smeltInputs(result string) []string {
	var out []string
	for in, r := range basicSmelting {
		if r == result {
			out = append(out, in)
		}
	}
	for _, in := range game.Foods() {
		if f, _ := game.FoodOf(in); f.Cooked != "" && f.Cooked == result {
			out = append(out, in)
		}
	}
	sort.Strings(out)
	return out
}

// plainFuel is game's plain fuel, with wood as logs and planks known by
// name for want of the book's tags.
func (b *basicBook) plainFuel(item string) bool {
	return game.PlainFuelByName(item) || strings.HasSuffix(item, "_planks") || strings.HasSuffix(item, "_log")
}

func (b *basicBook) burnTicks(item string) int {
	switch {
	case item == "coal" || item == "charcoal":
		return 1600
	case item == "coal_block":
		return 16000
	case item == "lava_bucket":
		return 20000
	case item == "blaze_rod":
		return 2400
	case item == "stick" || strings.HasSuffix(item, "_sapling"):
		return 100
	case strings.HasSuffix(item, "_planks") || strings.HasSuffix(item, "_log") || item == "crafting_table" ||
		strings.HasSuffix(item, "_fence"):
		return 300
	case strings.HasPrefix(item, "wooden_"):
		return 200
	}
	return 0
}
