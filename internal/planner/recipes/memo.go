package recipes

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The search weighs the same sub-problems again and again: every tool
// needs a crafting table, every table planks, every plank one of a dozen
// woods, and a plan for the whole book asks each of them hundreds of
// times. What making n of an item comes to depends only on the part of her
// state that the item's recipes can reach (reach below), so the book
// remembers each answer under exactly that part and replays it.
//
// The memo is exact, not a heuristic: the key holds every input the search
// reads (the reachable part of her inventory and of the path, the stations
// she has and has nearby, the branch-and-bound limit relative to what is
// already missing, the tag choices made so far), and an answer is replayed
// only where the search's two cut-offs (depth and node count) would not
// have fired differently. A test compares every item of both books, from
// several inventories, with the search run without it.

// memoLimit caps how many answers one book remembers: a long game with
// ever-new inventories stops adding rather than grow without end.
const memoLimit = 200_000

// memo holds the answers of one book, shared by every plan made with it.
type memo struct {
	mu      sync.Mutex
	answers map[string]*answer
}

func newMemo() *memo { return &memo{answers: map[string]*answer{}} }

func (m *memo) get(key string) *answer {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.answers[key]
}

func (m *memo) put(key string, a *answer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.answers) < memoLimit {
		m.answers[key] = a
	}
}

// answer is what one produce call did to the state, as a change.
type answer struct {
	fail           bool
	failAt         string
	inv            map[string]int // change per item
	steps          []Step         // appended
	missing        map[string]int // change per key
	missed         int
	anyOf          map[string]string // entries set
	table, furnace bool
	nodes          int // search nodes it took
	reach          int // how much deeper than its start the path went
}

// reach is, per item, the set of items (by index) that making it can read
// or make: the item, every ingredient of its recipes and smelts, what
// those are made of, and the crafting table and furnace with theirs when a
// recipe needs one. Computed once per book.
type reach struct {
	index map[string]int
	sets  map[string][]uint64
	tags  map[string][]uint64 // "#tag" to its members
}

func newReach(b *Book) *reach {
	r := &reach{index: make(map[string]int, len(b.items)), sets: map[string][]uint64{}, tags: map[string][]uint64{}}
	for i, it := range b.items {
		r.index[it] = i
	}
	words := (len(b.items) + 63) / 64
	for name, t := range b.tags {
		set := make([]uint64, words)
		for _, it := range t.Items {
			if i, ok := r.index[it]; ok {
				set[i/64] |= 1 << (i % 64)
			}
		}
		r.tags["#"+name] = set
	}
	direct := func(item string) []string {
		var out []string
		for _, rc := range b.crafts[item] {
			if !rc.FitsInventory() {
				out = append(out, StationTable)
			}
			for _, s := range rc.Slots {
				out = append(out, s.Items...)
			}
		}
		for _, s := range b.smelts[item] {
			if !s.Salvage {
				out = append(out, StationFurnace)
				out = append(out, s.Items...)
			}
		}
		return out
	}
	for _, item := range b.items {
		set := make([]uint64, words)
		stack := []string{item}
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			i, ok := r.index[it]
			if !ok || set[i/64]&(1<<(i%64)) != 0 {
				continue
			}
			set[i/64] |= 1 << (i % 64)
			stack = append(stack, direct(it)...)
		}
		r.sets[item] = set
	}
	return r
}

// has reports whether making item can touch other.
func (r *reach) has(item, other string) bool {
	set, ok := r.sets[item]
	i, known := r.index[other]
	return ok && known && set[i/64]&(1<<(i%64)) != 0
}

// touches reports whether making item can name tag, which it can only
// when one of the tag's members is within its reach.
func (r *reach) touches(item, tag string) bool {
	set, members := r.sets[item], r.tags[tag]
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

// memoKey is the key of produce(item, n) from st along path: every input
// the search reads, as a string.
func (p *planner) memoKey(st *state, item string, n int, path []string) string {
	var k strings.Builder
	k.WriteString(item)
	k.WriteByte('|')
	k.WriteString(strconv.Itoa(n))
	flags := []bool{st.table, st.furnace, p.near.CraftingTable, p.near.Furnace}
	k.WriteByte('|')
	for _, f := range flags {
		if f {
			k.WriteByte('1')
		} else {
			k.WriteByte('0')
		}
	}
	k.WriteByte('|')
	if st.bound >= 0 {
		k.WriteString(strconv.Itoa(st.bound - st.missed))
	}
	k.WriteString("|path")
	for _, it := range path {
		if p.reach.has(item, it) {
			k.WriteByte(' ')
			k.WriteString(it)
		}
	}
	k.WriteString("|inv")
	var held []string
	for it, c := range st.inv {
		if c != 0 && p.reach.has(item, it) {
			held = append(held, it)
		}
	}
	slices.Sort(held)
	for _, it := range held {
		k.WriteByte(' ')
		k.WriteString(it)
		k.WriteByte('=')
		k.WriteString(strconv.Itoa(st.inv[it]))
	}
	k.WriteString("|any")
	for _, tag := range sortedKeys(st.anyOf) {
		if !p.reach.touches(item, tag) {
			continue
		}
		k.WriteByte(' ')
		k.WriteString(tag)
		k.WriteByte('=')
		k.WriteString(st.anyOf[tag])
	}
	return k.String()
}

// replay applies a remembered answer to st.
func (a *answer) replay(st *state) {
	st.fail, st.failAt = a.fail, a.failAt
	for it, d := range a.inv {
		st.inv[it] += d
		if st.inv[it] == 0 {
			delete(st.inv, it)
		}
	}
	for _, s := range a.steps {
		s.Uses = maps.Clone(s.Uses)
		st.steps = append(st.steps, s)
	}
	if len(a.missing) > 0 || len(a.anyOf) > 0 {
		st.own()
	}
	for k, d := range a.missing {
		st.missing[k] += d
		if st.missing[k] == 0 {
			delete(st.missing, k)
		}
	}
	st.missed += a.missed
	maps.Copy(st.anyOf, a.anyOf)
	st.table, st.furnace = a.table, a.furnace
}

// record is the change from before to after.
func record(before, after *state) *answer {
	a := &answer{fail: after.fail, failAt: after.failAt, inv: map[string]int{}, missing: map[string]int{},
		missed: after.missed - before.missed, anyOf: map[string]string{}, table: after.table, furnace: after.furnace}
	for it, v := range after.inv {
		if d := v - before.inv[it]; d != 0 {
			a.inv[it] = d
		}
	}
	for it, v := range before.inv {
		if _, ok := after.inv[it]; !ok && v != 0 {
			a.inv[it] = -v
		}
	}
	for k, v := range after.missing {
		if d := v - before.missing[k]; d != 0 {
			a.missing[k] = d
		}
	}
	for k, v := range before.missing {
		if _, ok := after.missing[k]; !ok && v != 0 {
			a.missing[k] = -v
		}
	}
	for k, v := range after.anyOf {
		if before.anyOf[k] != v {
			a.anyOf[k] = v
		}
	}
	a.steps = slices.Clone(after.steps[len(before.steps):])
	return a
}
