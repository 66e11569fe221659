package recipes

import "testing"

// TestMakesWhatCanBeMade: the cases mindcraft's crafting tasks found,
// where the planner gave up on something she could make from what she
// carries.
func TestMakesWhatCanBeMade(t *testing.T) {
	cases := []struct {
		version, item string
		have          inv
		made          []string // steps the plan must have, besides the goal
	}{
		// Exactly the planks of a chest, and logs for the table.
		{"1.21.1", "chest", inv{"oak_planks": 8, "oak_log": 2}, []string{"crafting_table"}},
		{"26.1", "chest", inv{"oak_planks": 8, "oak_log": 1}, []string{"crafting_table"}},
		// A dye mixed from the dyes she carries, then the wool dyed.
		{"1.21.1", "cyan_wool", inv{"black_wool": 1, "blue_dye": 1, "green_dye": 1}, []string{"cyan_dye"}},
		{"1.21.1", "lime_wool", inv{"black_wool": 1, "green_dye": 1, "bone_meal": 1}, []string{"lime_dye", "white_dye"}},
		{"1.21.1", "gray_wool", inv{"white_wool": 1, "black_dye": 1, "white_dye": 1}, []string{"gray_dye"}},
		{"1.21.1", "light_gray_wool", inv{"white_wool": 1, "black_dye": 1, "white_dye": 2}, []string{"light_gray_dye"}},
		{"1.21.1", "purple_wool", inv{"white_wool": 1, "blue_dye": 1, "red_dye": 1}, []string{"purple_dye"}},
		{"1.21.4", "white_wool", inv{"black_wool": 1, "bone_meal": 1}, []string{"white_dye"}},
		// A bed made in the colour of the wool she has, then dyed.
		{"1.21.1", "magenta_bed", inv{"black_wool": 3, "oak_planks": 3, "magenta_dye": 1, "crafting_table": 1}, []string{"black_bed"}},
	}
	for _, tc := range cases {
		b := book(t, tc.version)
		p, err := b.Plan(tc.item, 1, tc.have)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.version, tc.item, err)
		}
		if len(p.Missing) > 0 {
			t.Errorf("%s: %s from %v misses %v\n%s", tc.version, tc.item, tc.have, p.Missing, p.Text())
			continue
		}
		for _, it := range tc.made {
			if stepFor(p, it) == nil {
				t.Errorf("%s: %s from %v makes no %s\n%s", tc.version, tc.item, tc.have, it, p.Text())
			}
		}
		checkPlan(t, b, p, Nearby{})
	}
}

// TestWorldGivesWhiteWoolNotPink: planning for a world whose sheep are
// white, pink wool is dyed from white wool she gathers, not looked for as
// it is; with no world given, the book still names it found.
func TestWorldGivesWhiteWoolNotPink(t *testing.T) {
	b := book(t, "26.1")
	finds := func(item string) bool { return item == "white_wool" || item == "leather" }
	p, err := b.WithWorld(finds).Plan("pink_wool", 1, inv{"pink_dye": 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Missing) != 1 || p.Missing["white_wool"] != 1 || stepFor(p, "pink_wool") == nil {
		t.Errorf("in a world of white sheep: missing %v\n%s", p.Missing, p.Text())
	}
	p, err = b.Plan("pink_wool", 1, inv{"pink_dye": 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Missing["pink_wool"] != 1 {
		t.Errorf("with no world: missing %v", p.Missing)
	}
}
