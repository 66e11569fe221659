package request

import "math/bits"

// The matcher finds where in a line a phrase stands best: its literals
// matched word by word (slips cost), its slots filled, words around it
// left over. A match's score is what it explains less what it leaves:
const (
	scoreWord    = 4 // a literal word matched, less its slip's cost
	scoreSlot    = 2 // a count, a player, a coordinate, a one-word place
	costOutside  = 2 // a word before or after the phrase it does not explain
	costInside   = 3 // such a word between the phrase's own
	costMissing  = 4 // a literal word left out (only when looking for a near miss)
	maxSlotWords = 4 // the most words an item, a place or a template takes
	maxSpans     = 6 // the most slots a phrase has
	maxLeftOver  = 3 // the most words a match may leave unexplained
	maxInside    = 1 // of them, the most between its own words
)

// span is where a slot stands in the line, and the number a count or a
// coordinate read.
type span struct {
	slot     string
	from, to int16
	n        int32
	unknown  bool // an item or template the table and the book do not know
}

// cand is a phrase matched so far: its score, what it left unexplained,
// the literal words it matched and left out, and its slots.
type cand struct {
	ok      bool
	score   int
	unexp   int
	inside  int // of unexp, the words between the phrase's own
	lits    int
	content int // matched literal words of three letters or more
	missed  int
	slips   int // what its slips cost
	spans   [maxSpans]span
	ns      int
	mask    uint64 // the words it took, by place in the line
}

// took reports whether the match took word j of the line.
func (c cand) took(j int) bool { return c.mask&(1<<j) != 0 }

// taking is the mask of the words from j to to.
func taking(j, to int) uint64 { return (1<<to - 1) &^ (1<<j - 1) }

func (c cand) better(d cand) bool {
	return !d.ok || c.score > d.score || c.score == d.score && c.unexp < d.unexp
}

// match is the best place of phrase ph in the line, and its score. With
// near, literal words may be missing: the shape of a near miss.
//
// The match is sought in the words from lo to hi: the whole line, or one
// of its clauses, the words of the others left aside.
func (v *view) match(ph *phrase, near bool, lo, hi int) cand {
	m, n := len(ph.toks), hi-lo
	grid := v.r.grid((m + 1) * (n + 1))
	at := func(i, j int) *cand { return &grid[i*(n+1)+j-lo] }
	put := func(i, j int, c cand) {
		if c.better(*at(i, j)) {
			*at(i, j) = c
		}
	}
	left := 0
	for j := lo; j <= hi; j++ {
		put(0, j, cand{ok: true, score: -costOutside * left, unexp: left})
		if j < hi && !v.free[j] {
			left++
		}
	}
	for i := range m {
		for j := lo; j <= hi; j++ {
			c := *at(i, j)
			if !c.ok {
				continue
			}
			if i > 0 && j < hi {
				in := c
				if !v.free[j] {
					in.score -= costInside
					in.unexp++
					in.inside++
				}
				put(i, j+1, in)
			}
			v.step(ph.toks[i], c, j, near, func(to int, nc cand) {
				if to <= hi {
					put(i+1, to, nc)
				}
			})
		}
	}
	var best cand
	for j := lo; j <= hi; j++ {
		c := *at(m, j)
		if !c.ok {
			continue
		}
		for k := j; k < hi; k++ {
			if !v.free[k] {
				c.score -= costOutside
				c.unexp++
			}
		}
		if c.better(best) {
			best = c
		}
	}
	return best
}

// step offers the ways token tok can stand at word j of the line.
func (v *view) step(tok token, c cand, j int, near bool, next func(int, cand)) {
	if tok.opt {
		next(j, c)
	}
	if tok.slot == "" {
		took := func(alt []int, end, cost, missed int) {
			nc := c
			nc.score += scoreWord*len(alt) - cost - costMissing*missed
			nc.lits += len(alt)
			nc.missed += missed
			nc.slips += cost
			nc.mask |= taking(j, end)
			for _, w := range alt {
				if len(v.t.words[w]) >= 3 {
					nc.content++
				}
			}
			next(end, nc)
		}
		v.altsAt(&tok, j, func(alt []int, end, cost int) { took(alt, end, cost, 0) })
		if near && !tok.opt {
			took(nil, j, 0, len(tok.alts[0]))
			// A way of saying it of several words, one of them left out: "where steve".
			for _, alt := range tok.alts {
				for _, part := range [][]int{alt[1:], alt[:len(alt)-1]} {
					if end, cost, ok := v.seqAt(part, j); ok && len(part) > 0 {
						took(part, end, cost, 1)
					}
				}
			}
		}
		return
	}
	if c.ns == maxSpans {
		return
	}
	v.fill(tok.slot, c, j, next)
}

