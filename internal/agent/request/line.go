package request

import (
	"math/bits"
	"strconv"
	"strings"
)

// hit is a table word a line's word may be read as, and what the slip
// costs.
type hit struct {
	word int
	cost int
}

// view is a line as one table sees it: which of its words each word may
// be, which words are free (her name, a filler: taken or left anywhere at
// no cost), and the counts that start at each word. It lives for one
// Parse.
type view struct {
	r       *reading
	t       *Table
	ws      []word
	hits    [][]hit
	present []bool
	free    []bool
	taken   []bool // the small talk's words: free, and no request's
	nums    [][]count
	items   map[[3]int]resolved
}

// count is a count read from a line: its number and the words it took.
type count struct{ n, words int }

// reading is a line being read, by every table.
type reading struct {
	p     *Parser
	ws    []word
	her   string
	ids   map[string]resolved // the book's ids near what was said
	buf   []cand              // the matcher's grid, used phrase after phrase
	views []*view             // the line as each table sees it
	named bool                // her name is in the line
}

// grid is a grid of n cands, none of them ok.
func (r *reading) grid(n int) []cand {
	if cap(r.buf) < n {
		r.buf = make([]cand, n)
	}
	g := r.buf[:n]
	for i := range g {
		g[i].ok = false // cheaper than clearing each cand whole
	}
	return g
}

// read splits a line said to her, whose name is her, and lets every table
// view it.
func (p *Parser) read(line, her string) (*reading, []*view) {
	r := &reading{p: p, ws: split(line), her: fold(strings.TrimSpace(her)), ids: map[string]resolved{}}
	if len(r.ws) == 0 {
		return r, nil
	}
	r.views = make([]*view, len(p.tables))
	for i, t := range p.tables {
		r.views[i] = r.view(t)
	}
	return r, r.views
}

func (r *reading) view(t *Table) *view {
	ws, her := r.ws, r.her
	v := &view{r: r, t: t, ws: ws, hits: make([][]hit, len(ws)), present: make([]bool, len(t.words)),
		free: make([]bool, len(ws)), taken: make([]bool, len(ws)), nums: make([][]count, len(ws)), items: map[[3]int]resolved{}}
	for j, w := range ws {
		v.hits[j] = t.hits(w.low)
		for _, h := range v.hits[j] {
			v.present[h.word] = true
		}
		if her != "" && isHer(her, w.low) {
			v.free[j], r.named = true, true
		}
		// A word said again at once is said once: "stop stop stop".
		if j > 0 && w.low == ws[j-1].low {
			v.free[j] = true
		}
	}
	for j := range ws {
		for _, f := range t.fills {
			if end, ok := v.tokensAt(f, j, costHeld); ok {
				for k := j; k < end; k++ {
					v.free[k] = true
				}
			}
		}
	}
	for j := range ws {
		v.nums[j] = v.counts(j)
	}
	return v
}

// article reports whether word j is an article of any table.
func (r *reading) article(j int) bool {
	for _, v := range r.views {
		if v.article(r.ws[j].low) {
			return true
		}
	}
	return false
}

// nameLike reports whether word j of the line may be a player's name by
// every table: none of their words, no number, pronoun or item.
func (r *reading) nameLike(j int) bool {
	for _, v := range r.views {
		if !v.name(j) {
			return false
		}
	}
	return true
}

// isHer reports whether a word is her name, "@" and a slip forgiven.
func isHer(her, w string) bool {
	_, ok := slip(her, strings.TrimPrefix(w, "@"))
	return ok && len(w) > 1
}

// hits are the table words w may be read as: itself when the table has
// it, else every word within a slip of it.
func (t *Table) hits(w string) []hit {
	if id, ok := t.ids[w]; ok {
		return []hit{{id, 0}}
	}
	var out []hit
	has := letters(w)
	// A slip adds or drops at most two letters (budget's most, 2 edits),
	// and each letter one word has and the other not costs a step at least.
	for n := max(len(w)-2, 0); n <= len(w)+2 && n < len(t.byLen); n++ {
		for _, id := range t.byLen[n] {
			if bits.OnesCount32(has^t.letters[id]) > budget(n) {
				continue
			}
			if c, ok := slip(t.words[id], w); ok {
				out = append(out, hit{id, c})
			}
		}
	}
	return out
}

