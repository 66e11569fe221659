package recipes

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

// TestCarryingOneRecipeMissesNothing is the property behind every plan:
// for every recipe of every book, carrying exactly its ingredients (and a
// crafting table or a furnace when it needs one, and coal for a smelt),
// the plan for what one run makes misses nothing and plays through.
func TestCarryingOneRecipeMissesNothing(t *testing.T) {
	for _, version := range []string{"26.1", "1.21.4", "1.21.1"} {
		b := book(t, version)
		runs := 0
		for _, item := range b.Items() {
			for _, r := range b.Recipes(item) {
				gain := r.Count - selfUse(r)
				if gain <= 0 {
					continue
				}
				have := inv{}
				for _, s := range r.Slots {
					have[slotPick(r, s)] += s.Count
				}
				if !r.FitsInventory() {
					have[StationTable]++
				}
				carryingOne(t, b, item, gain, have)
				runs++
			}
			for _, s := range b.Smelting(item) {
				if s.Salvage {
					continue // melting down her tools is never planned
				}
				fuel := "coal"
				if item == fuel {
					fuel = "charcoal"
				}
				carryingOne(t, b, item, 1, inv{s.Items[0]: 1, StationFurnace: 1, fuel: 1})
				runs++
			}
		}
		if runs < 900 {
			t.Errorf("%s: only %d recipes tried", version, runs)
		}
	}
}

// slotPick is the item she carries for a slot: its first alternative that
// is not the result itself (a white bed is dyed from a bed of another
// colour), or the result when nothing else fills it (a template copied).
func slotPick(r *Recipe, s Slot) string {
	for _, it := range s.Items {
		if it != r.Result {
			return it
		}
	}
	return s.Items[0]
}

func carryingOne(t *testing.T, b *Book, item string, count int, have inv) {
	t.Helper()
	p, err := b.Plan(item, count, have)
	if err != nil {
		t.Fatalf("%s: %d %s from %v: %v", b.Version(), count, item, have, err)
	}
	if len(p.Missing) > 0 {
		t.Errorf("%s: %d %s from %v misses %v\n%s", b.Version(), count, item, have, p.Missing, p.Text())
		return
	}
	checkPlan(t, b, p, Nearby{})
}

// TestLoopsOfStorageBlocks: an item made only from an ingredient that is
// itself made only from the item (a hay bale from wheat, wheat from a hay
// bale) is planned from that ingredient, gathered; the unpacking way round
// is used only for a block she carries.
func TestLoopsOfStorageBlocks(t *testing.T) {
	cases := []struct {
		version, item string
		count         int
		have          inv
		missing       map[string]int
	}{
		{"26.1", "hay_block", 1, inv{"wheat": 5}, map[string]int{"wheat": 4, "#logs": 1}},
		{"26.1", "hay_block", 2, inv{"crafting_table": 1}, map[string]int{"wheat": 18}},
		{"26.1", "wheat", 1, inv{}, map[string]int{"wheat": 1}},
		{"26.1", "wheat", 9, inv{"hay_block": 1}, map[string]int{}},
		{"26.1", "raw_iron_block", 1, inv{"crafting_table": 1, "raw_iron": 2}, map[string]int{"raw_iron": 7}},
		{"26.1", "raw_iron", 3, inv{}, map[string]int{"raw_iron": 3}},
		{"26.1", "raw_gold_block", 1, inv{"crafting_table": 1}, map[string]int{"raw_gold": 9}},
		{"26.1", "raw_copper_block", 1, inv{"crafting_table": 1}, map[string]int{"raw_copper": 9}},
		{"26.1", "slime_block", 1, inv{"crafting_table": 1}, map[string]int{"slime_ball": 9}},
		{"26.1", "slime_ball", 1, inv{}, map[string]int{"slime_ball": 1}},
		{"26.1", "resin_block", 1, inv{"crafting_table": 1}, map[string]int{"resin_clump": 9}},
		{"26.1", "honey_block", 1, inv{"honey_bottle": 1}, map[string]int{"honey_bottle": 3}},
		{"26.1", "honey_bottle", 1, inv{}, map[string]int{"honey_bottle": 1}},
		{"1.21.4", "hay_block", 1, inv{"crafting_table": 1}, map[string]int{"wheat": 9}},
		{"1.21.4", "slime_block", 1, inv{"crafting_table": 1, "slime_ball": 9}, map[string]int{}},
		// Blocks with another way to make their ingredient keep it.
		{"26.1", "iron_block", 1, inv{"crafting_table": 1, "furnace": 1, "coal": 2}, map[string]int{"raw_iron": 9}},
		{"26.1", "iron_ingot", 1, inv{"furnace": 1, "coal": 1}, map[string]int{"raw_iron": 1}},
		{"26.1", "iron_nugget", 9, inv{"furnace": 1, "coal": 1}, map[string]int{"raw_iron": 1}},
		{"26.1", "coal_block", 1, inv{"crafting_table": 1}, map[string]int{"coal": 9}},
		{"26.1", "coal", 1, inv{}, map[string]int{"coal": 1}},
		{"26.1", "redstone_block", 1, inv{"crafting_table": 1}, map[string]int{"redstone": 9}},
		{"26.1", "emerald_block", 1, inv{"crafting_table": 1}, map[string]int{"emerald": 9}},
		{"26.1", "bone_block", 1, inv{"crafting_table": 1}, map[string]int{"bone": 3}},
		{"26.1", "dried_kelp_block", 1, inv{"crafting_table": 1, "furnace": 1, "coal": 2}, map[string]int{"kelp": 9}},
		// A template is copied from one she carries, never made up.
		{"26.1", "bolt_armor_trim_smithing_template", 1, inv{}, map[string]int{"bolt_armor_trim_smithing_template": 1}},
		{"26.1", "bolt_armor_trim_smithing_template", 1,
			inv{"bolt_armor_trim_smithing_template": 1, "diamond": 7, "copper_block": 1, "crafting_table": 1}, map[string]int{}},
	}
	for _, tc := range cases {
		b := book(t, tc.version)
		p, err := b.Plan(tc.item, tc.count, tc.have)
		if err != nil {
			t.Fatalf("%s %d %s: %v", tc.version, tc.count, tc.item, err)
		}
		checkPlan(t, b, p, Nearby{})
		if !maps.Equal(p.Missing, tc.missing) {
			t.Errorf("%s %d %s from %v: missing %v, want %v\n%s", tc.version, tc.count, tc.item, tc.have, p.Missing, tc.missing, p.Text())
		}
	}
}

// TestWorldSentences: a plan with nothing to craft says in one sentence
// why she gets the item in the world and how many.
func TestWorldSentences(t *testing.T) {
	b := book(t, "26.1")
	for _, tc := range []struct {
		item  string
		count int
		want  string
	}{
		{"wheat", 1, "You cannot make wheat from anything you could gather first: find 1 in the world."},
		{"flint", 3, "You cannot craft or smelt flint: find 3 in the world."},
		{"white_wool", 2, "You find white_wool in the world rather than craft it: get 2."},
	} {
		p, err := b.Plan(tc.item, tc.count, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("Plan for %d %s:\n%s", tc.count, tc.item, tc.want)
		if got := p.Text(); got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	}
	p, err := b.Plan("hay_block", 1, inv{"wheat": 8, "crafting_table": 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"You are missing 1 wheat: get it first.", "1. Craft 1 hay_block from 9 wheat at a crafting table."} {
		if !strings.Contains(p.Text(), want) {
			t.Errorf("text lacks %q:\n%s", want, p.Text())
		}
	}
}
