package request

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// slots are the slot names a pattern may use.
var slots = map[string]bool{"player": true, "item": true, "block": true, "from": true, "count": true, "place": true, "name": true,
	"template": true, "x": true, "y": true, "z": true}

// token is one step of a phrase: a literal, any of whose word sequences
// may stand there ("give me", "gimme"), or a slot; an optional one may be
// left out.
type token struct {
	alts   [][]int       // word ids of the table
	first  map[int][]int // the alts (by index) each first word begins
	firsts []int         // those first words
	slot   string
	opt    bool
}

// phrase is one way of saying an intent: its words as the table wrote
// them, and the tokens the matcher walks.
type phrase struct {
	intent Intent
	words  []string
	toks   []token
	lits   int // the words its literals take at least
	most   int // the most words of a line it can take
}

// number is a count said in words: "a dozen", "zwanzig".
type number struct {
	words []string
	ids   []int
	n     int
}

// Table is a language's phrase table. It is read once and never changes,
// so any number of goroutines may parse with it.
type Table struct {
	lang     string
	phrases  []phrase
	fillers  [][]string
	fills    [][]token // the fillers, as tokens
	numbers  []number
	units    []number // "stacks of": a count of them is that many times n
	pronouns map[string]bool
	// recipients are the words that say a thing is for the speaker ("me",
	// "us", "mir", "tráeme"): "get me some stone" is gathered and handed
	// over, "go get some stone" kept.
	recipients map[string]bool
	aliases    map[string]string
	blocks     map[string]string // a block's words and what digging it gives
	templates  map[string]string
	same       [][][]string
	articles   []string
	plurals    [][2]string
	examples   map[string]string
	// words are the words the phrases, fillers, numbers and articles
	// use, by id; ids are their ids, and literal says whether a phrase
	// uses one (a player's name, an item is none of those).
	words   []string
	ids     map[string]int
	literal []bool
	byLen   [][]int  // the ids of the words of each length in bytes
	letters []uint32 // the letters of each word, as bits
}

// Read reads an English phrase table (see ReadLang).
func Read(text string) (*Table, error) { return ReadLang("en", text) }