// fill offers the ways slot can stand at word j.
func (v *view) fill(slot string, c cand, j int, next func(int, cand)) {
	// A slot stands in the clause of the words before it: "remember this
	// spot, call it mine" names no place "call it mine".
	if c.mask != 0 && j < len(v.ws) && v.ws[bits.Len64(c.mask)-1].clause != v.ws[j].clause {
		if slot == "count" {
			next(j, c)
		}
		return
	}
	with := func(to, score int, s span) {
		nc := c
		nc.score += score
		s.slot, s.from, s.to = slot, int16(j), int16(to)
		nc.spans[nc.ns] = s
		nc.mask |= taking(j, to)
		nc.ns++
		next(to, nc)
	}
	switch slot {
	case "count":
		next(j, c) // a count is never needed: "give me torches"
		if j < len(v.ws) {
			for _, k := range v.nums[j] {
				with(j+k.words, scoreSlot, span{n: int32(k.n)})
			}
		}
	case "x", "y", "z":
		if n, ok := coordinate(v.ws, j); ok {
			with(j+1, scoreSlot, span{n: int32(n)})
		}
	case "player":
		if j < len(v.ws) && v.name(j) {
			with(j+1, scoreSlot, span{})
		}
	case "item", "block", "template", "from":
		v.things(slot, j, with)
	default: // place, name: words, each one more a little less
		for k := 1; k <= maxSlotWords && v.plain(j, k) && !v.pronoun(j); k++ {
			if k > 1 || !v.r.article(j) { // "forget the" names no place
				with(j+k, scoreSlot+1-k, span{})
			}
		}
	}
}

// things offers an item or a template: the spans that name one the table
// or the book knows; only when none does, the words as said, as long as
// they are not the table's own words.
func (v *view) things(slot string, j int, with func(int, int, span)) {
	found := false
	for k := 1; k <= maxSlotWords && v.plain(j, k); k++ {
		if r := v.resolve(slot, j, k); r.id != "" {
			found = true
			with(j+k, 3+k-r.cost, span{})
		}
	}
	if found {
		return
	}
	for k := 1; k <= maxSlotWords && v.plain(j, k) && v.strange(j+k-1); k++ {
		if k == 1 && len(v.nums[j]) > 0 {
			return // a number is no item
		}
		score := 1 - k
		if slot == "template" {
			score--
		}
		with(j+k, score, span{unknown: true})
	}
}

// plain reports whether the k words from j may fill a slot: all there,
// none free, all in one clause.
func (v *view) plain(j, k int) bool {
	if j+k > len(v.ws) {
		return false
	}
	for i := j; i < j+k; i++ {
		if v.free[i] || v.ws[i].clause != v.ws[j].clause {
			return false
		}
	}
	return true
}

// pronoun reports whether word j is a pronoun of any table ("he", "es",
// "ella"): no name, place or thing.
func (v *view) pronoun(j int) bool {
	for _, o := range v.r.views {
		if o.t.pronouns[v.ws[j].low] {
			return true
		}
	}
	return false
}

// strange reports whether word j is none of the phrase words of any
// table: "me" is no item, in German either.
func (v *view) strange(j int) bool {
	for _, o := range v.r.views {
		for _, h := range o.hits[j] {
			if o.t.literal[h.word] {
				return false
			}
		}
	}
	return true
}

// name reports whether word j may be a player's name: no word of the
// table, no number, no item and no free word.
func (v *view) name(j int) bool {
	return !v.free[j] && len(v.hits[j]) == 0 && len(v.nums[j]) == 0 && !v.pronoun(j) && v.resolve("item", j, 1).id == ""
}

// coordinate reads word j as a whole number, negative or not.
func coordinate(ws []word, j int) (int, bool) {
	if j >= len(ws) {
		return 0, false
	}
	n, err := atoi(ws[j].low)
	return n, err == nil
}
