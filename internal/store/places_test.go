package store

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

const world = "play.example.net:25565"

func TestRememberPlace(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()

	prev, err := s.RememberPlace(ctx, world, game.Place{Name: "  Home ", Dimension: "overworld", Pos: game.Pos{X: 10, Y: 64, Z: -3}, Note: "the hut"})
	if err != nil || prev != nil {
		t.Fatalf("first remember: %v, %v", prev, err)
	}
	got, err := s.Place(ctx, world, "home")
	if err != nil {
		t.Fatal(err)
	}
	want := game.Place{Name: "Home", Dimension: "overworld", Pos: game.Pos{X: 10, Y: 64, Z: -3}, Note: "the hut", Created: t0, Updated: t0}
	if got != want {
		t.Fatalf("Place = %+v, want %+v", got, want)
	}

	c.advance(time.Minute)
	prev, err = s.RememberPlace(ctx, world, game.Place{Name: "HOME", Dimension: "the_nether", Pos: game.Pos{X: 1, Y: 70, Z: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if prev == nil || *prev != want {
		t.Fatalf("remembering over Home returned previous %+v, want %+v", prev, want)
	}
	got, _ = s.Place(ctx, world, "Home")
	if got.Name != "HOME" || got.Dimension != "the_nether" || got.Pos != (game.Pos{X: 1, Y: 70, Z: 1}) ||
		!got.Created.Equal(t0) || !got.Updated.Equal(t0.Add(time.Minute)) {
		t.Fatalf("after moving, Place = %+v", got)
	}

	// Another world keeps its own places under the same names.
	if _, err := s.RememberPlace(ctx, "other:1", game.Place{Name: "home", Dimension: "overworld"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Place(ctx, "other:1", "home"); err != nil {
		t.Fatal(err)
	}
	places, err := s.Places(ctx, world)
	if err != nil || len(places) != 1 {
		t.Fatalf("Places = %v, %v", places, err)
	}
	if none, err := s.Places(ctx, "never.played:1"); err != nil || len(none) != 0 {
		t.Fatalf("Places of an unknown world = %v, %v", none, err)
	}
	if _, err := s.Place(ctx, world, "mine"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown place: %v, want ErrNotFound", err)
	}
	if _, err := s.Place(ctx, "never.played:1", "home"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("place of an unknown world: %v, want ErrNotFound", err)
	}
}

func TestPlaceNamesRefused(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	for _, tc := range []struct{ name, says string }{
		{"", "needs a name"},
		{"    ", "only of spaces"},
		{strings.Repeat("é", 65), "keep it to 64"},
		{"two\nlines", "one line"},
	} {
		_, err := s.RememberPlace(ctx, world, game.Place{Name: tc.name, Dimension: "overworld"})
		if fault.CodeOf(err) != fault.CodeInvalid || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("name %q: %v, want a sentence with %q", tc.name, err, tc.says)
		}
	}
	if _, err := s.RememberPlace(ctx, world, game.Place{Name: strings.Repeat("é", 64), Dimension: "overworld"}); err != nil {
		t.Errorf("a name of 64 characters: %v", err)
	}
	if _, err := s.RememberPlace(ctx, world, game.Place{Name: "x"}); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a place without dimension: %v", err)
	}
	if _, err := s.RememberPlace(ctx, "", game.Place{Name: "x", Dimension: "overworld"}); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a place without world: %v", err)
	}
	if places, _ := s.Places(ctx, world); len(places) != 1 {
		t.Errorf("refused places were stored: %v", places)
	}
}

func TestRenameAndDeletePlace(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	for _, n := range []string{"home", "mine"} {
		if _, err := s.RememberPlace(ctx, world, game.Place{Name: n, Dimension: "overworld"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.RenamePlace(ctx, world, "home", "Mine"); !errors.Is(err, ErrConflict) || errors.Is(err, fs.ErrExist) || fault.CodeOf(err) != fault.CodeConflict {
		t.Fatalf("rename onto another place: %v, want ErrConflict (and no fs.ErrExist)", err)
	}
	if _, err := s.RenamePlace(ctx, world, "cave", "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("rename of an unknown place: %v, want ErrNotFound", err)
	}
	if _, err := s.RenamePlace(ctx, world, "home", " "); fault.CodeOf(err) != fault.CodeInvalid {
		t.Fatalf("rename to spaces: %v, want invalid input", err)
	}
	p, err := s.RenamePlace(ctx, world, "home", "Base")
	if err != nil || p.Name != "Base" {
		t.Fatalf("rename: %+v, %v", p, err)
	}
	if err := s.DeletePlace(ctx, world, "base"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeletePlace(ctx, world, "base"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("delete twice: %v, want ErrNotFound", err)
	}
	places, _ := s.Places(ctx, world)
	if len(places) != 1 || places[0].Name != "mine" {
		t.Fatalf("left: %+v", places)
	}
}

func TestRecordDeathStoresLastDeath(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()
	if err := s.RecordDeath(ctx, world, game.Death{Cause: "fell from a high place", Dimension: "overworld", Pos: game.Pos{X: 5, Y: 12, Z: 7}}); err != nil {
		t.Fatal(err)
	}
	c.advance(time.Hour)
	if err := s.RecordDeath(ctx, world, game.Death{Cause: "burned", Dimension: "the_nether", Pos: game.Pos{X: -1, Y: 40, Z: 2}}); err != nil {
		t.Fatal(err)
	}
	deaths, err := s.Deaths(ctx, world, 0)
	if err != nil || len(deaths) != 2 {
		t.Fatalf("Deaths = %v, %v", deaths, err)
	}
	if deaths[0].Cause != "burned" || !deaths[0].At.Equal(t0.Add(time.Hour)) || deaths[1].Pos != (game.Pos{X: 5, Y: 12, Z: 7}) {
		t.Fatalf("Deaths, newest first = %+v", deaths)
	}
	last, err := s.Place(ctx, world, game.LastDeathPlace)
	if err != nil {
		t.Fatal(err)
	}
	if last.Dimension != "the_nether" || last.Pos != (game.Pos{X: -1, Y: 40, Z: 2}) || last.Note != "burned" {
		t.Fatalf("last_death = %+v", last)
	}
	if err := s.RecordDeath(ctx, world, game.Death{Cause: "void"}); fault.CodeOf(err) != fault.CodeInvalid {
		t.Fatalf("a death without dimension: %v", err)
	}
}

func TestExportImportPlaces(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	for _, p := range []game.Place{
		{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 1, Y: 2, Z: 3}, Note: "bed here"},
		{Name: "portal", Dimension: "the_nether", Pos: game.Pos{X: -8, Y: 70, Z: 9}},
	} {
		if _, err := s.RememberPlace(ctx, world, p); err != nil {
			t.Fatal(err)
		}
	}
	data, err := s.ExportPlaces(ctx, world)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		World  string
		Places []map[string]any
	}
	if err := json.Unmarshal(data, &f); err != nil || f.World != world || len(f.Places) != 2 || f.Places[0]["note"] != "bed here" {
		t.Fatalf("export = %s (%v)", data, err)
	}

	other, _ := openTest(t)
	n, err := other.ImportPlaces(ctx, world, data)
	if err != nil || n != 2 {
		t.Fatalf("import: %d, %v", n, err)
	}
	a, _ := s.Places(ctx, world)
	b, _ := other.Places(ctx, world)
	if len(a) != len(b) {
		t.Fatalf("imported %v, exported %v", b, a)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("imported %+v, exported %+v", b[i], a[i])
		}
	}
	// Importing again replaces by name and adds nothing.
	if n, err := other.ImportPlaces(ctx, world, data); err != nil || n != 2 {
		t.Fatalf("import again: %d, %v", n, err)
	}
	if b, _ := other.Places(ctx, world); len(b) != 2 {
		t.Fatalf("after a second import, %d places", len(b))
	}
}

func TestImportRefusesBadFiles(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if _, err := s.RememberPlace(ctx, world, game.Place{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 1}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, file, says string }{
		{"not JSON", `{"world": "play.example.net:25565", "places": [`, "not valid JSON"},
		{"not an export", `[1, 2, 3]`, "not an export of places"},
		{"unknown field", `{"world": "play.example.net:25565", "people": []}`, "not an export of places"},
		{"no world", `{"places": []}`, "does not say which world"},
		{"another world", `{"world": "other:1", "places": [{"name": "home", "dimension": "overworld", "x": 9, "y": 9, "z": 9}]}`, `the places of "other:1", not of "play.example.net:25565"`},
		{"bad name", `{"world": "play.example.net:25565", "places": [{"name": "home", "dimension": "overworld", "x": 9}, {"name": " ", "dimension": "overworld"}]}`, "place 2 of the file"},
		{"twice", `{"world": "play.example.net:25565", "places": [{"name": "home", "dimension": "overworld", "x": 9}, {"name": "HOME", "dimension": "overworld"}]}`, "twice"},
	} {
		n, err := s.ImportPlaces(ctx, world, []byte(tc.file))
		if n != 0 || fault.CodeOf(err) != fault.CodeInvalid || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), "nothing was changed") {
			t.Errorf("%s: %d, %v; want a sentence with %q", tc.name, n, err, tc.says)
		}
	}
	p, err := s.Place(ctx, world, "home")
	if err != nil || p.Pos != (game.Pos{X: 1}) {
		t.Fatalf("a refused import changed home: %+v, %v", p, err)
	}
	if places, _ := s.Places(ctx, world); len(places) != 1 {
		t.Fatalf("a refused import added places: %v", places)
	}
}

func TestOpenRefuses(t *testing.T) {
	ctx := context.Background()
	if _, err := Open(ctx, "", nil); err == nil || !strings.Contains(err.Error(), "BEA_DB") {
		t.Errorf("Open(\"\") = %v", err)
	}
	if _, err := Open(ctx, filepath.Join(t.TempDir(), "missing", "bea.db"), nil); err == nil {
		t.Error("Open in a directory that does not exist succeeded")
	}
	// A path with characters a URI would read as parameters still opens.
	odd := filepath.Join(t.TempDir(), "bea?#%.db")
	s, err := Open(ctx, odd, nil)
	if err != nil {
		t.Fatalf("Open(%q) = %v", odd, err)
	}
	s.Close()
	if _, err := os.Stat(odd); err != nil {
		t.Errorf("the database is not at %q: %v", odd, err)
	}
}
