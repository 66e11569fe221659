package rules

import (
	"fmt"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestHerStaircaseIsWalkedLandingByLanding: each flight she digs ends on a
// landing she keeps; at the dusk she walks up her staircase to the next
// landing above her, not the whole way to its top in one walk (a path of a
// hundred blocks and more that the search does not find), and the next
// morning walks down it landing by landing too.
func TestHerStaircaseIsWalkedLandingByLanding(t *testing.T) {
	w := &world{t: t, inv: tripKit(game.Inventory{"oak_log": 64}), pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 24000 + 200, food: 20, worn: ironWornMap()}
	m := New(w, testBook)
	m.groundY, m.haveGround = 64, true
	p := idle
	for range 3 {
		calls := decide(t, m, p)
		if len(calls) != 1 || calls[0].Name != "mine_down" {
			t.Fatalf("on her way down: %s, want a flight of her staircase", callsText(calls))
		}
		p = w.do(calls[0])
	}
	decide(t, m, p)
	want := []game.Pos{{X: 21, Y: 48, Z: 5}, {X: 21, Y: 32, Z: 21}, {X: 5, Y: 16, Z: 21}}
	if got := m.stairs.landings; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("her landings: %v, want %v", got, want)
	}
	to := func(p game.Pos) string {
		return fmt.Sprintf(`move_to{"range":0.5,"x":%g,"y":%d,"z":%g}`, float64(p.X)+0.5, p.Y, float64(p.Z)+0.5)
	}
	w.time = 24000 + dusk - 100
	if got := callsText(decide(t, m, idle)); got != to(want[1]) {
		t.Errorf("at the dusk on her third landing: %s, want the walk up to the one above %s", got, to(want[1]))
	}
	w.pos = want[0]
	if got := callsText(decide(t, m, idle)); got != to(m.stairs.top) {
		t.Errorf("at the dusk on her first landing: %s, want the walk up to the top %s", got, to(m.stairs.top))
	}
	w.pos, w.time = m.stairs.top.Add(game.Pos{X: 2}), 48000+200
	if got := callsText(decide(t, m, idle)); got != to(want[0]) {
		t.Errorf("the next morning by her staircase: %s, want the walk down to its first landing %s", got, to(want[0]))
	}
}

func ironWornMap() map[string]string {
	return map[string]string{"head": "iron_helmet", "chest": "iron_chestplate", "legs": "iron_leggings", "feet": "iron_boots"}
}

// TestSheLaysInFoodForTheTrip: with the diamonds due and no meals for the
// trip, she hunts an animal in reach, and with none in sight walks to look
// for one, at most maxForays walks in a row; with the meals she goes down.
func TestSheLaysInFoodForTheTrip(t *testing.T) {
	w := &world{t: t, inv: tripKit(game.Inventory{"oak_log": 64, "cooked_beef": 0}), pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 24000 + 200, food: 20, worn: ironWornMap()}
	m := New(w, testBook)
	m.groundY, m.haveGround = 64, true
	look := `move_away{"distance":24}`
	p := idle
	for i := range maxForays {
		calls := decide(t, m, p)
		if got := callsText(calls); got != look {
			t.Fatalf("foray %d with no meals and no animal in sight: %s, want %s", i, got, look)
		}
		p = w.do(calls[0])
	}
	if got := callsText(decide(t, m, p)); got == look {
		t.Errorf("after %d walks finding nothing: %s, want no more", maxForays, got)
	}
	w.ents = []game.Entity{{Type: "cow", Distance: 10, Y: 64}}
	if got := callsText(decide(t, m, idle)); got != `attack_entity{"entity":"cow"}` {
		t.Errorf("with a cow in sight: %s, want it hunted", got)
	}
	w.ents, w.inv["cooked_beef"] = nil, tripMeals
	if got := decide(t, m, idle); len(got) != 1 || got[0].Name != "mine_down" {
		t.Errorf("with the meals for the trip: %s, want the way down", callsText(got))
	}
}

