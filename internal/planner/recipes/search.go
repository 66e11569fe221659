package recipes

import (
	"slices"

	"beaweb/internal/game"
)

// option is one way to make an item.
type option struct {
	craft *Recipe
	smelt *Smelt
}

func (o option) makes() int {
	if o.craft != nil {
		return o.craft.Count
	}
	return 1
}

func (p *planner) options(item string) []option {
	var out []option
	for _, r := range p.b.crafts[item] {
		out = append(out, option{craft: r})
	}
	for _, s := range p.b.smelts[item] {
		if !s.Salvage {
			out = append(out, option{smelt: s})
		}
	}
	return out
}

// produce adds at least n of item to the inventory by crafting, smelting
// or, failing both, naming it missing.
func (p *planner) produce(st *state, item string, n int, path []string) {
	if st.fail || n <= 0 {
		return
	}
	if slices.Contains(path, item) {
		st.fail, st.failAt = true, item
		return
	}
	p.nodes++
	if len(path) >= maxDepth || p.nodes > maxNodes || (st.bound >= 0 && st.missed > st.bound) {
		p.miss(st, item, n)
		return
	}
	path = append(path[:len(path):len(path)], item)
	opts := p.options(item)
	// What she carries first: any recipe she can make straight from her
	// inventory (a storage block she carries, an ore she mined with silk
	// touch) is used before anything is crafted for it.
	for _, o := range opts {
		if n <= 0 {
			return
		}
		if k := p.carriedTimes(st, o, n, path); k > 0 {
			n -= p.apply(st, o, k*o.makes(), path, true)
		}
	}
	if n <= 0 {
		return
	}
	// A gathered item (wool, leather) is made only from what she carries,
	// which the loop above did: the rest she finds in the world.
	if len(opts) == 0 || p.b.gathered[item] {
		p.miss(st, item, n)
		return
	}
	var best *state
	// An item whose every recipe leads back to an item being made
	// further up (coal_block while making coal) is no way to make that
	// item: the failure goes up. One whose recipes lead back to itself
	// (raw_iron from raw_iron_block) is a thing to gather.
	cycleAbove, failAt := true, ""
	for _, o := range opts {
		c := st.clone()
		c.bound = tighter(st.bound, best)
		p.apply(c, o, n, path, false)
		if c.fail {
			if c.failAt == "" || c.failAt == item {
				cycleAbove = false
			} else {
				failAt = deeper(path, failAt, c.failAt)
			}
			continue
		}
		if best == nil || better(c, best) {
			best = c
		}
	}
	if best == nil && cycleAbove {
		st.fail, st.failAt = true, failAt
		return
	}
	if best == nil {
		p.miss(st, item, n)
		return
	}
	best.bound = st.bound
	*st = *best
}

// tighter is the bound for the next alternative: the caller's, or the
// best one's missing count when that is lower.
func tighter(bound int, best *state) int {
	if best == nil {
		return bound
	}
	if bound < 0 || best.missed < bound {
		return best.missed
	}
	return bound
}

// deeper returns whichever of a and b sits later in path (the nearer
// ancestor); "" counts as earliest.
func deeper(path []string, a, b string) string {
	if slices.Index(path, b) > slices.Index(path, a) {
		return b
	}
	return a
}

// carriedTimes is how many times an option can run from what she carries,
// making nothing for it, capped at what n needs.
func (p *planner) carriedTimes(st *state, o option, n int, path []string) int {
	need := (n + o.makes() - 1) / o.makes()
	k := need
	if o.craft != nil {
		for _, s := range o.craft.Slots {
			have := 0
			for _, it := range s.Items {
				have += st.inv[it]
			}
			k = min(k, have/s.Count)
		}
	} else {
		have := 0
		for _, it := range o.smelt.Items {
			have += st.inv[it]
		}
		k = min(k, have)
	}
	// Slots sharing items can make the sum above too generous: confirm
	// on a copy, stepping down until it holds.
	for ; k > 0; k-- {
		c := st.clone()
		c.table, c.furnace = true, true
		p.apply(c, o, k*o.makes(), path, true)
		if !c.fail {
			return k
		}
	}
	return 0
}

