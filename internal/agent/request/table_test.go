package request

import (
	"strings"
	"testing"
)

// TestEveryTableLineIsUnderstoodAsItsIntent says each phrase of every
// table, its slots filled with the table's examples, back to the table:
// a phrase another one shadows is a phrase no player can use.
func TestEveryTableLineIsUnderstoodAsItsIntent(t *testing.T) {
	p := parser(t)
	for _, tab := range p.tables {
		for _, ph := range tab.phrases {
			line := exampleLine(tab, ph)
			r, ok := p.Parse(line, "Bea")
			switch {
			case !ok:
				t.Errorf("%s %q (%s): not understood", tab.lang, line, ph.intent)
			case r.Intent != ph.intent || r.Lang != tab.lang && !earlier(r.Lang, tab.lang):
				t.Errorf("%s %q: read as %s in %s, want %s", tab.lang, line, r.Intent, r.Lang, ph.intent)
			}
		}
	}
}

// earlier reports whether language a's table comes before b's: a word
// both tables share ("status") is the first one's.
func earlier(a, b string) bool {
	for _, l := range Languages() {
		switch l {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// exampleLine is the phrase with its optional words and its slots filled
// with the table's examples.
func exampleLine(tab *Table, ph phrase) string {
	out := make([]string, 0, len(ph.words))
	for i, w := range ph.words {
		w = strings.Trim(w, "[]")
		s, ok := slotName(w)
		switch {
		case !ok:
			out = append(out, w)
		case s == "x" || s == "y" || s == "z":
			out = append(out, string(rune('1'+i%9)))
		default:
			out = append(out, tab.examples[s])
		}
	}
	return strings.Join(out, " ")
}

func TestEveryTableGivesEverySlotAnExample(t *testing.T) {
	for _, tab := range tables(t) {
		for s := range slots {
			if tab.examples[s] == "" && s != "x" && s != "y" && s != "z" {
				t.Errorf("%s: no example for {%s}", tab.lang, s)
			}
		}
	}
}

func TestEveryTableSaysEveryIntent(t *testing.T) {
	for _, tab := range tables(t) {
		has := map[Intent]bool{}
		for _, ph := range tab.phrases {
			has[ph.intent] = true
		}
		for _, in := range intents {
			if !has[in] {
				t.Errorf("%s: no phrase for %s", tab.lang, in)
			}
		}
	}
}
