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
	for _, r := range rs {
		if r.Target == nil || r.Target.Type != "zombie" || r.Target.UUID != z.uuid {
			t.Errorf("the defend packet %+v does not name the zombie it fights", r)
		}
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
	if rs[0].Item != "bread" || rs[1].Item != "bread" {
		t.Errorf("the eat packets %+v do not say she ate bread", rs)
	}
}

func TestAPlayerIsFoughtOnlyAfterThreeHits(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Alex", Offset: at(2, 0, 0)}}}, 8)
	alex := h.w.ents.playerNamed("Alex")
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
	h.w.actions["look_at"] = actionSpec{concurrent: true, prepare: func(_ *World, p *params) (runFunc, error) {
		return func(a *act) outcome { panic("boom") }, nil
	}}
	h.w.actions["mine_block"] = actionSpec{budget: 5, prepare: func(_ *World, p *params) (runFunc, error) {
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
	// The fall's damage, not her health: on a full stomach she heals fast.
	fell := 0.0
	for _, d := range eventsOf[protocol.Damage](h) {
		if d.Source == "fall" {
			fell += d.Amount
		}
	}
	if fell != 8 {
		t.Fatalf("an 11-block fall took %.1f health", fell)
	}
}

// TestEatAtFourteenNotFifteen: idle with bread, she leaves it at food 15
// and eats at 14.
func TestEatAtFourteenNotFifteen(t *testing.T) {
	h := arena(t, quiet, 8)
	h.give("bread", 2)
	h.w.bea.food, h.w.bea.saturation = 15, 0
	h.tick(300)
	if rs := reflexes(h, protocol.ReflexEat); len(rs) != 0 || h.w.bea.inv.count("bread") != 2 {
		t.Fatalf("she ate at food 15: %+v", rs)
	}
	h.w.bea.food = 14
	h.tick(100)
	if rs := reflexes(h, protocol.ReflexEat); len(rs) != 2 || h.w.bea.inv.count("bread") != 1 || h.w.bea.food != 19 {
		t.Fatalf("at food 14: reflexes %+v, food %d, bread %d", rs, h.w.bea.food, h.w.bea.inv.count("bread"))
	}
}

// TestEatWhenHurtAndHungryInterruptsTheAction: busy walking, hurt and too
// hungry to heal, she stops to eat; the walk answers INTERRUPTED with the
// reflex as its reason. Busy and merely hungry, she walks on.
func TestEatWhenHurtAndHungryInterruptsTheAction(t *testing.T) {
	h := arena(t, quiet, 16)
	h.give("bread", 1)
	h.give("rotten_flesh", 4)
	h.w.bea.food, h.w.bea.saturation = 16, 0
	walk := h.send("move_to", obj{"x": 14, "y": arenaY + 1, "z": 14})
	h.tick(20)
	if _, ok := h.answers[walk]; ok || len(reflexes(h, protocol.ReflexEat)) != 0 {
		t.Fatal("she stopped to eat at food 16 without being hurt")
	}
	h.w.hurt(4, "magic", nil)
	a := h.wait(walk, 5)
	want(t, a, protocol.Interrupted)
	if a.Reason != "reflex: eat" {
		t.Fatalf("reason %q", a.Reason)
	}
	h.tick(60)
	rs := reflexes(h, protocol.ReflexEat)
	if len(rs) != 2 || rs[0].InterruptedID != walk || rs[1].Event != protocol.EventFinished || h.w.bea.inv.count("bread") != 0 ||
		h.w.bea.inv.count("rotten_flesh") != 4 {
		t.Fatalf("eat reflexes %+v; inventory %v", rs, h.w.bea.inv.totals())
	}
}

// TestAPlayersHitsMustComeWithinTenSeconds: three hits spread over more
// than ten seconds are three accidents, not a fight.
func TestAPlayersHitsMustComeWithinTenSeconds(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Alex", Offset: at(2, 0, 0)}}}, 8)
	alex := h.w.ents.playerNamed("Alex")
	for i := 0; i < 3; i++ {
		h.w.hurt(1, "player", alex)
		h.tick(6 * ticksPerSecond)
	}
	if rs := reflexes(h, protocol.ReflexDefend); len(rs) != 0 {
		t.Fatalf("she fought back after three hits in twelve seconds: %+v", rs)
	}
}

// TestFleeOnlyWithNothingToFightWith: at 5 health with a sword she
// defends herself; without one she runs.
func TestFleeOnlyWithNothingToFightWith(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{}}, 20)
	h.give("stone_sword", 1)
	h.w.bea.health = 5
	h.w.ents.add(&entity{kind: "zombie", pos: at(1, arenaY+1, 0).Center(), health: 20, hostile: true})
	h.tick(40)
	if len(reflexes(h, protocol.ReflexFlee)) != 0 || len(reflexes(h, protocol.ReflexDefend)) == 0 {
		t.Fatalf("with a sword at 5 health: flee %+v, defend %+v", reflexes(h, protocol.ReflexFlee), reflexes(h, protocol.ReflexDefend))
	}
}

