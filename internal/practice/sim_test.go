package practice

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func TestZombiesComeOutAtNight(t *testing.T) {
	h := arena(t, Options{Seed: 2, Players: []PlayerScript{}}, 32)
	h.w.timeShift = nightStart + 500 - startTime
	h.w.bea.inv.add("stone_sword", 1)
	var hit *protocol.Damage
	for i := 0; i < 40 && hit == nil; i++ {
		h.tick(100)
		for _, d := range eventsOf[protocol.Damage](h) {
			if d.Attacker != nil && d.Attacker.Type == "zombie" {
				d := d
				hit = &d
			}
		}
	}
	if hit == nil {
		t.Fatal("no zombie found her in 200 s of night")
	}
	st := h.w.statePacket()
	if !st.World.Dark {
		t.Fatal("the state does not say it is dark")
	}
	if len(reflexes(h, protocol.ReflexDefend)) == 0 {
		t.Fatal("she did not defend herself")
	}
}

func TestQuietMeansNoMonstersAndNoPlayers(t *testing.T) {
	h := arena(t, Options{Seed: 2, Quiet: true}, 32)
	h.w.timeShift = nightStart + 500 - startTime
	h.tick(2000)
	for _, e := range h.w.ents.list {
		if e.hostile || e.kind == "player" {
			t.Fatalf("%s in a quiet world", e.displayName())
		}
	}
}

// TestPeacefulMeansNoMonstersButPlayers: a peaceful night has no zombie in
// it, and the scripted players are still there.
func TestPeacefulMeansNoMonstersButPlayers(t *testing.T) {
	h := arena(t, Options{Seed: 2, Peaceful: true, Players: []PlayerScript{{Name: "Alex", Offset: at(2, 0, 0)}}}, 32)
	h.w.timeShift = nightStart + 500 - startTime
	h.tick(2000)
	players := 0
	for _, e := range h.w.ents.list {
		if e.hostile {
			t.Fatalf("%s in a peaceful world", e.displayName())
		}
		if e.kind == "player" && !e.removed {
			players++
		}
	}
	if players != 1 {
		t.Fatalf("%d scripted players in a peaceful world, want Alex", players)
	}
}

func TestAlexHitsHerOnceAndSaysSorry(t *testing.T) {
	h := arena(t, Options{Seed: 1}, 16) // DefaultPlayers
	h.tick(int(DefaultPlayers()[0].HitAfter*ticksPerSecond) + 400)
	var fromAlex int
	for _, d := range eventsOf[protocol.Damage](h) {
		if d.Attacker != nil && d.Attacker.Name == "Alex" {
			fromAlex++
		}
	}
	var sorry, lines bool
	for _, c := range eventsOf[protocol.Chat](h) {
		switch {
		case c.Name == "Alex" && c.Message == "oops, sorry! wrong button":
			sorry = true
		case c.Name == "Alex":
			lines = true
		}
	}
	if fromAlex != 1 || !sorry || !lines {
		t.Fatalf("%d blows from Alex, sorry %v, other lines %v", fromAlex, sorry, lines)
	}
	if len(reflexes(h, protocol.ReflexDefend)) != 0 {
		t.Fatal("she fought Alex back after one blow")
	}
}

func TestHungerDrainsAndHealthRegenerates(t *testing.T) {
	h := arena(t, quiet, 8)
	h.w.bea.health = 10
	h.tick(20 * 60)
	if h.w.bea.health <= 10 {
		t.Fatalf("health %.0f after a minute fed", h.w.bea.health)
	}
	if h.w.bea.food >= 20 && h.w.bea.saturation >= 5 {
		t.Fatal("healing cost nothing")
	}
}

func TestMoveToRangeAndMineDownDrop(t *testing.T) {
	h := arena(t, quiet, 16)
	a := h.do("move_to", obj{"x": 12, "y": arenaY + 1, "z": 0, "range": 5}, 20*60)
	want(t, a, protocol.Success)
	if d := h.w.bea.feet().Center().Dist(at(12, arenaY+1, 0).Center()); d > 5 || d < 4 {
		t.Fatalf("with range 5 she stopped %.1f blocks away", d)
	}
	// A cave under the floor: digging into it would be a drop of five.
	for y := arenaY - 6; y <= arenaY-2; y++ {
		h.set(h.w.bea.feet().Add(game.Pos{Y: y - arenaY - 1}), "air")
	}
	h.give("stone_pickaxe", 1)
	a = h.do("mine_down", obj{"depth": 3}, 20*60)
	want(t, a, protocol.Failure)
	contains(t, a, "drop deeper than 3")
}
