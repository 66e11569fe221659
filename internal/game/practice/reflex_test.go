package practice

import (
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
)

func reflexes(h *harness, kind string) []protocol.Reflex {
	var out []protocol.Reflex
	for _, r := range eventsOf[protocol.Reflex](h) {
		if r.Reflex == kind {
			out = append(out, r)
		}
	}
	return out
}

func TestDefendInterruptsTheRunningAction(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{}}, 16)
	h.give("stone_sword", 1)
	walk := h.send("move_to", obj{"x": 14, "y": arenaY + 1, "z": 14})
	z := h.w.ents.add(&entity{kind: "zombie", pos: at(1, arenaY+1, 0).Center(), health: 20, hostile: true})
	a := h.wait(walk, 400)
	want(t, a, protocol.Interrupted)
	if !strings.HasPrefix(a.Reason, "reflex: defend") {
		t.Fatalf("reason %q", a.Reason)
	}
	h.tick(20 * 20)
	rs := reflexes(h, protocol.ReflexDefend)
	if len(rs) < 2 || rs[0].Event != protocol.EventStarted || rs[0].InterruptedID != walk {
		t.Fatalf("defend reflexes %+v", rs)
	}
	if rs[len(rs)-1].Event != protocol.EventFinished || !z.removed {
		t.Fatalf("the zombie is not dead: %+v", rs)
	}
	if len(eventsOf[protocol.Damage](h)) == 0 {
		t.Fatal("no damage packet")
	}
}

func TestFleeWithNothingToFightWith(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{}}, 20)
	h.w.bea.health = 5
	h.w.ents.add(&entity{kind: "zombie", pos: at(1, arenaY+1, 0).Center(), health: 20, hostile: true})
	h.tick(60)
	rs := reflexes(h, protocol.ReflexFlee)
	if len(rs) == 0 || rs[0].Event != protocol.EventStarted {
		t.Fatalf("flee reflexes %+v (health %.0f)", rs, h.w.bea.health)
	}
}

func TestEatWhenIdleAndHungry(t *testing.T) {
	h := arena(t, quiet, 8)
	h.w.bea.food = 12
	h.give("rotten_flesh", 3)
	h.tick(60)
	if len(reflexes(h, protocol.ReflexEat)) != 0 {
		t.Fatal("she ate rotten flesh on reflex")
	}
	h.give("bread", 1)
	h.tick(300)
	rs := reflexes(h, protocol.ReflexEat)
	if len(rs) != 2 || rs[1].Event != protocol.EventFinished || h.w.bea.food != 17 {
		t.Fatalf("eat reflexes %+v, food %d", rs, h.w.bea.food)
	}
}

func TestAPlayerIsFoughtOnlyAfterThreeHits(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Alex", Offset: at(2, 0, 0)}}}, 8)
	alex := h.w.playerNamed("Alex")
	h.tick(20)
	h.w.hurt(1, "player", alex)
	h.w.hurt(1, "player", alex)
	h.tick(1)
	if len(reflexes(h, protocol.ReflexDefend)) != 0 {
		t.Fatal("she fought back after two hits")
	}
	h.w.hurt(1, "player", alex)
	h.tick(1)
	if len(reflexes(h, protocol.ReflexDefend)) == 0 {
		t.Fatal("she did not fight back after three hits in ten seconds")
	}
}

func TestDeathAndRespawn(t *testing.T) {
	h := arena(t, quiet, 8)
	h.give("oak_log", 3)
	walk := h.send("move_to", obj{"x": 6, "y": arenaY + 1, "z": 6})
	h.w.hurt(100, "magic", nil)
	a := h.wait(walk, 2)
	want(t, a, protocol.Interrupted)
	if a.Reason != protocol.ReasonDeath {
		t.Fatalf("reason %q", a.Reason)
	}
	want(t, h.do("move_to", obj{"x": 1, "y": arenaY + 1, "z": 1}, 2), protocol.FailDead)
	log := h.do("check_death_log", nil, 2)
	want(t, log, protocol.Success)
	contains(t, log, "magic", "3 oak_log")
	h.tick(respawnDelay + 2)
	if len(eventsOf[protocol.Death](h)) != 1 || len(eventsOf[protocol.Respawn](h)) != 1 || len(reflexes(h, protocol.ReflexRespawn)) != 2 {
		t.Fatalf("death/respawn packets missing: %v", h.events)
	}
	if h.w.bea.dead || h.w.bea.health != 20 {
		t.Fatal("she did not come back")
	}
	want(t, h.do("pickup_items", obj{"item": "oak_log"}, 20*60), protocol.Success)
}

func TestTimeoutAndException(t *testing.T) {
	h := arena(t, quiet, 16)
	spec := h.w.actions["move_to"]
	spec.budget = 1
	h.w.actions["move_to"] = spec
	a := h.do("move_to", obj{"x": 15, "y": arenaY + 1, "z": 15}, 200)
	want(t, a, protocol.FailTimeout)
	contains(t, a, "1 s budget", "walking")
	h.w.actions["look_at"] = actionSpec{concurrent: true, prepare: func(p *params) (runFunc, error) {
		return func(a *act) outcome { panic("boom") }, nil
	}}
	h.w.actions["mine_block"] = actionSpec{budget: 5, prepare: func(p *params) (runFunc, error) {
		return func(a *act) outcome { a.wait(3); panic("bang") }, nil
	}}
	want(t, h.do("look_at", nil, 2), protocol.FailException)
	want(t, h.do("mine_block", nil, 20), protocol.FailException)
	want(t, h.do("mc_chat", obj{"message": "still fine"}, 2), protocol.Success)
}

func TestClutchLandsAFallInWater(t *testing.T) {
	h := arena(t, quiet, 8)
	h.give("water_bucket", 1)
	h.w.bea.inv.holdItem("water_bucket")
	h.w.bea.pos = at(0, arenaY+12, 0).Center()
	h.tick(3)
	busy := h.do("move_to", obj{"x": 3, "y": arenaY + 1, "z": 3}, 2)
	want(t, busy, protocol.FailBusy)
	h.tick(40)
	rs := reflexes(h, protocol.ReflexClutch)
	if len(rs) != 2 || rs[1].Event != protocol.EventFinished {
		t.Fatalf("clutch reflexes %+v", rs)
	}
	if h.w.bea.health != 20 || h.w.bea.inv.count("water_bucket") != 1 || h.w.grid.name(at(0, arenaY+1, 0)) != "air" {
		t.Fatalf("health %.0f, inventory %v, landing %s", h.w.bea.health, h.w.bea.inv.totals(), h.w.grid.name(at(0, arenaY+1, 0)))
	}
	// Without the bucket the same fall hurts.
	h.w.bea.inv.remove("water_bucket", 1)
	h.w.bea.pos = at(0, arenaY+12, 0).Center()
	h.tick(30)
	if h.w.bea.health != 12 {
		t.Fatalf("health %.1f after an 11-block fall", h.w.bea.health)
	}
}
