package recipes

import (
	"slices"
	"testing"
)

// TestEveryItemFromTheBaseItemsOfOneWay is the planner's promise that it
// makes what can be made: for every item a recipe makes, in every book,
// carrying exactly the base items of one way to make it (its first
// recipe's ingredients, each broken down the same way to what no recipe
// makes, and one log when a step needs a crafting table she does not
// carry), the plan misses nothing and plays through. The intermediates
// (dyes mixed from dyes, planks, a bed to be dyed) are hers to craft.
func TestEveryItemFromTheBaseItemsOfOneWay(t *testing.T) {
	for _, version := range []string{"26.1", "1.21.4", "1.21.1"} {
		b := book(t, version)
		runs := 0
		for _, item := range craftable(b) {
			ways := waysToMake(b, item)
			if len(ways) == 0 {
				continue
			}
			for _, w := range ways {
				x := &expansion{b: b, have: inv{}, coal: item == "coal"}
				n := w.makes()
				x.way(w, n, []string{item})
				if x.table {
					x.have["oak_log"]++
				}
				if x.furnace {
					x.have[StationFurnace]++
				}
				if fuel := "coal"; x.fuel > 0 {
					if x.coal {
						fuel = "charcoal"
					}
					x.have[fuel] += x.fuel
				}
				carryingOne(t, b, item, n, x.have)
				runs++
			}
		}
		if runs < 900 {
			t.Errorf("%s: only %d ways tried", version, runs)
		}
	}
}

// expansion breaks an item down to its base items along the first way of
// each intermediate.
type expansion struct {
	b              *Book
	have           inv
	table, furnace bool
	// fuel is the coal of the smelts: each step burns its own.
	fuel int
	// coal says coal was broken down: the smelts burn charcoal then.
	coal bool
}

// item adds the base items of n of item; path holds what is being made
// above it, which is never made again (that would go round).
func (x *expansion) item(it string, n int, path []string) {
	x.coal = x.coal || it == "coal"
	ways := waysToMake(x.b, it)
	if len(ways) == 0 || x.b.gathered[it] || slices.Contains(path, it) || len(path) > 6 || it == StationTable {
		x.have[it] += n
		return
	}
	for _, w := range ways {
		if !w.takesAny(path) && !w.takes(it) {
			x.way(w, n, append(path, it))
			return
		}
	}
	x.have[it] += n
}

// way adds the base items of making n by one way; the item being made is
// last in path.
func (x *expansion) way(w option, n int, path []string) {
	if w.smelt != nil {
		x.furnace = true
		x.fuel += (n + 7) / 8
		x.item(pick(w.smelt.Items, path), n, path)
		return
	}
	r := w.craft
	times := (n + w.makes() - 1) / w.makes()
	if !r.FitsInventory() {
		x.table = true
	}
	for _, s := range r.Slots {
		x.item(pick(s.Items, path), s.Count*times, path)
	}
}

// pick is a slot's first alternative not being made above.
func pick(alts, path []string) string {
	for _, it := range alts {
		if !slices.Contains(path, it) {
			return it
		}
	}
	return alts[0]
}
