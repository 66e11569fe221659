package rules

import (
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// TestIronOutOfReachSendsNoSmeltOfNothing: after the iron pickaxe she goes
// for the ore of her armour. The routine lists the trip for ore and
// nothing that needs it done: were the ore out of reach (the find held
// back after two failures), a smelt of ore she has not got and a craft of
// ingots she has not made would be sent next, and fail. Once she carries
// ore, the smelt is due; once she has the ingots, the craft.
func TestIronOutOfReachSendsNoSmeltOfNothing(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "stone_axe": 1,
		"stone_shovel": 1, "furnace": 1, "coal": 8, "stick": 8, "torch": 16, "dirt": 64, "chest": 1, "oak_door": 1,
		"white_bed": 1, "cooked_beef": 8},
		pos: game.Pos{X: 0, Y: 64, Z: 0}, time: 2000, food: 20}
	armour := func() []string {
		var out []string
		for _, s := range New(w, testBook).routine(w.Snapshot()) {
			if s.goal == "armour" {
				out = append(out, callsText([]agent.ToolCall{New(w, testBook).call(s.tool, s.args)}))
			}
		}
		return out
	}
	if got := armour(); len(got) != 1 || !strings.HasPrefix(got[0], `find_block{"block":"iron_ore"`) {
		t.Errorf("with no ore: %v, want only the trip for it", got)
	}
	w.inv["raw_iron"] = 3
	if got := armour(); len(got) != 2 || !strings.HasPrefix(got[1], `smelt_item{"count":3,"item":"raw_iron"}`) {
		t.Errorf("with 3 raw iron: %v, want the trip for more, then a smelt of the 3", got)
	}
	w.inv["raw_iron"], w.inv["iron_ingot"] = 0, 8
	if got := armour(); len(got) != 1 || got[0] != `craft_item{"count":1,"item":"iron_chestplate"}` {
		t.Errorf("with 8 ingots: %v, want the chestplate", got)
	}
}
