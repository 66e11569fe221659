package game

import "testing"

func TestSourceOf(t *testing.T) {
	for item, want := range map[string]string{"cobblestone": "stone", "raw_iron": "iron_ore", "coal": "coal_ore",
		"lapis_lazuli": "lapis_ore", "cobbled_deepslate": "deepslate", "clay_ball": "clay", "oak_log": ""} {
		if got, ok := SourceOf(item); got != want || ok != (want != "") {
			t.Errorf("SourceOf(%s) = %q, %v; want %q", item, got, ok, want)
		}
	}
}
