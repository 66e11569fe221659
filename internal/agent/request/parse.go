package request

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Request is a line a player said to her, understood: what it asks and the
// facts its slots held.
type Request struct {
	Intent Intent
	// Player is the player named in the line ("follow Alex"); "" means the
	// speaker.
	Player string
	// Item is an item id, or a family with # ("#planks": whichever planks
	// she has); "" for a line that names none, or names an item the
	// table and the book do not know, when Said holds the words.
	Item string
	Said string
	// Count is how many; 0 means not said, or "some".
	Count int
	// Place is the place of goto, remember and forget, as the player
	// wrote it.
	Place string
	// Template is what to build: a template the table knows by the
	// player's words, or the words joined by "_".
	Template string
	// At is where to build, when the line gives coordinates.
	At *[3]int
	// Lang is the language of the table that understood the line ("en",
	// "de", "es"), so she can answer in it.
	Lang string
	// HandOver says the things a gather asks for are for the speaker, to
	// be handed over once she has them (give and bring always hand over),
	// when the line says so ("get me 10 cobblestone", "dig some
	// dirt for us", "hol mir 10 Steine", "tráeme 10 piedras"), not when it
	// does not ("go get some stone", "mine 10 stone": she keeps them).
	HandOver bool
}

// Parser is the phrase tables of the languages she understands, joined
// with the items of a recipe book, for the items a player names.
type Parser struct {
	tables []*Table
	items  map[string]bool
	byLen  map[int][]string
}

// Parser joins the table with the item ids a player may name.
func (t *Table) Parser(items []string) *Parser {
	p, _ := Join(items, t) // one table cannot clash with another
	return p
}

// Join joins the tables, one per language, with the item ids a player may
// name. The first table's language is the one she falls back on.
func Join(items []string, tables ...*Table) (*Parser, error) {
	if len(tables) == 0 {
		return nil, fmt.Errorf("request: no phrase table to understand players by")
	}
	p := &Parser{items: make(map[string]bool, len(items)), byLen: map[int][]string{}}
	for _, t := range tables {
		for _, u := range p.tables {
			if u.lang == t.lang {
				return nil, fmt.Errorf("request: two phrase tables for the language %q", t.lang)
			}
		}
		p.tables = append(p.tables, t)
	}
	for _, it := range items {
		if !p.items[it] {
			p.items[it] = true
			p.byLen[len(it)] = append(p.byLen[len(it)], it)
		}
	}
	for _, ids := range p.byLen {
		sort.Strings(ids)
	}
	return p, nil
}

// understood is a phrase matched in a line by one table.
type understood struct {
	c  cand
	ph *phrase
	v  *view
}

// Parse reads a line said to her, whose name is her (wherever it stands,
// or nowhere). It finds the phrase of any table that explains the line,
// or one of its clauses, best, greetings, fillers and emojis around it:
// "hii bea can u get me some stone pls". A line that asks for something
// and greets or thanks her too is the request; a line that asks her to do
// something and asks a question is the request ("where r u, come here");
// small talk alone is small talk, the hello last. A request that starts
// with another's name and not hers ("alex come here") is said to them. It reports false for a line no table understands.
func (p *Parser) Parse(line, her string) (Request, bool) {
	r, views := p.read(line, her)
	if len(views) == 0 {
		return Request{}, false
	}
	before := keep(views)
	hello, talk, aside := p.setAside(views)
	act := p.best(views, func(in Intent) bool { return !in.SmallTalk() && !in.Question() }, false)
	ask := p.best(views, Intent.Question, false)
	if act.ph == nil && ask.ph == nil && aside {
		// The small talk may have taken a request's words: "tag along" is
		// no German hello.
		before.restore(views)
		act = p.best(views, func(in Intent) bool { return !in.SmallTalk() && !in.Question() }, false)
		ask = p.best(views, Intent.Question, false)
	}
	// A question and a request in words of their own: the request. Else
	// the one that explains the line better ("how come" asks why).
	if act.ph != nil && ask.ph != nil && act.c.mask&ask.c.mask != 0 && ask.c.score > act.c.score {
		act, ask = ask, act
	}
	for _, u := range []understood{act, ask, talk, hello} {
		if u.ph != nil && (u.ph.intent.SmallTalk() || !u.toAnother()) {
			return u.request(r.ws), true
		}
	}
	return Request{}, false
}

// kept are the free and taken words of each view, kept to be restored.
type kept [][2][]bool

