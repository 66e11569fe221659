package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestAFailingCallIsNeverSentAThirdTimeInARow: the same call with the same
// arguments fails twice, and she does something else; a success of another
// action in between does not hide the loop, since repeats are counted per
// call, not as a streak. Time, or a walk elsewhere, gives it another try.
func TestAFailingCallIsNeverSentAThirdTimeInARow(t *testing.T) {
	v := withInv(game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4, "cobblestone": 5})
	v.v.Tick = 5000
	m := New(&v, testBook)
	const craft = `craft_item{"count":1,"item":"stone_pickaxe"}`
	fails := done("craft_item", protocol.Failure, "stone_pickaxe needs a crafting table and you found no free spot beside you to set yours down")
	say := func(perception agent.Perception) string {
		t.Helper()
		c := decide(t, m, perception)
		if len(c) != 1 {
			t.Fatalf("after %q: %s, want one call", perception.Text, callsText(c))
		}
		return callsText(c)
	}
	if c := say(idle); c != craft {
		t.Fatalf("first: %s, want %s", c, craft)
	}
	if c := say(fails); c != craft {
		t.Fatalf("after one failure: %s, want the craft again", c)
	}
	other := say(fails)
	if other == craft || !strings.HasPrefix(other, "move_away") {
		t.Fatalf("after two failures: %s, want a walk elsewhere", other)
	}
	// The walk went nowhere far: the craft is still held back, and the
	// next step of the routine comes instead; its success hides nothing.
	for i, answer := range []agent.Perception{
		done("move_away", protocol.Success, "you walked 3 blocks away"),
		done("find_block", protocol.Success, "collected 4/4 coal"),
	} {
		if c := say(answer); c == craft {
			t.Fatalf("answer %d (%q): the craft a third time", i, answer.Text)
		}
	}
	// A game minute on, it gets one more try.
	v.v.Tick += backoffTicks
	if c := say(idle); c != craft {
		t.Fatalf("a minute later: %s, want the craft again", c)
	}
	if c := say(fails); c == craft {
		t.Fatalf("the craft failed a third time and is sent again at once: %s", c)
	}
	// A walk of more than movedOn blocks gives it one more try there.
	v.v.Body.Position.X += movedOn + 1
	if c := say(done("move_away", protocol.Success, "you walked 9 blocks away")); c != craft {
		t.Fatalf("after a walk elsewhere: %s, want the craft again", c)
	}
	// Its own success forgets its failures.
	m.countTry(true)
	if m.tries[callKey("craft_item", map[string]any{"item": "stone_pickaxe", "count": 1})] != nil {
		t.Fatal("a success left the craft's failures counted")
	}
}

func TestTriesBackOffAndStopRetryingOnWalksAlone(t *testing.T) {
	tr := tries{}
	here, far := game.Pos{}, game.Pos{X: 20}
	for i := 0; i < triesInARow; i++ {
		if !tr.allowed("k", here, 0) {
			t.Fatalf("try %d held back", i+1)
		}
		tr.failed("k", here, 0)
	}
	if tr.allowed("k", here, backoffTicks-1) || !tr.allowed("k", here, backoffTicks) || !tr.allowed("k", far, 0) {
		t.Fatal("after two failures: held back for a game minute, or until she is elsewhere")
	}
	for tr["k"].fails < movedOnFails {
		tr.failed("k", here, 0)
	}
	if tr.allowed("k", far, 0) {
		t.Fatalf("after %d failures a walk alone gave it another try", movedOnFails)
	}
	if !tr.allowed("k", here, backoffMax) || tr.allowed("k", here, backoffMax-1) {
		t.Fatal("the wait is not capped at backoffMax")
	}
}

// shaft is a view from the bottom of a 1x1 shaft, depth blocks deep, under
// the open sky: stone all round her up to the ground.
func shaft(inv game.Inventory, depth int) *sit {
	feet := game.Pos{X: 4, Y: 60, Z: 4}
	var blocks []game.SeenBlock
	blocks = append(blocks, game.SeenBlock{Block: "stone", X: feet.X, Y: feet.Y - 1, Z: feet.Z})
	for y := feet.Y - 1; y < feet.Y+depth; y++ {
		for _, d := range horizontal {
			p := feet.Add(d)
			blocks = append(blocks, game.SeenBlock{Block: "stone", X: p.X, Y: y, Z: p.Z})
		}
	}
	return &sit{agent.Snapshot{Tick: 100, Body: &agent.Body{
		Inventory: slotsOf(inv),
		Health:    20, Food: 20, Position: game.Vec3{X: 4.5, Y: 60, Z: 4.5},
		Blocks: blocks,
	}}}
}

