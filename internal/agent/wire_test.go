package agent

import "beaweb/internal/game/protocol"

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
