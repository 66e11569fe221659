package game

import "testing"

func TestMapColourOf(t *testing.T) {
	for block, want := range map[string]string{
		"water": "water", "minecraft:sand": "sand", "grass_block": "grass", "stone": "stone", "snow": "snow",
		"oak_leaves": "leaves and plants", "short_grass": "leaves and plants", "iron_ore": "stone",
		"deepslate_iron_ore": "deepslate", "oak_log[axis=y]": "wood", "lava": "lava and fire", "air": "unknown",
		"some_block_from_a_mod": "stone",
	} {
		if got := MapColours[MapColourOf(block)].Name; got != want {
			t.Errorf("%s is drawn as %s, want %s", block, got, want)
		}
	}
	seen := map[string]string{}
	for _, c := range MapColours[1:] {
		if c.RGB == "" {
			t.Errorf("%s has no colour", c.Name)
		}
		if other, ok := seen[c.RGB]; ok && c.Name != "end stone" {
			t.Errorf("%s and %s share %s", c.Name, other, c.RGB)
		}
		seen[c.RGB] = c.Name
	}
}
