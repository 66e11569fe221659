package practice

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// benchWorld is a world with her in a flat arena and n mobs round her.
func benchWorld(b *testing.B, mobs int) *World {
	b.Helper()
	w, err := New(Options{Seed: 1, Players: []PlayerScript{}})
	if err != nil {
		b.Fatal(err)
	}
	flatten(w, 48)
	w.bea.pos = at(0, arenaY+1, 0).Center()
	kinds := []string{"zombie", "cow", "pig", "sheep", "chicken"}
	for i := 0; i < mobs; i++ {
		k := kinds[i%len(kinds)]
		w.ents.add(&entity{kind: k, pos: at(-20+i*2, arenaY+1, 10-i%7*3).Center(), health: 1e9, hostile: k == "zombie"})
	}
	return w
}

// flatten makes the square of radius r round (0, 0) stone under grass at
// arenaY, with air above.
func flatten(w *World, r int) {
	stone, grass := w.blocks.id("stone"), w.blocks.id("grass_block")
	for x := -r; x <= r; x++ {
		for z := -r; z <= r; z++ {
			for y := arenaY - 8; y < arenaY+30; y++ {
				p := game.Pos{X: x, Y: y, Z: z}
				switch {
				case y < arenaY:
					w.grid.set(p, stone)
				case y == arenaY:
					w.grid.set(p, grass)
				default:
					w.grid.set(p, air)
				}
			}
		}
	}
}

// BenchmarkTick is one simulated tick with her and 20 mobs, zombies among
// them chasing and striking her; state and survey packets are built on
// their ticks as in play.
func BenchmarkTick(b *testing.B) {
	w := benchWorld(b, 20)
	w.hub.clients[&client{send: make(chan []byte, 1), done: make(chan struct{})}] = struct{}{}
	b.ResetTimer()
	for b.Loop() {
		w.step(nil)
		clear(w.hub.out)
		w.hub.out = w.hub.out[:0]
		if w.bea.dead || w.bea.health < 10 {
			w.bea.dead, w.bea.health = false, 20
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ticks/s")
}

// BenchmarkAStar plans a 64-block walk across an arena crossed by walls
// with gaps, and reports nodes expanded per second.
func BenchmarkAStar(b *testing.B) {
	w := benchWorld(b, 0)
	stone := w.blocks.id("stone")
	for i, x := range []int{-24, -12, 0, 12, 24} {
		gap := -30 + i*13 // the gap moves, so the path weaves
		for z := -40; z <= 40; z++ {
			if z >= gap && z <= gap+1 {
				continue
			}
			for y := arenaY + 1; y <= arenaY+3; y++ {
				w.grid.set(at(x, y, z), stone)
			}
		}
	}
	// Steps and pits on the way.
	for z := -40; z <= 40; z += 3 {
		w.grid.set(at(-6, arenaY+1, z), stone)
		w.grid.set(at(6, arenaY, z), air)
	}
	q := pathQuery{start: at(-32, arenaY+1, 0), target: at(32, arenaY+1, 0), rng: 0}
	res := w.findPath(q)
	if !res.found {
		b.Fatalf("no path (%d nodes)", res.nodes)
	}
	nodes := 0
	b.ResetTimer()
	for b.Loop() {
		nodes += w.findPath(q).nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(res.nodes), "nodes/path")
	b.ReportMetric(float64(len(res.steps)), "steps/path")
}

// BenchmarkStatePacket builds and encodes one state packet.
func BenchmarkStatePacket(b *testing.B) {
	w := benchWorld(b, 20)
	w.bea.inv.add("oak_log", 12)
	w.bea.inv.add("stone_pickaxe", 1)
	b.ResetTimer()
	for b.Loop() {
		if _, err := protocol.Encode(w.statePacket()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSurveyPacket builds and encodes one survey of the 41-block cube.
func BenchmarkSurveyPacket(b *testing.B) {
	w, err := New(Options{Seed: 1, Quiet: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := protocol.Encode(w.surveyPacket()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLightInADarkHall asks the light at her feet and whether a
// monster may rise beside her, at night in a roofed hall lit by one torch:
// the costly case, a search through open cells.
func BenchmarkLightInADarkHall(b *testing.B) {
	w := benchWorld(b, 0)
	for x := -32; x <= 32; x++ {
		for z := -32; z <= 32; z++ {
			w.grid.set(at(x, arenaY+6, z), w.blocks.id("stone"))
		}
	}
	w.grid.set(at(9, arenaY+1, 3), w.blocks.id("torch"))
	w.timeShift = nightStart + 500 - startTime
	feet := w.bea.feet()
	b.ResetTimer()
	for b.Loop() {
		if w.lightAt(feet) != 2 || !w.darkEnoughToSpawn(feet.Add(game.Pos{X: -5})) {
			b.Fatal("the hall is not lit as it should be")
		}
	}
}
