package recipes

import (
	"iter"
	"slices"

	"beaweb/internal/game"
)

// option is one way to make an item.
type option struct {
	craft *Recipe
	smelt *Smelt
}

// makes is how many more of the item one run of the option leaves her
// with: a recipe that takes one of its own result (a smithing template
// copied) gains less than it makes.
func (o option) makes() int {
	if o.craft != nil {
		return o.craft.Count - selfUse(o.craft)
	}
	return 1
}

// selfUse is how many of its own result one craft of r takes, counting
// only slots that nothing else fills.
func selfUse(r *Recipe) int {
	n := 0
	for _, s := range r.Slots {
		if isSelf(r, s) {
			n += s.Count
		}
	}
	return n
}

func isSelf(r *Recipe, s Slot) bool { return len(s.Items) == 1 && s.Items[0] == r.Result }

// source says where apply may take a step's ingredients from.
type source int

const (
	// anySource takes what she carries, then makes the rest.
	anySource source = iota
	// carriedOnly takes every ingredient from what she carries.
	carriedOnly
	// gatherLoop is anySource, except that an ingredient made only from
	// the item being made is gathered when the recipe packs it (nine
	// wheat into a hay bale): it is the raw material of the loop.
	gatherLoop
)

// options are the ways the planner weighs to make item, worked out once
// per book (Book.ways).
func (p *planner) options(item string) []option { return p.b.ways[item] }

