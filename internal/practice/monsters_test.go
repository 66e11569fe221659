package practice

import (
	"testing"

	"beaweb/internal/game/protocol"
)

// The monsters as Java Edition has them on normal difficulty: where they
// rise, whom they see, how often a pack can hurt her, and where they go.

// monsters is a world with monsters and no scripted players.
var monsters = Options{Seed: 2, Players: []PlayerScript{}}

// zombieAt puts a zombie with its feet in the block x, y, z.
func zombieAt(h *harness, x, y, z int) *entity {
	return h.w.ents.add(&entity{kind: "zombie", pos: at(x, y, z).Center(), health: mobHealth("zombie"), hostile: true, born: h.w.tick})
}

// TestNoZombieRisesWithin24BlocksOfHer: the game's natural spawner skips
// every spot closer than 24 blocks to a player, in a dark hall as anywhere.
func TestNoZombieRisesWithin24BlocksOfHer(t *testing.T) {
	h := arena(t, monsters, 40)
	hall(h, 40, "stone")
	seen := map[int]bool{}
	for i := 0; i < 3000; i++ {
		h.unheard(1)
		for _, e := range h.w.ents.list {
			if e.kind != "zombie" || seen[e.id] {
				continue
			}
			seen[e.id] = true
			if d := e.pos.Dist(h.w.bea.pos); d < spawnMin {
				t.Fatalf("a zombie rose %.1f blocks from her", d)
			}
		}
	}
	if len(seen) == 0 {
		t.Fatal("no zombie rose in a dark hall in 150 s")
	}
}

// TestAZombieGoesOnlyAfterHerWhenItSeesHer: in the open a zombie 8 blocks
// off comes for her; behind a wall it cannot see through it stays about
// where it is.
func TestAZombieGoesOnlyAfterHerWhenItSeesHer(t *testing.T) {
	open := arena(t, monsters, 16)
	z := zombieAt(open, 8, arenaY+1, 0)
	open.unheard(60)
	if d := z.pos.Dist(open.w.bea.pos); d > 4 {
		t.Fatalf("a zombie in the open is still %.1f blocks from her after 3 s", d)
	}

	walled := arena(t, monsters, 16)
	for z := -2; z <= 2; z++ {
		for y := arenaY + 1; y <= arenaY+4; y++ {
			walled.set(at(4, y, z), "stone")
		}
	}
	z = zombieAt(walled, 8, arenaY+1, 0)
	walled.unheard(60)
	if d := z.pos.Dist(walled.w.bea.pos); d < 6.5 {
		t.Fatalf("a zombie that cannot see her walked up to the wall between them (%.1f blocks)", d)
	}
}

// TestAPackStrikesAtMostTwiceASecond: four zombies round her strike at
// once, and her moment of immunity after a blow takes all but one of
// those blows.
func TestAPackStrikesAtMostTwiceASecond(t *testing.T) {
	h := arena(t, monsters, 16)
	for _, d := range horizontal[:4] {
		zombieAt(h, d[0], arenaY+1, d[1])
	}
	h.tick(ticksPerSecond)
	blows := 0
	for _, d := range eventsOf[protocol.Damage](h) {
		if d.Attacker != nil && d.Attacker.Type == "zombie" {
			blows++
		}
	}
	if blows > 2 || blows == 0 {
		t.Fatalf("four zombies landed %d blows on her in a second (health %.0f)", blows, h.w.bea.health)
	}
}

// TestZombiesDoNotShareABlock: two zombies coming for her down a corridor
// a block wide stay one behind the other.
func TestZombiesDoNotShareABlock(t *testing.T) {
	h := arena(t, monsters, 16)
	for x := 1; x <= 10; x++ {
		for _, z := range []int{-1, 1} {
			for y := arenaY + 1; y <= arenaY+2; y++ {
				h.set(at(x, y, z), "stone")
			}
		}
	}
	a, b := zombieAt(h, 6, arenaY+1, 0), zombieAt(h, 9, arenaY+1, 0)
	h.w.bea.inv.add("stone_sword", 1)
	for i := 0; i < 100; i++ {
		h.unheard(1)
		if !a.removed && !b.removed && a.pos.Block() == b.pos.Block() {
			t.Fatalf("two zombies in one block %s at tick %d", a.pos.Block(), i)
		}
	}
}

// TestAZombieFarFromHerDespawns: a zombie kept more than 32 blocks from
// her leaves the world after a while; one kept nearer never does. The
// world is peaceful, so that no night's zombie kills her meanwhile.
func TestAZombieFarFromHerDespawns(t *testing.T) {
	h := arena(t, Options{Seed: 2, Peaceful: true, Players: []PlayerScript{}}, 44)
	pit := func(x int) *entity {
		for _, d := range horizontal[:4] {
			for y := arenaY + 1; y <= arenaY+2; y++ {
				h.set(at(x+d[0], y, d[1]), "stone")
			}
		}
		h.set(at(x, arenaY+3, 0), "stone") // no sun burns it
		return zombieAt(h, x, arenaY+1, 0)
	}
	far, near := pit(40), pit(-30)
	h.unheard(despawnIdle + 20*despawnChance)
	if !far.removed {
		t.Fatal("a zombie 40 blocks from her stayed for 15 game minutes")
	}
	if near.removed {
		t.Fatal("a zombie 30 blocks from her despawned")
	}
}

// TestAFullStomachHealsHerQuickly: with food at 20 and saturation left she
// heals every half second, as in the game, not every four seconds.
func TestAFullStomachHealsHerQuickly(t *testing.T) {
	h := arena(t, quiet, 8)
	h.w.bea.health, h.w.bea.food, h.w.bea.saturation = 10, 20, 5
	h.tick(5 * ticksPerSecond)
	if h.w.bea.health < 12.5 {
		t.Fatalf("health %.1f after 5 s on a full stomach", h.w.bea.health)
	}
}
