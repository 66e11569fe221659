package recipes

import (
	"maps"
	"slices"
	"strconv"
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

// memoLimit caps how many answers one book remembers (about 1.3 KB
// each; the whole 26.1 book from an empty inventory takes some 2,400). A
// long game with ever-new inventories starts afresh when it is reached
// rather than grow without end.
const memoLimit = 1 << 14

// memo holds the answers of one book, shared by every plan made with it.
type memo struct {
	mu      sync.Mutex
	answers map[string]*answer
}

// newMemo is an empty memo with room for the answers of a whole book
// planned from nothing, so that filling it does not grow it step by step.
func newMemo() *memo { return &memo{answers: make(map[string]*answer, 4096)} }

// get looks key up without making a string of it: most keys of a plan
// are found, and only a new answer needs one to be kept under.
func (m *memo) get(key []byte) *answer {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.answers[string(key)]
}

func (m *memo) put(key string, a *answer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.answers) >= memoLimit {
		clear(m.answers)
	}
	m.answers[key] = a
}

// recall is search through the memo: the answer remembered for this
// key when one is and the search's limits would not have cut it
// differently here, else the search, remembered.
func (p *planner) recall(st *state, item string, n int, path []string) {
	k := p.memoKey(st, item, n, path)
	depth := len(path)
	if a := p.memo.get(k); a != nil && p.nodes+a.nodes <= maxNodes && depth+a.reach < maxDepth {
		a.replay(st)
		p.nodes += a.nodes
		p.deepest = max(p.deepest, depth+a.reach)
		return
	}
	// The search below writes its own keys in the same buffer.
	key := string(k)
	before := p.snapshot(st)
	nodes, deepest := p.nodes, p.deepest
	p.deepest = depth
	p.search(st, item, n, path)
	a := before.record(st)
	p.release(before)
	a.nodes, a.reach = p.nodes-nodes, p.deepest-depth
	// An answer cut short by a limit depends on where the search
	// stood, not only on the key: it is not kept.
	if p.nodes <= maxNodes && p.deepest < maxDepth {
		p.memo.put(key, a)
	}
	p.deepest = max(p.deepest, deepest)
}

// answer is what one produce call did to the state, as a change. The
// changes are lists rather than maps: an answer is written once and
// replayed whole, never looked into.
type answer struct {
	fail           bool
	failAt         string
	inv            []delta // change per item
	steps          []Step  // appended
	missing        []delta // changes to what is missing, newest first
	missed         int
	anyOf          []choice // entries set
	table, furnace bool
	nodes          int // search nodes it took
	reach          int // how much deeper than its start the path went
}

// delta is the change of one count.
type delta struct {
	key string
	d   int
}

// choice is one anyOf entry: the member a tag's steps are written with.
type choice struct {
	tag, rep string
}

// memoKey is the key of produce(item, n) from st along path: every input
// the search reads. It is written in the planner's own buffers, which
// every key of a plan reuses: it holds until the next key is written.
func (p *planner) memoKey(st *state, item string, n int, path []string) []byte {
	k := append(p.keyBuf[:0], item...)
	k = append(k, '|')
	k = strconv.AppendInt(k, int64(n), 10)
	k = append(k, '|')
	for _, f := range []bool{st.table, st.furnace, p.near.CraftingTable, p.near.Furnace} {
		if f {
			k = append(k, '1')
		} else {
			k = append(k, '0')
		}
	}
	k = append(k, '|')
	if st.bound >= 0 {
		k = strconv.AppendInt(k, int64(st.bound-st.missed), 10)
	}
	// A station nearby but not yet used still leaves the station in
	// reach: the search asks whether it is being made before it looks
	// around (ensureStation).
	at := 0
	if st.table {
		at |= tableAtHand
	}
	if st.furnace {
		at |= furnaceAtHand
	}
	set := p.reach.of(item, at)
	k = append(k, "|path"...)
	for _, it := range path {
		if p.reach.has(set, it) {
			k = append(k, ' ')
			k = append(k, it...)
		}
	}
	k = append(k, "|inv"...)
	held := p.heldBuf[:0]
	for it, c := range st.inv {
		if c != 0 && p.reach.has(set, it) {
			held = append(held, it)
		}
	}
	slices.Sort(held)
	entry := func(name string) {
		k = append(k, ' ')
		k = append(k, name...)
		k = append(k, '=')
	}
	for _, it := range held {
		entry(it)
		k = strconv.AppendInt(k, int64(st.inv[it]), 10)
	}
	k = append(k, "|any"...)
	tags := held[len(held):]
	for tag := range st.anyOf {
		if p.reach.touches(set, tag) {
			tags = append(tags, tag)
		}
	}
	slices.Sort(tags)
	for _, tag := range tags {
		entry(tag)
		k = append(k, st.anyOf[tag]...)
	}
	p.keyBuf, p.heldBuf = k, held[:0]
	return k
}

