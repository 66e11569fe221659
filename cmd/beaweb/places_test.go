package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/store"
)

func seedPlaces(t *testing.T, path string, world string, places ...game.Place) {
	t.Helper()
	s, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, p := range places {
		if _, err := s.RememberPlace(context.Background(), world, p); err != nil {
			t.Fatal(err)
		}
	}
}

func runPlacesTest(t *testing.T, db string, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut strings.Builder
	code = placesCommand(context.Background(), args, strings.NewReader(stdin), &out, &errOut, db)
	return code, out.String(), errOut.String()
}

func TestPlacesExportImport(t *testing.T) {
	dir := t.TempDir()
	from, to := filepath.Join(dir, "from.db"), filepath.Join(dir, "to.db")
	const server = "play.example.net:25565"
	seedPlaces(t, from, server,
		game.Place{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 1, Y: 64, Z: 2}},
		game.Place{Name: "portal", Dimension: "the_nether", Pos: game.Pos{X: 9, Y: 70, Z: -9}})

	file := filepath.Join(dir, "places.json")
	code, _, stderr := runPlacesTest(t, from, "", "export", file)
	if code != 0 || !strings.Contains(stderr, "exported 2 places of "+server) {
		t.Fatalf("export: %d, %s", code, stderr)
	}
	code, _, stderr = runPlacesTest(t, to, "", "import", file)
	if code != 0 || !strings.Contains(stderr, "imported 2 places into "+server) {
		t.Fatalf("import: %d, %s", code, stderr)
	}
	s, err := store.Open(context.Background(), to, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Place(context.Background(), server, "portal")
	s.Close()
	if err != nil || p.Pos != (game.Pos{X: 9, Y: 70, Z: -9}) || p.Dimension != "the_nether" {
		t.Fatalf("imported portal = %+v, %v", p, err)
	}

	// Standard output and standard input work as files.
	code, exported, _ := runPlacesTest(t, from, "", "export", "--world", server)
	if code != 0 || !strings.Contains(exported, `"portal"`) {
		t.Fatalf("export to stdout: %d, %s", code, exported)
	}
	third := filepath.Join(dir, "third.db")
	if code, _, stderr := runPlacesTest(t, third, exported, "import", "--world", server); code != 0 {
		t.Fatalf("import from stdin: %d, %s", code, stderr)
	}
}

func TestPlacesCommandRefuses(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bea.db")
	seedPlaces(t, db, "a:1", game.Place{Name: "home", Dimension: "overworld"})
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"world": "a:1", "places": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, []byte(`{"world": "b:2", "places": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "usage"},
		{[]string{"list"}, 2, "usage"},
		{[]string{"export", "a", "b"}, 2, "one FILE at most"},
		{[]string{"export", "--bogus"}, 2, "usage"},
		{[]string{"import", bad}, 1, "not valid JSON; nothing was changed"},
		{[]string{"import", "--world", "a:1", other}, 1, `the places of "b:2", not of "a:1"; nothing was changed`},
		{[]string{"import", filepath.Join(dir, "missing.json")}, 1, "no such file"},
	} {
		code, _, stderr := runPlacesTest(t, db, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.says) {
			t.Errorf("places %v: %d, %q; want %d and %q", tc.args, code, stderr, tc.code, tc.says)
		}
	}
	seedPlaces(t, db, "b:2", game.Place{Name: "farm", Dimension: "overworld"})
	code, _, stderr := runPlacesTest(t, db, "", "export")
	if code != 1 || !strings.Contains(stderr, "2 worlds; say which with --world: a:1, b:2") {
		t.Errorf("export with two worlds: %d, %s", code, stderr)
	}
	empty := filepath.Join(dir, "empty.db")
	if code, _, stderr := runPlacesTest(t, empty, "", "export"); code != 1 || !strings.Contains(stderr, "no world yet") {
		t.Errorf("export of an empty database: %d, %s", code, stderr)
	}
}
