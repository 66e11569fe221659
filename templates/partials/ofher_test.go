package partials

import "testing"

// TestTheGamesSentencesAreSaidOfHer: the game's answers, written to her
// for her model, read said of her for a person, with the verb agreeing;
// the sentences are the practice world's and the body's own.
func TestTheGamesSentencesAreSaidOfHer(t *testing.T) {
	for in, want := range map[string]string{
		"you are dead; you respawn in a moment":                                                                       "she is dead; she respawns in a moment",
		"you found no iron_ore within 32 blocks that you could reach":                                                 "she found no iron_ore within 32 blocks that she could reach",
		"you found no safe way up from (1, 2, 3): every direction opens onto lava, water or blocks you never break":   "she found no safe way up from (1, 2, 3): every direction opens onto lava, water or blocks she never breaks",
		"crafting_table needs a crafting table (its shape is 3x3); there is none within 16 blocks and you carry none": "crafting_table needs a crafting table (its shape is 3x3); there is none within 16 blocks and she carries none",
		"Alex is still 12 blocks behind you":                                                                          "Alex is still 12 blocks behind her",
		"there is no oak_log within 32 blocks of you":                                                                 "there is no oak_log within 32 blocks of her",
		"a nether portal is not used by hand; walk into it: move_to (1, 2, 3) takes you through":                      "a nether portal is not used by hand; walk into it: move_to (1, 2, 3) takes her through",
		"smelting 8 raw_iron takes 2 coal as fuel; you are short of 1 (you have 1)":                                   "smelting 8 raw_iron takes 2 coal as fuel; she is short of 1 (she has 1)",
		"placement_overlaps_agent: (1, 2, 3) is where you stand (your feet are in (1, 2, 3)); step aside":             "placement_overlaps_agent: (1, 2, 3) is where she stands (her feet are in (1, 2, 3)); step aside",
		"you already have 2 scans waiting to be worked through":                                                       "she already has 2 scans waiting to be worked through",
		"a bed explodes in the_nether; you only sleep in the overworld":                                               "a bed explodes in the_nether; she only sleeps in the overworld",
		"You were moved off your path":                                                                                "She was moved off her path",
		"you have not joined the Minecraft server yet; ask again in a moment":                                         "she has not joined the Minecraft server yet; ask again in a moment",
		"your inventory is full; collected 3/5 cobblestone":                                                           "her inventory is full; collected 3/5 cobblestone",
		"you could not reach Alex: no path":                                                                           "she could not reach Alex: no path",
		"collected 4/5 raw_iron":                                                                                      "collected 4/5 raw_iron",
		"":                                                                                                            "",
	} {
		if got := OfHer(in); got != want {
			t.Errorf("OfHer(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}

// TestADeathReadsAsWhatHappenedToHer: a cause the game names by its
// damage's source reads as what happened; a sentence stays as it is.
func TestADeathReadsAsWhatHappenedToHer(t *testing.T) {
	for in, want := range map[string]string{"fall": "fell", "lava": "burned in lava", "starvation": "starved",
		"slain by Zombie": "slain by Zombie", "fell out of the world": "fell out of the world", "": "died"} {
		if got := DeathCause(in); got != want {
			t.Errorf("DeathCause(%q) = %q, want %q", in, got, want)
		}
	}
}