// TestOutOfAPit: boxed in at the bottom of a shaft with a craft due she
// pillars up to the rim with the blocks she carries; with none, she climbs
// to the surface, and a climb that fails twice is not sent a third time,
// nor a walk that cannot be. With stone, ore or dirt due she stays down and
// digs.
func TestOutOfAPit(t *testing.T) {
	v := shaft(game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4, "cobblestone": 5}, 5)
	if !boxedIn(v.v) || climbHeight(v.v) != 5 {
		t.Fatalf("the shaft: boxed in %v, climb %d; want true, 5", boxedIn(v.v), climbHeight(v.v))
	}
	m := New(v, testBook)
	if c := callsText(decide(t, m, idle)); c != `pillar_up{"height":5}` {
		t.Fatalf("boxed in with a craft due: %s, want a pillar to the rim", c)
	}

	v = shaft(game.Inventory{"crafting_table": 1, "oak_planks": 3, "stick": 2}, 5)
	m = New(v, testBook)
	const up = `go_to_surface{}`
	stuck := done("go_to_surface", protocol.Failure, "no way up from (4, 60, 4) within 64 blocks")
	if c := callsText(decide(t, m, idle)); c != up {
		t.Fatalf("boxed in with nothing to build with: %s, want go_to_surface", c)
	}
	if c := callsText(decide(t, m, stuck)); c != up {
		t.Fatalf("after one failed climb: %s, want go_to_surface once more", c)
	}
	if c := callsText(decide(t, m, stuck)); c == up || strings.HasPrefix(c, "move_away") {
		t.Fatalf("after two: %s, want neither the climb nor a walk that cannot be", c)
	}

	v = shaft(game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4}, 5)
	m = New(v, testBook)
	if c := callsText(decide(t, m, idle)); !strings.HasPrefix(c, `find_block{"block":"stone"`) {
		t.Fatalf("boxed in with stone due: %s, want the stone, found down here", c)
	}
	v = shaft(game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "coal": 4, "dirt": 58}, 2)
	v.v.Body.Time = 11500
	m = New(v, testBook)
	if c := callsText(decide(t, m, idle)); c != `find_block{"block":"dirt","count":2}` {
		t.Fatalf("in the hole her dirt left, with dirt due: %s, want the dirt, not a pillar of it", c)
	}
	// With the dirt for the shelter in hand and a craft due, a pillar would
	// spend it: she climbs another way.
	v = shaft(game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "coal": 4, "dirt": 60, "oak_planks": 8}, 2)
	v.v.Body.Time = 11500
	m = New(v, testBook)
	if c := callsText(decide(t, m, idle)); c != up {
		t.Fatalf("boxed in with a chest due and only the shelter's dirt to pillar with: %s, want go_to_surface", c)
	}

	v.v.Body.Blocks = nil
	if boxedIn(v.v) {
		t.Fatal("a view without blocks says she is boxed in")
	}
}

// TestHuntsOnlyWhatItCanReach: an animal below the rim of her pit, or up on
// a ledge, is left alone; one on her level is hunted. By night she eats what
// she carries and never leaves her shelter to hunt.
func TestHuntsOnlyWhatItCanReach(t *testing.T) {
	v := withInv(game.Inventory{"crafting_table": 1})
	v.v.Body.Food = 10
	v.v.Body.Position.Y = 64
	v.v.Body.Entities = []game.Entity{{Type: "cow", Distance: 6, Y: 69}, {Type: "pig", Distance: 8, Y: 58}}
	m := New(&v, testBook)
	if c := decide(t, m, idle); len(c) == 1 && c[0].Name == "attack_entity" {
		t.Fatalf("animals five and six blocks off her level: %s", callsText(c))
	}
	v.v.Body.Entities = append(v.v.Body.Entities, game.Entity{Type: "sheep", Distance: 12, Y: 65})
	if c := callsText(decide(t, m, idle)); c != `attack_entity{"entity":"sheep"}` {
		t.Fatalf("a sheep a step up: %s, want it hunted", c)
	}

	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "dirt": 60, "oak_door": 1, "chest": 1}, pos: game.Pos{X: 10, Y: 64, Z: -4},
		time: 14000, food: 8, ents: []game.Entity{{Type: "cow", Distance: 4, Y: 64}}}
	m = New(w, testBook)
	if c := callsText(decide(t, m, idle)); !strings.HasPrefix(c, "build_template") {
		t.Fatalf("hungry at night with nothing to eat: %s, want her shelter, not the cow", c)
	}
	w.do(agent.ToolCall{Name: "build_template", Args: []byte(`{"name":"dirt_shelter","x":7,"y":65,"z":-7}`)})
	w.inv["beef"] = 2
	if c := callsText(decide(t, m, done("build", protocol.Success, "built all 101 cells"))); c != `eat_food{"item":"beef"}` {
		t.Fatalf("hungry in her shelter with beef: %s, want it eaten", c)
	}
	w.inv["beef"] = 0
	w.food = 8
	if c := decide(t, m, done("eat_food", protocol.Success, "ate beef")); len(c) == 1 && c[0].Name == "attack_entity" {
		t.Fatalf("hungry in her shelter at night: %s, she went out to hunt", callsText(c))
	}
}