// waysToMake lists the ways to make item: its recipes that leave her with
// more of it, and its smelts but for melting down tools.
func waysToMake(b *Book, item string) []option {
	var out []option
	for _, r := range b.crafts[item] {
		if r.Count <= selfUse(r) {
			continue // it would never leave her with more
		}
		out = append(out, option{craft: r})
	}
	for _, s := range b.smelts[item] {
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
	p.deepest = max(p.deepest, len(path))
	if len(path) >= maxDepth || p.nodes > maxNodes || (st.bound >= 0 && st.missed > st.bound) {
		p.miss(st, item, n)
		return
	}
	if p.memo == nil || p.b.gathered[item] || len(p.b.crafts[item])+len(p.b.smelts[item]) == 0 {
		// A thing she finds in the world is quicker weighed than
		// looked up.
		p.search(st, item, n, path)
		return
	}
	p.recall(st, item, n, path)
}

// search is produce past its checks: what she carries first, then the
// best of the ways to make the item.
func (p *planner) search(st *state, item string, n int, path []string) {
	// The search is depth first and nothing keeps a path past the call
	// it was made for, so every path of a plan is a prefix of one
	// buffer (plan): this writes the item in place, without a copy.
	path = append(path, item)
	opts := p.options(item)
	if n = p.useCarried(st, n, opts, path); n <= 0 {
		return
	}
	if len(opts) == 0 {
		p.miss(st, item, n)
		return
	}
	if p.b.gathered[item] && (p.b.finds == nil || p.b.finds(item)) {
		p.gatherOrDye(st, item, n, opts, path)
		return
	}
	var best *state
	// An item whose every recipe leads back to an item being made
	// further up (coal_block while making coal) is no way to make that
	// item: the failure goes up. One whose recipes lead back to itself
	// is made from the ingredients of that loop when its recipe packs
	// them (hay_block from wheat: wheat is made only from hay_block, so
	// it is what she gathers), and is a thing to gather itself when it
	// unpacks them (raw_iron from raw_iron_block) or when no recipe is
	// left at all.
	cycleAbove, failAt := true, ""
	var loops []option
	for _, o := range opts {
		c := st.clone()
		c.bound = tighter(st.bound, best)
		p.apply(c, o, n, path, anySource)
		if c.fail {
			if c.failAt == "" || c.failAt == item {
				cycleAbove = false
			} else {
				failAt = deeper(path, failAt, c.failAt)
			}
			if c.failAt == item {
				loops = append(loops, o)
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
		for _, o := range loops {
			c := st.clone()
			c.bound = tighter(st.bound, best)
			p.apply(c, o, n, path, gatherLoop)
			if !c.fail && (best == nil || better(c, best)) {
				best = c
			}
		}
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

// apply makes at least n more of the option's result (rounded up to whole
// crafts) and returns how many more she has. from says where the
// ingredients come from.
func (p *planner) apply(st *state, o option, n int, path []string, from source) int {
	if o.craft != nil {
		r := o.craft
		gain := o.makes()
		times := (n + gain - 1) / gain
		uses := p.fillSlots(st, r, times, path, from)
		if st.fail {
			return 0
		}
		if !r.FitsInventory() {
			// The table comes after the ingredients, from what they
			// leave: the stripped logs a hanging sign takes are not
			// the ones to saw into a table's planks.
			p.ensureStation(st, StationTable, path)
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
		st.steps = st.steps.add(Step{Kind: KindCraft, Item: r.Result, Count: times * r.Count,
			Times: times, Uses: uses, Station: r.Station()})
		return times * gain
	}
	s := o.smelt
	p.ensureStation(st, StationFurnace, path)
	switch {
	case s.Ore:
		from = carriedOnly
	case from == gatherLoop:
		from = anySource // a smelt turns one into one: it packs nothing
	}
	uses := p.obtain(st, s.Items, n, path, from, nil)
	if st.fail {
		return 0
	}
	st.inv[s.Result] += n
	st.steps = st.steps.add(Step{Kind: KindSmelt, Item: s.Result, Count: n, Times: n, Uses: uses, Station: StationFurnace})
	return n
}

// fillSlots obtains the ingredients of times crafts of r, slot by slot,
// and returns what they took. Each slot is weighed on its own, so an
// early one may take, from what she carries, what a later one needed (the
// bamboo of a bamboo gate's sticks is that of its planks' block): when
// the slots in order leave something missing, they are tried the other
// way round too, and the better of the two is kept.
func (p *planner) fillSlots(st *state, r *Recipe, times int, path []string, from source) map[string]int {
	if len(r.Slots) < 2 {
		return p.fillInOrder(st, r, slices.All(r.Slots), times, path, from)
	}
	before := st.clone()
	uses := p.fillInOrder(st, r, slices.All(r.Slots), times, path, from)
	if !st.fail && st.missed == before.missed {
		return uses
	}
	back := before
	backUses := p.fillInOrder(back, r, slices.Backward(r.Slots), times, path, from)
	if !back.fail && (st.fail || back.missed < st.missed) {
		*st = *back
		return backUses
	}
	return uses
}

// fillInOrder is fillSlots for the slots in the order given; st.fail says
// when one could not be filled.
func (p *planner) fillInOrder(st *state, r *Recipe, slots iter.Seq2[int, Slot], times int, path []string, from source) map[string]int {
	uses := map[string]int{}
	for _, s := range slots {
		slotFrom := from
		if from == gatherLoop && s.Count <= r.Count {
			// Only a recipe that takes more of the ingredient than it
			// makes packs it; the other way round it unpacks what she
			// does not carry.
			slotFrom = anySource
		}
		if isSelf(r, s) {
			// A recipe that copies its result takes one she carries;
			// making one for it would go round.
			slotFrom = carriedOnly
		}
		p.obtain(st, s.Items, s.Count*times, path, slotFrom, uses)
		if st.fail {
			return uses
		}
	}
	return uses
}

// ensureStation makes sure a crafting table or furnace is at hand before a
// step that needs it: one she carries, one nearby, or one the plan makes
// (and she keeps).
func (p *planner) ensureStation(st *state, station string, path []string) {
	if (station == StationTable && st.table) || (station == StationFurnace && st.furnace) {
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
// then what the best of the alternatives can be made into. It adds what
// it took to taken, made when nil, and returns that.
func (p *planner) obtain(st *state, alts []string, n int, path []string, from source, taken map[string]int) map[string]int {
	making := ""
	if len(path) > 0 {
		making = path[len(path)-1]
	}
	take := func() {
		if !holdsAny(st.inv, alts) {
			return
		}
		for _, it := range byHeld(st.inv, alts) {
			if n == 0 {
				return
			}
			if slices.Contains(path, it) && !(from == carriedOnly && len(alts) == 1 && it == making) {
				// Never use an item to make itself (coal into a block
				// of coal and back), but for a recipe that copies it
				// (a smithing template), which takes one she carries.
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
			if taken == nil {
				taken = map[string]int{}
			}
			taken[it] += k
			n -= k
		}
	}
	take()
	if n == 0 {
		return taken
	}
	if from == carriedOnly {
		st.fail, st.failAt = true, ""
		return taken
	}
	makeOne := p.produce
	if from == gatherLoop {
		makeOne = p.gatherOrProduce
	}
	cands, failAt := p.candidates(alts, path)
	switch len(cands) {
	case 0:
		st.fail, st.failAt = true, failAt
		return taken
	case 1:
		makeOne(st, cands[0], n, path)
	default:
		p.makeBest(st, cands, alts, n, path, makeOne, failAt)
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

// candidates are the alternatives of a slot worth making, and, when none
// is, the item whose loop closed (as failAt).
func (p *planner) candidates(alts, path []string) (cands []string, failAt string) {
	making := ""
	if len(path) > 0 {
		making = path[len(path)-1]
	}
	if !slices.ContainsFunc(alts, func(it string) bool { return p.leftOut(alts, it, path) }) {
		return alts, "" // every one is worth making: the slot as it is
	}
	for _, it := range alts {
		if slices.Contains(path, it) {
			failAt = deeper(path, failAt, it)
			continue
		}
		if p.madeBack(alts, it, path) {
			failAt = deeper(path, failAt, making)
			continue
		}
		cands = append(cands, it)
	}
	return cands, failAt
}

// leftOut reports whether candidates leaves it out of the slot alts.
func (p *planner) leftOut(alts []string, it string, path []string) bool {
	return slices.Contains(path, it) || p.madeBack(alts, it, path)
}

// makeBest makes n of whichever of cands is best (fewest missing, then
// fewest steps) and names what is missing by its tag where the choice
// was arbitrary. failAt is where the loops of alternatives left out
// closed.
func (p *planner) makeBest(st *state, cands, alts []string, n int, path []string,
	makeOne func(*state, string, int, []string), failAt string) {
	var results []*state
	var best *state
	for _, it := range cands {
		c := st.clone()
		c.bound = tighter(st.bound, best)
		makeOne(c, it, n, path)
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
		return
	}
	p.generalize(st, best, results, alts)
	best.bound = st.bound
	*st = *best
}

// gatherOrProduce makes n of item, or, when every way to make it leads
// back to the item being made (the loop closes there), names it missing:
// it is the loop's raw material.
func (p *planner) gatherOrProduce(st *state, item string, n int, path []string) {
	c := st.clone()
	p.produce(c, item, n, path)
	if c.fail && len(path) > 0 && c.failAt == path[len(path)-1] {
		c = st.clone()
		p.miss(c, item, n)
	}
	*st = *c
}

func holdsAny(inv game.Inventory, alts []string) bool {
	for _, it := range alts {
		if inv[it] > 0 {
			return true
		}
	}
	return false
}

// byHeld orders a slot's alternatives by how many she has, most first, so
// a mixed stock is used from the largest pile; ties keep the tag's order.
func byHeld(inv game.Inventory, alts []string) []string {
	held := 0
	for _, it := range alts {
		if inv[it] > 0 {
			held++
		}
	}
	if held < 2 {
		return alts // the order of those she lacks does not matter
	}
	out := slices.Clone(alts)
	slices.SortStableFunc(out, func(a, b string) int { return inv[b] - inv[a] })
	return out
}
