package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// mapSenses records how the senses write her spatial map: a look (which
// may forget blocks) or blocks only (which never do).
type mapSenses struct {
	mu    sync.Mutex
	calls []string
	fail  error
}

func (m *mapSenses) RecordDeath(context.Context, string, game.Death) error { return nil }
func (m *mapSenses) CountMessage(context.Context, string, string, time.Time) (game.Person, error) {
	return game.Person{}, nil
}
func (m *mapSenses) SetCard(context.Context, string, bool) error { return nil }

func (m *mapSenses) RememberLook(_ context.Context, world, dim string, look game.Look) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, fmt.Sprintf("look %s %s from %s r%d: %s", world, dim, look.Center, look.Radius, seenText(look.Seen)))
	return m.fail
}

func (m *mapSenses) RememberBlocks(_ context.Context, world, dim string, seen []game.KnownBlock, gone []game.Pos) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, fmt.Sprintf("blocks %s %s: %s; gone %v", world, dim, seenText(seen), gone))
	return m.fail
}

func (m *mapSenses) take() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.calls
	m.calls = nil
	return out
}

func seenText(bs []game.KnownBlock) string {
	var parts []string
	for _, b := range bs {
		parts = append(parts, b.Block+" "+b.Pos.String())
	}
	return strings.Join(parts, ", ")
}

// surveyAround is a survey seen from her standing in block at: one iron
// ore three blocks east of her eyes, reachable too; two logs, the nearest
// one behind a wall; and stone, which is not worth a place in the map.
func surveyAround(at game.Pos) protocol.Survey {
	ore := &game.Spot{X: at.X + 3, Y: at.Y + 1, Z: at.Z, Distance: 3}
	log := &game.Spot{X: at.X, Y: at.Y + 1, Z: at.Z - 5, Distance: 5}
	return protocol.Survey{Radius: 20, Kinds: []game.SurveyKind{
		{Kind: "iron_ore", Count: 1, Nearest: ore, Reachable: ore},
		{Kind: "oak_log", Count: 2, Nearest: log, Reachable: &game.Spot{X: at.X - 6, Y: at.Y + 1, Z: at.Z, Distance: 6}},
		{Kind: "stone", Count: 900, Nearest: &game.Spot{X: at.X, Y: at.Y - 1, Z: at.Z, Distance: 2}},
	}}
}

func stateAt(world, dim string, at game.Pos) protocol.State {
	return protocol.State{
		Player: protocol.PlayerState{Position: game.Vec3{X: float64(at.X) + 0.5, Y: float64(at.Y), Z: float64(at.Z) + 0.5}, Dimension: dim},
		World:  protocol.WorldState{Server: world, Dimension: dim},
	}
}

func newMapSenses(senses interface {
	SensesStore
	MapStore
}, logger *slog.Logger) *Senses {
	live := NewLive("Bea", &recorder{}, nil)
	return NewSenses(live, nil, senses, NewMapWriter(senses, live, logger), logger, func(Perception) {})
}