// TestSheLeavesHerStaircaseWhenNoFlightFits: on her staircase above the
// ore late in the day, with no time for another flight and the walk back
// up, she walks up it at once rather than go on at something else down
// there; in the morning she digs on.
func TestSheLeavesHerStaircaseWhenNoFlightFits(t *testing.T) {
	w := &world{t: t, inv: tripKit(game.Inventory{"oak_log": 64, "coal": 0}), pos: game.Pos{X: 21, Y: 32, Z: 21}, time: 24000 + 10000, food: 20, worn: ironWornMap()}
	m := New(w, testBook)
	m.groundY, m.haveGround = 64, true
	m.stairs = &staircase{top: game.Pos{X: 5, Y: 64, Z: 5}, foot: w.pos, dimension: "overworld", flights: 2,
		landings: []game.Pos{{X: 21, Y: 48, Z: 5}, w.pos}}
	if got := callsText(decide(t, m, idle)); got != `move_to{"range":0.5,"x":21.5,"y":48,"z":5.5}` {
		t.Errorf("late on her staircase: %s, want the walk up to the landing above", got)
	}
	w.time = 48000 + 200
	if got := decide(t, m, idle); len(got) != 1 || got[0].Name != "mine_down" {
		t.Errorf("in the morning on her staircase: %s, want the next flight", callsText(got))
	}
}

// TestHerBranchLeadsAwayFromHerStaircase: with the ore in reach mined out,
// her branch leads away from the foot of her staircase, to new ground,
// not back past it to ground she has searched.
func TestHerBranchLeadsAwayFromHerStaircase(t *testing.T) {
	v := withInv(tripKit(game.Inventory{"oak_log": 64, "raw_iron": 32}))
	v.v.Body.Armor = ironWorn()
	v.v.Body.Position = game.Vec3{X: 4.5, Y: diamondY, Z: 4.5}
	v.v.Body.Time = 1000
	m := New(&v, testBook)
	landing := game.Pos{X: 28, Y: diamondY, Z: 4}
	m.stairs = &staircase{top: game.Pos{X: 28, Y: 64, Z: 20}, foot: landing, dimension: "overworld", flights: 7, landings: []game.Pos{landing}}
	none := done("find_block", protocol.Failure, "you found no diamond_ore within 32 blocks that you could reach")
	decide(t, m, idle)
	decide(t, m, none)
	if got, want := callsText(decide(t, m, none)), `move_to{"range":1,"x":-19.5,"y":-50,"z":4.5}`; got != want {
		t.Errorf("west of the foot of her staircase: %s, want the branch on west %s", got, want)
	}
}

// TestAboveHerStaircaseSheClimbsStraightOut: in a hole above where her
// staircase opens (it opens in a mine), her staircase is no way up: she
// digs her way up from where she is rather than walk down to its top.
func TestAboveHerStaircaseSheClimbsStraightOut(t *testing.T) {
	w := &world{t: t, inv: tripKit(game.Inventory{"oak_log": 64}), pos: game.Pos{X: 10, Y: 55, Z: 5}, time: 24000 + dusk - 100, food: 20, worn: ironWornMap()}
	m := New(w, testBook)
	m.groundY, m.haveGround = 70, true
	m.stairs = &staircase{top: game.Pos{X: 5, Y: 51, Z: 5}, foot: game.Pos{X: 21, Y: 35, Z: 5}, dimension: "overworld", flights: 1,
		landings: []game.Pos{{X: 21, Y: 35, Z: 5}}}
	if got := callsText(decide(t, m, idle)); got != "go_to_surface{}" {
		t.Errorf("at the dusk above where her staircase opens: %s, want a way up from where she is", got)
	}
}

// TestWithTheDiamondPickaxeSheWalksUpHerStaircase: the diamond pickaxe made
// down at the ore, her staircase is still her way up: for what grows under
// the sky she walks up it, landing by landing, rather than dig a new
// staircase up from diamond depth; back on the surface she is done with it.
func TestWithTheDiamondPickaxeSheWalksUpHerStaircase(t *testing.T) {
	w := &world{t: t, inv: tripKit(game.Inventory{"diamond_pickaxe": 1}), pos: game.Pos{X: 21, Y: diamondY, Z: 5}, time: 24000 + 5000, food: 20, worn: ironWornMap()}
	m := New(w, testBook)
	m.groundY, m.haveGround = 64, true
	m.stairs = &staircase{top: game.Pos{X: 5, Y: 64, Z: 5}, foot: w.pos, dimension: "overworld", flights: 7,
		landings: []game.Pos{{X: 21, Y: -34, Z: 21}, w.pos}}
	if got, want := callsText(decide(t, m, idle)), `move_to{"range":0.5,"x":21.5,"y":-34,"z":21.5}`; got != want {
		t.Fatalf("at the ore with the diamond pickaxe, logs wanted: %s, want the walk up her staircase %s", got, want)
	}
	w.pos = m.stairs.top
	decide(t, m, done("move_to", protocol.Success, "you are there"))
	if m.stairs != nil {
		t.Errorf("back on the surface with the diamond pickaxe: her staircase is still kept: %+v", m.stairs)
	}
}
