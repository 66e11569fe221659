package game

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"beaweb/internal/fault"
)

// This file holds the vocabulary of her memory of the world: the places she
// named, where she died, the people she met and the blocks she remembers.
// Every world is kept apart under the server address its hello names.

// LastDeathPlace is the place name kept for her by itself, where she last died.
const LastDeathPlace = "last_death"

// MaxPlaceName and MaxFact bound what memory accepts, in characters.
const (
	MaxPlaceName = 64
	MaxFact      = 500
)

// CheckPlaceName returns the name as it is stored, without the spaces around
// it, or a sentence saying why it cannot be a place name.
func CheckPlaceName(name string) (string, error) {
	trimmed := strings.TrimSpace(name)
	switch {
	case name == "":
		return "", fault.Invalidf("a place needs a name: give one of 1 to %d characters", MaxPlaceName)
	case trimmed == "":
		return "", fault.Invalidf("a place name made only of spaces names nothing: give one with letters or digits")
	case utf8.RuneCountInString(trimmed) > MaxPlaceName:
		return "", fault.Invalidf("the place name %q… has %d characters; keep it to %d", cut(trimmed, 20), utf8.RuneCountInString(trimmed), MaxPlaceName)
	case strings.IndexFunc(trimmed, unicode.IsControl) >= 0:
		return "", fault.Invalidf("a place name is one line of text, without tabs or line breaks")
	}
	return trimmed, nil
}

// CheckFact returns the fact as it is stored, without the spaces around it,
// or a sentence saying why it is refused.
func CheckFact(text string) (string, error) {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return "", fault.Invalidf("a fact needs some words: say what you learned about them")
	}
	if n := utf8.RuneCountInString(trimmed); n > MaxFact {
		return "", fault.Invalidf("that fact has %d characters; keep a fact to %d, the one thing worth remembering", n, MaxFact)
	}
	return trimmed, nil
}

func cut(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// Place is a spot she named, in one world.
type Place struct {
	Name      string
	Dimension string // overworld, the_nether, the_end
	Pos       Pos    // the block she stood in
	Note      string
	Created   time.Time
	Updated   time.Time
}

// Death is one of her deaths, as the death event told it.
type Death struct {
	At        time.Time
	Cause     string
	Dimension string
	Pos       Pos
}

// Person is a player she has met, known by UUID across name changes.
type Person struct {
	UUID      string
	Name      string   // the name they go by now
	Names     []string // every name seen, the current one included, oldest first
	FirstSeen time.Time
	LastSeen  time.Time
	Messages  int  // chat lines of theirs she has read
	Card      bool // whether she keeps a card on them (facts she chose to remember)
}

// Fact is one thing she remembers about a person.
type Fact struct {
	ID      int64
	UUID    string
	Text    string
	Created time.Time
}

// KnownBlock is a block she remembers: one she placed, or a useful one she
// saw, with when she last saw it there.
type KnownBlock struct {
	World     string
	Dimension string
	Pos       Pos
	Block     string
	Placed    bool // she placed it herself
	LastSeen  time.Time
}

// Look is what one look at the world found, used to correct the remembered
// map: a survey (the nearest of every useful kind in a cube around her) or a
// scan (the hits of one kind).
type Look struct {
	Center Pos // where she stood
	// Radius is how far the look reached (the half side of a survey's
	// cube, a scan's radius). Only remembered blocks within Radius-1 of
	// Center are judged by it, whatever the shape it looked through.
	Radius int
	// Kinds are what the look was for (block ids or families, see
	// BlockFamily); empty means every useful kind, as a survey does.
	Kinds []string
	// Seen are the blocks it found. Unless Complete, it lists for each kind
	// only the nearest (and perhaps a few more): a remembered block of the
	// kind clearly nearer than the nearest seen (by two blocks) is gone.
	Seen []KnownBlock
	// Complete says Seen lists every block of Kinds within Radius, so a
	// remembered one that is not listed is gone.
	Complete bool
	At       time.Time
}

// BlockName is a block's plain name as her map keeps it: lower case,
// without the minecraft: namespace and without block states
// ("minecraft:oak_door[half=lower]" is "oak_door").
func BlockName(block string) string {
	b := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(block)), "minecraft:")
	if name, _, ok := strings.Cut(b, "["); ok {
		b = strings.TrimSpace(name)
	}
	return b
}

// BlockFamily names the kind a block counts as when she recalls blocks: every
// log and stem is "log", every bed "bed", an ore counts with its deepslate
// variant ("deepslate_iron_ore" is "iron_ore"); any other block is its own
// family. The namespace is dropped.
func BlockFamily(block string) string {
	b := BlockName(block)
	switch {
	case strings.HasSuffix(b, "_log") || (strings.HasSuffix(b, "_stem") && b != "mushroom_stem"):
		return "log"
	case strings.HasSuffix(b, "_bed"):
		return "bed"
	case strings.HasSuffix(b, "_ore"):
		return strings.TrimPrefix(b, "deepslate_")
	}
	return b
}

// UsefulBlock reports whether a seen block is worth remembering: ores, logs,
// chests, barrels, crafting tables, furnaces, beds, water and lava. Stone,
// dirt and leaves are everywhere and would only fill the map.
func UsefulBlock(block string) bool {
	f := BlockFamily(block)
	if strings.HasSuffix(f, "_ore") {
		return true
	}
	switch f {
	case "log", "bed", "ancient_debris", "chest", "trapped_chest", "barrel", "ender_chest",
		"crafting_table", "furnace", "blast_furnace", "smoker", "water", "lava":
		return true
	}
	return false
}

// NearestFirst orders places the way her live state lists them: those in
// dimension by distance from from, nearest first, then those in other
// dimensions by name.
func NearestFirst(places []Place, dimension string, from Pos) {
	slices.SortStableFunc(places, func(a, b Place) int {
		aHere, bHere := a.Dimension == dimension, b.Dimension == dimension
		switch {
		case aHere && !bHere:
			return -1
		case bHere && !aHere:
			return 1
		case aHere:
			if c := cmp.Compare(from.Dist(a.Pos), from.Dist(b.Pos)); c != 0 {
				return c
			}
		}
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
}
