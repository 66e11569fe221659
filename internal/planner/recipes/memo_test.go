package recipes

import (
	"encoding/json"
	"testing"
)

// TestMemoGivesTheSameAnswers: every item of both books, from several
// inventories with and without stations nearby, planned with the book's
// memo and with the search run afresh (no memo), gives the same plan to
// the last step, fuel and word.
func TestMemoGivesTheSameAnswers(t *testing.T) {
	starts := []struct {
		name string
		have inv
		near Nearby
	}{
		{"empty", inv{}, Nearby{}},
		{"mid game", midGame(), Nearby{}},
		{"stations nearby", inv{"oak_log": 3, "cobblestone": 8}, Nearby{CraftingTable: true, Furnace: true}},
		{"a start", inv{"birch_log": 5, "stick": 3, "coal": 2, "raw_iron": 4, "crafting_table": 1}, Nearby{Furnace: true}},
		{"storage", inv{"wheat": 5, "iron_block": 1, "coal_block": 1, "spruce_planks": 9, "white_wool": 2, "furnace": 1}, Nearby{}},
	}
	compared := 0
	for _, version := range []string{"26.1", "1.21.4"} {
		b := book(t, version)
		for _, s := range starts {
			for i, it := range craftable(b) {
				count := 1 + i%3
				got, err := b.PlanNear(it, count, s.have, s.near)
				if err != nil {
					t.Fatalf("%s, %s: %d %s: %v", version, s.name, count, it, err)
				}
				want, err := b.plan(it, count, s.have, s.near, nil)
				if err != nil {
					t.Fatalf("%s, %s: %d %s without the memo: %v", version, s.name, count, it, err)
				}
				g, w := planJSON(t, got), planJSON(t, want)
				if g != w || got.Text() != want.Text() {
					t.Fatalf("%s, %s: %d %s differs with the memo:\n%s\nwithout:\n%s", version, s.name, count, it, got.Text(), want.Text())
				}
				compared++
			}
		}
	}
	if compared < 8000 {
		t.Errorf("only %d plans compared", compared)
	}
}

func planJSON(t *testing.T, p *Plan) string {
	t.Helper()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