func keep(views []*view) kept {
	out := make(kept, len(views))
	for i, v := range views {
		out[i] = [2][]bool{slices.Clone(v.free), slices.Clone(v.taken)}
	}
	return out
}

func (k kept) restore(views []*view) {
	for i, v := range views {
		copy(v.free, k[i][0])
		copy(v.taken, k[i][1])
	}
}

// setAside finds the hello and the other small talk a line holds, and
// makes their words free to what follows and taken from it: the hello's
// to the small talk, the small talk's to a request ("hi bea, thanks, now
// come here"). A greeting or thanks that opens or closes a line is set
// aside even when it is no small talk alone ("yo bea stop digging"). It
// reports whether any words were set aside.
func (p *Parser) setAside(views []*view) (hello, talk understood, aside bool) {
	for _, u := range []*understood{&hello, &talk} {
		want := func(in Intent) bool { return in.SmallTalk() && in != Hello }
		if u == &hello {
			want = func(in Intent) bool { return in == Hello }
		}
		*u = p.best(views, want, false)
		around := *u
		if u.ph == nil {
			around = p.loose(views, want)
		}
		around.freeAll(views)
		aside = aside || around.ph != nil
	}
	return hello, talk, aside
}

// toAnother reports whether the line begins with a word that may be a
// player's name, not the match's, and does not name her: "alex come
// here". (A name at its end is too like a word the tables do not know:
// "why u running away".)
func (u understood) toAnother() bool {
	v := u.v
	if v.r.named {
		return false
	}
	for j := range v.ws {
		if !v.free[j] {
			return !u.c.took(j) && v.r.nameLike(j)
		}
	}
	return false
}

// best is the best match of a phrase whose intent is wanted, by every
// table, in the whole line or one of its clauses; the first table's, and
// the first phrase's, on a tie.
func (p *Parser) best(views []*view, want func(Intent) bool, near bool) understood {
	var out understood
	for _, v := range views {
		for _, w := range v.windows() {
			out = v.bestIn(want, near, w, out)
		}
	}
	return out
}

// loose is the best match of a wanted phrase that opens or closes the
// line, said without a slip but a held letter and with no word between
// its own, whatever it leaves over:
// small talk around a request, to be set aside ("yo bea stop digging").
func (p *Parser) loose(views []*view, want func(Intent) bool) understood {
	var out understood
	for _, v := range views {
		first, last := -1, -1
		for j := range v.ws {
			if v.free[j] {
				continue
			}
			if first < 0 {
				first = j
			}
			last = j
		}
		for i := range v.t.phrases {
			ph := &v.t.phrases[i]
			if !want(ph.intent) || !v.may(ph, false) {
				continue
			}
			c := v.match(ph, false, 0, len(v.ws))
			edge := first >= 0 && (c.took(first) || c.took(last))
			if c.ok && edge && c.inside == 0 && c.slips <= costHeld*c.lits && (out.ph == nil || c.score > out.c.score) {
				out = understood{c, ph, v}
			}
		}
	}
	return out
}

// window is a run of a line's words a phrase is sought in: the whole
// line, or a clause of it.
type window struct {
	lo, hi int
	clause bool
}

// windows are the whole line and, when it has more than one, each clause.
func (v *view) windows() []window {
	n := len(v.ws)
	out := []window{{0, n, false}}
	if v.ws[n-1].clause == 0 {
		return out
	}
	for lo := 0; lo < n; {
		hi := lo
		for hi < n && v.ws[hi].clause == v.ws[lo].clause {
			hi++
		}
		out = append(out, window{lo, hi, true})
		lo = hi
	}
	return out
}

// bestIn is the better of out and the best match of a wanted phrase in
// the window.
func (v *view) bestIn(want func(Intent) bool, near bool, w window, out understood) understood {
	leave := maxLeftOver
	if near {
		leave = 0
	}
	words := 0 // the words a phrase must explain or leave over
	for j := w.lo; j < w.hi; j++ {
		if !v.free[j] {
			words++
		}
	}
	for i := range v.t.phrases {
		ph := &v.t.phrases[i]
		if !want(ph.intent) || words > ph.most+leave || !v.may(ph, near) {
			continue
		}
		c := v.match(ph, near, w.lo, w.hi)
		if !c.ok || !c.accepted(near, w.clause) {
			continue
		}
		// Of small talk, the last said: "thanks, bye" is a goodbye.
		later := ph.intent.SmallTalk() && c.score == out.c.score && bits.Len64(c.mask) > bits.Len64(out.c.mask)
		if out.ph == nil || c.score > out.c.score || later {
			out = understood{c, ph, v}
		}
	}
	return out
}

