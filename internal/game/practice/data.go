package practice

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/recipes"
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

// loadBook reads the recipe book from data, the same book the brain plans
// with. Without data the world makes do with the few recipes it carries
// itself (basicBook).
func loadBook(data fs.FS) (kitchen, error) {
	if data == nil {
		return newBasicBook(), nil
	}
	b, err := recipes.Load(data, MCVersion)
	if err != nil {
		return nil, fmt.Errorf("practice: %w", err)
	}
	return newRecipeBook(b), nil
}

// stackOf is how many of an item fit in one slot: the recipe book's number
// when it knows the item, else a guess from its name.
func (rb *recipeBook) stackOf(item string) int {
	if n := rb.b.StackSize(item); n > 0 {
		return n
	}
	return stackSize(item)
}

// stackOf is a guess from the item's name: the basic book knows no sizes.
func (b *basicBook) stackOf(item string) int { return stackSize(item) }

// recipeBook adapts the shared recipe book to the practice world.
type recipeBook struct {
	b *recipes.Book
	// byInput lists, for each item, the results of recipes that take it,
	// so the state's craftable list looks only at what she carries.
	byInput map[string][]string
}

func newRecipeBook(b *recipes.Book) *recipeBook {
	rb := &recipeBook{b: b, byInput: map[string][]string{}}
	seen := map[string]map[string]bool{}
	for _, item := range b.Items() {
		for _, r := range b.Recipes(item) {
			for _, s := range r.Slots {
				for _, in := range s.Items {
					if seen[in] == nil {
						seen[in] = map[string]bool{}
					}
					if !seen[in][r.Result] {
						seen[in][r.Result] = true
						rb.byInput[in] = append(rb.byInput[in], r.Result)
					}
				}
			}
		}
	}
	return rb
}

func (rb *recipeBook) recipesFor(item string) []recipe {
	var out []recipe
	for _, r := range rb.b.Recipes(item) {
		rec := recipe{result: r.Result, count: r.Count, width: r.Width, height: r.Height}
		if !r.Shaped {
			rec.width, rec.height = 3, 3
			if r.FitsInventory() {
				rec.width, rec.height = 1, 1
			}
		}
		for _, s := range r.Slots {
			rec.inputs = append(rec.inputs, ingredient{label: slotLabel(s), items: s.Items, n: s.Count})
		}
		out = append(out, rec)
	}
	return out
}

// slotLabel names a recipe slot the way an answer says it: a tag by its
// name ("planks"), one item by itself, alternatives joined by "or".
func slotLabel(s recipes.Slot) string {
	if len(s.Ingredient) == 1 {
		return strings.TrimPrefix(s.Ingredient[0], "#")
	}
	return strings.Join(s.Items, " or ")
}

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

// smeltResult is what input becomes in a furnace; a recipe only a smoker
// or a campfire knows does not count.
func (rb *recipeBook) smeltResult(input string) (string, bool) {
	result, ok := rb.b.SmeltResult(input)
	if !ok {
		return "", false
	}
	for _, s := range rb.b.Smelting(result) {
		if hasStation(s.Stations, "furnace") && slices.Contains(s.Items, input) {
			return result, true
		}
	}
	return "", false
}

func (rb *recipeBook) smeltInputs(result string) []string {
	var out []string
	for _, s := range rb.b.Smelting(result) {
		if hasStation(s.Stations, "furnace") && !s.Salvage {
			out = append(out, s.Items...)
		}
	}
	return out
}

func (rb *recipeBook) burnTicks(item string) int { return rb.b.BurnTicks(item) }

func (rb *recipeBook) plainFuel(item string) bool { return rb.b.PlainFuel(item) }

func hasStation(list []string, want string) bool {
	for _, s := range list {
		if s == want {
			return true
		}
	}
	return false
}

// basicSmelting is what the practice world smelts without the recipe book.
var basicSmelting = map[string]string{
	"raw_iron": "iron_ingot", "raw_gold": "gold_ingot", "raw_copper": "copper_ingot",
	"iron_ore": "iron_ingot", "gold_ore": "gold_ingot", "sand": "glass", "cobblestone": "stone",
	"clay_ball": "brick", "beef": "cooked_beef", "porkchop": "cooked_porkchop", "mutton": "cooked_mutton",
	"chicken": "cooked_chicken", "cod": "cooked_cod", "salmon": "cooked_salmon", "potato": "baked_potato",
	"oak_log": "charcoal", "birch_log": "charcoal", "spruce_log": "charcoal", "cobbled_deepslate": "deepslate",
}

func (b *basicBook) smeltResult(input string) (string, bool) {
	r, ok := basicSmelting[input]
	return r, ok
}

func (b *basicBook) smeltInputs(result string) []string {
	var out []string
	for in, r := range basicSmelting {
		if r == result {
			out = append(out, in)
		}
	}
	sort.Strings(out)
	return out
}

// plainFuel is coal, charcoal, wood as logs and planks, sticks and
// saplings: what burns in basicBook but her table, fences and tools.
func (b *basicBook) plainFuel(item string) bool {
	switch {
	case item == "coal" || item == "charcoal" || item == "coal_block" || item == "blaze_rod" || item == "stick":
		return true
	case strings.HasSuffix(item, "_sapling") || strings.HasSuffix(item, "_planks") || strings.HasSuffix(item, "_log"):
		return true
	}
	return false
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
