package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// world is a tiny stand-in for the game: what she carries, where she
// stands, the time of day and her food, changed by each call as the game
// would if it succeeded.
type world struct {
	t    *testing.T
	inv  game.Inventory
	pos  game.Pos
	time int64
	food int
	ents []game.Entity
	name string
	// bed is where the bed of the last shelter built stands; nil for none.
	bed *game.Pos
	// worn is her armour by slot.
	worn map[string]string
}

func (w *world) Snapshot() agent.Snapshot {
	inv := game.Inventory{}
	for k, v := range w.inv {
		if v > 0 {
			inv[k] = v
		}
	}
	t := w.time % 24000
	piece := func(slot string) *string {
		if item, ok := w.worn[slot]; ok {
			return &item
		}
		return nil
	}
	return agent.Snapshot{Tick: w.time, World: game.WorldID{Dimension: "overworld"}, Body: &agent.Body{
		Inventory: slotsOf(inv),
		Armor:     game.Armor{Head: piece("head"), Chest: piece("chest"), Legs: piece("legs"), Feet: piece("feet")},
		Health:    20, Food: w.food, Position: game.Vec3{X: float64(w.pos.X) + 0.5, Y: float64(w.pos.Y), Z: float64(w.pos.Z) + 0.5},
		Entities: w.ents,
		Time:     t, Dark: t >= 13000 && t < 23000,
	}}
}

func (w *world) Name() string { return w.name }

// recipes are what each craft takes, per item made.
var recipes = map[string]struct {
	makes int
	takes game.Inventory
}{
	"oak_planks":      {4, game.Inventory{"oak_log": 1}},
	"stick":           {4, game.Inventory{"oak_planks": 2}},
	"crafting_table":  {1, game.Inventory{"oak_planks": 4}},
	"wooden_pickaxe":  {1, game.Inventory{"oak_planks": 3, "stick": 2}},
	"stone_pickaxe":   {1, game.Inventory{"cobblestone": 3, "stick": 2}},
	"stone_sword":     {1, game.Inventory{"cobblestone": 2, "stick": 1}},
	"stone_axe":       {1, game.Inventory{"cobblestone": 3, "stick": 2}},
	"stone_shovel":    {1, game.Inventory{"cobblestone": 1, "stick": 2}},
	"torch":           {4, game.Inventory{"coal": 1, "stick": 1}},
	"furnace":         {1, game.Inventory{"cobblestone": 8}},
	"iron_pickaxe":    {1, game.Inventory{"iron_ingot": 3, "stick": 2}},
	"chest":           {1, game.Inventory{"oak_planks": 8}},
	"oak_door":        {3, game.Inventory{"oak_planks": 6}},
	"white_bed":       {1, game.Inventory{"white_wool": 3, "oak_planks": 3}},
	"iron_chestplate": {1, game.Inventory{"iron_ingot": 8}},
	"iron_leggings":   {1, game.Inventory{"iron_ingot": 7}},
	"iron_helmet":     {1, game.Inventory{"iron_ingot": 5}},
	"iron_boots":      {1, game.Inventory{"iron_ingot": 4}},
	"diamond_pickaxe": {1, game.Inventory{"diamond": 3, "stick": 2}},
}

// shelterKit is what the shelter takes besides its dirt, in the test's
// world of oak, with where each stands from the template's corner.
var shelterKit = []struct {
	item, cell string
	at         game.Pos
}{
	{"chest", "chest", game.Pos{X: 1, Y: -1, Z: 1}},
	{"white_bed", "white_bed", game.Pos{X: 2, Y: -1, Z: 1}},
	{"oak_door", "oak_door[facing=north]", game.Pos{X: 2, Y: -1, Z: 4}},
	{"torch", "torch", game.Pos{X: 1, Y: 0, Z: 2}},
}

var drops = map[string]string{"log": "oak_log", "stone": "cobblestone", "dirt": "dirt", "coal_ore": "coal", "iron_ore": "raw_iron",
	"diamond_ore": "diamond"}