// TestNoDayPassesIdleAfterTheIronPickaxe: from the iron pickaxe on, through
// a whole day, something is always due: armour, a bed, food, torches,
// stocks. (Her armour takes the morning, when she would go down for
// diamonds: TestADiamondTrip.)
func TestNoDayPassesIdleAfterTheIronPickaxe(t *testing.T) {
	sheep := game.Entity{Type: "sheep", Distance: 12, Y: 64}
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "stone_axe": 1, "stone_shovel": 1,
		"coal": 4, "stick": 4, "dirt": 60, "chest": 1, "oak_door": 1, "furnace": 1}, pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 24000 + 1000, food: 20,
		ents: []game.Entity{sheep, sheep, sheep}}
	m := New(w, testBook)
	perception := idle
	var done []string
	for i := 0; i < 400 && w.time < 24000+12000; i++ {
		calls := decide(t, m, perception)
		if len(calls) != 1 || calls[0].Name == "stay_silent" {
			t.Fatalf("at %d, by day, after %v: %s", w.time%24000, done, callsText(calls))
		}
		done = append(done, callsText(calls))
		perception = w.do(calls[0])
	}
	text := strings.Join(done, " ")
	for _, want := range []string{`equip_item{"item":"iron_boots"`, `craft_item{"count":1,"item":"white_bed"}`,
		`find_block{"block":"log","count":8}`} {
		if !strings.Contains(text, want) {
			t.Errorf("the day never did %s: %s", want, text)
		}
	}
}

// TestNoWalkForACallOnlyTimeLetsThrough: a call that failed movedOnFails
// times waits for its backoff; she does not walk elsewhere for it at every
// decision meanwhile, however well the walks go, but gets on with the
// rest of the routine.
func TestNoWalkForACallOnlyTimeLetsThrough(t *testing.T) {
	v := withInv(tripKit(game.Inventory{"iron_helmet": 1, "diamond_pickaxe": 1}))
	v.v.Body.Armor = ironWorn()
	m := New(&v, testBook)
	logs := callKey("find_block", map[string]any{"block": "log", "count": 8})
	p, walks := idle, 0
	for i := 0; i < 60; i++ {
		c := decide(t, m, p)
		if len(c) != 1 {
			t.Fatalf("decision %d: %s", i+1, callsText(c))
		}
		held := m.tries[logs] != nil && m.tries[logs].fails >= movedOnFails
		switch callKey(c[0].Name, args(c[0])) {
		case logs:
			p = done("find_block", protocol.Failure, "you found no log within 32 blocks that you could reach")
		case `move_away{"distance":24}`:
			if held {
				walks++
			}
			v.v.Body.Position.X += 24
			p = done("move_away", protocol.Success, "you moved 24 blocks away")
		default:
			p = done(c[0].Name, protocol.Success, "done")
		}
	}
	if m.tries[logs] == nil || m.tries[logs].fails < movedOnFails {
		t.Fatalf("the logs failed only %v times", m.tries[logs])
	}
	if walks > 0 {
		t.Fatalf("%d walks elsewhere for a call only time lets through", walks)
	}
}

func ptr(s string) *string { return &s }

