package request

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// The floors of TestHeldApartLines, just under what the parser reaches:
// a change that loses lines fails it.
const (
	floorIntent = 0.96 // rows read as their intent
	floorSlots  = 0.95 // rows read as their intent with every given slot
	// mostActedOn is how many rows of intent none may be read as
	// something she would do: "wait for me alex" is said to Alex, and a
	// name at a line's end is too like a word the tables do not know.
	mostActedOn = 1
)

// row is a row of testdata/requests/dev.tsv (its README says how it was
// written): who said a line, in which language, what it asks for and the
// slots it gives.
type row struct {
	who, lang, line string
	intent          Intent
	slots           map[string]string
}

func readRows(t *testing.T, path string) []row {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []row
	for n, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		f := strings.Split(l, "\t")
		if n == 0 {
			continue // the header
		}
		if len(f) != 5 {
			t.Fatalf("%s:%d: %d columns, want 5", path, n+1, len(f))
		}
		r := row{who: f[0], lang: f[1], line: f[2], intent: Intent(f[3]), slots: map[string]string{}}
		for _, kv := range strings.Fields(f[4]) {
			k, v, _ := strings.Cut(kv, "=")
			r.slots[k] = v
		}
		out = append(out, r)
	}
	return out
}

// TestHeldApartLines reads every line of the held-apart table, written
// by another hand that never saw the phrase tables, and reports each
// miss: the intent, or a slot the row gives read otherwise. A row of
// intent none must not be read as anything she would act on.
func TestHeldApartLines(t *testing.T) {
	p := bookParser(t)
	rows := readRows(t, "../../../testdata/requests/dev.tsv")
	byLang, byIntent := map[string]*tally{}, map[Intent]*tally{}
	var all tally
	var misses []string
	actedOn := 0
	for _, r := range rows {
		got, ok := p.Parse(r.line, "Bea")
		intentRight := r.intent == "none" && (!ok || got.Intent.SmallTalk() || got.Intent.Question()) ||
			ok && got.Intent == r.intent
		wrong := slotsWrong(r, got)
		if r.intent == "none" && !intentRight {
			actedOn++
		}
		for _, tl := range []*tally{&all, at(byLang, r.lang), at(byIntent, r.intent)} {
			tl.rows++
			if intentRight {
				tl.intent++
				if len(wrong) == 0 {
					tl.slots++
				}
			}
		}
		switch {
		case !intentRight && !ok:
			misses = append(misses, fmt.Sprintf("%s %q: not understood, want %s", r.lang, r.line, r.intent))
		case !intentRight:
			misses = append(misses, fmt.Sprintf("%s %q: read as %s, want %s", r.lang, r.line, show(got), r.intent))
		case len(wrong) > 0:
			misses = append(misses, fmt.Sprintf("%s %q: %s", r.lang, r.line, strings.Join(wrong, ", ")))
		}
	}
	share := func(n, of int) float64 { return float64(n) / float64(max(of, 1)) }
	t.Logf("%d rows: intent right %.1f%%, slots right %.1f%%", all.rows, 100*share(all.intent, all.rows), 100*share(all.slots, all.rows))
	for _, k := range sorted(byLang) {
		tl := byLang[k]
		t.Logf("  %s: %d rows, intent %.1f%%, slots %.1f%%", k, tl.rows, 100*share(tl.intent, tl.rows), 100*share(tl.slots, tl.rows))
	}
	for _, k := range sorted(byIntent) {
		tl := byIntent[k]
		t.Logf("  %-9s %3d rows, intent %5.1f%%, slots %5.1f%%", k, tl.rows, 100*share(tl.intent, tl.rows), 100*share(tl.slots, tl.rows))
	}
	for _, m := range misses {
		t.Log("miss: " + m)
	}
	if actedOn > mostActedOn {
		t.Errorf("%d lines that ask her nothing read as something to do, at most %d", actedOn, mostActedOn)
	}
	if share(all.intent, all.rows) < floorIntent || share(all.slots, all.rows) < floorSlots {
		t.Errorf("intent right %.1f%% (floor %.0f%%), slots right %.1f%% (floor %.0f%%)",
			100*share(all.intent, all.rows), 100*floorIntent, 100*share(all.slots, all.rows), 100*floorSlots)
	}
}

// slotsWrong are the row's slots the request reads otherwise, said.
//
// A gather row's for=me says the line asks for the things to be handed
// over; a gather row without it is kept by her, and read so.
func slotsWrong(r row, got Request) []string {
	var out []string
	if _, said := r.slots["for"]; r.intent == Gather && !said && got.Intent == Gather && got.HandOver {
		out = append(out, `for is "me", want "" (she keeps it)`)
	}
	for k, want := range r.slots {
		have := slot(got, k)
		if k == "place" {
			have = placeName(have)
		}
		if have != want {
			out = append(out, fmt.Sprintf("%s is %q, want %q", k, have, want))
		}
	}
	sort.Strings(out)
	return out
}

// placeName is a place as the table writes it: lowercase, spaces as "_",
// without the article ("the Tree Farm" is tree_farm).
func placeName(s string) string {
	ws := strings.Fields(strings.ToLower(s))
	if len(ws) > 1 {
		switch ws[0] {
		case "the", "my", "our", "der", "die", "das", "den", "dem", "la", "el", "los", "las", "mi":
			ws = ws[1:]
		}
	}
	return strings.Join(ws, "_")
}

// tally counts rows, and those read right.
type tally struct{ rows, intent, slots int }

func at[K comparable](m map[K]*tally, k K) *tally {
	if m[k] == nil {
		m[k] = &tally{}
	}
	return m[k]
}

func sorted[K ~string, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
