package recipes

import "slices"

// The memo's key holds only the part of her state that an item's making
// can reach; this is the index of what that part is, and of what each
// item is made from, worked out once per book.

// reach is, per item, the set of items (by index) that making it can read
// or make: the item, every ingredient of its recipes and smelts, what
// those are made of, and the crafting table and furnace with theirs when a
// recipe needs one and the search has not yet set one up. Computed once
// per book.
type reach struct {
	index map[string]int
	// sets[at][i] is the reach of item i, where at has bit 0 set when a
	// crafting table is at hand and bit 1 when a furnace is: then the
	// station's own recipes are out of reach. Items of one loop share
	// their set.
	sets [4][][]uint64
	tags map[string][]uint64 // "#tag" to its members
}

const (
	tableAtHand   = 1
	furnaceAtHand = 2
)

func newReach(b *Book) *reach {
	r := &reach{index: make(map[string]int, len(b.items)), tags: make(map[string][]uint64, len(b.tags))}
	for i, it := range b.items {
		r.index[it] = i
	}
	words := (len(b.items) + 63) / 64
	slab := make([]uint64, len(b.tags)*words) // the tags' sets, one after another
	for name, t := range b.tags {
		set := slab[:words:words]
		slab = slab[words:]
		for _, it := range t.Items {
			if i, ok := r.index[it]; ok {
				set[i/64] |= 1 << (i % 64)
			}
		}
		r.tags["#"+name] = set
	}
	from, needs := madeOf(b, r.index)
	stations := []struct {
		bit   int
		index int
	}{{tableAtHand, -1}, {furnaceAtHand, -1}}
	for k, name := range []string{StationTable, StationFurnace} {
		if j, known := r.index[name]; known {
			stations[k].index = j
		}
	}
	size := 2 * len(b.items) // room for every item's station edges
	for _, f := range from {
		size += len(f)
	}
	for at := range r.sets {
		edges := make([][]int, len(b.items))
		// The edges, item after item, each list clipped.
		flat := make([]int, 0, size)
		for i := range edges {
			start := len(flat)
			flat = append(flat, from[i]...)
			for _, s := range stations {
				if s.index >= 0 && needs[i]&s.bit != 0 && at&s.bit == 0 {
					flat = append(flat, s.index)
				}
			}
			edges[i] = flat[start:len(flat):len(flat)]
		}
		// With a station at hand the reach of most items is what it
		// is without one: those sets are shared, not made again.
		var like [][]uint64
		if at > 0 {
			like = r.sets[at&^(at&-at)]
		}
		r.sets[at] = closures(edges, words, like)
	}
	return r
}

// madeOf is, for every item of the book by index, what its ways take
// (each once) and which stations they need, as tableAtHand and
// furnaceAtHand bits.
func madeOf(b *Book, index map[string]int) (from [][]int, needs []int) {
	from = make([][]int, len(b.items))
	needs = make([]int, len(b.items))
	var flat []int // the lists, item after item, each clipped
	add := func(start int, alts []string) {
		for _, it := range alts {
			if j, ok := index[it]; ok && !slices.Contains(flat[start:], j) {
				flat = append(flat, j)
			}
		}
	}
	for i, item := range b.items {
		start := len(flat)
		for _, o := range b.ways[item] {
			if o.craft == nil {
				needs[i] |= furnaceAtHand
				add(start, o.smelt.Items)
				continue
			}
			if !o.craft.FitsInventory() {
				needs[i] |= tableAtHand
			}
			for _, s := range o.craft.Slots {
				add(start, s.Items)
			}
		}
		from[i] = flat[start:len(flat):len(flat)]
	}
	return from, needs
}

// closures is, for every node of a graph, the set of nodes it reaches
// (itself included), by Tarjan's strongly connected components: a
// component is finished after every component it reaches, so its set is
// its members and theirs. Where like, the sets of a graph like this one,
// already holds a node's set, the node gets that one.
func closures(edges [][]int, words int, like [][]uint64) [][]uint64 {
	n := len(edges)
	sets := make([][]uint64, n)
	index, low := make([]int, n), make([]int, n)
	for i := range index {
		index[i] = -1
	}
	onStack := make([]bool, n)
	var stack, members []int
	// A set is worked out in scratch, then kept: like's, or the next
	// words of a slab, so that sets are not made one by one.
	scratch := make([]uint64, words)
	var slab []uint64
	keep := func(v int) []uint64 {
		if like != nil && slices.Equal(like[v], scratch) {
			return like[v]
		}
		if len(slab) < words {
			slab = make([]uint64, 64*words)
		}
		set := slab[:words:words]
		slab = slab[words:]
		copy(set, scratch)
		return set
	}
	next := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range edges[v] {
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		set := scratch
		clear(set)
		members = members[:0]
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			members = append(members, w)
			set[w/64] |= 1 << (w % 64)
			if w == v {
				break
			}
		}
		for _, m := range members {
			for _, w := range edges[m] {
				if sets[w] != nil { // another component, finished
					for k := range set {
						set[k] |= sets[w][k]
					}
				}
			}
		}
		set = keep(v)
		for _, m := range members {
			sets[m] = set
		}
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	return sets
}

// of is the reach of item for a search that has the stations at.
func (r *reach) of(item string, at int) []uint64 {
	i, ok := r.index[item]
	if !ok {
		return nil
	}
	return r.sets[at][i]
}

// has reports whether other is in set.
func (r *reach) has(set []uint64, other string) bool {
	i, known := r.index[other]
	return known && set != nil && set[i/64]&(1<<(i%64)) != 0
}

// touches reports whether a search within set can name tag, which it can
// only when one of the tag's members is in it.
func (r *reach) touches(set []uint64, tag string) bool {
	members := r.tags[tag]
	if members == nil {
		return true // not a tag the book knows: keep it in the key
	}
	for i := range min(len(set), len(members)) {
		if set[i]&members[i] != 0 {
			return true
		}
	}
	return false
}

// madeFrom is, for every item a recipe makes, what its recipes and
// smelts take, once each. The lists are cut from one, item after item.
func madeFrom(b *Book) map[string][]string {
	out := make(map[string][]string, len(b.crafts))
	var flat []string
	mark := func(start int, xs []string) {
		for _, x := range xs {
			if !slices.Contains(flat[start:], x) {
				flat = append(flat, x)
			}
		}
	}
	for _, y := range b.items {
		start := len(flat)
		for _, r := range b.crafts[y] {
			for _, s := range r.Slots {
				mark(start, s.Items)
			}
		}
		for _, s := range b.smelts[y] {
			mark(start, s.Items)
		}
		if len(flat) > start {
			out[y] = flat[start:len(flat):len(flat)]
		}
	}
	return out
}
