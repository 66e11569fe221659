package rules

import (
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func zombieAt(d float64) game.Entity {
	return game.Entity{Type: "zombie", Hostile: true, Distance: d, Y: 40}
}

// TestHurtInAMineSheClimbsOut: down a mine at low health with a zombie
// near she climbs to the open sky first; unhurt, or with nothing near, she
// mines on.
func TestHurtInAMineSheClimbsOut(t *testing.T) {
	inv := game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "stick": 4, "beef": 3}
	for _, c := range []struct {
		name    string
		health  float64
		near    []game.Entity
		climbs  bool
		because string
	}{
		{"hurt, a zombie near", 8, []game.Entity{zombieAt(6)}, true, "the sun fights for her"},
		{"hurt, the zombie far", 8, []game.Entity{zombieAt(30)}, false, "nothing to run from"},
		{"unhurt, a zombie near", 20, []game.Entity{zombieAt(6)}, false, "she can fight"},
	} {
		v := withInv(inv)
		v.v.Body.Food = 18 // fed: her health comes back on its own
		v.v.Body.Position.Y = 64
		m := New(&v, testBook)
		decide(t, m, idle) // her ground, where she came in
		v.v.Body.Position.Y = 40
		v.v.Body.Health, v.v.Body.Entities = c.health, c.near
		got := callsText(decide(t, m, idle))
		if climbs := got == "go_to_surface{}"; climbs != c.climbs {
			t.Errorf("%s: %s, want a climb %v (%s)", c.name, got, c.climbs, c.because)
		}
	}
}

// TestMonstersAtDawnAreWaitedOut: in her shelter after the night, with a
// zombie still near, she stays in; once it is gone she goes out.
func TestMonstersAtDawnAreWaitedOut(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "dirt": 60, "oak_door": 1, "chest": 1,
		"beef": 4}, pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 14000, food: 20}
	m := New(w, testBook)
	c := decide(t, m, idle)
	if len(c) != 1 || c[0].Name != "build_template" {
		t.Fatalf("at night: %s, want her shelter", callsText(c))
	}
	p := w.do(c[0])
	w.time = 23600
	w.ents = []game.Entity{{Type: "zombie", Hostile: true, Distance: 5, Y: 64}}
	if got := callsText(decide(t, m, p)); got != "stay_silent{}" {
		t.Fatalf("at dawn with a zombie by the door: %s, want her to stay in", got)
	}
	w.ents = nil
	if got := callsText(decide(t, m, idle)); got == "stay_silent{}" || strings.HasPrefix(got, "use_block") {
		t.Fatalf("at dawn with nothing near: %s, want the day's work", got)
	}
}

// TestMealsForTheFirstNight: with a stone sword she hunts an animal in
// reach until she carries three meals, before coal; without one in reach
// she does not wait for it.
func TestMealsForTheFirstNight(t *testing.T) {
	cow := game.Entity{Type: "cow", Distance: 8}
	for _, c := range []struct {
		name  string
		beef  int
		ents  []game.Entity
		wants string
	}{
		{"no meals, a cow near", 0, []game.Entity{cow}, `attack_entity{"entity":"cow"}`},
		{"two meals, a cow near", 2, []game.Entity{cow}, `attack_entity{"entity":"cow"}`},
		{"three meals", 3, []game.Entity{cow}, `find_block{"block":"coal_ore","count":4}`},
		{"no cow in reach", 0, nil, `find_block{"block":"coal_ore","count":4}`},
	} {
		v := withInv(game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "beef": c.beef})
		v.v.Body.Entities = c.ents
		if got := callsText(decide(t, New(&v, testBook), idle)); got != c.wants {
			t.Errorf("%s: %s, want %s", c.name, got, c.wants)
		}
	}
}

