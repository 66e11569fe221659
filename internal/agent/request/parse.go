package request

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"beaweb/internal/game"
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
	// Place is the place of goto and remember, as the player wrote it.
	Place string
	// Template is what to build, as the player wrote it.
	Template string
	// At is where to build, when the line gives coordinates.
	At *[3]int
	// Lang is the language of the table that understood the line ("en",
	// "de", "es"), so she can answer in it.
	Lang string
}

// Parser is a phrase table joined with the items of a recipe book, for the
// items a player names.
type Parser struct {
	t     *Table
	items map[string]bool
	list  []string
}

// Parser joins the table with the item ids a player may name.
func (t *Table) Parser(items []string) *Parser {
	p := &Parser{t: t, items: make(map[string]bool, len(items))}
	for _, it := range items {
		if !p.items[it] {
			p.items[it] = true
			p.list = append(p.list, it)
		}
	}
	sort.Strings(p.list)
	return p
}

// Examples are the ways of saying each request, for a player who asks for
// help.
func (p *Parser) Examples() []string { return p.t.Examples() }

// word is a word of a line: lowered for matching, as written for names.
type word struct{ low, orig string }

// Parse reads a line said to her, whose name is her (dropped wherever it
// stands, as are the table's fillers: "Bea, could you come here please?").
// It reports false for a line the table does not understand.
func (p *Parser) Parse(line, her string) (Request, bool) {
	all := split(line)
	// Without its fillers first; then as said, for a phrase that holds a
	// filler's words ("what can you do").
	for _, ws := range [][]word{p.clean(all, strings.ToLower(her), true), p.clean(all, strings.ToLower(her), false)} {
		if len(ws) == 0 {
			continue
		}
		for _, ph := range p.t.phrases {
			r := Request{Intent: ph.intent}
			if p.match(ph.words, ws, &r) {
				return r, true
			}
		}
	}
	return Request{}, false
}

// split breaks a line into words: letters, digits, '-' and '_'; an
// apostrophe is dropped ("what's" is "whats"), anything else separates.
func split(line string) []word {
	var out []word
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			s := b.String()
			out = append(out, word{low: strings.ToLower(s), orig: s})
			b.Reset()
		}
	}
	for _, r := range line {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-':
			b.WriteRune(r)
		case r == '\'' || r == '’':
		default:
			flush()
		}
	}
	flush()
	return out
}

// clean drops her name, and the table's fillers if fillers.
func (p *Parser) clean(ws []word, her string, fillers bool) []word {
	var out []word
	for i := 0; i < len(ws); {
		if ws[i].low == her || strings.TrimPrefix(ws[i].low, "@") == her {
			i++
			continue
		}
		if n := p.filler(ws[i:]); fillers && n > 0 {
			i += n
			continue
		}
		out = append(out, ws[i])
		i++
	}
	return out
}

// filler is how many words at the start of ws are a filler, 0 for none.
func (p *Parser) filler(ws []word) int {
	for _, f := range p.t.fillers {
		if len(f) <= len(ws) && equalWords(f, ws[:len(f)]) {
			return len(f)
		}
	}
	return 0
}

func equalWords(want []string, ws []word) bool {
	for i, w := range want {
		if ws[i].low != w {
			return false
		}
	}
	return true
}

// match matches a phrase's words against a line's, filling r's slots.
func (p *Parser) match(pw []string, ws []word, r *Request) bool {
	if len(pw) == 0 {
		return len(ws) == 0
	}
	slot, ok := slotName(pw[0])
	if !ok {
		return len(ws) > 0 && like(pw[0], ws[0].low) && p.match(pw[1:], ws[1:], r)
	}
	switch slot {
	case "count":
		for _, c := range p.counts(ws) {
			r.Count = c.n
			if p.match(pw[1:], ws[c.words:], r) {
				return true
			}
		}
		r.Count = 0
		return false
	case "x", "y", "z":
		if len(ws) == 0 {
			return false
		}
		n, err := strconv.Atoi(ws[0].low)
		if err != nil {
			return false
		}
		if r.At == nil {
			r.At = &[3]int{}
		}
		r.At[slot[0]-'x'] = n
		return p.match(pw[1:], ws[1:], r)
	case "player":
		if len(ws) == 0 || ws[0].low == "me" {
			return false
		}
		r.Player = ws[0].orig
		return p.match(pw[1:], ws[1:], r)
	}
	// item, place, name, template: the fewest words that let the rest match.
	for k := 1; k <= len(ws); k++ {
		if p.match(pw[1:], ws[k:], r) {
			p.fill(slot, ws[:k], r)
			return true
		}
	}
	return false
}

// fill puts the words of a wide slot into r.
func (p *Parser) fill(slot string, ws []word, r *Request) {
	orig := make([]string, len(ws))
	low := make([]string, len(ws))
	for i, w := range ws {
		orig[i], low[i] = w.orig, w.low
	}
	switch slot {
	case "item":
		r.Said = strings.Join(low, " ")
		r.Item = p.item(low)
	case "place", "name":
		r.Place = strings.Join(orig, " ")
	case "template":
		r.Template = strings.Join(low, "_")
	}
}

type count struct{ n, words int }

// counts are the ways the start of ws can be read as a count, longest
// first: "a stack of", "3", "some".
func (p *Parser) counts(ws []word) []count {
	var out []count
	for k := min(3, len(ws)); k >= 1; k-- {
		low := make([]string, k)
		for i := range k {
			low[i] = ws[i].low
		}
		if n, ok := p.t.numbers[strings.Join(low, " ")]; ok {
			out = append(out, count{n, k})
		}
	}
	if len(ws) > 0 {
		if n, err := strconv.Atoi(ws[0].low); err == nil && n > 0 {
			out = append(out, count{n, 1})
		}
	}
	return out
}

// like reports whether a line's word is the phrase's word, or a small slip
// of it ("folow", "shleter"): one letter off in a word of four letters or
// more.
func like(want, got string) bool {
	return want == got || len(want) >= 4 && game.EditDistance(want, got) <= 1
}