// tripKit is what she carries once she has the iron pickaxe, the
// shelter's kit and the trip's meals and torches, with extra.
func tripKit(extra game.Inventory) game.Inventory {
	inv := game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "stone_axe": 1, "stone_shovel": 1,
		"coal": 4, "stick": 4, "dirt": 60, "chest": 1, "oak_door": 1, "furnace": 1, "white_bed": 1, "torch": 16, "cooked_beef": 6}
	for k, n := range extra {
		inv[k] = n
	}
	return inv
}

// ironWorn is a whole suit of iron armour.
func ironWorn() game.Armor {
	return game.Armor{Head: ptr("iron_helmet"), Chest: ptr("iron_chestplate"), Legs: ptr("iron_leggings"), Feet: ptr("iron_boots")}
}

// TestADiamondTrip: armoured, with meals and torches, she goes down in the
// morning by a staircase she digs a flight at a time, each flight a
// quarter turn from the one before, goes for diamonds at the bottom and
// makes the diamond pickaxe. Down there, she sets off up in time to be out
// before the dusk: up her own staircase, the deeper and the farther from
// its foot the earlier; without one, by a new staircase up. Without the
// meals for a day below, or once the morning is too far gone for the
// trip, she does not go down.
func TestADiamondTrip(t *testing.T) {
	inv := func() game.Inventory {
		return tripKit(game.Inventory{"oak_log": 64, "raw_iron": 32})
	}
	armour := map[string]string{"head": "iron_helmet", "chest": "iron_chestplate", "legs": "iron_leggings", "feet": "iron_boots"}
	w := &world{t: t, inv: inv(), pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 24000 + 200, food: 20, worn: armour}
	m := New(w, testBook)
	perception := idle
	var trip []string
	for i := 0; i < 60 && w.time < 24000+dusk; i++ {
		calls := decide(t, m, perception)
		if len(calls) != 1 || calls[0].Name == "stay_silent" {
			t.Fatalf("at %d, after %v: %s", w.time%24000, trip, callsText(calls))
		}
		trip = append(trip, callsText(calls))
		perception = w.do(calls[0])
		if w.inv["diamond_pickaxe"] > 0 {
			break
		}
	}
	var want []string
	for i := range 7 {
		want = append(want, fmt.Sprintf(`mine_down{"depth":16,"direction":%q}`, compass[i%4].name))
	}
	want = append(want, `find_block{"block":"diamond_ore","count":3}`, `craft_item{"count":1,"item":"diamond_pickaxe"}`)
	if !slices.Equal(trip, want) {
		t.Errorf("the trip went %v, want %v", trip, want)
	}

	// 114 blocks below the ground she knows, with no staircase of hers, a
	// new one up takes (114-stairFree)*stairTicks past what climbAt leaves
	// time for.
	w = &world{t: t, inv: inv(), pos: game.Pos{X: 5, Y: diamondY, Z: 5}, food: 20, worn: armour}
	m = New(w, testBook)
	m.groundY, m.haveGround = 64, true
	for _, c := range []struct {
		time int64
		want string
	}{{climbTimeFrom(114) - 100, "find_block"}, {climbTimeFrom(114), "go_to_surface"}, {climbAt - 100, "go_to_surface"}} {
		w.time = 24000 + c.time
		if got := m.routine(w.Snapshot()); len(got) == 0 || got[0].tool != c.want {
			t.Errorf("at %d, %d blocks down: %v, want %s first", c.time, 114, got, c.want)
		}
	}
	// Down her own staircase, she mines until the walk back to its foot
	// and up it take her to the dusk; then she walks up it, and a new
	// staircase up is what she does when that walk fails.
	m.stairs = &staircase{top: game.Pos{X: 5, Y: 64, Z: 5}, foot: game.Pos{X: 5, Y: diamondY, Z: 5}, dimension: "overworld"}
	w.pos = game.Pos{X: 9, Y: diamondY, Z: 5}
	up := `move_to{"range":0.5,"x":5.5,"y":64,"z":5.5}`
	for _, c := range []struct {
		time int64
		want string
	}{{walkUpTime(114, 4) - 100, `find_block{"block":"diamond_ore","count":3}`}, {walkUpTime(114, 4), up}} {
		w.time = 24000 + c.time
		if got := callsText(decide(t, m, idle)); got != c.want {
			t.Errorf("at %d, 4 blocks from the foot of her staircase: %s, want %s", c.time, got, c.want)
		}
	}
	if walkUpTime(114, 4) >= walkUpTime(100, 4) || walkUpTime(114, 20) >= walkUpTime(114, 4) {
		t.Errorf("a walk up from deeper or farther starts no earlier: %d, %d, %d", walkUpTime(114, 4), walkUpTime(100, 4), walkUpTime(114, 20))
	}
	for range triesInARow {
		decide(t, m, done("move_to", protocol.Failure, "no path leads there"))
	}
	if got := callsText(decide(t, m, idle)); got != "go_to_surface{}" {
		t.Errorf("after the walk up her staircase failed: %s, want a new staircase up", got)
	}

	for _, c := range []struct {
		why  string
		time int64
		inv  func(game.Inventory)
	}{
		{"without meals", 200, func(inv game.Inventory) { inv["cooked_beef"] = 1 }},
		{"without torches", 200, func(inv game.Inventory) { inv["torch"], inv["coal"] = 4, 0 }},
		{"too late in the afternoon for a flight and the walk back up", 10300, func(game.Inventory) {}},
	} {
		w := &world{t: t, inv: inv(), pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 24000 + c.time, food: 20}
		c.inv(w.inv)
		for _, s := range New(w, testBook).routine(w.Snapshot()) {
			if s.goal == goalDiamonds {
				t.Errorf("%s: %s %v, want no trip down", c.why, s.tool, s.args)
			}
		}
	}
}