// ground is a view of flat ground round her at y 64: grass under every
// cell within two blocks, nothing standing.
func ground(inv game.Inventory, dayTime int64) *sit {
	var blocks []game.SeenBlock
	for x := 2; x <= 6; x++ {
		for z := 2; z <= 6; z++ {
			blocks = append(blocks, game.SeenBlock{Block: "grass_block", X: x, Y: 63, Z: z})
		}
	}
	return &sit{agent.Snapshot{Body: &agent.Body{Inventory: slotsOf(inv),
		Health: 20, Food: 20, Position: game.Vec3{X: 4.5, Y: 64, Z: 4.5},
		Blocks: blocks,
		Time:   dayTime, Dark: dayTime >= 13000 && dayTime < 23000,
	}}}
}

// TestANightWithoutAShelterIsSpentSealedIn: at night without the
// shelter's dirt and door she digs two blocks down, closes the hole over
// her head with a block she carries, and rests; with the kit she builds
// the shelter instead.
func TestANightWithoutAShelterIsSpentSealedIn(t *testing.T) {
	inv := game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "cobblestone": 4, "dirt": 12}
	if got := callsText(decide(t, New(ground(inv, 14000), testBook), idle)); got != `mine_down{"depth":2}` {
		t.Fatalf("on open ground at night: %s, want a hole two blocks down", got)
	}
	v := shaft(inv, 3)
	v.v.Body.Time, v.v.Body.Dark = 14000, true
	m := New(v, testBook)
	want := `place_block{"block":"cobblestone","face":"west","x":5,"y":62,"z":4}`
	if got := callsText(decide(t, m, idle)); got != want {
		t.Fatalf("two blocks down at night: %s, want %s", got, want)
	}
	v.v.Body.Blocks = append(v.v.Body.Blocks, game.SeenBlock{Block: "cobblestone", X: 4, Y: 62, Z: 4})
	if got := callsText(decide(t, m, done("place_block", protocol.Success, "placed cobblestone"))); got != "stay_silent{}" {
		t.Fatalf("sealed in at night: %s, want rest", got)
	}
	v.v.Body.Time, v.v.Body.Dark = 1000, false
	if got := callsText(decide(t, m, idle)); got == "stay_silent{}" {
		t.Fatalf("sealed in at morning: %s, want the day's work", got)
	}
	kit := game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "dirt": 60, "oak_door": 1, "chest": 1}
	if got := callsText(decide(t, New(ground(kit, 14000), testBook), idle)); !strings.HasPrefix(got, "build_template") {
		t.Fatalf("at night with the shelter's kit: %s, want the shelter", got)
	}
}

// TestAPackOfMonstersIsWalkedAwayFrom: by day two zombies in sight, or
// one when she is hurt, and she walks away from them before anything else;
// one zombie and her health whole, she gets on with her day.
func TestAPackOfMonstersIsWalkedAwayFrom(t *testing.T) {
	for _, c := range []struct {
		name   string
		health float64
		near   []game.Entity
		walks  bool
	}{
		{"two zombies", 20, []game.Entity{zombieAt(20), zombieAt(9)}, true},
		{"one zombie", 20, []game.Entity{zombieAt(9)}, false},
		{"one zombie, hurt", 11, []game.Entity{zombieAt(9)}, true},
		{"two zombies far off", 20, []game.Entity{zombieAt(30), zombieAt(40)}, false},
	} {
		v := withInv(game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "beef": 3})
		v.v.Body.Health, v.v.Body.Food, v.v.Body.Entities = c.health, 18, c.near
		got := callsText(decide(t, New(&v, testBook), idle))
		if walks := got == `move_away{"distance":24}`; walks != c.walks {
			t.Errorf("%s: %s, want a walk away %v", c.name, got, c.walks)
		}
	}
}

