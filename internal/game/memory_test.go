package game

import (
	"strings"
	"testing"

	"beaweb/internal/fault"
)

func TestCheckPlaceName(t *testing.T) {
	for _, tc := range []struct {
		in, want, says string
	}{
		{"home", "home", ""},
		{"  the old mine ", "the old mine", ""},
		{strings.Repeat("ä", 64), strings.Repeat("ä", 64), ""},
		{"", "", "needs a name"},
		{" \t ", "", "only of spaces"},
		{strings.Repeat("a", 65), "", "has 65 characters; keep it to 64"},
		{"a\nb", "", "one line"},
	} {
		got, err := CheckPlaceName(tc.in)
		if tc.says == "" {
			if err != nil || got != tc.want {
				t.Errorf("CheckPlaceName(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			continue
		}
		if fault.CodeOf(err) != fault.CodeInvalid || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("CheckPlaceName(%q) = %v; want invalid input saying %q", tc.in, err, tc.says)
		}
	}
}

func TestCheckFact(t *testing.T) {
	if got, err := CheckFact(" builds with birch "); err != nil || got != "builds with birch" {
		t.Errorf("CheckFact = %q, %v", got, err)
	}
	if _, err := CheckFact(strings.Repeat("é", MaxFact)); err != nil {
		t.Errorf("a fact of %d characters: %v", MaxFact, err)
	}
	if _, err := CheckFact(strings.Repeat("é", MaxFact+1)); fault.CodeOf(err) != fault.CodeInvalid || !strings.Contains(err.Error(), "501 characters") {
		t.Errorf("a fact of %d characters: %v", MaxFact+1, err)
	}
	if _, err := CheckFact("  "); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("an empty fact: %v", err)
	}
}

func TestBlockFamily(t *testing.T) {
	for block, want := range map[string]string{
		"oak_log": "log", "minecraft:stripped_birch_log": "log", "crimson_stem": "log", "mushroom_stem": "mushroom_stem",
		"deepslate_iron_ore": "iron_ore", "iron_ore": "iron_ore", "nether_gold_ore": "nether_gold_ore",
		"red_bed": "bed", "chest": "chest", "Stone": "stone",
	} {
		if got := BlockFamily(block); got != want {
			t.Errorf("BlockFamily(%q) = %q, want %q", block, got, want)
		}
	}
	for block, want := range map[string]bool{
		"oak_log": true, "deepslate_diamond_ore": true, "ancient_debris": true, "white_bed": true, "water": true,
		"lava": true, "crafting_table": true, "barrel": true, "stone": false, "oak_leaves": false, "dirt": false,
		"oak_planks": false,
	} {
		if got := UsefulBlock(block); got != want {
			t.Errorf("UsefulBlock(%q) = %v, want %v", block, got, want)
		}
	}
}

func TestNearestFirst(t *testing.T) {
	places := []Place{
		{Name: "portal", Dimension: "the_nether"},
		{Name: "far", Dimension: "overworld", Pos: Pos{X: 100}},
		{Name: "Base", Dimension: "the_end"},
		{Name: "near", Dimension: "overworld", Pos: Pos{X: 3}},
	}
	NearestFirst(places, "overworld", Pos{})
	var got []string
	for _, p := range places {
		got = append(got, p.Name)
	}
	if strings.Join(got, " ") != "near far Base portal" {
		t.Errorf("NearestFirst = %v", got)
	}
}

func TestBlockName(t *testing.T) {
	for in, want := range map[string]string{
		"minecraft:oak_door[half=lower,facing=east]": "oak_door", " Iron_Ore ": "iron_ore", "stone": "stone", "": "",
	} {
		if got := BlockName(in); got != want {
			t.Errorf("BlockName(%q) = %q, want %q", in, got, want)
		}
	}
}