// cost is what reading the line's word j as the table's word w costs.
func (v *view) cost(j int, w int) (int, bool) {
	for _, h := range v.hits[j] {
		if h.word == w {
			return h.cost, true
		}
	}
	return 0, false
}

// tokensAt reports whether the literal tokens stand in the line from
// word j, no word slipping more than most, and where they end. A filler
// is read with no slip but a held letter: "dust" is no "just", "un pico"
// no "un poco".
func (v *view) tokensAt(toks []token, j, most int) (int, bool) {
	for _, tok := range toks {
		end := -1
		v.altsAt(&tok, j, func(alt []int, to, c int) {
			if end < 0 && c <= most*len(alt) {
				end = to
			}
		})
		if end < 0 {
			return 0, false
		}
		j = end
	}
	return j, true
}

// altsAt calls f with each way of saying tok that stands in the line from
// word j, where it ends and its slip's cost.
func (v *view) altsAt(tok *token, j int, f func(alt []int, end, cost int)) {
	if j >= len(v.ws) {
		return
	}
	for _, h := range v.hits[j] {
		for _, i := range tok.first[h.word] {
			if end, c, ok := v.seqAt(tok.alts[i], j); ok {
				f(tok.alts[i], end, c)
			}
		}
	}
}

// seq reports whether the table words ws stand in the line from word j.
func (v *view) seq(ws []int, j int) bool {
	_, _, ok := v.seqAt(ws, j)
	return ok
}

// seqAt reports whether the table words ws stand in the line from word
// j, free words between them left ("lauf mal zur"), where they end and
// what their slips cost. The small talk's words stand for no request.
func (v *view) seqAt(ws []int, j int) (end, cost int, ok bool) {
	for k, w := range ws {
		for k > 0 && j < len(v.ws) && v.free[j] && !v.taken[j] {
			if _, here := v.cost(j, w); here {
				break
			}
			j++
		}
		if j >= len(v.ws) || v.taken[j] {
			return 0, 0, false
		}
		c, ok := v.cost(j, w)
		if !ok {
			return 0, 0, false
		}
		cost += c
		j++
	}
	return j, cost, true
}

// maxCount is the most a count may be: a larger number is no count.
const maxCount = 100000

// counts are the ways the line from word j can be read as a count:
// digits ("5", "5x", "x5"), the table's words ("a dozen"), tens and units
// ("twenty five"), and any of them times a unit ("two stacks of").
func (v *view) counts(j int) []count {
	var out []count
	s := strings.TrimSuffix(strings.TrimPrefix(v.ws[j].low, "x"), "x")
	if n, err := strconv.Atoi(s); err == nil && n > 0 && n <= maxCount && s == strings.TrimLeft(s, "+-") {
		out = append(out, count{n, 1})
	}
	for _, nb := range v.t.numbers {
		end, _, ok := v.seqAt(nb.ids, j)
		if !ok {
			continue
		}
		out = append(out, count{nb.n, end - j})
		if nb.n < 20 || nb.n > 90 || nb.n%10 != 0 {
			continue
		}
		for _, u := range v.t.numbers {
			if to, _, ok := v.seqAt(u.ids, end); ok && u.n >= 1 && u.n <= 9 && len(u.words) == 1 {
				out = append(out, count{nb.n + u.n, to - j})
			}
		}
	}
	for _, c := range out {
		for _, u := range v.t.units {
			if to, _, ok := v.seqAt(u.ids, j+c.words); ok && c.n > 0 && c.n*u.n <= maxCount {
				out = append(out, count{c.n * u.n, to - j})
			}
		}
	}
	return out
}