// do carries out one call, failing the test when the routine asked for
// something she could not do, and answers the way the mind would.
func (w *world) do(c agent.ToolCall) agent.Perception {
	w.t.Helper()
	var a struct {
		Block, Item, Name, Slot, Direction string
		Count, Depth, Distance             int
		X, Y, Z                            float64
	}
	if err := json.Unmarshal(c.Args, &a); err != nil {
		w.t.Fatalf("%s: %v", c.Args, err)
	}
	take := func(what game.Inventory, times int) {
		for k, n := range what {
			if w.inv[k] < n*times {
				w.t.Fatalf("%s%s with only %d %s (needs %d); she carries %v", c.Name, c.Args, w.inv[k], k, n*times, w.inv)
			}
			w.inv[k] -= n * times
		}
	}
	switch c.Name {
	case "find_block":
		w.inv[drops[a.Block]] += a.Count
		w.time += int64(40 * a.Count)
	case "craft_item":
		r, ok := recipes[a.Item]
		if !ok {
			w.t.Fatalf("no recipe for %s in the test", a.Item)
		}
		times := (a.Count + r.makes - 1) / r.makes
		take(r.takes, times)
		w.inv[a.Item] += times * r.makes
		w.time += 40
	case "smelt_item":
		take(game.Inventory{a.Item: a.Count, "coal": 1}, 1)
		w.inv["iron_ingot"] += a.Count
		w.time += int64(200 * a.Count)
	case "build_template":
		// The build places what she carries and names the cells of what she
		// lacks, as the practice world answers.
		take(game.Inventory{"dirt": shelterDirt}, 1)
		w.time += 1200
		corner := game.Vec3{X: a.X, Y: a.Y, Z: a.Z}.Block()
		w.bed = nil
		var wrong []protocol.BuildCell
		short := map[string]int{}
		for _, k := range shelterKit {
			if w.inv[k.item] > 0 {
				w.inv[k.item]--
				if k.item == "white_bed" {
					bed := corner.Add(k.at)
					w.bed = &bed
				}
				continue
			}
			at := corner.Add(k.at)
			wrong = append(wrong, protocol.BuildCell{X: at.X, Y: at.Y, Z: at.Z, Block: k.cell})
			short[k.item]++
		}
		if len(wrong) == 0 {
			return done("build", "SUCCESS", "built all 101 cells")
		}
		data, _ := json.Marshal(protocol.BuildData{Cells: 101, Right: 101 - len(wrong), Wrong: wrong, Missing: short})
		return doneBuild("FAILURE", fmt.Sprintf("built %d of 101 cells", 101-len(wrong)), string(data))
	case "attack_entity":
		for i, e := range w.ents {
			if e.Type == "sheep" {
				w.ents = append(w.ents[:i:i], w.ents[i+1:]...)
				w.inv["white_wool"]++
				w.inv["mutton"]++
				w.time += 200
				return done("attack_entity", "SUCCESS", "killed the sheep")
			}
		}
		w.t.Fatalf("she went after a sheep with none in sight")
	case "use_block":
		if p := (game.Pos{X: int(a.X), Y: int(a.Y), Z: int(a.Z)}); w.bed == nil || p != *w.bed || !night(w.Snapshot()) {
			w.t.Fatalf("use_block at %s: the bed is at %v, time %d", p, w.bed, w.time%24000)
		}
		w.time += 24000 - w.time%24000 // she sleeps until the morning
		return done("use_block", "SUCCESS", "you slept in the bed until morning")
	case "move_to":
		w.pos = game.Vec3{X: a.X, Y: a.Y, Z: a.Z}.Block()
		w.time += 100
	case "equip_item":
		take(game.Inventory{a.Item: 1}, 1)
		if w.worn == nil {
			w.worn = map[string]string{}
		}
		w.worn[a.Slot] = a.Item
	case "eat_food":
		take(game.Inventory{a.Item: 1}, 1)
		w.food = 20
	case "mine_down":
		w.pos.Y -= a.Depth
		w.time += int64(20 * a.Depth) // a shaft
		for _, way := range compass {
			if way.name == a.Direction { // a staircase
				w.pos = w.pos.Add(game.Pos{X: way.d.X * a.Depth, Z: way.d.Z * a.Depth})
				w.time += int64((stepDownTicks - 20) * a.Depth)
			}
		}
	case "move_away": // a walk to look about: nothing new comes in sight
		w.pos.X += a.Distance
		w.time += int64(10 * a.Distance)
	case "go_to_surface":
		w.time += int64(stairTicks * max(0, 64-w.pos.Y))
		w.pos.Y = 64
	case "place_block":
		take(game.Inventory{a.Block: 1}, 1)
	case "stay_silent", "remember_place", "mc_chat", "speak":
		return agent.Perception{}
	default:
		w.t.Fatalf("the test's world cannot do %s", c.Name)
	}
	return done(c.Name, "SUCCESS", "done")
}

