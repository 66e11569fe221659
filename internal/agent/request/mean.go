package request

import (
	"strconv"
	"strings"
)

// Examples are the ways of saying each request of the first table (her
// fallback language), for a player who asks for help.
func (p *Parser) Examples() []string { return p.tables[0].Examples() }

// ExamplesIn are the examples of the table of the language lang, or of
// the first table when none is in lang.
func (p *Parser) ExamplesIn(lang string) []string {
	for _, t := range p.tables {
		if t.lang == lang {
			return t.Examples()
		}
	}
	return p.Examples()
}

// Examples are the ways of saying each request the table knows, one each,
// in the table's order: what she offers a player who asks for help. Small
// talk and help itself are left out.
func (t *Table) Examples() []string {
	seen := map[Intent]bool{}
	var out []string
	for _, p := range t.phrases {
		if seen[p.intent] || p.intent == Help || p.intent.SmallTalk() {
			continue
		}
		seen[p.intent] = true
		ex := make([]string, len(p.words))
		for i, w := range p.words {
			ex[i] = example(strings.Trim(w, "[]"))
		}
		out = append(out, strings.Join(ex, " "))
	}
	return out
}

// example fills a slot word with what a player puts there: <item>, <n>.
func example(w string) string {
	s, ok := slotName(w)
	switch {
	case !ok:
		return w
	case s == "count":
		return "<n>"
	}
	return "<" + s + ">"
}

// DidYouMean is, for a line no table understands but one of its phrases
// nearly explains (a word of it missing, a word too many), that phrase
// in the line's language, with the player's own words in its slots where
// the line gave them and the table's example words where not: "bring me 4
// torches". It reports false for a line understood, or near nothing.
func (p *Parser) DidYouMean(line, her string) (string, bool) {
	if _, ok := p.Parse(line, her); ok {
		return "", false
	}
	r, views := p.read(line, her)
	if len(views) == 0 {
		return "", false
	}
	p.setAside(views) // "this is stupid" suggests no place named stupid
	u := p.best(views, func(in Intent) bool { return !in.SmallTalk() }, true)
	if u.ph == nil {
		return "", false
	}
	return u.suggest(r.ws), true
}

// suggest is the phrase of a near miss, its optional words left out, its
// slots filled with the line's words or the table's examples.
func (u understood) suggest(ws []word) string {
	said := map[string]string{}
	for _, s := range u.c.spans[:u.c.ns] {
		_, orig := joined(ws[s.from:s.to])
		if s.slot == "count" || s.slot == "x" || s.slot == "y" || s.slot == "z" {
			orig = strconv.Itoa(int(s.n))
		}
		said[s.slot] = orig
	}
	var out []string
	for _, w := range u.ph.words {
		if strings.HasPrefix(w, "[") {
			continue
		}
		s, ok := slotName(w)
		switch {
		case !ok:
			out = append(out, w)
		case said[s] != "":
			out = append(out, said[s])
		case u.v.t.examples[s] != "":
			out = append(out, u.v.t.examples[s])
		case s != "count":
			out = append(out, example(w))
		}
	}
	return strings.Join(out, " ")
}
