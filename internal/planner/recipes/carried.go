package recipes

// useCarried runs, before anything is crafted for the item, every way to
// make it straight from what she carries (a storage block she carries, an
// ore she mined with silk touch), and returns how many of n are still to
// make.
func (p *planner) useCarried(st *state, n int, opts []option, path []string) int {
	for _, o := range opts {
		if n <= 0 {
			return n
		}
		if k := p.carriedTimes(st, o, n, path); k > 0 {
			// On a copy: the station the craft needs may take some of
			// what the count was worked out from (the planks of a
			// table for a chest), and then the general search,
			// which may make the rest, is the way.
			c := st.clone()
			if got := p.apply(c, o, k*o.makes(), path, carriedOnly); !c.fail {
				*st = *c
				n -= got
			}
		}
	}
	return n
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
		p.apply(c, o, k*o.makes(), path, carriedOnly)
		if !c.fail {
			return k
		}
	}
	return 0
}
