package agent

import (
	"context"
	"reflect"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// stateOf is the state packet that tells the senses v's body in v's world:
// the way back from bodyOf, for the tests that feed a snapshot they built
// to the senses.
func stateOf(v Snapshot) protocol.State {
	b := v.Body
	if b == nil {
		b = &Body{}
	}
	return protocol.State{Tick: v.Tick,
		Player: protocol.PlayerState{Health: b.Health, Food: b.Food, XPLevel: b.XPLevel, Position: b.Position, Yaw: b.Yaw,
			Dimension: v.World.Dimension, OnGround: b.OnGround, InWater: b.InWater},
		Held: b.Held, Armor: b.Armor, Inventory: b.Inventory, Craftable: b.Craftable, Blocks: b.Blocks, Census: b.Census,
		Underfoot: b.Underfoot, Overhead: b.Overhead, Entities: b.Entities, Players: b.Players,
		World: protocol.WorldState{Time: b.Time, Dark: b.Dark, Weather: b.Weather, Light: b.Light, Biome: b.Biome,
			Dimension: v.World.Dimension, Server: v.World.Server}}
}

// surveyOf is the survey packet that tells the senses s.
func surveyOf(s *Survey) protocol.Survey {
	return protocol.Survey{Kinds: s.Kinds, Radius: s.Radius}
}

// TestTheSensesTakeEveryFactOfAState: a state packet reaches her snapshot
// whole, every field of her body from it, and each fact once: the
// dimension in World, the tick in Tick, what she carries summed from her
// slots.
func TestTheSensesTakeEveryFactOfAState(t *testing.T) {
	want := busyState()
	b := *want.Body
	b.InWater, b.Light, b.Census = true, 7, map[string]int{"torch": 12, "stone": 40}
	b.Weather, b.Biome = "thunder", "deep_dark"
	want.Body = &b
	body := reflect.ValueOf(b)
	for i := range body.NumField() {
		if body.Field(i).IsZero() {
			t.Fatalf("the fixture leaves Body.%s empty, so a sense that forgot it would pass", body.Type().Field(i).Name)
		}
	}
	live := NewLive("Bea", nil, nil)
	senses := NewSenses(live, nil, nil, nil, discard(), func(Perception) {})
	senses.Handle(context.Background(), protocol.Hello{World: want.World})
	senses.Handle(context.Background(), stateOf(want))
	got := live.Snapshot()
	if !reflect.DeepEqual(got.Body, want.Body) {
		t.Errorf("her body is\n%+v\nwant\n%+v", got.Body, want.Body)
	}
	if got.Tick != want.Tick || got.World != want.World {
		t.Errorf("tick %d in %+v, want %d in %+v", got.Tick, got.World, want.Tick, want.World)
	}
	if inv := got.Inventory(); inv["cobblestone"] != 143 || inv.Total() != want.Inventory().Total() {
		t.Errorf("she carries %v", inv)
	}

	// A change of dimension that names no server keeps the server, and is
	// newer than the state before it.
	senses.Handle(context.Background(), protocol.WorldChange{Dimension: "the_nether"})
	if w := live.Snapshot().World; w != (game.WorldID{Server: want.World.Server, Dimension: "the_nether"}) || !live.Snapshot().Lost {
		t.Errorf("after a change of dimension: %+v, lost %v", w, live.Snapshot().Lost)
	}
}