// TestSurveyCorrectsTheMapOnlyFromAKnownPosition: a survey carries no
// centre, so it may forget remembered blocks only once a state has said
// where she stands, and never from a position a respawn or a change of
// world made stale, or that its own distances contradict. Until then what
// it saw is only added.
func TestSurveyCorrectsTheMapOnlyFromAKnownPosition(t *testing.T) {
	ctx := context.Background()
	senses := &mapSenses{}
	s := newMapSenses(senses, discard())
	home := game.Pos{X: 100, Y: 64, Z: -20}
	s.Handle(ctx, protocol.Hello{World: game.WorldID{Server: "w:1", Dimension: "overworld"}})

	// Before any state: nothing is forgotten around (0, 0, 0) or anywhere.
	s.Handle(ctx, surveyAround(home))
	want := "blocks w:1 overworld: iron_ore (103, 65, -20), oak_log (100, 65, -25), oak_log (94, 65, -20); gone []"
	if got := senses.take(); len(got) != 1 || got[0] != want {
		t.Fatalf("a survey before any state wrote %q, want %q", got, want)
	}

	s.Handle(ctx, stateAt("w:1", "overworld", home))
	s.Handle(ctx, surveyAround(home))
	want = "look w:1 overworld from (100, 64, -20) r20: iron_ore (103, 65, -20), oak_log (100, 65, -25), oak_log (94, 65, -20)"
	if got := senses.take(); len(got) != 1 || got[0] != want {
		t.Fatalf("a survey once she is placed wrote %q, want %q", got, want)
	}

	// She walked on and the state lags: the survey's distances give it away.
	s.Handle(ctx, surveyAround(home.Add(game.Pos{X: 12})))
	if got := senses.take(); len(got) != 1 || !strings.HasPrefix(got[0], "blocks w:1 overworld: iron_ore (115, 65, -20)") {
		t.Fatalf("a survey from elsewhere than her state wrote %q, want blocks only", got)
	}

	// She died and came back elsewhere: the old state's position is stale.
	spawn := game.Pos{X: 0, Y: 70, Z: 0}
	s.Handle(ctx, protocol.Respawn{Position: spawn.Center(), Dimension: "overworld"})
	s.Handle(ctx, protocol.Survey{Radius: 20}) // nothing useful in sight
	if got := senses.take(); len(got) != 1 || got[0] != "blocks w:1 overworld: ; gone []" {
		t.Fatalf("a survey after a respawn wrote %q, want blocks only", got)
	}
	s.Handle(ctx, stateAt("w:1", "overworld", spawn))
	s.Handle(ctx, protocol.Survey{Radius: 20})
	if got := senses.take(); len(got) != 1 || got[0] != "look w:1 overworld from (0, 70, 0) r20: " {
		t.Fatalf("a survey after the next state wrote %q, want a look from the spawn", got)
	}

	// Through a portal: the map of the new dimension, blocks only, until a
	// state says where she came out.
	s.Handle(ctx, protocol.WorldChange{Server: "w:1", Dimension: "the_nether"})
	s.Handle(ctx, surveyAround(spawn))
	if got := senses.take(); len(got) != 1 || !strings.HasPrefix(got[0], "blocks w:1 the_nether: iron_ore") {
		t.Fatalf("a survey after a change of world wrote %q, want blocks only, in the nether", got)
	}
	// A respawn in another dimension names it at once.
	s.Handle(ctx, protocol.Respawn{Position: spawn.Center(), Dimension: "overworld"})
	s.Handle(ctx, surveyAround(spawn))
	if got := senses.take(); len(got) != 1 || !strings.HasPrefix(got[0], "blocks w:1 overworld: iron_ore") {
		t.Fatalf("a survey after respawning in the overworld wrote %q", got)
	}

	// A new hello (the link came back) leaves the old state behind too.
	s.Handle(ctx, stateAt("w:1", "overworld", spawn))
	s.Handle(ctx, protocol.Hello{World: game.WorldID{Server: "w:1", Dimension: "overworld"}})
	s.Handle(ctx, surveyAround(spawn))
	if got := senses.take(); len(got) != 1 || !strings.HasPrefix(got[0], "blocks w:1 overworld: iron_ore") {
		t.Fatalf("a survey after a new hello wrote %q, want blocks only", got)
	}

	// A survey that does not say its radius cannot say what it missed.
	s.Handle(ctx, stateAt("w:1", "overworld", spawn))
	s.Handle(ctx, protocol.Survey{Kinds: surveyAround(spawn).Kinds})
	if got := senses.take(); len(got) != 1 || !strings.HasPrefix(got[0], "blocks ") {
		t.Fatalf("a survey without a radius wrote %q, want blocks only", got)
	}
	if v := s.live.Snapshot(); v.Survey == nil || v.Survey.Radius != 0 {
		t.Errorf("the latest survey is not the one kept for the live state: %+v", v.Survey)
	}
}

// TestSurveyMapFailureIsLogged: a spatial map that cannot be written is
// logged, and the survey still reaches her live state.
func TestSurveyMapFailureIsLogged(t *testing.T) {
	var logs strings.Builder
	senses := &mapSenses{fail: errors.New("disk full")}
	s := newMapSenses(senses, textLogger(&logs))
	s.Handle(context.Background(), protocol.Hello{World: game.WorldID{Server: "w:1"}})
	s.Handle(context.Background(), surveyAround(game.Pos{}))
	if !strings.Contains(logs.String(), "the spatial map was not updated") || !strings.Contains(logs.String(), "disk full") {
		t.Errorf("the failure was not logged: %q", logs.String())
	}
	if s.live.Snapshot().Survey == nil {
		t.Error("the survey was lost with the map")
	}
	// Without a dimension named anywhere the map is the overworld's, as
	// her tools take it.
	if got := senses.take(); len(got) != 1 || !strings.HasPrefix(got[0], "blocks w:1 overworld:") {
		t.Errorf("wrote %q", got)
	}
}