// ReadLang reads the phrase table of a language (one of Languages). A
// line it cannot read is an error that names the line ("line 12: ..."),
// so a table with a slip never half-works.
func ReadLang(lang, text string) (*Table, error) {
	if !slices.Contains(languages, lang) {
		return nil, fmt.Errorf("%q is no language she speaks (%s)", lang, strings.Join(languages, ", "))
	}
	t := &Table{lang: lang, aliases: map[string]string{}, blocks: map[string]string{}, pronouns: map[string]bool{}, recipients: map[string]bool{}, templates: map[string]string{}, examples: map[string]string{},
		ids: map[string]int{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := t.readLine(line); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the phrase table: %w", err)
	}
	if len(t.phrases) == 0 {
		return nil, fmt.Errorf("the phrase table has no phrases")
	}
	t.compile()
	return t, nil
}

// Lang is the language the table is written in.
func (t *Table) Lang() string { return t.lang }

func (t *Table) readLine(line string) error {
	kind, rest, ok := strings.Cut(line, ":")
	if !ok {
		return fmt.Errorf("%q has no colon", line)
	}
	kind, rest = strings.TrimSpace(kind), strings.TrimSpace(rest)
	if rest == "" {
		return fmt.Errorf("%q says nothing after its colon", line)
	}
	switch kind {
	case "filler":
		t.fillers = append(t.fillers, words(rest))
	case "article":
		t.articles = append(t.articles, words(rest)...)
	case "number", "unit":
		w, v, ok := strings.Cut(rest, "=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil || n < 0 || len(words(w)) == 0 {
			return fmt.Errorf("%q is not \"%s: word = n\"", line, kind)
		}
		if kind == "unit" {
			t.units = append(t.units, number{words: words(w), n: n})
		} else {
			t.numbers = append(t.numbers, number{words: words(w), n: n})
		}
	case "pronoun":
		for _, w := range words(rest) {
			t.pronouns[w] = true
		}
	case "recipient":
		for _, w := range words(rest) {
			t.recipients[w] = true
		}
	case "alias", "block", "template", "example", "plural":
		return t.readPair(kind, rest, line)
	case "same":
		var class [][]string
		for _, m := range strings.Split(rest, "=") {
			if ws := words(m); len(ws) > 0 {
				class = append(class, ws)
			}
		}
		if len(class) < 2 {
			return fmt.Errorf("%q is not \"same: words = words\"", line)
		}
		t.same = append(t.same, class)
	default:
		return t.readPhrase(kind, rest)
	}
	return nil
}

// readPair reads a "kind: words = value" line.
func (t *Table) readPair(kind, rest, line string) error {
	w, v, ok := strings.Cut(rest, "=")
	key, val := strings.Join(words(w), " "), strings.TrimSpace(v)
	if kind == "plural" {
		if !ok {
			val = ""
		}
		if key == "" || strings.ContainsAny(key, " ") {
			return fmt.Errorf("%q is not \"plural: ending = singular ending\"", line)
		}
		t.plurals = append(t.plurals, [2]string{key, fold(val)})
		return nil
	}
	if !ok || key == "" || val == "" {
		return fmt.Errorf("%q is not \"%s: words = value\"", line, kind)
	}
	switch kind {
	case "alias":
		t.aliases[key] = val
	case "block":
		t.blocks[key] = val
	case "template":
		t.templates[key] = val
	case "example":
		s, isSlot := slotName(key)
		if !isSlot || !slots[s] {
			return fmt.Errorf("%q gives an example of no slot this program knows", line)
		}
		t.examples[s] = val
	}
	return nil
}

func (t *Table) readPhrase(kind, rest string) error {
	in := Intent(kind)
	if !known(in) {
		return fmt.Errorf("%q is no intent this program knows", kind)
	}
	ws := strings.Fields(strings.ToLower(rest))
	for _, w := range ws {
		if s, ok := slotName(strings.Trim(w, "[]")); ok && !slots[s] {
			return fmt.Errorf("{%s} is no slot this program knows", s)
		}
		if strings.HasPrefix(w, "[") != strings.HasSuffix(w, "]") {
			return fmt.Errorf("%q: an optional word is written [word]", w)
		}
	}
	t.phrases = append(t.phrases, phrase{intent: in, words: ws})
	return nil
}

// compile turns each phrase's and filler's words into tokens, a literal
// standing for every way of saying it the table's "same:" lines give, and
// lists the table's words.
func (t *Table) compile() {
	for i := range t.phrases {
		ph := &t.phrases[i]
		ph.toks, ph.lits = t.tokens(ph.words, true)
		for _, tok := range ph.toks {
			switch {
			case tok.slot == "count":
				ph.most += 3 // "a stack of"
			case tok.slot != "":
				ph.most += maxSlotWords
			default:
				longest := 0
				for _, a := range tok.alts {
					longest = max(longest, len(a))
				}
				ph.most += longest
			}
		}
	}
	for _, f := range t.fillers {
		toks, _ := t.tokens(f, false)
		t.fills = append(t.fills, toks)
	}
	for i := range t.numbers {
		t.numbers[i].ids = t.intern(t.numbers[i].words, false)
	}
	for i := range t.units {
		t.units[i].ids = t.intern(t.units[i].words, false)
	}
	t.intern(t.articles, false)
	for w := range t.pronouns {
		t.intern([]string{w}, false)
	}
}

// tokens are the tokens of a phrase's words, and how many words its
// literals take at least; literal marks their words as a phrase's own.
func (t *Table) tokens(ws []string, literal bool) ([]token, int) {
	var toks []token
	lits := 0
	for j := 0; j < len(ws); {
		w := ws[j]
		opt := len(w) > 2 && w[0] == '[' && w[len(w)-1] == ']'
		if opt {
			w = w[1 : len(w)-1]
		}
		if s, ok := slotName(w); ok {
			toks = append(toks, token{slot: s, opt: opt})
			j++
			continue
		}
		alts, n := t.alternatives(ws[j:])
		if opt {
			alts, _ = t.alternatives([]string{w})
			n = 1
		}
		tok := token{opt: opt, first: map[int][]int{}}
		for i, a := range alts {
			ids := t.intern(a, literal)
			tok.alts = append(tok.alts, ids)
			if tok.first[ids[0]] == nil {
				tok.firsts = append(tok.firsts, ids[0])
			}
			tok.first[ids[0]] = append(tok.first[ids[0]], i)
		}
		toks = append(toks, tok)
		if !opt {
			lits += len(alts[0])
		}
		j += n
	}
	return toks, lits
}

// intern gives each word its id, marking a phrase's own.
func (t *Table) intern(ws []string, literal bool) []int {
	out := make([]int, len(ws))
	for i, w := range ws {
		id, ok := t.ids[w]
		if !ok {
			id = len(t.words)
			t.ids[w] = id
			t.words = append(t.words, w)
			t.literal = append(t.literal, false)
			t.letters = append(t.letters, letters(w))
			for len(t.byLen) <= len(w) {
				t.byLen = append(t.byLen, nil)
			}
			t.byLen[len(w)] = append(t.byLen[len(w)], id)
		}
		t.literal[id] = t.literal[id] || literal
		out[i] = id
	}
	return out
}

// alternatives are the word sequences that may stand for the start of
// ws, by the longest "same:" class member it begins with, and how many of
// ws that member takes; a lone word when no class holds it. A plural of a
// member ("places", "spots") stands for the plurals of them all.
func (t *Table) alternatives(ws []string) ([][]string, int) {
	ws = foldAll(ws)
	var best [][]string
	n, ending := 0, ""
	for _, class := range t.same {
		for _, m := range class {
			if len(m) <= n || len(m) > len(ws) {
				continue
			}
			if slices.Equal(m, ws[:len(m)]) {
				best, n, ending = class, len(m), ""
			} else if e, ok := t.pluralOf(m, ws[:len(m)]); ok {
				best, n, ending = class, len(m), e
			}
		}
	}
	if best == nil {
		return [][]string{{ws[0]}}, 1
	}
	// The phrase's own words first, so its examples read as the table wrote them.
	alts := [][]string{ws[:n]}
	for _, m := range best {
		if ending != "" {
			m = append(slices.Clone(m[:len(m)-1]), m[len(m)-1]+ending)
		}
		for _, a := range t.spellings(m) {
			if !slices.ContainsFunc(alts, func(b []string) bool { return slices.Equal(a, b) }) {
				alts = append(alts, a)
			}
		}
	}
	return alts, n
}

// spellings are a class member of several words with each of its words
// said any way a class of single words says it ("do you have" is also
// "do u have"), and a run of its words any way a class says that run
// ("you are the best" is also "ur the best").
func (t *Table) spellings(m []string) [][]string {
	out := [][]string{m}
	if len(m) == 1 {
		return out
	}
	for i, w := range m {
		same := t.sameWord(w)
		var grown [][]string
		for _, o := range out {
			for _, s := range same {
				g := slices.Clone(o)
				g[i] = s
				grown = append(grown, g)
			}
		}
		out = grown
	}
	for _, class := range t.same {
		for _, run := range class {
			if len(run) >= len(m) {
				continue
			}
			for i := 0; i+len(run) <= len(m); i++ {
				if !slices.Equal(m[i:i+len(run)], run) {
					continue
				}
				for _, other := range class {
					// One word for another is done above: here runs and phrases.
					if !slices.Equal(other, run) && (len(run) > 1 || len(other) > 1) {
						out = append(out, slices.Concat(m[:i], other, m[i+len(run):]))
					}
				}
			}
		}
	}
	return out
}

// sameWord are w and the single words a class says means the same.
func (t *Table) sameWord(w string) []string {
	out := []string{w}
	for _, class := range t.same {
		for _, m := range class {
			if len(m) != 1 {
				continue
			}
			ending, ok := "", m[0] == w
			if !ok {
				ending, ok = t.pluralOf(m, []string{w}) // "spots" for "places"
			}
			if !ok {
				continue
			}
			for _, o := range class {
				if len(o) == 1 && o[0]+ending != w {
					out = append(out, o[0]+ending)
				}
			}
			break
		}
	}
	return out
}

// pluralOf reports whether ws are the words m with the last one given a
// plural ending of the table that adds to the word ("place", "places"),
// and the ending.
func (t *Table) pluralOf(m, ws []string) (string, bool) {
	last := len(m) - 1
	if !slices.Equal(m[:last], ws[:last]) {
		return "", false
	}
	for _, p := range t.plurals {
		if p[1] == "" && ws[last] == m[last]+p[0] {
			return p[0], true
		}
	}
	return "", false
}

// slotName is the name inside a slot word such as "{item}".
func slotName(w string) (string, bool) {
	if len(w) > 2 && w[0] == '{' && w[len(w)-1] == '}' {
		return w[1 : len(w)-1], true
	}
	return "", false
}

// words are the folded words of a table's filler, count word, alias or
// class member.
func words(s string) []string { return foldAll(strings.Fields(s)) }

func foldAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = fold(w)
	}
	return out
}