// TestHurtSheMendsBeforeTheDaysWork: hurt below mendAt by day she fills
// her food to the full with what she carries, hunts an animal in reach
// when she carries nothing and her food is too low to heal, and fed
// enough rests until her health is back, rather than go down a mine hurt.
func TestHurtSheMendsBeforeTheDaysWork(t *testing.T) {
	cow := game.Entity{Type: "cow", Distance: 8}
	work := `find_block{"block":"stone","count":5}`
	for _, c := range []struct {
		name   string
		health float64
		food   int
		beef   int
		near   []game.Entity
		want   string
	}{
		{"hurt, a meal to fill up on", 10, 19, 2, nil, `eat_food{"item":"beef"}`},
		{"hurt and fed", 10, 20, 0, nil, "stay_silent{}"},
		{"hurt and fed, a cow near", 10, 18, 0, []game.Entity{cow}, "stay_silent{}"},
		{"hurt, hungry for health, a cow near", 10, 16, 0, []game.Entity{cow}, `attack_entity{"entity":"cow"}`},
		{"hurt, nothing to eat and nothing near", 10, 17, 0, nil, work},
		{"a scratch", 17, 20, 0, nil, work},
	} {
		v := withInv(game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4, "beef": c.beef})
		v.v.Body.Health, v.v.Body.Food, v.v.Body.Entities = c.health, c.food, c.near
		if got := callsText(decide(t, New(&v, testBook), idle)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// TestSheForagesForAMealToCarry: with no meal in her pack and her food
// down to 16 she hunts an animal in reach; with none in sight she climbs
// out of a mine, or walks elsewhere on the surface, three walks at most
// until she carries a meal again.
func TestSheForagesForAMealToCarry(t *testing.T) {
	inv := game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "stick": 4}
	v := withInv(inv)
	v.v.Body.Food = 16
	v.v.Body.Entities = []game.Entity{{Type: "pig", Distance: 12}}
	m := New(&v, testBook)
	if got := callsText(decide(t, m, idle)); got != `attack_entity{"entity":"pig"}` {
		t.Errorf("no meal, food 16, a pig near: %s, want the pig", got)
	}
	v.v.Body.Entities = nil
	for i := 0; i < maxForays; i++ {
		if got := callsText(decide(t, m, done("move_away", protocol.Success, "you moved 24 blocks away"))); got != `move_away{"distance":24}` {
			t.Errorf("no meal, no animal in sight, walk %d: %s, want a walk to look for one", i+1, got)
		}
	}
	if got := callsText(decide(t, m, done("move_away", protocol.Success, "you moved 24 blocks away"))); got == `move_away{"distance":24}` {
		t.Errorf("after %d walks that found nothing: %s, want the day's work", maxForays, got)
	}
	carry(&v.v, game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "stick": 4, "beef": 1})
	decide(t, m, idle) // a meal in her pack: the walks are counted afresh
	carry(&v.v, inv)
	if got := callsText(decide(t, m, idle)); got != `move_away{"distance":24}` {
		t.Errorf("the meal eaten, no animal in sight: %s, want a walk to look for one", got)
	}

	mine := withInv(inv)
	mine.v.Body.Food, mine.v.Body.Position.Y = 20, 64
	m = New(&mine, testBook)
	decide(t, m, idle) // her ground, where she came in
	mine.v.Body.Food, mine.v.Body.Position.Y = 15, 30
	if got := callsText(decide(t, m, idle)); got != "go_to_surface{}" {
		t.Errorf("no meal, food 15, down a mine: %s, want a climb to where the animals are", got)
	}
	mine.v.Body.Food = 17
	if got := callsText(decide(t, m, idle)); got == "go_to_surface{}" {
		t.Errorf("no meal, food 17, down a mine: %s, want the day's work", got)
	}
}

// TestSheCooksTheMeatSheCarries: with a furnace and fuel, two raw beef or
// more are cooked once the iron pickaxe is made; without fuel they are not.
func TestSheCooksTheMeatSheCarries(t *testing.T) {
	inv := game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "furnace": 1, "coal": 4, "beef": 3, "stick": 4}
	v := withInv(inv)
	if got := callsText(decide(t, New(&v, testBook), idle)); got != `smelt_item{"count":3,"item":"beef"}` {
		t.Errorf("raw beef, a furnace and coal: %s, want the beef cooked", got)
	}
	inv["beef"], inv["chicken"] = 1, 1
	carry(&v.v, inv)
	if got := callsText(decide(t, New(&v, testBook), idle)); got != `smelt_item{"count":1,"item":"chicken"}` {
		t.Errorf("one raw chicken, one raw beef: %s, want the chicken cooked (raw it is no meal)", got)
	}
	delete(inv, "coal")
	carry(&v.v, inv)
	if got := callsText(decide(t, New(&v, testBook), idle)); strings.HasPrefix(got, "smelt_item") {
		t.Errorf("raw beef, a furnace and nothing to burn: %s", got)
	}
}

