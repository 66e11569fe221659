package game

import (
	"maps"
	"slices"
	"strings"
)

// woods are the overworld woods; the two-word ones come first so that oak
// never swallows dark_oak or pale_oak.
var woods = [...]string{"dark_oak", "pale_oak", "oak", "spruce", "birch", "jungle", "acacia", "mangrove", "cherry"}

// Woods lists the overworld woods, the two-word ones first so that a
// caller matching prefixes never takes dark_oak for oak.
func Woods() []string { return append([]string(nil), woods[:]...) }

// Colours lists the sixteen dye colours, as wool, beds and glass are named.
func Colours() []string { return append([]string(nil), colours[:]...) }

// colours are the sixteen dye colours, as wool and beds are named.
var colours = [...]string{"white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
	"light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black"}

// WoodOf is the wood an item is made of (spruce for spruce_planks or
// stripped_spruce_log), "" for none.
func WoodOf(item string) string {
	item = strings.TrimPrefix(item, "stripped_")
	for _, w := range woods {
		if strings.HasPrefix(item, w+"_") {
			return w
		}
	}
	return ""
}

// MainWood is the wood she carries most of, counting every wooden item;
// ties go to the first name, and with none it is oak. A template's generic
// planks, logs and door are made of it, so the brain and a player preparing
// a build agree on what it will ask for.
func (inv Inventory) MainWood() string {
	counts := map[string]int{}
	for item, n := range inv {
		if w := WoodOf(item); w != "" {
			counts[w] += n
		}
	}
	return most(counts, "oak")
}

// MainBed is the bed she carries most of, else the bed of the wool colour
// she carries most of, else a white bed.
func (inv Inventory) MainBed() string {
	beds, wool := map[string]int{}, map[string]int{}
	for _, c := range colours {
		beds[c+"_bed"] = inv[c+"_bed"]
		wool[c+"_bed"] = inv[c+"_wool"]
	}
	if b := most(beds, ""); b != "" {
		return b
	}
	return most(wool, "white_bed")
}

// most is the key with the highest count, the first in name order among
// equals, or fallback when every count is zero.
func most(counts map[string]int, fallback string) string {
	best, n := fallback, 0
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		if counts[k] > n {
			best, n = k, counts[k]
		}
	}
	return best
}
