package request

import (
	"strings"
)

// resolved is what a slot's words name: an item id or family ("#log"),
// or a template; cost is the slip it took; id is "" for nothing known.
type resolved struct {
	id   string
	cost int
}

// idPlurals are the English plural endings of the book's ids: "torches"
// is torch, "berries" berry, "sticks" stick.
var idPlurals = [][2]string{{"ies", "y"}, {"es", ""}, {"s", ""}}

// resolve is what the k words from j name as an item or a template.
func (v *view) resolve(slot string, j, k int) resolved {
	key := [3]int{j, k, len(slot)} // item, block, template: lengths 4, 5, 8
	if r, ok := v.items[key]; ok {
		return r
	}
	low := make([]string, k)
	for i := range low {
		low[i] = v.ws[j+i].low
	}
	var r resolved
	// Only words that are none of the table's own are read with a slip.
	sure := false
	for i := j; i < j+k; i++ {
		sure = sure || !v.strange(i)
	}
	switch slot {
	case "template":
		r = v.template(low)
	case "block":
		r = v.block(low, sure)
	default:
		r = v.item(low, sure)
	}
	v.items[key] = r
	return r
}

// item is the item the words name: an alias of the table or an id of the
// book, plural or not, an article before it forgiven ("the", "some"), or
// the one a slip away.
func (v *view) item(low []string, exact bool) resolved {
	for len(low) > 1 && v.article(low[0]) {
		low = low[1:]
	}
	said := strings.Join(low, " ")
	for _, form := range singulars(said, v.t.plurals, idPlurals) {
		if a, ok := v.t.aliases[form]; ok {
			return resolved{id: a}
		}
		if id := strings.ReplaceAll(form, " ", "_"); v.r.p.items[id] {
			return resolved{id: id}
		}
	}
	if len(said) < 5 || exact {
		return resolved{}
	}
	for _, form := range singulars(said, v.t.plurals, idPlurals) {
		if r := v.near(form); r.id != "" {
			return r
		}
	}
	return resolved{}
}

func (v *view) article(w string) bool {
	for _, a := range v.t.articles {
		if a == w {
			return true
		}
	}
	return false
}

// costUnsure is what naming a block by an item costs: "get me 5 torches"
// is more likely a torch brought than a torch dug.
const costUnsure = 2

// block is what digging the block the words name gives her: what the
// table's "block:" lines say ("stone" gives cobblestone, "iron" raw iron),
// a slip forgiven; else the item the words name, less sure.
func (v *view) block(low []string, exact bool) resolved {
	for len(low) > 1 && v.article(low[0]) {
		low = low[1:]
	}
	said := strings.Join(low, " ")
	for _, form := range singulars(said, v.t.plurals, idPlurals) {
		if id, ok := v.t.blocks[form]; ok {
			return resolved{id: id}
		}
	}
	if len(said) >= 4 && !exact {
		var n nearest
		for words, id := range v.t.blocks {
			n.offer(words, id, said)
		}
		if r := n.answer(); r.id != "" {
			return r
		}
	}
	r := v.item(low, exact)
	if r.id != "" && !v.dug(r.id) {
		r.cost += costUnsure
	}
	return r
}

// dug reports whether an item is had by digging: what a block line of
// the table gives, or a log of any wood.
func (v *view) dug(id string) bool {
	for _, got := range v.t.blocks {
		if got == id {
			return true
		}
	}
	return strings.HasSuffix(id, "_log")
}

// template is the template the words name: one the table knows by words
// ("stone house"), or an id as written ("small_stone_house"), which the
// builder may not know.
func (v *view) template(low []string) resolved {
	for len(low) > 1 && v.article(low[0]) {
		low = low[1:]
	}
	said := strings.Join(low, " ")
	// Any table's words for a template, or its id in words: a template's
	// name in English is understood in a German or Spanish line.
	for _, o := range v.r.views {
		for words, id := range o.t.templates {
			if words == said || id == strings.ReplaceAll(said, " ", "_") {
				return resolved{id: id}
			}
		}
	}
	if len(low) == 1 && strings.Contains(said, "_") {
		return resolved{id: said}
	}
	if len(said) < 5 {
		return resolved{}
	}
	var n nearest
	for words, id := range v.t.templates {
		n.offer(words, id, said)
	}
	return n.answer()
}

// singulars are s and the singulars it may be the plural of, by the
// endings given (only the last word is plural in "iron ingots").
func singulars(s string, rules ...[][2]string) []string {
	out := []string{s}
	for _, rs := range rules {
		for _, r := range rs {
			if t, ok := strings.CutSuffix(s, r[0]); ok && t != "" {
				out = append(out, t+r[1])
			}
		}
	}
	return out
}

// near is the one alias of the table or id of the book a slip away from
// said ("cobblestne", "torchs"), by the slip budget of its length. Two
// as near as each other are no answer.
func (v *view) near(said string) resolved {
	var n nearest
	for name, id := range v.t.aliases {
		n.offer(name, id, said)
	}
	if r := n.answer(); r.id != "" || n.ties > 1 {
		return r
	}
	return v.r.nearID(said)
}

// nearID is the one id of the book a slip away from said, asked once a
// line whatever the table.
func (r *reading) nearID(said string) resolved {
	if got, ok := r.ids[said]; ok {
		return got
	}
	var n nearest
	for d := -2; d <= 2; d++ {
		for _, id := range r.p.byLen[len(said)+d] {
			n.offer(strings.ReplaceAll(id, "_", " "), id, said)
		}
	}
	r.ids[said] = n.answer()
	return r.ids[said]
}

// nearest keeps the names nearest to what was said.
type nearest struct {
	best       string
	cost, ties int
}

// offer weighs the name of id against said.
func (n *nearest) offer(name, id, said string) {
	c, ok := slip(name, said)
	switch {
	case !ok:
	case n.ties == 0 || c < n.cost:
		n.best, n.cost, n.ties = id, c, 1
	case c == n.cost && id != n.best:
		n.ties++
	}
}

// answer is the one nearest, or nothing when two are as near.
func (n *nearest) answer() resolved {
	if n.ties != 1 {
		return resolved{}
	}
	return resolved{id: n.best, cost: n.cost}
}
