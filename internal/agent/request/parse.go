package request

import (
	"fmt"
	"math/bits"
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
// or nowhere). It finds the phrase of any table that explains the line
// best, greetings, fillers and emojis around it: "hii bea can u get me some
// stone pls". A line that asks for something and greets or thanks her too
// is the request; small talk alone is small talk, the hello last. It
// reports false for a line no table understands.
func (p *Parser) Parse(line, her string) (Request, bool) {
	r, views := p.read(line, her)
	if len(views) == 0 {
		return Request{}, false
	}
	// The hello's words are free to other small talk, and the small
	// talk's to a request: "hi bea, thanks, now come here".
	hello := p.best(views, func(in Intent) bool { return in == Hello }, false)
	hello.freeAll(views)
	talk := p.best(views, func(in Intent) bool { return in.SmallTalk() && in != Hello }, false)
	talk.freeAll(views)
	act := p.best(views, func(in Intent) bool { return !in.SmallTalk() }, false)
	for _, u := range []understood{act, talk, hello} {
		if u.ph != nil {
			return u.request(r.ws), true
		}
	}
	return Request{}, false
}

// best is the best match of a phrase whose intent is wanted, by every
// table; the first table's, and the first phrase's, on a tie.
func (p *Parser) best(views []*view, want func(Intent) bool, near bool) understood {
	var out understood
	leave := maxLeftOver
	if near {
		leave = 0
	}
	for _, v := range views {
		words := 0 // the words a phrase must explain or leave over
		for j := range v.ws {
			if !v.free[j] {
				words++
			}
		}
		for i := range v.t.phrases {
			ph := &v.t.phrases[i]
			if !want(ph.intent) || words > ph.most+leave || !v.may(ph, near) {
				continue
			}
			c := v.match(ph, near)
			if !c.ok || !c.accepted(near) {
				continue
			}
			// Of small talk, the last said: "thanks, bye" is a goodbye.
			later := ph.intent.SmallTalk() && c.score == out.c.score && bits.Len64(c.mask) > bits.Len64(out.c.mask)
			if out.ph == nil || c.score > out.c.score || later {
				out = understood{c, ph, v}
			}
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
// no stop), one phrase word alone only with a small slip ("huh" is no
// "huhu"). A near miss has two phrase words or filled slots or more, a real
// word among them, one word left out (two of three or more), names no
// thing unknown and leaves no word over.
func (c cand) accepted(near bool) bool {
	allow := min(c.lits+c.ns, maxLeftOver)
	if near {
		for _, s := range c.spans[:c.ns] {
			if s.unknown {
				return false
			}
		}
		return c.content > 0 && c.lits+c.ns >= 2 && c.missed > 0 && (c.missed == 1 || c.missed == 2 && c.lits >= 3) &&
			c.unexp == 0
	}
	if c.lits == 1 && c.slips > costNeighbour {
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
