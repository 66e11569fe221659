// Package request understands what a player asks of her in plain words,
// without a language model: "Bea, come here", "give me 3 sticks please",
// "how many cobble do you have?". The phrases live in a table (a text file
// per language, data/requests/en.txt), so another language is data, not
// code. A parsed line is a Request value with its facts as fields; what she
// does about it is the autopilot's business.
package request

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Intent is what a line asks for.
type Intent string

// The intents of the phrase table. A table line naming another is refused
// when the table is read.
const (
	Help      Intent = "help"
	Stop      Intent = "stop"
	Come      Intent = "come"
	Follow    Intent = "follow"
	Home      Intent = "home"
	GoTo      Intent = "goto"
	Remember  Intent = "remember"
	Give      Intent = "give"
	Bring     Intent = "bring"
	Craft     Intent = "craft"
	Shelter   Intent = "shelter"
	Build     Intent = "build"
	Doing     Intent = "doing"
	Why       Intent = "why"
	Where     Intent = "where"
	Inventory Intent = "inventory"
	HowMany   Intent = "howmany"
	// Gather asks her to dig, chop or mine N of a block or its drop for
	// the speaker ("get me 10 cobblestone", "dig some dirt").
	Gather Intent = "gather"
	// Forget asks her to forget a named place.
	Forget Intent = "forget"
	// Places asks which places she knows.
	Places Intent = "places"
	// WhereIs asks where another player is.
	WhereIs Intent = "whereis"
	// The small talk: answered in her voice, nothing for her hands.
	Hello     Intent = "hello"
	Thanks    Intent = "thanks"
	Bye       Intent = "bye"
	HowAreYou Intent = "howareyou"
	Insult    Intent = "insult"
	Praise    Intent = "praise"
)

// intents are the intents a table may name.
var intents = []Intent{Help, Stop, Come, Follow, Home, GoTo, Remember, Forget, Places, Give, Bring, Gather, Craft,
	Shelter, Build, Doing, Why, Where, WhereIs, Inventory, HowMany, Hello, Thanks, Bye, HowAreYou, Insult, Praise}

// Question reports whether the intent is answered in words alone, with
// nothing for her hands to do.
func (i Intent) Question() bool {
	switch i {
	case Help, Doing, Why, Where, WhereIs, Places, Inventory, HowMany:
		return true
	}
	return false
}

// slots are the slot names a pattern may use.
var slots = map[string]bool{"player": true, "item": true, "count": true, "place": true, "name": true,
	"template": true, "x": true, "y": true, "z": true}

// SmallTalk reports whether the intent is small talk: a hello, thanks, a
// goodbye, "how are you", an insult or praise.
func (i Intent) SmallTalk() bool {
	switch i {
	case Hello, Thanks, Bye, HowAreYou, Insult, Praise:
		return true
	}
	return false
}

// phrase is one way of saying an intent: its words, slots in braces.
type phrase struct {
	intent Intent
	words  []string
}

// Table is a language's phrase table. It is read once and never changes,
// so any number of goroutines may parse with it.
type Table struct {
	phrases []phrase
	fillers [][]string
	numbers map[string]int // a count word or words (joined by spaces) and its number
	aliases map[string]string
}

// Read reads a phrase table. A line it cannot read is an error that names
// the line, so a table with a slip never half-works.
func Read(text string) (*Table, error) {
	t := &Table{numbers: map[string]int{}, aliases: map[string]string{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := t.readLine(line); err != nil {
			return nil, fmt.Errorf("request: line %d of the phrase table: %w", n, err)
		}
	}
	if len(t.phrases) == 0 {
		return nil, fmt.Errorf("request: the phrase table has no phrases")
	}
	return t, nil
}

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
	case "number":
		w, v, ok := strings.Cut(rest, "=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil || n < 0 {
			return fmt.Errorf("%q is not \"number: word = n\"", line)
		}
		t.numbers[strings.Join(words(w), " ")] = n
	case "alias":
		w, v, ok := strings.Cut(rest, "=")
		if !ok || strings.TrimSpace(v) == "" {
			return fmt.Errorf("%q is not \"alias: word = item\"", line)
		}
		t.aliases[strings.Join(words(w), " ")] = strings.TrimSpace(v)
	default:
		in := Intent(kind)
		if !known(in) {
			return fmt.Errorf("%q is no intent this program knows", kind)
		}
		ws := strings.Fields(strings.ToLower(rest))
		for _, w := range ws {
			if s, ok := slotName(w); ok && !slots[s] {
				return fmt.Errorf("{%s} is no slot this program knows", s)
			}
		}
		t.phrases = append(t.phrases, phrase{intent: in, words: ws})
	}
	return nil
}

func known(in Intent) bool {
	for _, k := range intents {
		if k == in {
			return true
		}
	}
	return false
}

// slotName is the name inside a slot word such as "{item}".
func slotName(w string) (string, bool) {
	if len(w) > 2 && w[0] == '{' && w[len(w)-1] == '}' {
		return w[1 : len(w)-1], true
	}
	return "", false
}

// Examples are the ways of saying each intent the table knows, one each, in
// the table's order: what she offers a player who asks for help.
func (t *Table) Examples() []string {
	seen := map[Intent]bool{}
	var out []string
	for _, p := range t.phrases {
		if seen[p.intent] || p.intent == Help {
			continue
		}
		seen[p.intent] = true
		ex := make([]string, len(p.words))
		for i, w := range p.words {
			ex[i] = example(w)
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

// words are the lowered words of a table's filler, count word or alias.
func words(s string) []string { return strings.Fields(strings.ToLower(s)) }