// TestAStaircaseIsKept: a staircase takes more than a morning to dig, so
// she keeps it: the next trip walks down it to where it stopped and digs
// on, the way after the last flight's; from far off she walks back to it,
// and begins a new one only when that walk fails.
func TestAStaircaseIsKept(t *testing.T) {
	armour := map[string]string{"head": "iron_helmet", "chest": "iron_chestplate", "legs": "iron_leggings", "feet": "iron_boots"}
	w := &world{t: t, inv: tripKit(game.Inventory{"oak_log": 64}), pos: game.Pos{X: 7, Y: 64, Z: 5}, time: 24000 + 200, food: 20, worn: armour}
	m := New(w, testBook)
	m.groundY, m.haveGround = 64, true
	m.stairs = &staircase{top: game.Pos{X: 5, Y: 64, Z: 5}, foot: game.Pos{X: 21, Y: 32, Z: 21}, dimension: "overworld", flights: 2}
	down := `move_to{"range":0.5,"x":21.5,"y":32,"z":21.5}`
	if got := callsText(decide(t, m, idle)); got != down {
		t.Fatalf("by her staircase in the morning: %s, want the walk down it %s", got, down)
	}
	w.pos = game.Pos{X: 21, Y: 32, Z: 21}
	if got := callsText(decide(t, m, done("move_to", protocol.Success, "you are there"))); got != `mine_down{"depth":16,"direction":"west"}` {
		t.Errorf("at the foot of her staircase: %s, want its third flight, west", got)
	}

	w.pos = game.Pos{X: 5 + stairReach + 10, Y: 64, Z: 5}
	m.tries = tries{}
	back := `move_to{"range":1,"x":5.5,"y":64,"z":5.5}`
	if got := callsText(decide(t, m, idle)); got != back {
		t.Errorf("far from her staircase: %s, want the walk back to it %s", got, back)
	}
	for range triesInARow {
		decide(t, m, done("move_to", protocol.Failure, "no path leads there"))
	}
	if got := callsText(decide(t, m, idle)); got != `mine_down{"depth":16,"direction":"east"}` {
		t.Errorf("far from her staircase, the walk back to it failing: %s, want a new one", got)
	}
	if m.stairs.top != w.pos {
		t.Errorf("the new staircase opens at %v, want %v", m.stairs.top, w.pos)
	}
}