// TestWhereSheCannotDigDownSheWallsHerselfIn: at night with no shelter,
// when the hole fails twice (a cave's drop under her), she does not walk
// off into the dark but walls herself in where she stands, a block at a
// time, each on the top face of what is under it.
func TestWhereSheCannotDigDownSheWallsHerselfIn(t *testing.T) {
	v := ground(game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "cobblestone": 12}, 14000)
	m := New(v, testBook)
	p := idle
	for i := 0; i < 2; i++ {
		if got := callsText(decide(t, m, p)); got != `mine_down{"depth":2}` {
			t.Fatalf("try %d: %s, want the hole", i+1, got)
		}
		p = done("mine_down", protocol.Failure, "you did not dig down: a drop deeper than 3 blocks under (4, 61, 4)")
	}
	want := `place_block{"block":"cobblestone","face":"top","x":5,"y":63,"z":4}`
	if got := callsText(decide(t, m, p)); got != want {
		t.Fatalf("the hole failed twice: %s, want %s", got, want)
	}
	v.v.Body.Blocks = append(v.v.Body.Blocks, game.SeenBlock{Block: "cobblestone", X: 5, Y: 64, Z: 4})
	want = `place_block{"block":"cobblestone","face":"top","x":5,"y":64,"z":4}`
	if got := callsText(decide(t, m, done("place_block", protocol.Success, "placed cobblestone"))); got != want {
		t.Fatalf("a block beside her feet: %s, want the one above it, %s", got, want)
	}
}

// TestDownAMineSheHeadsUpBeforeDusk: from late afternoon to dusk, down a
// mine, she leaves whatever her hands are on for the open sky; earlier in
// the day, on the surface, or already on her way up, her work goes on.
func TestDownAMineSheHeadsUpBeforeDusk(t *testing.T) {
	mining := agent.Doing{Action: "find_block", Params: `{"block":"iron_ore","count":8}`}
	for _, c := range []struct {
		name  string
		time  int64
		y     float64
		doing *agent.Doing
		climb bool
	}{
		{"late afternoon, mining", 11200, 30, &mining, true},
		{"late afternoon, idle", 11200, 30, nil, true},
		{"afternoon, a climb's time before dusk, mining", 10000, 30, &mining, true},
		{"afternoon, mining", 9000, 30, &mining, false},
		{"late afternoon on the surface, mining", 11200, 64, &mining, false},
		{"late afternoon, on her way up", 11200, 30, &agent.Doing{Action: "go_to_surface"}, false},
		{"late afternoon, building", 11200, 30, &agent.Doing{Action: "build_template"}, false},
		{"late afternoon, smelting", 11200, 30, &agent.Doing{Action: "smelt_item"}, false},
	} {
		v := withInv(game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "cooked_beef": 4, "dirt": 60, "oak_door": 1, "chest": 1})
		v.v.Body.Position.Y = 64
		m := New(&v, testBook)
		decide(t, m, idle) // her ground, where she came in
		v.v.Body.Position.Y, v.v.Body.Time, v.v.Doing = c.y, c.time, c.doing
		got := callsText(decide(t, m, commentary))
		if climbs := got == "go_to_surface{}"; climbs != c.climb {
			t.Errorf("%s: %s, want a climb %v", c.name, got, c.climb)
		}
	}
}

