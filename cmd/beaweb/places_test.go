package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/tools"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
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
	seedPlaces(t, db, "a:1", game.Place{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 1, Y: 2, Z: 3}})
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bad := file("bad.json", `{"world": "a:1", "places": [{"name": "home", "dimension": "overworld", "x": 9}`)
	other := file("other.json", `{"world": "b:2", "places": [{"name": "home", "dimension": "overworld", "x": 9, "y": 9, "z": 9}]}`)
	badPlace := file("badplace.json", `{"world": "a:1", "places": [{"name": "home", "dimension": "overworld", "x": 9}, {"name": "", "dimension": "overworld"}]}`)
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
		{[]string{"import", "--world", "a:1", badPlace}, 1, "place 2 of the file: a place needs a name"},
		{[]string{"import", filepath.Join(dir, "missing.json")}, 1, "no such file"},
	} {
		code, _, stderr := runPlacesTest(t, db, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.says) {
			t.Errorf("places %v: %d, %q; want %d and %q", tc.args, code, stderr, tc.code, tc.says)
		}
	}
	// The refused files changed nothing: home is where it was, alone, and
	// no other world was made.
	s, err := store.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	places, _ := s.Places(context.Background(), "a:1")
	worlds, _ := s.Worlds(context.Background())
	s.Close()
	if len(places) != 1 || places[0].Pos != (game.Pos{X: 1, Y: 2, Z: 3}) || len(worlds) != 1 {
		t.Fatalf("after refused imports: places %+v, worlds %v", places, worlds)
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

// sitAt is her situation standing in block at of dimension dim, in world
// play.example.net:25565, with Alex beside her.
type sitAt struct {
	mu  sync.Mutex
	at  game.Pos
	dim string
}

func (*sitAt) Now() time.Time { return time.Now() }

func (s *sitAt) Snapshot() agent.Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := game.WorldID{Server: "play.example.net:25565", Dimension: s.dim}
	return agent.Snapshot{World: w, Body: &agent.Body{
		Position: s.at.Center(),
		Players:  []game.NearPlayer{{Name: "Alex", UUID: "u-alex", Distance: 2}},
	}}
}

func (s *sitAt) move(at game.Pos, dim string) {
	s.mu.Lock()
	s.at, s.dim = at, dim
	s.mu.Unlock()
}

