package practice

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/planner/recipes"
)

// worldBook is the recipe book the practice world reads from the
// repository's data, by its own code.
func worldBook(t *testing.T) *recipeBook {
	t.Helper()
	k, err := loadBook(os.DirFS("../../data"))
	if err != nil {
		t.Fatal(err)
	}
	return k.(*recipeBook)
}

// TestWorldBookSaysWhatTheFileSays holds the world's own reading of the
// recipe book to facts read off data/recipes/26.1.json by hand, not through
// any code of the brain: a planner that misread the file could not make
// the world agree with it.
func TestWorldBookSaysWhatTheFileSays(t *testing.T) {
	rb := worldBook(t)
	for _, c := range []struct {
		item          string
		count         int
		width, height int
		inputs        string // label:n, in slot order
	}{
		{"oak_planks", 4, 1, 1, "oak_logs:1"},
		{"stick", 4, 1, 2, "planks:2"},
		{"crafting_table", 1, 2, 2, "planks:4"},
		{"chest", 1, 3, 3, "planks:8"},
		{"furnace", 1, 3, 3, "stone_crafting_materials:8"},
		{"torch", 4, 1, 2, "coals:1 stick:1"},
		{"iron_pickaxe", 1, 3, 3, "iron_ingot:3 stick:2"},
		{"oak_slab", 6, 3, 1, "oak_planks:3"},
		{"bread", 1, 3, 1, "wheat:3"},
	} {
		rs := rb.recipesFor(c.item)
		i := slices.IndexFunc(rs, func(r recipe) bool {
			var got []string
			for _, in := range r.inputs {
				got = append(got, in.label+":"+strconv.Itoa(in.n))
			}
			return strings.Join(got, " ") == c.inputs
		})
		if i < 0 {
			t.Errorf("%s: no recipe takes %s; the world read %+v", c.item, c.inputs, rs)
			continue
		}
		if r := rs[i]; r.count != c.count || r.width != c.width || r.height != c.height {
			t.Errorf("%s: makes %d in %dx%d, the file says %d in %dx%d", c.item, r.count, r.width, r.height, c.count, c.width, c.height)
		}
	}
	for in, out := range map[string]string{"raw_iron": "iron_ingot", "oak_log": "charcoal", "sand": "glass", "beef": "cooked_beef"} {
		if got, ok := rb.smeltResult(in); !ok || got != out {
			t.Errorf("a furnace makes %q from %s, the file says %s", got, in, out)
		}
	}
	if got, ok := rb.smeltResult("stick"); ok {
		t.Errorf("a furnace makes %s from a stick", got)
	}
	for item, ticks := range map[string]int{"coal": 1600, "oak_planks": 300, "stick": 100, "lava_bucket": 20000} {
		if got := rb.burnTicks(item); got != ticks {
			t.Errorf("%s burns %d ticks, the file says %d", item, got, ticks)
		}
	}
	if rb.stackOf("ender_pearl") != 16 || rb.stackOf("cobblestone") != 64 || rb.stackOf("iron_pickaxe") != 1 {
		t.Errorf("stacks: ender_pearl %d, cobblestone %d, iron_pickaxe %d", rb.stackOf("ender_pearl"), rb.stackOf("cobblestone"), rb.stackOf("iron_pickaxe"))
	}
	if !rb.plainFuel("oak_log") || !rb.plainFuel("coal") || rb.plainFuel("crafting_table") || rb.plainFuel("wooden_pickaxe") {
		t.Error("plain fuel is coal and wood, never her table or tools")
	}
}

// TestWorldAndPlannerReadTheSameBook compares, item by item, what the world
// crafts and smelts with what the planner plans from the same file. The two
// read it with separate code, so a change that makes the planner misread
// the book shows up here as a difference, not as a world that agrees.
func TestWorldAndPlannerReadTheSameBook(t *testing.T) {
	rb := worldBook(t)
	pb, err := recipes.Load(os.DirFS("../../data"), MCVersion)
	if err != nil {
		t.Fatal(err)
	}
	diffs := 0
	for _, item := range pb.Items() {
		world := rb.recipesFor(item)
		plan := pb.Recipes(item)
		if len(world) != len(plan) {
			t.Errorf("%s: the world knows %d recipes, the planner %d", item, len(world), len(plan))
			diffs++
			continue
		}
		for i, p := range plan {
			w := world[i]
			if w.count != p.Count || w.fits2x2() != p.FitsInventory() || len(w.inputs) != len(p.Slots) {
				t.Errorf("%s recipe %d: the world makes %d (2x2 %v, %d slots), the planner %d (2x2 %v, %d slots)",
					item, i, w.count, w.fits2x2(), len(w.inputs), p.Count, p.FitsInventory(), len(p.Slots))
				diffs++
				continue
			}
			for j, s := range p.Slots {
				if w.inputs[j].n != s.Count || !slices.Equal(w.inputs[j].items, s.Items) {
					t.Errorf("%s recipe %d slot %d: the world takes %d of %v, the planner %d of %v", item, i, j, w.inputs[j].n, w.inputs[j].items, s.Count, s.Items)
					diffs++
				}
			}
		}
		if got, want := rb.stackOf(item), pb.StackSize(item); got != want {
			t.Errorf("%s stacks %d in the world, %d in the planner", item, got, want)
			diffs++
		}
		if got, want := rb.burnTicks(item), pb.BurnTicks(item); got != want {
			t.Errorf("%s burns %d ticks in the world, %d in the planner", item, got, want)
			diffs++
		}
		if got, want := rb.plainFuel(item), pb.PlainFuel(item); got != want {
			t.Errorf("%s plain fuel: world %v, planner %v", item, got, want)
			diffs++
		}
		if got, _ := rb.smeltResult(item); got != plannerSmelt(pb, item) {
			t.Errorf("a furnace makes %q from %s in the world, %q in the planner", got, item, plannerSmelt(pb, item))
			diffs++
		}
		if diffs > 20 {
			t.Fatal("too many differences")
		}
	}
}

// plannerSmelt is what the planner's book says a furnace makes of input.
func plannerSmelt(pb *recipes.Book, input string) string {
	for _, s := range pb.Smelting(mustSmelt(pb, input)) {
		if slices.Contains(s.Stations, "furnace") && slices.Contains(s.Items, input) {
			return s.Result
		}
	}
	return ""
}

func mustSmelt(pb *recipes.Book, input string) string {
	r, _ := pb.SmeltResult(input)
	return r
}

// TestFoodsCookAsTheBookSays holds game's table of foods, which the world
// without a recipe book smelts by, to the book: every raw food cooks into
// what the table says, and every cooked food the book makes from a food is
// one the table knows to be food.
func TestFoodsCookAsTheBookSays(t *testing.T) {
	rb, basic := worldBook(t), &basicBook{}
	for _, item := range game.Foods() {
		f, _ := game.FoodOf(item)
		got, _ := rb.smeltResult(item)
		if got != f.Cooked {
			t.Errorf("the book cooks %s into %q, game.Food says %q", item, got, f.Cooked)
		}
		if got != "" && !game.IsFood(got) {
			t.Errorf("%s cooks into %s, which game does not list as food", item, got)
		}
		if b, _ := basic.smeltResult(item); b != got {
			t.Errorf("without the book %s cooks into %q, with it %q", item, b, got)
		}
	}
}