// TestDownAMineSheDigsInFromAPack: by day down a mine, two zombies within
// 16 blocks and she digs herself in as for a night, rather than walk
// through the dark towards them; dug in, she stays while they are near;
// with them further off she goes on with her work, and on the surface she
// walks away from a pack as before.
func TestDownAMineSheDigsInFromAPack(t *testing.T) {
	inv := game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "cobblestone": 8, "cooked_beef": 4}
	pack := []game.Entity{zombieAt(10), zombieAt(13)}
	v := shaft(inv, 0)
	ground := v.v.Body.Position.Y
	m := New(v, testBook)
	decide(t, m, idle) // her ground, where she came in
	// The same view, 30 blocks down: a cave floor round her, open sides.
	for i := range v.v.Body.Blocks {
		v.v.Body.Blocks[i].Y -= 30
	}
	v.v.Body.Position.Y = ground - 30
	v.v.Body.Entities = pack
	if got := callsText(decide(t, m, idle)); got != `mine_down{"depth":2}` {
		t.Fatalf("a pack near, down a mine: %s, want a hole", got)
	}
	v.v.Body.Entities = []game.Entity{zombieAt(20), zombieAt(22)}
	if got := callsText(decide(t, m, idle)); got == `mine_down{"depth":2}` || got == `move_away{"distance":24}` {
		t.Fatalf("the pack further off, down a mine: %s, want her work", got)
	}
	sealed := shaft(inv, 2)
	sealed.v.Body.Blocks = append(sealed.v.Body.Blocks, game.SeenBlock{Block: "cobblestone", X: 4, Y: 62, Z: 4})
	sealed.v.Body.Position.Y = 90
	m = New(sealed, testBook)
	decide(t, m, idle) // her ground, where she came in
	sealed.v.Body.Position.Y, sealed.v.Body.Entities = 60, pack
	if got := callsText(decide(t, m, idle)); got != "stay_silent{}" {
		t.Fatalf("dug in with a pack near: %s, want her to stay in", got)
	}
	up := withInv(inv)
	up.v.Body.Entities = pack
	if got := callsText(decide(t, New(&up, testBook), idle)); got != `move_away{"distance":24}` {
		t.Fatalf("a pack near, on the surface: %s, want a walk away", got)
	}
}

// TestDownAMineAfterDuskSheLeavesHerWorkToDigIn: mining down a mine past
// dusk, she leaves the work and digs in where she stands, as for any night
// below; by day the mining goes on.
func TestDownAMineAfterDuskSheLeavesHerWorkToDigIn(t *testing.T) {
	v := shaft(game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "cobblestone": 8}, 0)
	v.v.Body.Position.Y = 90
	m := New(v, testBook)
	decide(t, m, idle) // her ground, where she came in
	v.v.Body.Position.Y = 60
	s := busy(v, agent.Doing{Action: "find_block", Params: `{"block":"iron_ore","count":8}`})
	m.sit = s
	v.v.Body.Time = 6000
	if got := callsText(decide(t, m, commentary)); got != "stay_silent{}" {
		t.Fatalf("mining by day: %s, want the mining left to go on", got)
	}
	v.v.Body.Time = 12100
	if got := callsText(decide(t, m, commentary)); got != `mine_down{"depth":2}` {
		t.Fatalf("mining down a mine after dusk: %s, want a hole", got)
	}
}

// TestDownAMineSheLeavesHerWorkForAPack: mining by day down a mine, with
// two zombies closing in and none at her yet, she digs in before the first
// blow; with one, she mines on.
func TestDownAMineSheLeavesHerWorkForAPack(t *testing.T) {
	v := shaft(game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "stone_sword": 1, "cobblestone": 8}, 0)
	v.v.Body.Position.Y = 90
	m := New(v, testBook)
	decide(t, m, idle) // her ground, where she came in
	v.v.Body.Position.Y, v.v.Body.Time = 60, 6000
	m.sit = busy(v, agent.Doing{Action: "find_block", Params: `{"block":"iron_ore","count":8}`})
	v.v.Body.Entities = []game.Entity{zombieAt(12)}
	if got := callsText(decide(t, m, commentary)); got != "stay_silent{}" {
		t.Fatalf("mining with one zombie near: %s, want the mining left to go on", got)
	}
	v.v.Body.Entities = []game.Entity{zombieAt(12), zombieAt(15)}
	if got := callsText(decide(t, m, commentary)); got != `mine_down{"depth":2}` {
		t.Fatalf("mining with two zombies closing in: %s, want a hole", got)
	}
}