// TestADayOfTheRoutine plays the routine from nothing through a day and a
// night: the four stone tools are made; the shelter's dirt, a chest, a bed
// from the wool of three sheep in sight and a door are made before the
// shelter is built at nightfall, whole; she sleeps in its bed until
// morning; then coal, iron smelted in a furnace of her own and an iron
// pickaxe.
func TestADayOfTheRoutine(t *testing.T) {
	sheep := game.Entity{Type: "sheep", Distance: 12, Y: 64}
	w := &world{t: t, inv: game.Inventory{}, pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 1000, food: 20,
		ents: []game.Entity{sheep, sheep, sheep}}
	m := New(w, testBook)
	var done []string // tool(arg) in order
	index := func(s string) int {
		for i, d := range done {
			if d == s {
				return i
			}
		}
		return -1
	}
	perception := joined
	dirtAtBuild := -1
	var built agent.Perception // the shelter's build answer
	for i := 0; i < 200 && w.time < 24000+6000; i++ {
		calls := decide(t, m, perception)
		if len(calls) != 1 {
			t.Fatalf("step %d: %s, want one call", i, callsText(calls))
		}
		c := calls[0]
		var a struct{ Block, Item, Name string }
		_ = json.Unmarshal(c.Args, &a)
		key := c.Name + "(" + a.Block + a.Item + a.Name + ")"
		if c.Name == "build_template" {
			dirtAtBuild = w.inv["dirt"]
			if t := w.time % 24000; t < dusk || t >= 23000 {
				t0 := t
				w.t.Errorf("the shelter was built by day, at %d", t0)
			}
		}
		if c.Name == "stay_silent" {
			if night(w.Snapshot()) && index("build_template(dirt_shelter)") < 0 {
				t.Fatalf("she rests at night without a shelter: %v", done)
			}
			w.time += 600 // the idle nudge comes later
			perception = idle
			continue
		}
		done = append(done, key)
		perception = w.do(c)
		if c.Name == "build_template" {
			built = perception
		}
	}
	for _, want := range []string{"craft_item(wooden_pickaxe)", "craft_item(stone_pickaxe)", "craft_item(stone_sword)", "craft_item(stone_axe)",
		"craft_item(stone_shovel)", "find_block(dirt)", "craft_item(chest)", "attack_entity()", "craft_item(white_bed)", "craft_item(oak_door)",
		"build_template(dirt_shelter)", "use_block()", "find_block(coal_ore)", "craft_item(torch)",
		"find_block(iron_ore)", "craft_item(furnace)", "smelt_item(raw_iron)", "craft_item(iron_pickaxe)"} {
		if index(want) < 0 {
			t.Errorf("the day never did %s: %v", want, done)
		}
	}
	// Everything the shelter takes was made before it: it stands whole, and
	// she sleeps in it once it is up.
	if len(built.Ended) != 1 || built.Ended[0].Result != protocol.Success {
		t.Errorf("the shelter's build answered %q, want it whole", built.Text)
	}
	for _, k := range []string{"craft_item(chest)", "craft_item(white_bed)", "craft_item(oak_door)"} {
		if index(k) > index("build_template(dirt_shelter)") {
			t.Errorf("%s came after the shelter was built: %v", k, done)
		}
	}
	if b, s := index("build_template(dirt_shelter)"), index("use_block()"); s != b+1 {
		t.Errorf("she did not go to bed (step %d) right after the shelter was up (step %d): %v", s, b, done)
	}
	if d, b := index("find_block(dirt)"), index("build_template(dirt_shelter)"); d < 0 || b < d || dirtAtBuild < shelterDirt {
		t.Errorf("the shelter (step %d, with %d dirt) was not built from dirt gathered before it (step %d)", b, dirtAtBuild, d)
	}
	if index("craft_item(iron_pickaxe)") > index("find_block(dirt)") {
		t.Errorf("the dirt came before the iron pickaxe: %v", done)
	}
}

// TestDuskComesFirst: from late afternoon the shelter's dirt comes before
// anything else of the day, even the stone tools.
func TestDuskComesFirst(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4, "dirt": 20}, time: 11500, food: 20}
	m := New(w, testBook)
	calls := decide(t, m, idle)
	if len(calls) != 1 || calls[0].Name != "find_block" || !strings.Contains(string(calls[0].Args), `"block":"dirt","count":40`) {
		t.Errorf("in the late afternoon: %s, want the shelter's 40 missing dirt", callsText(calls))
	}
	w.time = 6000
	if calls := decide(t, m, idle); len(calls) != 1 || !strings.Contains(string(calls[0].Args), `"block":"stone"`) {
		t.Errorf("at noon: %s, want stone for her tools", callsText(calls))
	}
}

