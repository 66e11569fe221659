package game

import "testing"

func TestActionPhrase(t *testing.T) {
	for _, tc := range []struct{ action, params, want string }{
		{"find_block", `{"block":"iron_ore","count":3}`, "finding 3 iron ore"},
		{"craft_item", `{"item":"torch","count":8}`, "crafting 8 torches"},
		{"find_block", `{"block":"log","count":4}`, "finding 4 logs"},
		{"find_block", `{"block":"coal_ore","count":4}`, "finding 4 coal ore"},
		{"craft_item", `{"item":"oak_planks","count":16}`, "crafting 16 oak planks"},
		{"craft_item", `{"item":"stone_pickaxe","count":1}`, "crafting 1 stone pickaxe"},
		{"smelt_item", `{"item":"raw_iron","count":3}`, "smelting 3 raw iron"},
		{"store_item", `{"item":"cobblestone","count":795}`, "storing 795 cobblestone in a chest"},
		{"attack_entity", `{"entity":"sheep"}`, "fighting a sheep"},
		{"attack_entity", `{"entity":"minecraft:iron_golem"}`, "fighting an iron golem"},
		{"attack_entity", `{"entity":"Zombie"}`, "fighting a Zombie"},
		{"attack_entity", `{"entity":"Alex"}`, "fighting Alex"},
		{"attack_entity", `{}`, "fighting something"},
		{"move_to", `{"x":3,"y":64,"z":-2}`, "walking to (3, 64, -2)"},
		{"give_item", `{"item":"bread","player":"Alex"}`, "giving bread to Alex"},
		{"eat_food", `{}`, "eating"},
		{"find_block", ``, "find block"},
		{"teleport", `{}`, "teleport"},
		{"build", `{"origin":{"x":23,"y":70,"z":-3},"layers":[]}`, "building at (23, 70, -3)"},
	} {
		if got := ActionPhrase(tc.action, tc.params); got != tc.want {
			t.Errorf("ActionPhrase(%s, %s) = %q, want %q", tc.action, tc.params, got, tc.want)
		}
	}
}