// TestMemoryToolsOnTheStore runs her memory tools and senses on the real
// store, as beaweb wires them: remember_place over a name she used says
// where it was, go_to_place walks with move_to, refuses another dimension
// and lists the names she knows, her death is last_death, bad names and
// long facts get a sentence and store nothing, and recall_blocks answers
// from the map.
func TestMemoryToolsOnTheStore(t *testing.T) {
	ctx := context.Background()
	const server = "play.example.net:25565"
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "bea.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sit := &sitAt{at: game.Pos{X: 10, Y: 64, Z: 10}, dim: "overworld"}
	r := tools.New(tools.Deps{Situation: sit, Places: db, People: db, Blocks: db})
	call := func(name, args string) agent.Outcome {
		t.Helper()
		return r.Invoke(ctx, agent.ToolCall{Name: name, Args: json.RawMessage(args)})
	}
	moveTo := func(out agent.Outcome) string {
		t.Helper()
		if out.Action == nil || out.Action.Name != "move_to" {
			t.Fatalf("not a move_to: %+v", out)
		}
		b, _ := json.Marshal(out.Action.Params)
		return string(b)
	}

	if out := call("remember_place", `{"name":"home","note":"by the oak"}`); out.Failed || !strings.Contains(out.Answer, "remembered home at (10, 64, 10) in overworld") {
		t.Fatalf("remember_place: %+v", out)
	}
	sit.move(game.Pos{X: 40, Y: 70, Z: -5}, "overworld")
	if out := call("remember_place", `{"name":"Home"}`); out.Failed || !strings.Contains(out.Answer, "Home is now (40, 70, -5) in overworld (it was (10, 64, 10) in overworld)") {
		t.Fatalf("remember_place over home: %+v", out)
	}
	if p, err := db.Place(ctx, server, "home"); err != nil || p.Pos != (game.Pos{X: 40, Y: 70, Z: -5}) {
		t.Fatalf("home in the store = %+v, %v", p, err)
	}
	sit.move(game.Pos{}, "overworld")
	if got := moveTo(call("go_to_place", `{"name":"HOME"}`)); got != `{"x":40.5,"y":70,"z":-4.5}` {
		t.Errorf("go_to_place home sends %s", got)
	}
	call("remember_place", `{"name":"mine"}`)
	if out := call("go_to_place", `{"name":"castle"}`); !out.Failed || out.Action != nil || !strings.Contains(out.Answer, "the places you know here are Home, mine") {
		t.Errorf("an unknown place: %+v", out)
	}
	sit.move(game.Pos{X: 5, Y: 70, Z: 5}, "the_nether")
	if out := call("go_to_place", `{"name":"home"}`); !out.Failed || out.Action != nil || !strings.Contains(out.Answer, "Home is in overworld and you are in the_nether") {
		t.Errorf("a place in another dimension: %+v", out)
	}

	// She dies in the nether: the death and last_death are stored by her
	// senses alone, and she can walk back to it.
	live := agent.NewLive("Bea", nil, nil)
	senses := agent.NewSenses(live, nil, db, agent.NewMapWriter(db, live, slog.New(slog.DiscardHandler)), slog.New(slog.DiscardHandler), func(agent.Perception) {})
	senses.Handle(ctx, protocol.Hello{World: game.WorldID{Server: server, Dimension: "the_nether"}})
	senses.Handle(ctx, protocol.Death{Cause: "burned to death", Position: game.Vec3{X: 12.3, Y: 31, Z: -7.8}, Dimension: "the_nether"})
	if deaths, err := db.Deaths(ctx, server, 0); err != nil || len(deaths) != 1 || deaths[0].Cause != "burned to death" || deaths[0].Pos != (game.Pos{X: 12, Y: 31, Z: -8}) {
		t.Fatalf("deaths = %+v, %v", deaths, err)
	}
	if got := moveTo(call("go_to_place", `{"name":"last_death"}`)); got != `{"x":12.5,"y":31,"z":-7.5}` {
		t.Errorf("go_to_place last_death sends %s", got)
	}

	for _, tc := range []struct{ name, says string }{
		{`""`, "a place needs a name"},
		{`"    "`, "only of spaces"},
		{`"` + strings.Repeat("n", 65) + `"`, "keep it to 64"},
	} {
		if out := call("remember_place", `{"name":`+tc.name+`}`); !out.Failed || !strings.Contains(out.Answer, tc.says) {
			t.Errorf("remember_place(%s): %+v, want a sentence with %q", tc.name, out, tc.says)
		}
	}
	if places, _ := db.Places(ctx, server); len(places) != 3 {
		t.Errorf("after refused names, places = %+v, want Home, last_death and mine", places)
	}
	// Forgotten, a place is gone from the store, not only from her words.
	if out := call("forget_place", `{"name":"mine"}`); out.Failed || !strings.Contains(out.Answer, "forgot mine") {
		t.Errorf("forget_place: %+v", out)
	}
	if _, err := db.Place(ctx, server, "mine"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("mine after forget_place: %v, want it gone from the store", err)
	}
	if out := call("forget_place", `{"name":"castle"}`); !out.Failed || !strings.Contains(out.Answer, "the places you know here are Home, last_death") {
		t.Errorf("forget_place of an unknown place: %+v", out)
	}

	if out := call("remember_person", `{"player":"Alex","fact":"`+strings.Repeat("a", 501)+`"}`); !out.Failed || !strings.Contains(out.Answer, "keep a fact to 500") {
		t.Errorf("a fact of 501 characters: %+v", out)
	}
	if out := call("remember_person", `{"player":"Alex","fact":"likes birch houses"}`); out.Failed {
		t.Errorf("remember_person: %+v", out)
	}
	if facts, err := db.Facts(ctx, "u-alex"); err != nil || len(facts) != 1 || facts[0].Text != "likes birch houses" {
		t.Errorf("facts about Alex = %+v, %v", facts, err)
	}

	sit.move(game.Pos{X: 0, Y: 64, Z: 0}, "overworld")
	if err := db.RememberBlocks(ctx, server, "overworld", []game.KnownBlock{{Pos: game.Pos{X: 40, Y: 12, Z: 10}, Block: "deepslate_iron_ore"}}, nil); err != nil {
		t.Fatal(err)
	}
	if out := call("recall_blocks", `{"kind":"iron_ore"}`); out.Failed || out.Action != nil || !strings.Contains(out.Answer, "deepslate_iron_ore at (40, 12, 10), 66 blocks away, seen") {
		t.Errorf("recall_blocks: %+v", out)
	}
	if out := call("recall_blocks", `{"kind":"iron_ore","radius":30}`); !strings.Contains(out.Answer, "You remember no iron_ore within 30 blocks") {
		t.Errorf("recall_blocks within 30: %+v", out)
	}
}
