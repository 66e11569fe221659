package store

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// remembered reports whether the map of world's overworld holds block (a
// block id) at p, and whether she placed it.
func remembered(t *testing.T, s *Store, block string, p game.Pos) (ok, placed bool) {
	t.Helper()
	got, err := s.NearestBlocks(context.Background(), world, "overworld", block, p, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range got {
		if b.Pos == p {
			return true, b.Placed
		}
	}
	return false, false
}

// TestSurveyBeforeAnyStateForgetsNothing runs her senses on the real store:
// a survey that comes before the game has said where she stands adds what
// it saw and forgets nothing, least of all the blocks remembered near
// (0, 0, 0); once a state places her, a survey corrects the map around her.
func TestSurveyBeforeAnyStateForgetsNothing(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	origin := []game.KnownBlock{
		{Pos: game.Pos{X: 2, Y: 1, Z: 0}, Block: "iron_ore"},
		{Pos: game.Pos{X: 0, Y: 0, Z: 3}, Block: "coal_ore"},
		{Pos: game.Pos{X: -4, Y: 2, Z: 1}, Block: "chest", Placed: true},
	}
	home := game.Pos{X: 100, Y: 64, Z: -20}
	nearHome := game.KnownBlock{Pos: game.Pos{X: 104, Y: 64, Z: -20}, Block: "coal_ore"}
	if err := s.RememberBlocks(ctx, world, "overworld", append(origin, nearHome), nil); err != nil {
		t.Fatal(err)
	}
	live := agent.NewLive("Bea", nil, nil)
	surface := agent.NewSenses(live, nil, s, agent.NewMapWriter(s, live, testLogger(t)), testLogger(t), func(agent.Perception) {})
	surface.Handle(ctx, protocol.Hello{World: protocol.WorldID{Server: world, Dimension: "overworld"}})
	log := &protocol.Spot{X: 110, Y: 65, Z: -20, Distance: 10}
	survey := protocol.Survey{Radius: 20, Kinds: []protocol.SurveyKind{{Kind: "oak_log", Count: 1, Nearest: log}}}
	surface.Handle(ctx, survey)

	for _, b := range origin {
		if ok, _ := remembered(t, s, b.Block, b.Pos); !ok {
			t.Errorf("a survey before any state forgot the %s at %s", b.Block, b.Pos)
		}
	}
	if ok, _ := remembered(t, s, nearHome.Block, nearHome.Pos); !ok {
		t.Error("a survey before any state forgot the coal near home")
	}
	if ok, placed := remembered(t, s, "oak_log", log.Pos()); !ok || placed {
		t.Errorf("the log the survey saw: remembered %v, placed %v", ok, placed)
	}

	// Placed at home, the same survey shows no coal within 20 blocks: the
	// coal near home is gone, the blocks near the origin stay.
	surface.Handle(ctx, protocol.State{
		Player: protocol.PlayerState{Position: home.Center(), Dimension: "overworld"},
		World:  protocol.WorldState{Server: world, Dimension: "overworld"},
	})
	surface.Handle(ctx, survey)
	if ok, _ := remembered(t, s, nearHome.Block, nearHome.Pos); ok {
		t.Error("a survey from home did not forget the coal it should have seen there")
	}
	for _, b := range origin {
		if ok, _ := remembered(t, s, b.Block, b.Pos); !ok {
			t.Errorf("a survey from home forgot the %s at %s, 100 blocks away", b.Block, b.Pos)
		}
	}
}

// TestBuildAnswerCorrectsTheMap writes what build answers show into the
// real map: cells placed are hers, cells cleared to air are forgotten, and
// of a build that failed part-way only what it did: the cells it names
// still wrong keep what was remembered there.
func TestBuildAnswerCorrectsTheMap(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()
	before := []game.KnownBlock{
		{Pos: game.Pos{X: 1, Y: 65, Z: 0}, Block: "chest"},   // an air cell the build emptied
		{Pos: game.Pos{X: 2, Y: 65, Z: 0}, Block: "oak_log"}, // an air cell still wrong
		{Pos: game.Pos{X: 3, Y: 64, Z: 0}, Block: "furnace"}, // outside the build
	}
	if err := s.RememberBlocks(ctx, world, "overworld", before, nil); err != nil {
		t.Fatal(err)
	}
	cells := []game.KnownBlock{
		{Pos: game.Pos{X: 0, Y: 64, Z: 0}, Block: "oak_planks"},
		{Pos: game.Pos{X: 1, Y: 64, Z: 0}, Block: "crafting_table"},
		{Pos: game.Pos{X: 0, Y: 65, Z: 0}, Block: "oak_door[half=lower,facing=east]"},
		{Pos: game.Pos{X: 1, Y: 65, Z: 0}, Block: "air"},
		{Pos: game.Pos{X: 2, Y: 65, Z: 0}, Block: "air"},
		{Pos: game.Pos{X: 2, Y: 64, Z: 0}, Block: "chest"},
	}
	partial := protocol.Answer{Result: protocol.Failure, Message: "built 4 of 6 cells; 2 still wrong",
		Data: json.RawMessage(`{"cells":6,"right":4,"wrong":[{"x":2,"y":64,"z":0,"block":"chest"},{"x":2,"y":65,"z":0,"block":"air"}],"missing":{"chest":1}}`)}
	placed, cleared := agent.BuiltCells(cells, partial, c.now())
	if err := s.RememberBlocks(ctx, world, "overworld", placed, cleared); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		block      string
		pos        game.Pos
		ok, placed bool
	}{
		{"oak_planks", game.Pos{X: 0, Y: 64, Z: 0}, true, true},
		{"crafting_table", game.Pos{X: 1, Y: 64, Z: 0}, true, true},
		{"oak_door", game.Pos{X: 0, Y: 65, Z: 0}, true, true},
		{"chest", game.Pos{X: 1, Y: 65, Z: 0}, false, false},  // cleared
		{"oak_log", game.Pos{X: 2, Y: 65, Z: 0}, true, false}, // still wrong: still there
		{"chest", game.Pos{X: 2, Y: 64, Z: 0}, false, false},  // never placed
		{"furnace", game.Pos{X: 3, Y: 64, Z: 0}, true, false},
	} {
		ok, placed := remembered(t, s, tc.block, tc.pos)
		if ok != tc.ok || placed != tc.placed {
			t.Errorf("%s at %s: remembered %v, placed by her %v; want %v, %v", tc.block, tc.pos, ok, placed, tc.ok, tc.placed)
		}
	}

	// The same build sent again finishes: the last cells are hers too.
	placed, cleared = agent.BuiltCells(cells, protocol.Answer{Result: protocol.Success}, c.now())
	if err := s.RememberBlocks(ctx, world, "overworld", placed, cleared); err != nil {
		t.Fatal(err)
	}
	if ok, mine := remembered(t, s, "chest", game.Pos{X: 2, Y: 64, Z: 0}); !ok || !mine {
		t.Error("the chest of the finished build is not remembered as hers")
	}
	if ok, _ := remembered(t, s, "oak_log", game.Pos{X: 2, Y: 65, Z: 0}); ok {
		t.Error("the log cleared by the finished build is still remembered")
	}
	chests, _ := s.NearestBlocks(ctx, world, "overworld", "chest", game.Pos{}, 0, 0)
	if got := positions(chests); !slices.Equal(got, []game.Pos{{X: 2, Y: 64, Z: 0}}) {
		t.Errorf("chests = %v, want only the built one", got)
	}
	// An interrupted build says nothing of what it did: the map is left alone.
	placed, cleared = agent.BuiltCells(cells, protocol.Answer{Result: protocol.Interrupted, Reason: protocol.ReasonStopped}, c.now())
	if len(placed) != 0 || len(cleared) != 0 {
		t.Errorf("an interrupted build changed %v and cleared %v", placed, cleared)
	}
}