func TestEatsWhenHurtThoughNotHungry(t *testing.T) {
	for _, c := range []struct {
		health float64
		food   int
		eats   bool
	}{
		{9, 16, true},
		{18, 16, true}, // her health comes back only at food 18 or more
		{20, 16, false},
		{12, 18, true},  // below mendAt: a full stomach heals her fastest
		{17, 18, false}, // fed enough: it comes back on its own
	} {
		v := withInv(game.Inventory{"crafting_table": 1, "bread": 2})
		v.v.Body.Food, v.v.Body.Health = c.food, c.health
		c0 := callsText(decide(t, New(&v, testBook), idle))
		if ate := c0 == `eat_food{"item":"bread"}`; ate != c.eats {
			t.Errorf("at health %.0f and food %d: %s, want eaten %v", c.health, c.food, c0, c.eats)
		}
	}
}

func TestEatsWhenHungry(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "bread": 2, "beef": 1}, food: 14}
	m := New(w, testBook)
	if c := decide(t, m, idle); len(c) != 1 || c[0].Name != "eat_food" || !strings.Contains(string(c[0].Args), "bread") {
		t.Errorf("hungry with bread: %s", callsText(c))
	}
	w.inv = game.Inventory{"crafting_table": 1}
	w.ents = []game.Entity{{Type: "zombie", Distance: 3, Hostile: true}, {Type: "pig", Distance: 30}, {Type: "cow", Distance: 9}}
	if c := decide(t, m, idle); len(c) != 1 || c[0].Name != "attack_entity" || !strings.Contains(string(c[0].Args), "cow") {
		t.Errorf("hungry with nothing to eat and a cow near: %s", callsText(c))
	}
	w.food = 17 // at 16 and below she forages for a meal to carry
	if c := decide(t, m, idle); len(c) == 1 && (c[0].Name == "eat_food" || c[0].Name == "attack_entity") {
		t.Errorf("at food 17: %s", callsText(c))
	}
}

// TestOnlyWhatIsSaidToHerIsAnswered: the senses say whether a line is
// said to her (near, or naming her by her name of the moment; the agent's
// tests hold that); the autopilot answers those lines and no other.
func TestOnlyWhatIsSaidToHerIsAnswered(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{}, food: 20, name: "Bea"}
	m := New(busy(w, agent.Doing{}), testBook)
	line := heardFrom("Steve", 40, "ada, are you there?")
	if c := decide(t, m, line); len(c) != 1 || c[0].Name != "stay_silent" {
		t.Errorf("a line not said to her: %s", callsText(c))
	}
	line.Addressed = true
	if c := decide(t, m, line); len(c) != 1 || c[0].Name != "mc_chat" {
		t.Errorf("a line said to her: %s", callsText(c))
	}
}

// TestAStepRefusedAtOnceCountsAsAFailure: a step the tool refuses before it
// starts (here a shelter the build tool cannot make) never comes back as a
// result, so its answer is read: twice refused, she looks elsewhere.
func TestAStepRefusedAtOnceCountsAsAFailure(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "dirt": 60, "oak_door": 1}, pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 14000, food: 20}
	m := New(w, testBook)
	refuse := func(c agent.ToolCall) {
		t.Helper()
		resp, err := m.Generate(context.Background(), agent.ModelRequest{Tools: allTools, Messages: []agent.Message{
			{Role: agent.RoleUser, Text: idle.Text, Perceptions: []agent.Perception{idle}},
			{Role: agent.RoleAssistant, ToolCalls: []agent.ToolCall{c}},
			{Role: agent.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Text: "FAILURE_INVALID: the build would stand outside the world", Failed: true},
		}})
		if err != nil || len(resp.ToolCalls) != 0 {
			t.Fatalf("after the tools answered: %v %v", resp.ToolCalls, err)
		}
	}
	for i := 0; i < 2; i++ {
		c := decide(t, m, idle)
		if len(c) != 1 || c[0].Name != "build_template" {
			t.Fatalf("try %d: %s, want the shelter", i+1, callsText(c))
		}
		refuse(c[0])
	}
	if c := decide(t, m, idle); len(c) != 1 || c[0].Name != "move_away" {
		t.Errorf("after the shelter was refused twice: %s, want a walk elsewhere", callsText(c))
	}
}
