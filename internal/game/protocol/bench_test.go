package protocol

import (
	"fmt"
	"testing"

	"beaweb/internal/game"
)

// fullState is a state packet as large as a busy scene makes it: a full
// inventory, 200 blocks in the close view and 30 entities.
func fullState() State {
	s := State{Tick: 123456,
		Player: PlayerState{Health: 18, Food: 15, Saturation: 2.5, XPLevel: 3,
			Position: game.Vec3{X: 100.5, Y: 64, Z: -20.3}, Yaw: 92, Pitch: 10, Dimension: "overworld", OnGround: true},
		Held:      &game.Stack{Item: "stone_pickaxe", Count: 1},
		Craftable: []string{"oak_planks", "crafting_table", "stick", "torch", "chest"},
		Census:    map[string]int{},
		Underfoot: "grass_block", Overhead: "air",
		World: WorldState{Time: 13500, Dark: true, Weather: "rain", Biome: "plains", Dimension: "overworld", Server: "play.example.net:25565"},
	}
	kinds := []string{"oak_log", "oak_leaves", "stone", "dirt", "grass_block", "iron_ore", "coal_ore", "torch"}
	for i := range 36 {
		s.Inventory = append(s.Inventory, Slot{Slot: i, Item: kinds[i%len(kinds)], Count: 1 + i})
	}
	for i := range 200 {
		k := kinds[i%len(kinds)]
		s.Blocks = append(s.Blocks, SeenBlock{Block: k, X: 98 + i%9, Y: 60 + i/40, Z: -24 + i%7, Distance: float64(i) / 50})
		s.Census[k]++
	}
	for i := range 30 {
		s.Entities = append(s.Entities, Entity{ID: 300 + i, Type: "zombie", X: 110.2 + float64(i), Y: 64, Z: -18, Distance: 9.8 + float64(i), Hostile: i%2 == 0})
	}
	for i := range 3 {
		s.Players = append(s.Players, NearPlayer{Name: fmt.Sprint("Alex", i), UUID: "0b6f3c2a-1d4e-4f5a-8b9c-0d1e2f3a4b5c", X: 98, Y: 64, Z: -22, Distance: 3.1})
	}
	return s
}

func BenchmarkDecodeFullState(b *testing.B) {
	frame, err := Encode(fullState())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(frame)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := Decode(frame)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.(State).Blocks) != 200 {
			b.Fatal("blocks lost")
		}
	}
}

func BenchmarkEncodeFullState(b *testing.B) {
	s := fullState()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(s); err != nil {
			b.Fatal(err)
		}
	}
}