// TestTorchesLightHerMine: down at diamondY she sets a torch on the floor
// beside her, where her tunnel leads on, before she goes for the ore; with
// a torch in her close view, or in the foot of her shaft with no floor
// beside her, she goes for the ore.
func TestTorchesLightHerMine(t *testing.T) {
	inv := tripKit(game.Inventory{"oak_log": 64, "raw_iron": 32})
	v := shaft(inv, 3) // the foot of her shaft: walls all round
	feet := game.Pos{X: 4, Y: diamondY, Z: 4}
	for i := range v.v.Body.Blocks {
		v.v.Body.Blocks[i].Y += diamondY - 60
	}
	v.v.Body.Position.Y = diamondY
	v.v.Body.Time = 1000
	v.v.Body.Armor = ironWorn()
	ore := `find_block{"block":"diamond_ore","count":3}`
	if c := callsText(decide(t, New(v, testBook), idle)); c != ore {
		t.Fatalf("in the foot of her shaft: %s, want %s", c, ore)
	}
	// Her tunnel leads east: the cell east of her is open, over stone.
	east := feet.Add(game.Pos{X: 1})
	var blocks []game.SeenBlock
	for _, b := range v.v.Body.Blocks {
		if p := (game.Pos{X: b.X, Y: b.Y, Z: b.Z}); p != east && p != east.Add(up1) {
			blocks = append(blocks, b)
		}
	}
	v.v.Body.Blocks = append(blocks, game.SeenBlock{Block: "deepslate", X: east.X, Y: east.Y - 1, Z: east.Z})
	want := fmt.Sprintf(`place_block{"block":"torch","face":"top","x":%d,"y":%d,"z":%d}`, east.X, east.Y-1, east.Z)
	if c := callsText(decide(t, New(v, testBook), idle)); c != want {
		t.Fatalf("in her tunnel: %s, want %s", c, want)
	}
	v.v.Body.Census = map[string]int{"wall_torch": 1}
	if c := callsText(decide(t, New(v, testBook), idle)); c != ore {
		t.Fatalf("with a torch in sight: %s, want %s", c, ore)
	}
}

// TestBranchesWhenTheOreIsMinedOut: down at diamondY, once the find for
// diamonds has failed twice where she stands, she tunnels on along her
// level to new ground, and looks again from there.
func TestBranchesWhenTheOreIsMinedOut(t *testing.T) {
	v := withInv(tripKit(game.Inventory{"oak_log": 64, "raw_iron": 32}))
	v.v.Body.Armor = ironWorn()
	v.v.Body.Position = game.Vec3{X: 4.5, Y: diamondY, Z: 4.5}
	v.v.Body.Time = 1000
	m := New(&v, testBook)
	ore := `find_block{"block":"diamond_ore","count":3}`
	none := done("find_block", protocol.Failure, "you found no diamond_ore within 32 blocks that you could reach")
	var got []string
	p := idle
	for range 3 {
		got = append(got, callsText(decide(t, m, p)))
		p = none
	}
	want := []string{ore, ore, `move_to{"range":1,"x":28.5,"y":-50,"z":4.5}`}
	if !slices.Equal(got, want) {
		t.Fatalf("with no diamond ore in reach: %v, want %v", got, want)
	}
	v.v.Body.Position.X += branchLength
	if c := callsText(decide(t, m, done("move_to", protocol.Success, "you are there"))); c != ore {
		t.Fatalf("at the end of her branch: %s, want %s", c, ore)
	}
}

// TestTorchesLightHerStaircase: on the way down her staircase she sets a
// torch on the stair behind her, one up beside her, before digging on; with
// a torch in sight she digs on.
func TestTorchesLightHerStaircase(t *testing.T) {
	inv := tripKit(game.Inventory{"oak_log": 64, "raw_iron": 32})
	v := shaft(inv, 3)
	feet := game.Pos{X: 4, Y: 20, Z: 4}
	west := feet.Add(game.Pos{X: -1})
	var blocks []game.SeenBlock
	for _, b := range v.v.Body.Blocks {
		b.Y += feet.Y - 60
		if p := (game.Pos{X: b.X, Y: b.Y, Z: b.Z}); p != west.Add(up1) && p != west.Add(up1).Add(up1) {
			blocks = append(blocks, b) // the stair she came down, open above its floor
		}
	}
	v.v.Body.Blocks = blocks
	v.v.Body.Position.Y = float64(feet.Y)
	v.v.Body.Time = 1000
	v.v.Body.Armor = ironWorn()
	m := New(v, testBook)
	m.groundY, m.haveGround = 64, true
	m.stairs = &staircase{top: game.Pos{X: -40, Y: 64, Z: 4}, foot: feet, dimension: "overworld", flights: 2}
	want := fmt.Sprintf(`place_block{"block":"torch","face":"top","x":%d,"y":%d,"z":%d}`, west.X, west.Y, west.Z)
	if c := callsText(decide(t, m, idle)); c != want {
		t.Fatalf("on her staircase: %s, want %s", c, want)
	}
	v.v.Body.Census = map[string]int{"torch": 1}
	if c := callsText(decide(t, m, idle)); c != `mine_down{"depth":16,"direction":"west"}` {
		t.Fatalf("with a torch in sight: %s, want the next flight", c)
	}
}
