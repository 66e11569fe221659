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
	pkgs := goList(t, "testdata/forbidden")
	if len(pkgs) != 4 {
		t.Fatalf("the fixture lists %d packages, want 4: %v", len(pkgs), pkgs)
	}
	table := map[string]rule{
		game:      {},
		modclient: {code: []string{protocol}},
		agent:     {code: []string{game}},
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
		game: {}, modclient: {code: []string{game}}, agent: {code: []string{game, modclient}},
		"beaweb/internal/newthing": {code: []string{game}},
	}); len(bad) != 0 {
		t.Errorf("a table that allows the fixture's imports still found: %v", bad)
	}
}
