package bench

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// lineRow is a row of a table of player lines (testdata/requests/README.md
// gives the format): who says it, in which language, the line as typed,
// what it asks for and the slots it gives.
type lineRow struct {
	who, lang, line, intent string
	slots                   map[string]string
}

// lineIntents are the intents a row may ask for.
var lineIntents = []string{"help", "stop", "come", "follow", "home", "goto", "remember", "forget", "places", "give",
	"bring", "gather", "craft", "shelter", "build", "doing", "why", "where", "whereis", "inventory", "howmany",
	"hello", "thanks", "bye", "howareyou", "insult", "praise", "none"}

// categories are the families of intents the bench reports a share for.
var categories = []struct {
	name    string
	intents []string
}{
	{"people (come, follow, stop)", []string{"come", "follow", "stop"}},
	{"places", []string{"home", "goto", "remember", "forget", "places"}},
	{"items (give, bring, gather, craft)", []string{"give", "bring", "gather", "craft"}},
	{"building (shelter, build)", []string{"shelter", "build"}},
	{"questions", []string{"help", "doing", "why", "where", "whereis", "inventory", "howmany"}},
	{"small talk", []string{"hello", "thanks", "bye", "howareyou", "insult", "praise"}},
	{"not to her (none)", []string{"none"}},
}

// category is the family of an intent.
func category(intent string) string {
	for _, c := range categories {
		if slices.Contains(c.intents, intent) {
			return c.name
		}
	}
	return "other"
}

// readLineRows reads a table of player lines: tab-separated, a header row
// first, five columns. A row it cannot play is an error naming its line.
func readLineRows(path string) ([]lineRow, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the table of lines: %w", err)
	}
	var out []lineRow
	for n, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if n == 0 || strings.TrimSpace(l) == "" {
			continue // the header
		}
		f := strings.Split(l, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("%s, line %d: %d columns, want 5 (who, lang, line, intent, slots) separated by tabs", path, n+1, len(f))
		}
		r := lineRow{who: f[0], lang: f[1], line: f[2], intent: f[3], slots: map[string]string{}}
		switch {
		case r.who != "Alex" && r.who != "Steve" && r.who != "dashboard":
			return nil, fmt.Errorf("%s, line %d: %q says it; the bench's speakers are Alex, Steve and dashboard", path, n+1, r.who)
		case !slices.Contains(lineIntents, r.intent):
			return nil, fmt.Errorf("%s, line %d: %q is no intent the bench judges (%s)", path, n+1, r.intent, strings.Join(lineIntents, ", "))
		case strings.TrimSpace(r.line) == "":
			return nil, fmt.Errorf("%s, line %d: the line is empty", path, n+1)
		}
		for _, kv := range strings.Fields(f[4]) {
			k, v, _ := strings.Cut(kv, "=")
			r.slots[k] = v
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s has no rows", path)
	}
	return out, nil
}

// window is how long, in game seconds, a row has to be served before it
// counts as not served: an answer, a walk, an errand that gathers or
// makes, a building.
func (r lineRow) window() float64 {
	switch r.intent {
	case "stop", "none":
		return 8
	case "follow":
		return 30
	case "come", "give":
		return 60
	case "home", "goto":
		return 120
	case "craft":
		return 180
	case "bring", "gather":
		return 420
	case "shelter", "build":
		return 900
	}
	return 15
}

// itemMatches reports whether the item a player got is the row's item: the
// same id, one of its family ("#log": any log), or any when the row names
// none.
func itemMatches(want, got string) bool {
	fam, ok := strings.CutPrefix(want, "#")
	switch {
	case want == "":
		return true
	case !ok:
		return got == want
	case fam == "food":
		return true
	case fam == "log":
		return strings.HasSuffix(got, "_log") || strings.HasSuffix(got, "_stem")
	}
	return strings.HasSuffix(got, "_"+fam)
}

// fallback reports whether a line of hers is the answer to a line she did
// not understand.
func fallback(s string) bool {
	for _, w := range []string{"I didn't get that", "Did you mean", "Meintest du", "Quisiste decir"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// promised reports whether a line of hers takes something on.
func promised(s string) bool {
	for _, w := range []string{"Coming", "On my way", "Heading", "Following", "Bringing", "I'll ", "Crafting", "Okay, I'll stay", "Building", "Got it: I'll remember"} {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}
