package archtest

import (
	"slices"
	"strings"
	"testing"
)

// TestImportsFollowTheTable holds every package of the module to its exact
// row of importRules, its tests included.
func TestImportsFollowTheTable(t *testing.T) {
	for _, bad := range checkImports("beaweb", goList(t, "../.."), importRules) {
		t.Error(bad)
	}
}

// TestLibrariesStayInTheirPackages keeps each adapter's library inside the
// package named after it, so replacing one touches one package.
func TestLibrariesStayInTheirPackages(t *testing.T) {
	for _, bad := range checkLibraries(goList(t, "../..")) {
		t.Error(bad)
	}
}

// TestTheMindsCoreStaysPure: whatever the table says, the mind's core never
// depends, even through another package, on the store, the web or a library
// confined to an adapter.
func TestTheMindsCoreStaysPure(t *testing.T) {
	pkgs := goList(t, "../..")
	for _, d := range pkgs[agent].deps {
		for _, banned := range []string{store, web, modclient, practice, "gorm.io/", "github.com/labstack/echo"} {
			if d == banned || strings.HasPrefix(d, banned+"/") || (strings.HasSuffix(banned, "/") && strings.HasPrefix(d, banned)) {
				t.Errorf("the mind's core %s depends on %s", agent, d)
			}
		}
	}
}

// TestTheCheckCatchesAForbiddenImport runs the check on a fixture module in
// testdata/forbidden whose agent imports modclient, whose game/modclient sits
// under an allowed game (which a prefix match would wrongly pass), and which
// has a package the table does not know. Each must be caught, so a check
// that passes everything cannot go unnoticed.
func TestTheCheckCatchesAForbiddenImport(t *testing.T) {
	// The fixture's client sits under game on purpose, where the real one
	// sat before it got a room of its own.
	const nested = "beaweb/internal/game/modclient"
	pkgs := goList(t, "testdata/forbidden")
	if len(pkgs) != 4 {
		t.Fatalf("the fixture lists %d packages, want 4: %v", len(pkgs), pkgs)
	}
	table := map[string]rule{
		game:   {},
		nested: {code: []string{protocol}},
		agent:  {code: []string{game}},
	}
	got := checkImports("beaweb", pkgs, table)
	want := []string{
		"beaweb/internal/agent imports beaweb/internal/game/modclient",
		"beaweb/internal/game/modclient imports beaweb/internal/game;",
		"beaweb/internal/newthing has no rule",
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("the check missed %q; it said:\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(got) != len(want) {
		t.Errorf("the check said %d things, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	if bad := checkImports("beaweb", pkgs, map[string]rule{
		game: {}, nested: {code: []string{game}}, agent: {code: []string{game, nested}},
		"beaweb/internal/newthing": {code: []string{game}},
	}); len(bad) != 0 {
		t.Errorf("a table that allows the fixture's imports still found: %v", bad)
	}
}

// TestTheCheckCatchesALibraryOutOfPlace: a confined library imported by
// code that is not its home is caught, and so is one imported by the tests
// of a package that is neither its home nor one of its test homes; chromedp
// in web's tests passes, in web's code does not.
func TestTheCheckCatchesALibraryOutOfPlace(t *testing.T) {
	got := checkLibraries(map[string]listed{
		web:      {code: []string{"github.com/chromedp/chromedp"}, tests: []string{"github.com/chromedp/chromedp"}},
		agent:    {tests: []string{"github.com/chromedp/cdproto/page"}},
		browser:  {code: []string{"github.com/chromedp/chromedp"}},
		store:    {code: []string{"gorm.io/gorm"}},
		practice: {code: []string{"gorm.io/gorm"}},
	})
	want := []string{
		"beaweb/internal/practice imports gorm.io/gorm, which belongs only in [beaweb/internal/store]",
		"beaweb/web imports github.com/chromedp/chromedp, which belongs only in [beaweb/internal/browsertest]",
		"the tests of beaweb/internal/agent import github.com/chromedp/cdproto/page, which belongs only in [beaweb/internal/browsertest] and the tests of [beaweb/web beaweb/cmd/beaweb]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("the check said\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
