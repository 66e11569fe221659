package rules

import (
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// packed is a snapshot by day (or at time) of a pack holding inv, each item
// in as many slots as stacks of 64 it takes, padded with slots of tuff to
// used slots in all; a chest stands in her close view when chest is true.
func packed(inv game.Inventory, used int, time int64, chest bool) agent.Snapshot {
	var slots []game.Slot
	for item, n := range inv {
		for ; n > 0; n -= 64 {
			slots = append(slots, game.Slot{Slot: len(slots), Item: item, Count: min(n, 64)})
		}
	}
	for len(slots) < used {
		inv["tuff"]++
		slots = append(slots, game.Slot{Slot: len(slots), Item: "tuff", Count: 1})
	}
	census := map[string]int{"stone": 40}
	if chest {
		census["chest"] = 1
	}
	return agent.Snapshot{Tick: time, World: game.WorldID{Dimension: "overworld"}, Body: &agent.Body{
		Inventory: slots, Census: census,
		Health: 20, Food: 20, Position: game.Vec3{X: 0.5, Y: 64, Z: 0.5},
		Time: time % 24000, Dark: time%24000 >= 13000 && time%24000 < 23000,
	}}
}

// afterIron is a pack past the iron pickaxe, with rubble, spares and what
// she keeps.
func afterIron() game.Inventory {
	return game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "stone_axe": 1, "stone_shovel": 1,
		"iron_chestplate": 1, "furnace": 1, "stick": 6, "torch": 16, "coal": 20, "dirt": 64, "oak_door": 1,
		"cobbled_deepslate": 140, "granite": 30, "raw_gold": 12, "raw_iron": 9, "diamond": 2, "cooked_beef": 5}
}

// TestAFullPackIsEmptiedOfSpares: with under three slots free by day she
// puts the spare she has most of in a chest at hand; never her tools, ore,
// food or the shelter's dirt. With room enough, or no chest at hand, she
// keeps her pack as it is: what she threw away at her feet she would pick
// up again.
func TestAFullPackIsEmptiedOfSpares(t *testing.T) {
	cases := []struct {
		name  string
		used  int
		chest bool
		want  string
	}{
		{"full, a chest at hand", 34, true, `store_item{"count":140,"item":"cobbled_deepslate"}`},
		{"full, no chest", 34, false, ""},
		{"room enough", 30, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := New(sit{packed(afterIron(), c.used, 2000, c.chest)}, testBook)
			got := callsText(decide(t, m, idle))
			if c.want == "" {
				if strings.HasPrefix(got, "store_item") || strings.HasPrefix(got, "discard_item") {
					t.Errorf("with room in her pack: %s", got)
				}
				return
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// TestSparesAreWhatSheDoesNotUse: the spares of a pack are what she does
// not keep, the most first; rubble beyond what she keeps of it counts, her
// tools, ore, food and the shelter's dirt do not.
func TestSparesAreWhatSheDoesNotUse(t *testing.T) {
	inv := afterIron()
	inv["cobblestone"] = 50
	r := &routineBuilder{inv: inv}
	got := r.spares()
	want := []spare{{"cobbled_deepslate", 140}, {"granite", 30}, {"cobblestone", 18}, {"raw_gold", 12}}
	if len(got) != len(want) {
		t.Fatalf("spares %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("spares %v, want %v", got, want)
			break
		}
	}
}

// TestAtNightHerSparesGoInTheShelterChest: in her shelter at night, with
// its chest beside her, she empties her pack of spares before she sleeps,
// with more room kept than by day.
func TestAtNightHerSparesGoInTheShelterChest(t *testing.T) {
	v := packed(afterIron(), 28, 14000, true)
	m := New(sit{v}, testBook)
	m.shelter = &shelter{inside: game.Pos{X: 0, Y: 64, Z: 0}, corner: game.Pos{X: -2, Y: 63, Z: -2},
		dimension: "overworld", built: true, bed: true}
	if got := callsText(decide(t, m, idle)); got != `store_item{"count":140,"item":"cobbled_deepslate"}` {
		t.Errorf("in her shelter at night with 8 slots free: %s, want her spares in its chest", got)
	}
	// Asked in the chat, she says it as a person would.
	doing := &agent.Doing{Action: "store_item", Params: `{"item":"cobbled_deepslate","count":140}`}
	if got, want := m.upTo(doing), "storing 140 cobbled deepslate in a chest to lighten my pack"; got != want {
		t.Errorf("she is %q, want %q", got, want)
	}
}
