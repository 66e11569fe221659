package rules

import (
	"cmp"
	"slices"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// A full pack stops everything after the iron pickaxe: ore she mines is
// left lying, and a bed or a pickaxe has no slot to go to. So she keeps
// room in it as a player does: what she has no use for on the day's work
// goes in a chest at hand, her shelter's, beside her at night. She throws
// nothing away: what is thrown at her feet she picks up again, as a player
// standing there would.

// Numbers of the pack.
const (
	// packSlots is the slots of her pack, the hotbar's included.
	packSlots = 36
	// roomByDay is the free slots under which she makes room on the day's
	// work; roomAtNight, in her shelter with its chest beside her, where
	// she has nothing else to do.
	roomByDay   = 3
	roomAtNight = 10
)

// kept is how many of an item she keeps in her pack; more goes in the
// chest. What is not named here or in keptAll is a spare, all of it.
var kept = map[string]int{
	"dirt":           shelterDirt + 4,
	"cobblestone":    32,
	"stick":          16,
	"coal":           64,
	"charcoal":       64,
	"torch":          64,
	"crafting_table": 1,
	"furnace":        1,
	"chest":          1,
}

// keptAll names what she keeps however many she carries, by the end of
// its name: tools, weapons and armour, and what her next steps are made
// from.
var keptAll = []string{
	"_pickaxe", "_sword", "_axe", "_shovel", "_hoe", "_helmet", "_chestplate", "_leggings", "_boots",
	"_log", "_planks", "_bed", "_door", "iron_ingot", "raw_iron", "diamond", "wool", "shield",
}

// spare is an item she may give up, and how many.
type spare struct {
	item  string
	count int
}

// spares lists what she carries beyond what she keeps, the most first.
func (r *routineBuilder) spares() []spare {
	var out []spare
	for item, n := range r.inv {
		if slices.ContainsFunc(keptAll, func(end string) bool { return strings.HasSuffix(item, end) }) ||
			slices.Contains(foods, item) {
			continue
		}
		if keep := kept[item]; n > keep {
			out = append(out, spare{item, n - keep})
		}
	}
	slices.SortFunc(out, func(a, b spare) int { return cmp.Or(cmp.Compare(b.count, a.count), cmp.Compare(a.item, b.item)) })
	return out
}

// makeRoom puts the spare she has most of in a chest at hand when fewer
// than room slots of her pack are free: one step a decision, the next
// frees more if still due.
func (r *routineBuilder) makeRoom(room int) {
	if !r.crowded(room) {
		return
	}
	if s := r.spares(); len(s) > 0 {
		r.add(goalRoom, "store_item", map[string]any{"item": s[0].item, "count": s[0].count})
	}
}

// crowded reports whether fewer than room slots of her pack are free, with
// a chest at hand to make more.
func (r *routineBuilder) crowded(room int) bool {
	return r.v.Body != nil && packSlots-len(r.v.Body.Inventory) < room && chestAtHand(r.v)
}

// chestAtHand reports whether a chest stands in her close view, where
// store_item finds it.
func chestAtHand(v agent.Snapshot) bool {
	if v.Body == nil {
		return false
	}
	if v.Body.Census["chest"] > 0 {
		return true
	}
	return slices.ContainsFunc(v.Body.Blocks, func(b game.SeenBlock) bool { return b.Block == "chest" })
}
