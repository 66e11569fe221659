package recipes

import (
	"math/rand/v2"
	"os"
	"testing"
)

// midGame is what she might carry a few hours in.
func midGame() inv {
	return inv{
		"oak_log": 16, "oak_planks": 20, "birch_planks": 7, "stick": 10, "cobblestone": 64,
		"coal": 12, "raw_iron": 9, "iron_ingot": 5, "crafting_table": 1, "furnace": 1,
		"torch": 16, "wheat": 6, "string": 4, "redstone": 8, "sand": 10, "white_wool": 3,
		"leather": 2, "diamond": 2, "gold_ingot": 2, "iron_block": 1, "lava_bucket": 1,
		"iron_ore": 2, "bone_meal": 3, "paper": 3, "egg": 2,
	}
}

// craftable lists the items some recipe of the book makes.
func craftable(b *Book) []string {
	var out []string
	for _, it := range b.Items() {
		if len(b.Recipes(it)) > 0 || len(b.Smelting(it)) > 0 {
			out = append(out, it)
		}
	}
	return out
}

// TestEveryItemPlansAndPlaysThrough: every item any recipe makes gets a
// plan, from nothing and from a mid-game inventory, in both books, and
// playing its steps reaches the goal with exactly the leftovers it claims.
func TestEveryItemPlansAndPlaysThrough(t *testing.T) {
	for _, version := range []string{"26.1", "1.21.4", "1.21.1"} {
		b := book(t, version)
		items := craftable(b)
		if len(items) < 800 {
			t.Fatalf("%s: only %d craftable items", version, len(items))
		}
		for _, have := range []inv{{}, midGame()} {
			for _, it := range items {
				for _, count := range []int{1, 5} {
					p, err := b.Plan(it, count, have)
					if err != nil {
						t.Fatalf("%s: %d %s: %v", version, count, it, err)
					}
					checkPlan(t, b, p, Nearby{})
				}
			}
		}
	}
}

// TestRandomInventoriesPlayThrough draws inventories from a pool of
// common items (fixed seed, so a failure repeats) and stations nearby.
func TestRandomInventoriesPlayThrough(t *testing.T) {
	b := book(t, "26.1")
	pool := []string{"oak_log", "spruce_log", "birch_planks", "oak_planks", "stick", "cobblestone",
		"cobbled_deepslate", "coal", "charcoal", "raw_iron", "iron_ingot", "iron_nugget", "raw_gold",
		"gold_nugget", "redstone", "sand", "string", "white_wool", "red_wool", "white_dye", "leather",
		"wheat", "sugar", "egg", "milk_bucket", "paper", "diamond", "lava_bucket", "bamboo", "quartz",
		"crafting_table", "furnace", "copper_ingot", "iron_block", "coal_block"}
	rng := rand.New(rand.NewPCG(5, 26))
	items := craftable(b)
	for i := range 600 {
		have := inv{}
		for range rng.IntN(8) {
			have[pool[rng.IntN(len(pool))]] += 1 + rng.IntN(20)
		}
		near := Nearby{CraftingTable: rng.IntN(3) == 0, Furnace: rng.IntN(3) == 0}
		it := items[rng.IntN(len(items))]
		count := 1 + rng.IntN(16)
		p, err := b.PlanNear(it, count, have, near)
		if err != nil {
			t.Fatalf("draw %d: %d %s: %v", i, count, it, err)
		}
		checkPlan(t, b, p, near)
	}
}

func benchmarkBook(b *testing.B, have inv) {
	bk := book(b, "26.1")
	items := craftable(bk)
	b.ResetTimer()
	for b.Loop() {
		planEvery(b, bk, items, have)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(items)), "ns/plan")
	b.ReportMetric(float64(len(items)), "items")
}

// BenchmarkPlanEveryItem plans one of every craftable item of 26.1 from an
// empty inventory; ns/op is the whole book, ns/plan one item. "cold" is a
// process that has planned nothing: the book is loaded afresh, so its memo
// starts empty, and the load is counted. "warm" plans with a book whose
// memo an earlier pass has filled.
func BenchmarkPlanEveryItem(b *testing.B) {
	fsys := os.DirFS("../../../data")
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			bk, err := Load(fsys, "26.1")
			if err != nil {
				b.Fatal(err)
			}
			planEvery(b, bk, craftable(bk), inv{})
		}
	})
	b.Run("warm", func(b *testing.B) { benchmarkBook(b, inv{}) })
}

func planEvery(b *testing.B, bk *Book, items []string, have inv) {
	for _, it := range items {
		if _, err := bk.Plan(it, 1, have); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlanBookMidGame is the same from a mid-game inventory.
func BenchmarkPlanBookMidGame(b *testing.B) { benchmarkBook(b, midGame()) }