// TestWhileDeadEveryRequestButTheFewAnswersDead: while she lies dead,
// actions answer FAILURE_DEAD, concurrent ones included, except those
// that make sense dead (stop_moving, check_death_log, mc_chat).
func TestWhileDeadEveryRequestButTheFewAnswersDead(t *testing.T) {
	h := arena(t, quiet, 8)
	h.w.hurt(100, "magic", nil)
	for _, tc := range []struct {
		action string
		params obj
		want   protocol.Result
	}{
		{"scan", obj{"block": "stone"}, protocol.FailDead},
		{"look_at", obj{"x": 1, "y": arenaY, "z": 1}, protocol.FailDead},
		{"eat_food", nil, protocol.FailDead},
		{"stop_moving", nil, protocol.Success},
		{"check_death_log", nil, protocol.Success},
		{"mc_chat", obj{"message": "ow"}, protocol.Success},
	} {
		if !h.w.bea.dead {
			t.Fatal("she came back too soon for the test")
		}
		a := h.do(tc.action, tc.params, 1)
		want(t, a, tc.want)
		if tc.want == protocol.FailDead {
			contains(t, a, "you are dead")
		}
	}
}

// TestFleeGivesUpAFightSheIsLosing: with nothing to fight with she
// fights back while she can take it, and once a blow leaves her under 6
// health the flight takes her hands from the fight.
func TestFleeGivesUpAFightSheIsLosing(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{}}, 20)
	h.w.bea.health = 11
	h.w.ents.add(&entity{kind: "zombie", pos: at(1, arenaY+1, 0).Center(), health: 20, hostile: true})
	for i := 0; i < 200 && len(reflexes(h, protocol.ReflexFlee)) == 0; i++ {
		h.tick(1)
	}
	defend, flee := reflexes(h, protocol.ReflexDefend), reflexes(h, protocol.ReflexFlee)
	if len(defend) != 2 || defend[0].Event != protocol.EventStarted || defend[1].Event != protocol.EventFailed ||
		!strings.Contains(defend[1].Message, "gave way to flee") {
		t.Fatalf("the fight did not give way: defend %+v", defend)
	}
	if len(flee) != 1 || flee[0].Event != protocol.EventStarted || h.w.bea.health >= fleeBelow || h.w.bea.dead {
		t.Fatalf("flee %+v at health %.1f (dead: %v)", flee, h.w.bea.health, h.w.bea.dead)
	}
}

// TestIdleAndHurtSheEatsToHeal: idle at food 16, not hungry enough to eat
// for hunger but too hungry to heal, she eats once she is hurt, however long
// ago the blow was; at full health she leaves her food alone.
func TestIdleAndHurtSheEatsToHeal(t *testing.T) {
	h := arena(t, quiet, 8)
	h.give("bread", 2)
	h.w.bea.food, h.w.bea.saturation = 16, 0
	h.tick(300)
	if rs := reflexes(h, protocol.ReflexEat); len(rs) != 0 {
		t.Fatalf("unhurt at food 16 she ate: %+v", rs)
	}
	h.w.bea.health = 9
	h.tick(100)
	if rs := reflexes(h, protocol.ReflexEat); len(rs) != 2 || rs[1].Event != protocol.EventFinished || h.w.bea.food < healAtFood {
		t.Fatalf("hurt and idle at food 16: reflexes %+v, food %d", rs, h.w.bea.food)
	}
}

// TestStopMovingLeavesTheReflexesAlone: stop_moving while a reflex has her
// hands ends nothing of it (the fight goes on to the zombie's death), and
// standing still after it she still eats. Only the request in her hands
// is stopped.
func TestStopMovingLeavesTheReflexesAlone(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{}}, 16)
	h.give("stone_sword", 1)
	h.give("bread", 2)
	walk := h.send("move_to", obj{"x": 14, "y": arenaY + 1, "z": 14})
	z := h.w.ents.add(&entity{kind: "zombie", pos: at(1, arenaY+1, 0).Center(), health: 20, hostile: true})
	want(t, h.wait(walk, 400), protocol.Interrupted)
	if rs := reflexes(h, protocol.ReflexDefend); len(rs) != 1 || rs[0].Event != protocol.EventStarted {
		t.Fatalf("no fight under way: %+v", rs)
	}
	stop := h.do("stop_moving", nil, 2)
	want(t, stop, protocol.Success)
	contains(t, stop, "not doing anything")
	h.tick(20 * 20)
	rs := reflexes(h, protocol.ReflexDefend)
	if len(rs) != 2 || rs[1].Event != protocol.EventFinished || !z.removed {
		t.Fatalf("the stop cut the fight short: %+v (zombie dead: %v)", rs, z.removed)
	}
	h.w.bea.food = 10
	before := len(reflexes(h, protocol.ReflexEat))
	h.tick(100)
	if rs := reflexes(h, protocol.ReflexEat)[before:]; len(rs) != 2 || rs[1].Event != protocol.EventFinished || h.w.bea.food <= 10 {
		t.Fatalf("standing still after the stop, hungry, she did not eat: %+v", rs)
	}
}

// TestTheWorldOpensWithHerFoodAsAsked: Options.Food sets her food at the
// start; a value beyond the game's scale is refused with a sentence.
func TestTheWorldOpensWithHerFoodAsAsked(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true, Food: 6})
	if h.w.bea.food != 6 || h.w.bea.saturation > 6 {
		t.Fatalf("food %d, saturation %.1f; want 6 and at most 6", h.w.bea.food, h.w.bea.saturation)
	}
	for _, bad := range []int{-1, 21} {
		if _, err := New(Options{Seed: 1, Food: bad}); err == nil || !strings.Contains(err.Error(), "use 1 to 20") {
			t.Errorf("food %d: %v", bad, err)
		}
	}
}
