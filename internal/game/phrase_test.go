package game

import "testing"

func TestActionPhrase(t *testing.T) {
	for _, tc := range []struct{ action, params, want string }{
		{"find_block", `{"block":"iron_ore","count":3}`, "finding 3 iron ore"},
		{"craft_item", `{"item":"torch","count":8}`, "crafting 8 torch"},
		{"move_to", `{"x":3,"y":64,"z":-2}`, "walking to 3 64 -2"},
		{"give_item", `{"item":"bread","player":"Alex"}`, "giving bread to Alex"},
		{"eat_food", `{}`, "eating"},
		{"find_block", ``, "find block"},
		{"teleport", `{}`, "teleport"},
		{"build", `{"origin":{"x":23,"y":70,"z":-3},"layers":[]}`, "building at 23 70 -3"},
	} {
		if got := ActionPhrase(tc.action, tc.params); got != tc.want {
			t.Errorf("ActionPhrase(%s, %s) = %q, want %q", tc.action, tc.params, got, tc.want)
		}
	}
}
