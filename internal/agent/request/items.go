package request

import (
	"strings"

	"beaweb/internal/game"
)

// item is the item a player's words name: an alias of the table, an id of
// the book (plurals and "_" for spaces forgiven), or the one id a small slip
// away; "" when none is.
func (p *Parser) item(low []string) string {
	said := strings.Join(low, " ")
	for _, lead := range []string{"", "of ", "some ", "any ", "the ", "your "} {
		s, ok := strings.CutPrefix(said, lead)
		if !ok || s == "" {
			continue
		}
		if id := p.exact(s); id != "" {
			return id
		}
	}
	return p.near(strings.ReplaceAll(said, " ", "_"))
}

// exact is the alias or the book's id that s names, plural or not.
func (p *Parser) exact(s string) string {
	for _, form := range singulars(s) {
		if a, ok := p.t.aliases[form]; ok {
			return a
		}
		if id := strings.ReplaceAll(form, " ", "_"); p.items[id] {
			return id
		}
	}
	return ""
}

// singulars are s and the singulars it may be the plural of: "torches" is
// torch, "berries" berry, "sticks" stick. Only the last word is plural in
// "iron ingots".
func singulars(s string) []string {
	out := []string{s}
	if t, ok := strings.CutSuffix(s, "ies"); ok {
		out = append(out, t+"y")
	}
	if t, ok := strings.CutSuffix(s, "es"); ok {
		out = append(out, t)
	}
	if t, ok := strings.CutSuffix(s, "s"); ok {
		out = append(out, t)
	}
	return out
}

// near is the one id of the book a slip away from id ("cobblestne",
// "torchs"): one letter for a word of five or more, two for nine or more.
// Two ids as near as each other are no answer.
func (p *Parser) near(id string) string {
	if len(id) < 5 {
		return ""
	}
	limit := 1
	if len(id) >= 9 {
		limit = 2
	}
	best, bestD, ties := "", limit+1, 0
	for _, it := range p.list {
		if abs(len(it)-len(id)) > limit {
			continue
		}
		switch d := game.EditDistance(id, it); {
		case d < bestD:
			best, bestD, ties = it, d, 1
		case d == bestD:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
