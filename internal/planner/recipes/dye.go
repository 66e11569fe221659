package recipes

import "slices"

// Dyeing: wool, beds, carpets and the like are made in one colour and
// dyed into another. These are the planner's two rules for them.

// gatherOrDye makes a gathered item (wool, leather) only where a way to
// make it needs nothing she lacks (wool dyed with a dye she mixes from the
// dyes or bone meal she carries); the rest she finds in the world.
func (p *planner) gatherOrDye(st *state, item string, n int, opts []option, path []string) {
	var best *state
	for _, o := range opts {
		c := st.clone()
		c.bound = st.missed // a way that misses anything is not taken
		p.apply(c, o, n, path, anySource)
		if c.fail || c.missed > st.missed {
			continue
		}
		if best == nil || better(c, best) {
			best = c
		}
	}
	if best == nil {
		p.miss(st, item, n)
		return
	}
	best.bound = st.bound
	*st = *best
}

// madeBack reports whether it, in a slot of siblings alts (a white bed
// from a bed of any other colour), is itself made from the item being
// made: such a sibling is never worth making first to turn it back. One
// sibling level is let through: a sibling with a way of its own (a black
// bed from black wool) may be made to be dyed, as long as no sibling of
// this slot is already being made further up.
func (p *planner) madeBack(alts []string, it string, path []string) bool {
	if len(alts) < 2 || len(path) == 0 {
		return false
	}
	making := path[len(path)-1]
	if !slices.Contains(p.b.madeFrom[it], making) {
		return false
	}
	for _, up := range path[:len(path)-1] {
		if slices.Contains(alts, up) {
			return true
		}
	}
	for _, o := range p.b.ways[it] {
		if !o.takesAny(alts) && !o.takes(making) {
			return false
		}
	}
	return true
}

// takes reports whether the option has a slot item may fill.
func (o option) takes(item string) bool { return o.takesAny([]string{item}) }

// takesAny reports whether the option has a slot one of items may fill.
func (o option) takesAny(items []string) bool {
	if o.smelt != nil {
		return slices.ContainsFunc(o.smelt.Items, func(it string) bool { return slices.Contains(items, it) })
	}
	for _, s := range o.craft.Slots {
		if slices.ContainsFunc(s.Items, func(it string) bool { return slices.Contains(items, it) }) {
			return true
		}
	}
	return false
}