// may reports whether the phrase can stand in the line at all: each of
// its literals has a way of saying it whose words the line has (half of
// them, for a near miss).
func (v *view) may(ph *phrase, near bool) bool {
	have, need := 0, 0
	for _, tok := range ph.toks {
		if tok.slot != "" || tok.opt {
			continue
		}
		need++
		for _, w := range tok.firsts {
			if v.present[w] {
				have++
				break
			}
		}
	}
	if near {
		return have > 0 && 2*have >= need
	}
	return have == need
}

// accepted reports whether a match explains enough of its line: no more
// words left over than it matched (so a lone "wait" in a long sentence is
// no stop), at most one in a clause of a longer line; one phrase word
// alone only with a small slip ("huh" is no "huhu"); a thing neither the
// tables nor the book know only by two phrase words ("any luck" asks for
// nothing). A near miss has two phrase words or filled slots or more, a
// real word among them, one word left out (two of three or more), names
// no thing unknown and leaves no word over.
func (c cand) accepted(near, clause bool) bool {
	unknown := false
	for _, s := range c.spans[:c.ns] {
		unknown = unknown || s.unknown
	}
	if near {
		return !unknown && c.content > 0 && c.lits+c.ns >= 2 && c.missed > 0 &&
			(c.missed == 1 || c.missed == 2 && c.lits >= 3) && c.unexp == 0
	}
	allow := min(c.lits+c.ns, maxLeftOver)
	if clause {
		allow = min(allow, 1)
	}
	switch {
	case c.lits == 1 && c.ns == 0 && c.slips > costNeighbour, unknown && c.lits < 2:
		return false
	}
	return c.score > 0 && c.unexp <= allow && c.inside <= maxInside
}

// freeAll makes the words a match took free in every view, and taken.
func (u understood) freeAll(views []*view) {
	if u.ph == nil {
		return
	}
	for _, v := range views {
		for j := range v.ws {
			if u.c.took(j) {
				v.free[j], v.taken[j] = true, true
			}
		}
	}
}

// request is the match as a Request, its slots filled from the line.
func (u understood) request(ws []word) Request {
	r := Request{Intent: u.ph.intent, Lang: u.v.t.lang}
	if r.Intent == Gather {
		r.HandOver = u.forSpeaker(ws)
	}
	for _, s := range u.c.spans[:u.c.ns] {
		low, orig := joined(ws[s.from:s.to])
		named := func() string { return u.v.resolve(s.slot, int(s.from), int(s.to-s.from)).id }
		switch s.slot {
		case "count":
			r.Count = int(s.n)
		case "x", "y", "z":
			if r.At == nil {
				r.At = &[3]int{}
			}
			r.At[s.slot[0]-'x'] = int(s.n)
		case "player":
			r.Player = orig
		case "item", "block":
			r.Item, r.Said = named(), low
		case "place", "name":
			r.Place = orig
		case "template":
			r.Template = named()
			if r.Template == "" {
				r.Template = strings.ReplaceAll(low, " ", "_")
			}
		}
	}
	return r
}

// forSpeaker reports whether the clauses the match stands in hold a word
// of any table that says the things are for the speaker: "get me", "for
// us", "hol mir", "consígueme"; the words the match took and the fillers
// and greetings around them alike ("can u dig some dirt for me pls").
func (u understood) forSpeaker(ws []word) bool {
	if u.c.mask == 0 {
		return false
	}
	lo, hi := ws[bits.TrailingZeros64(u.c.mask)].clause, ws[bits.Len64(u.c.mask)-1].clause
	for _, w := range ws {
		if w.clause < lo || w.clause > hi {
			continue
		}
		for _, v := range u.v.r.views {
			if v.t.recipients[w.low] {
				return true
			}
		}
	}
	return false
}

// joined are the words lowered and as written, each joined by spaces.
func joined(ws []word) (low, orig string) {
	l, o := make([]string, len(ws)), make([]string, len(ws))
	for i, w := range ws {
		l[i], o[i] = strings.ToLower(w.orig), w.orig
	}
	return strings.Join(l, " "), strings.Join(o, " ")
}

// atoi reads a whole number of at most six digits, "-" before it or not.
func atoi(s string) (int, error) {
	if len(strings.TrimPrefix(s, "-")) > 6 {
		return 0, fmt.Errorf("%q is too long a number", s)
	}
	return strconv.Atoi(s)
}