// apply makes n of the option's result (rounded up to whole crafts) and
// returns how many it made. carriedOnly takes every ingredient from what
// she has, making none.
func (p *planner) apply(st *state, o option, n int, path []string, carriedOnly bool) int {
	if o.craft != nil {
		r := o.craft
		times := (n + r.Count - 1) / r.Count
		if !r.FitsInventory() {
			p.ensureStation(st, StationTable, path)
		}
		uses := map[string]int{}
		for _, s := range r.Slots {
			for it, k := range p.obtain(st, s.Items, s.Count*times, path, carriedOnly) {
				uses[it] += k
			}
			if st.fail {
				return 0
			}
		}
		if uses[StationTable] > 0 && !r.FitsInventory() && st.inv[StationTable] == 0 && !p.near.CraftingTable {
			// The table she crafts at stands placed; the one the recipe
			// takes (a crafter's) must be another.
			p.produce(st, StationTable, 1, path)
			if st.fail {
				return 0
			}
		}
		for it, k := range uses {
			if rem := p.b.remainders[it]; rem != "" {
				st.inv[rem] += k
			}
		}
		st.inv[r.Result] += times * r.Count
		st.steps = append(st.steps, Step{Kind: KindCraft, Item: r.Result, Count: times * r.Count,
			Times: times, Uses: uses, Station: r.Station()})
		return times * r.Count
	}
	s := o.smelt
	p.ensureStation(st, StationFurnace, path)
	uses := p.obtain(st, s.Items, n, path, carriedOnly || s.Ore)
	if st.fail {
		return 0
	}
	st.inv[s.Result] += n
	st.steps = append(st.steps, Step{Kind: KindSmelt, Item: s.Result, Count: n, Times: n, Uses: uses, Station: StationFurnace})
	return n
}

// ensureStation makes sure a crafting table or furnace is at hand before a
// step that needs it: one she carries, one nearby, or one the plan makes
// (and she keeps).
func (p *planner) ensureStation(st *state, station string, path []string) {
	have := map[string]bool{StationTable: st.table, StationFurnace: st.furnace}
	if have[station] {
		return
	}
	if slices.Contains(path, station) {
		// The station is being made and this step of making it needs
		// it (a table from bamboo planks, whose blocks need a table).
		st.fail, st.failAt = true, station
		return
	}
	if st.inv[station] == 0 && !(station == StationTable && p.near.CraftingTable) &&
		!(station == StationFurnace && p.near.Furnace) {
		p.produce(st, station, 1, path)
	}
	switch station {
	case StationTable:
		st.table = true
	case StationFurnace:
		st.furnace = true
	}
}

// obtain takes n items that fill a slot, any of alts: first what she has,
// then what the best of the alternatives can be made into. It returns what
// it took.
func (p *planner) obtain(st *state, alts []string, n int, path []string, carriedOnly bool) map[string]int {
	taken := map[string]int{}
	take := func() {
		for _, it := range byHeld(st.inv, alts) {
			if n == 0 {
				return
			}
			if slices.Contains(path, it) {
				// Never use an item to make itself (coal into a block
				// of coal and back).
				continue
			}
			k := min(st.inv[it], n)
			if k <= 0 {
				continue
			}
			st.inv[it] -= k
			if st.inv[it] == 0 {
				delete(st.inv, it)
			}
			taken[it] += k
			n -= k
		}
	}
	take()
	if n == 0 {
		return taken
	}
	if carriedOnly {
		st.fail, st.failAt = true, ""
		return taken
	}
	var cands []string
	failAt := ""
	making := ""
	if len(path) > 0 {
		making = path[len(path)-1]
	}
	for _, it := range alts {
		if slices.Contains(path, it) {
			failAt = deeper(path, failAt, it)
			continue
		}
		if len(alts) > 1 && making != "" && p.b.madeFrom[it][making] {
			// A slot of siblings (a white bed from a bed of any other
			// colour): a sibling that is itself made from the item being
			// made is never worth making first to turn it back.
			failAt = deeper(path, failAt, making)
			continue
		}
		cands = append(cands, it)
	}
	switch len(cands) {
	case 0:
		st.fail, st.failAt = true, failAt
		return taken
	case 1:
		p.produce(st, cands[0], n, path)
	default:
		var results []*state
		var best *state
		for _, it := range cands {
			c := st.clone()
			c.bound = tighter(st.bound, best)
			p.produce(c, it, n, path)
			if c.fail {
				if c.failAt == "" {
					failAt = ""
				} else if failAt != "" {
					failAt = deeper(path, failAt, c.failAt)
				}
				continue
			}
			results = append(results, c)
			if best == nil || better(c, best) {
				best = c
			}
		}
		if best == nil {
			st.fail, st.failAt = true, failAt
			return taken
		}
		p.generalize(st, best, results, alts)
		best.bound = st.bound
		*st = *best
	}
	if st.fail {
		return taken
	}
	take()
	if n > 0 {
		st.fail, st.failAt = true, ""
	}
	return taken
}

// byHeld orders a slot's alternatives by how many she has, most first, so
// a mixed stock is used from the largest pile; ties keep the tag's order.
func byHeld(inv game.Inventory, alts []string) []string {
	out := slices.Clone(alts)
	slices.SortStableFunc(out, func(a, b string) int { return inv[b] - inv[a] })
	return out
}