// replay applies a remembered answer to st.
func (a *answer) replay(st *state) {
	st.fail, st.failAt = a.fail, a.failAt
	for _, e := range a.inv {
		st.inv[e.key] += e.d
		if st.inv[e.key] == 0 {
			delete(st.inv, e.key)
		}
	}
	// The steps' Uses stay the memo's own: the search only reads them,
	// and a finished plan copies them (plan).
	st.steps = st.steps.addAll(a.steps)
	if len(a.anyOf) > 0 {
		st.ownAnyOf()
	}
	for _, e := range a.missing {
		st.missing = st.missing.add(e.key, e.d)
	}
	st.missed += a.missed
	for _, c := range a.anyOf {
		st.anyOf[c.tag] = c.rep
	}
	st.table, st.furnace = a.table, a.furnace
}

// snapshot is what a state was before a search, for record to tell the
// change: copies of its maps, which the planner keeps and refills rather
// than allocate afresh for every search it remembers.
type snapshot struct {
	inv     map[string]int
	missing *tally
	anyOf   map[string]string
	steps   *stepList
	missed  int
	// deltas is record's, kept between answers.
	deltas []delta
}

// snapshot copies what record needs of st.
func (p *planner) snapshot(st *state) *snapshot {
	var s *snapshot
	if n := len(p.snaps); n > 0 {
		s, p.snaps = p.snaps[n-1], p.snaps[:n-1]
	} else {
		s = &snapshot{inv: map[string]int{}, anyOf: map[string]string{}}
	}
	maps.Copy(s.inv, st.inv)
	s.missing = st.missing
	maps.Copy(s.anyOf, st.anyOf)
	s.steps, s.missed = st.steps, st.missed
	return s
}

// release gives a snapshot back to be refilled.
func (p *planner) release(s *snapshot) {
	clear(s.inv)
	s.missing = nil
	clear(s.anyOf)
	p.snaps = append(p.snaps, s)
}

// record is the change from the snapshot to after. A part that did not
// change stays nil: most answers touch only the inventory and the steps.
func (s *snapshot) record(after *state) *answer {
	a := &answer{fail: after.fail, failAt: after.failAt, inv: diffCounts(&s.deltas, s.inv, after.inv),
		missing: after.missing.changes(s.missing), missed: after.missed - s.missed,
		table: after.table, furnace: after.furnace}
	for k, v := range after.anyOf {
		if s.anyOf[k] != v {
			a.anyOf = append(a.anyOf, choice{k, v})
		}
	}
	a.steps = after.steps.since(s.steps)
	return a
}

// diffCounts is what changed from before to after, per key; nil when
// nothing did. The changes are gathered in buf, which the caller keeps,
// and copied out at their size.
func diffCounts(buf *[]delta, before, after map[string]int) []delta {
	d := (*buf)[:0]
	for k, v := range after {
		if dv := v - before[k]; dv != 0 {
			d = append(d, delta{k, dv})
		}
	}
	for k, v := range before {
		if _, ok := after[k]; !ok && v != 0 {
			d = append(d, delta{k, -v})
		}
	}
	*buf = d
	if len(d) == 0 {
		return nil
	}
	return slices.Clone(d)
}
