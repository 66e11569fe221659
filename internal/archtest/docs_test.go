package archtest

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// docPath is the page whose tables must be archtest's.
const docPath = "../../docs/architecture.md"

// docTables is what docs/architecture.md says of the imports: a rule per
// package, the packages every one may import, and a rule per library.
type docTables struct {
	rules      map[string]rule
	everywhere []string
	libraries  map[string]rule // code: its homes, tests: its test homes
}

var backtickedName = regexp.MustCompile("`([^`]+)`")

// readDocTables reads the tables of the page's "Who may import whom":
// rows of | names | code | tests |, a package named by its path in the
// module with internal/ left out. It answers a sentence for every row or
// name it cannot read.
func readDocTables(page string) (docTables, []string) {
	doc := docTables{rules: map[string]rule{}, libraries: map[string]rule{}}
	var bad []string
	resolve := func(name string) (string, bool) {
		for _, p := range []string{"beaweb/internal/" + name, "beaweb/" + name} {
			if _, ok := importRules[p]; ok {
				return p, true
			}
		}
		bad = append(bad, fmt.Sprintf("%s names %q, which is no package of the module", docPath, name))
		return "", false
	}
	names := func(cell string, pkgs bool) []string {
		var out []string
		for _, m := range backtickedName.FindAllStringSubmatch(cell, -1) {
			if !pkgs {
				out = append(out, m[1])
			} else if p, ok := resolve(m[1]); ok {
				out = append(out, p)
			}
		}
		if rest := strings.TrimSpace(strings.Trim(backtickedName.ReplaceAllString(cell, ""), ", ")); rest != "" && rest != "nothing" {
			bad = append(bad, fmt.Sprintf("%s: a cell says %q, which is neither names in backquotes nor \"nothing\"", docPath, cell))
		}
		return out
	}
	_, section, found := strings.Cut(page, "\n## Who may import whom\n")
	if !found {
		return doc, []string{docPath + " has no section \"## Who may import whom\""}
	}
	section, _, _ = strings.Cut(section, "\n## ")
	table := ""
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "|") {
			table = ""
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		switch {
		case table == "":
			table = strings.TrimSpace(cells[0]) // the header
			continue
		case strings.HasPrefix(cells[0], "---"):
			continue
		case len(cells) != 3:
			bad = append(bad, fmt.Sprintf("%s: a row has %d cells, want 3: %s", docPath, len(cells), line))
			continue
		}
		switch table {
		case "package":
			r := rule{code: names(cells[1], true), tests: names(cells[2], true)}
			for _, p := range names(cells[0], true) {
				if _, twice := doc.rules[p]; twice {
					bad = append(bad, fmt.Sprintf("%s has two rows for %s", docPath, p))
				}
				doc.rules[p] = r
			}
		case "library":
			r := rule{code: names(cells[1], true), tests: names(cells[2], true)}
			for _, lib := range names(cells[0], false) {
				doc.libraries[lib] = r
			}
		default:
			bad = append(bad, fmt.Sprintf("%s: a table headed %q is neither of packages nor of libraries", docPath, table))
		}
	}
	for _, line := range strings.Split(section, "\n") {
		if rest, ok := strings.CutPrefix(line, "Every package may import:"); ok {
			for _, m := range backtickedName.FindAllStringSubmatch(rest, -1) {
				if p, ok := resolve(m[1]); ok {
					doc.everywhere = append(doc.everywhere, p)
				}
			}
		}
	}
	return doc, bad
}

