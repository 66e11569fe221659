package recipes

// stepList is the steps of a plan in progress, as a chain of links that
// states share. The search weighs alternatives on clones of its state:
// with the steps in one slice, every clone's first step copied all the
// steps before it. Here a clone shares its parent's chain, a step adds a
// link, and a remembered answer's steps join as one link without a copy.
// Links are never changed once made. The empty chain is nil.
type stepList struct {
	prev *stepList
	one  Step   // the link's step, when many is nil
	many []Step // a memo answer's steps, the memo's own: read only
	n    int    // how many steps the chain holds up to this link
}

// len is how many steps the chain holds.
func (l *stepList) len() int {
	if l == nil {
		return 0
	}
	return l.n
}

// add is the chain with s after it.
func (l *stepList) add(s Step) *stepList { return &stepList{prev: l, one: s, n: l.len() + 1} }

// addAll is the chain with steps after it.
func (l *stepList) addAll(steps []Step) *stepList {
	if len(steps) == 0 {
		return l
	}
	return &stepList{prev: l, many: steps, n: l.len() + len(steps)}
}

// since is, in order, the steps of the chain after base, which the chain
// extends (a state's steps only grow): nil when there are none.
func (l *stepList) since(base *stepList) []Step {
	if l.len() == base.len() {
		return nil
	}
	out := make([]Step, l.len()-base.len())
	i := len(out)
	for ; l != base; l = l.prev {
		if l.many != nil {
			i -= len(l.many)
			copy(out[i:], l.many)
			continue
		}
		i--
		out[i] = l.one
	}
	return out
}

// tally is what a plan in progress names missing, kept as a chain of
// changes that states share for the reason stepList is: a clone shares
// its parent's chain and a change adds a link, where a map was copied by
// every clone that named something missing. The empty chain is nil.
type tally struct {
	prev *tally
	key  string
	d    int
}

// add is the chain with d more of key.
func (t *tally) add(key string, d int) *tally { return &tally{prev: t, key: key, d: d} }

// since is what the changes after base, which the chain extends, come to
// per key, keys that come to nothing left out; nil when there are no
// changes.
func (t *tally) since(base *tally) map[string]int {
	if t == base {
		return nil
	}
	m := map[string]int{}
	for ; t != base; t = t.prev {
		m[t.key] += t.d
	}
	for k, v := range m {
		if v == 0 {
			delete(m, k)
		}
	}
	return m
}

// changes lists the changes after base, which the chain extends, newest
// first; nil when there are none.
func (t *tally) changes(base *tally) []delta {
	n := 0
	for l := t; l != base; l = l.prev {
		n++
	}
	if n == 0 {
		return nil
	}
	out := make([]delta, 0, n)
	for ; t != base; t = t.prev {
		out = append(out, delta{t.key, t.d})
	}
	return out
}