// compareDocTables answers a sentence for every way doc differs from
// archtest's own tables.
func compareDocTables(doc docTables, rules map[string]rule, everywhereToo []string, libs map[string]rule) []string {
	var bad []string
	same := func(a, b []string) bool {
		return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
	}
	short := func(l []string) string {
		out := make([]string, len(l))
		for i, p := range l {
			out[i] = strings.TrimPrefix(strings.TrimPrefix(p, "beaweb/"), "internal/")
		}
		slices.Sort(out)
		return "[" + strings.Join(out, " ") + "]"
	}
	for pkg, want := range rules {
		got, ok := doc.rules[pkg]
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s has no row for %s", docPath, pkg))
		case !same(got.code, want.code):
			bad = append(bad, fmt.Sprintf("%s lets the code of %s import %s, archtest %s", docPath, pkg, short(got.code), short(want.code)))
		case !same(got.tests, want.tests):
			bad = append(bad, fmt.Sprintf("%s lets the tests of %s import %s besides, archtest %s", docPath, pkg, short(got.tests), short(want.tests)))
		}
	}
	for pkg := range doc.rules {
		if _, ok := rules[pkg]; !ok {
			bad = append(bad, fmt.Sprintf("%s has a row for %s, archtest none", docPath, pkg))
		}
	}
	if !same(doc.everywhere, everywhereToo) {
		bad = append(bad, fmt.Sprintf("%s says every package may import %s, archtest %s", docPath, short(doc.everywhere), short(everywhereToo)))
	}
	for lib, want := range libs {
		got, ok := doc.libraries[lib]
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s has no row for the library %s", docPath, lib))
		case !same(got.code, want.code) || !same(got.tests, want.tests):
			bad = append(bad, fmt.Sprintf("%s confines %s to %s and the tests of %s, archtest to %s and the tests of %s",
				docPath, lib, short(got.code), short(got.tests), short(want.code), short(want.tests)))
		}
	}
	for lib := range doc.libraries {
		if _, ok := libs[lib]; !ok {
			bad = append(bad, fmt.Sprintf("%s confines the library %s, archtest does not", docPath, lib))
		}
	}
	sort.Strings(bad)
	return bad
}

// confinedRules is confined as compareDocTables reads it.
func confinedRules() map[string]rule {
	out := map[string]rule{}
	for _, c := range confined {
		out[c.lib] = rule{code: c.homes, tests: c.testHomes}
	}
	return out
}

// TestDocsTableIsTheRules holds docs/architecture.md's tables of imports
// to archtest's, row by row, test-only imports and libraries included, so
// the page a person reads is the rule the build keeps.
func TestDocsTableIsTheRules(t *testing.T) {
	page, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc, bad := readDocTables(string(page))
	bad = append(bad, compareDocTables(doc, importRules, everywhere, confinedRules())...)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestTheDocsCheckCatchesADifference: a page that lacks a row, lets a
// package import one more, forgets a test-only import, names a package
// that does not exist, and confines a library differently is caught on
// each count.
func TestTheDocsCheckCatchesADifference(t *testing.T) {
	page, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, edit := range [][2]string{
		{"| `agent/request` | `game` | |\n", ""},
		{"| `planner/script` | `game` | |", "| `planner/script` | `game`, `lockstep` | |"},
		{"| `modclient` | `game/protocol`, `lockstep` | `gametest`, `logtest` |", "| `modclient` | `game/protocol`, `lockstep` | `logtest` |"},
		{"| `fault` | nothing | |", "| `fault`, `game/nowhere` | nothing | |"},
		{"| `github.com/chromedp` | `browsertest` | `web`, `cmd/beaweb` |", "| `github.com/chromedp` | `browsertest`, `web` | `cmd/beaweb` |"},
	} {
		if !strings.Contains(s, edit[0]) {
			t.Fatalf("the page no longer has %q; update this test", edit[0])
		}
		s = strings.Replace(s, edit[0], edit[1], 1)
	}
	doc, bad := readDocTables(s)
	bad = append(bad, compareDocTables(doc, importRules, everywhere, confinedRules())...)
	want := []string{
		docPath + " names \"game/nowhere\", which is no package of the module",
		docPath + " confines github.com/chromedp to [browsertest web] and the tests of [cmd/beaweb], archtest to [browsertest] and the tests of [cmd/beaweb web]",
		docPath + " has no row for beaweb/internal/agent/request",
		docPath + " lets the code of beaweb/internal/planner/script import [game lockstep], archtest [game]",
		docPath + " lets the tests of beaweb/internal/modclient import [logtest] besides, archtest [gametest logtest]",
	}
	slices.Sort(want)
	slices.Sort(bad)
	if !slices.Equal(bad, want) {
		t.Errorf("the check said\n%s\nwant\n%s", strings.Join(bad, "\n"), strings.Join(want, "\n"))
	}
}
