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
	ents []protocol.Entity
	name string
}

func (w *world) View() agent.SurfaceView {
	inv := game.Inventory{}
	for k, v := range w.inv {
		if v > 0 {
			inv[k] = v
		}
	}
	t := w.time % 24000
	return agent.SurfaceView{Inventory: inv, State: &protocol.State{
		Player:   protocol.PlayerState{Health: 20, Food: w.food, Position: game.Vec3{X: float64(w.pos.X) + 0.5, Y: float64(w.pos.Y), Z: float64(w.pos.Z) + 0.5}, Dimension: "overworld"},
		Entities: w.ents,
		World:    protocol.WorldState{Time: t, Dark: t >= 13000 && t < 23000},
	}}
}

func (w *world) Name() string { return w.name }

// recipes are what each craft takes, per item made.
var recipes = map[string]struct {
	makes int
	takes game.Inventory
}{
	"oak_planks":     {4, game.Inventory{"oak_log": 1}},
	"stick":          {4, game.Inventory{"oak_planks": 2}},
	"crafting_table": {1, game.Inventory{"oak_planks": 4}},
	"wooden_pickaxe": {1, game.Inventory{"oak_planks": 3, "stick": 2}},
	"stone_pickaxe":  {1, game.Inventory{"cobblestone": 3, "stick": 2}},
	"stone_sword":    {1, game.Inventory{"cobblestone": 2, "stick": 1}},
	"stone_axe":      {1, game.Inventory{"cobblestone": 3, "stick": 2}},
	"stone_shovel":   {1, game.Inventory{"cobblestone": 1, "stick": 2}},
	"torch":          {4, game.Inventory{"coal": 1, "stick": 1}},
	"furnace":        {1, game.Inventory{"cobblestone": 8}},
	"iron_pickaxe":   {1, game.Inventory{"iron_ingot": 3, "stick": 2}},
}

var drops = map[string]string{"log": "oak_log", "stone": "cobblestone", "dirt": "dirt", "coal_ore": "coal", "iron_ore": "raw_iron"}

// do carries out one call, failing the test when the routine asked for
// something she could not do, and answers the way the mind would.
func (w *world) do(c agent.ToolCall) string {
	w.t.Helper()
	var a struct {
		Block, Item, Name string
		Count             int
		X, Y, Z           float64
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
		take(game.Inventory{"dirt": shelterDirt}, 1)
		w.time += 1200
		return fmt.Sprintf("[build] result: FAILURE: built 60 of 64 cells; you ran out of 1 chest, 1 door, 2 red_bed, 1 torch")
	case "move_to":
		w.pos = game.Vec3{X: a.X, Y: a.Y, Z: a.Z}.Block()
		w.time += 100
	case "eat_food":
		take(game.Inventory{a.Item: 1}, 1)
		w.food = 20
	case "stay_silent", "remember_place", "mc_chat", "speak":
		return ""
	default:
		w.t.Fatalf("the test's world cannot do %s", c.Name)
	}
	return fmt.Sprintf("[%s] result: SUCCESS: done", c.Name)
}

// TestADayOfTheRoutine plays the routine from nothing through a day and a
// night: the four stone tools are made, the shelter's dirt is gathered
// before the shelter is built at nightfall, then coal, iron smelted in a
// furnace of her own and an iron pickaxe; inside the shelter she rests
// until morning.
func TestADayOfTheRoutine(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{}, pos: game.Pos{X: 5, Y: 64, Z: 5}, time: 1000, food: 20}
	m := New("Bea", w, hands{})
	var done []string // tool(arg) in order
	index := func(s string) int {
		for i, d := range done {
			if d == s {
				return i
			}
		}
		return -1
	}
	perception := "You are in the game now"
	dirtAtBuild := -1
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
			if t := w.time % 24000; t < 13000 || t >= 23000 {
				t0 := t
				w.t.Errorf("the shelter was built by day, at %d", t0)
			}
		}
		if c.Name == "stay_silent" {
			if night(w.View()) && index("build_template(dirt_shelter)") < 0 {
				t.Fatalf("she rests at night without a shelter: %v", done)
			}
			w.time += 600 // the idle nudge comes later
			perception = "You have been standing around for 30s with nothing in your hands."
			continue
		}
		done = append(done, key)
		perception = w.do(c)
	}
	for _, want := range []string{"craft_item(wooden_pickaxe)", "craft_item(stone_pickaxe)", "craft_item(stone_sword)", "craft_item(stone_axe)",
		"craft_item(stone_shovel)", "find_block(dirt)", "build_template(dirt_shelter)", "find_block(coal_ore)", "craft_item(torch)",
		"find_block(iron_ore)", "craft_item(furnace)", "smelt_item(raw_iron)", "craft_item(iron_pickaxe)"} {
		if index(want) < 0 {
			t.Errorf("the day never did %s: %v", want, done)
		}
	}
	if d, b := index("find_block(dirt)"), index("build_template(dirt_shelter)"); d < 0 || b < d || dirtAtBuild < shelterDirt {
		t.Errorf("the shelter (step %d, with %d dirt) was not built from dirt gathered before it (step %d)", b, dirtAtBuild, d)
	}
	if index("craft_item(stone_shovel)") > index("find_block(dirt)") {
		t.Errorf("the dirt came before the stone tools were done: %v", done)
	}
}

// TestDuskComesFirst: from late afternoon the shelter's dirt comes before
// anything else of the day, even the stone tools.
func TestDuskComesFirst(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4, "dirt": 20}, time: 11500, food: 20}
	m := New("Bea", w, hands{})
	calls := decide(t, m, "You have been standing around for 30s.")
	if len(calls) != 1 || calls[0].Name != "find_block" || !strings.Contains(string(calls[0].Args), `"block":"dirt","count":40`) {
		t.Errorf("in the late afternoon: %s, want the shelter's 40 missing dirt", callsText(calls))
	}
	w.time = 6000
	if calls := decide(t, m, "You have been standing around for 30s."); len(calls) != 1 || !strings.Contains(string(calls[0].Args), `"block":"stone"`) {
		t.Errorf("at noon: %s, want stone for her tools", callsText(calls))
	}
}

// TestTheNight: at dark she gathers the dirt she lacks, builds the shelter
// around herself, builds it again where it stands when the build was cut
// short, walks back into it, and rests there; a shelter too far away is
// replaced by a new one.
func TestTheNight(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "dirt": 10}, pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 14000, food: 20}
	m := New("Bea", w, hands{})
	say := func(perception string) agent.ToolCall {
		t.Helper()
		calls := decide(t, m, perception)
		if len(calls) != 1 {
			t.Fatalf("after %q: %s, want one call", perception, callsText(calls))
		}
		return calls[0]
	}
	if c := say("You have been standing around for 30s."); c.Name != "find_block" || !strings.Contains(string(c.Args), `"block":"dirt","count":50`) {
		t.Fatalf("at dark with 10 dirt: %s%s, want the 50 dirt the shelter lacks", c.Name, c.Args)
	}
	w.inv["dirt"] = 60
	c := say("[find_block] result: SUCCESS: collected 50/50 dirt in 40 s")
	// The corner is three blocks west and north, one up: she stands in the
	// template's cell (3, 3), inside, on its floor.
	if c.Name != "build_template" || string(c.Args) != `{"name":"dirt_shelter","x":7,"y":65,"z":-7}` {
		t.Fatalf("with 60 dirt at night: %s%s", c.Name, c.Args)
	}
	w.inv["dirt"] = 30
	if c := say("[build] result: INTERRUPTED: interrupted (reflex: defend against Zombie)"); c.Name != "build_template" || string(c.Args) != `{"name":"dirt_shelter","x":7,"y":65,"z":-7}` {
		t.Fatalf("after the build was cut short: %s%s, want the same build again", c.Name, c.Args)
	}
	w.inv["dirt"] = 0
	if c := say("[build] result: FAILURE: built 60 of 64 cells; you ran out of 1 chest"); c.Name != "stay_silent" {
		t.Fatalf("inside her shelter at night: %s%s, want rest", c.Name, c.Args)
	}
	w.pos = game.Pos{X: 20, Y: 64, Z: 0}
	if c := say("[move_to] result: SUCCESS"); c.Name != "move_to" || !strings.Contains(string(c.Args), `"x":10.5,"y":64,"z":-3.5`) {
		t.Errorf("away from her shelter at night: %s%s, want back inside", c.Name, c.Args)
	}
	w.time = 24000 + 2000 // morning: the shelter near her, no dirt needed
	for _, c := range decide(t, m, "You have been standing around for 30s.") {
		if strings.Contains(string(c.Args), "dirt") {
			t.Errorf("by day with a shelter near: %s", callsText([]agent.ToolCall{c}))
		}
	}
	w.pos, w.time, w.inv["dirt"] = game.Pos{X: 200, Y: 70, Z: 0}, 24000+14000, 64
	if c := say("You have been standing around for 30s."); c.Name != "build_template" || string(c.Args) != `{"name":"dirt_shelter","x":197,"y":71,"z":-3}` {
		t.Errorf("the next night, far from the old shelter: %s%s, want a new one", c.Name, c.Args)
	}
}

func TestEatsWhenHungry(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "bread": 2, "beef": 1}, food: 14}
	m := New("Bea", w, hands{})
	if c := decide(t, m, "You have been standing around for 30s."); len(c) != 1 || c[0].Name != "eat_food" || !strings.Contains(string(c[0].Args), "bread") {
		t.Errorf("hungry with bread: %s", callsText(c))
	}
	w.inv = game.Inventory{"crafting_table": 1}
	w.ents = []protocol.Entity{{Type: "zombie", Distance: 3, Hostile: true}, {Type: "pig", Distance: 30}, {Type: "cow", Distance: 9}}
	if c := decide(t, m, "You have been standing around for 30s."); len(c) != 1 || c[0].Name != "attack_entity" || !strings.Contains(string(c[0].Args), "cow") {
		t.Errorf("hungry with nothing to eat and a cow near: %s", callsText(c))
	}
	w.food = 15
	if c := decide(t, m, "You have been standing around for 30s."); len(c) == 1 && (c[0].Name == "eat_food" || c[0].Name == "attack_entity") {
		t.Errorf("at food 15: %s", callsText(c))
	}
}

// TestANewNameIsHeardAtOnce: a situation that knows her name gives the
// autopilot the name of the moment.
func TestANewNameIsHeardAtOnce(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{}, food: 20, name: "Bea"}
	m := New("Bea", w, hands{busy: true})
	far := func(line string) []agent.ToolCall {
		return decide(t, m, "Steve (40 blocks away) says in the game chat: "+line)
	}
	if c := far("ada, are you there?"); len(c) != 1 || c[0].Name != "stay_silent" {
		t.Errorf("a line naming Ada before the rename: %s", callsText(c))
	}
	w.name = "Ada"
	if c := far("ada, are you there?"); len(c) != 1 || c[0].Name != "mc_chat" {
		t.Errorf("a line naming Ada after the rename: %s", callsText(c))
	}
	if c := far("bea, are you there?"); len(c) != 1 || c[0].Name != "stay_silent" {
		t.Errorf("a line naming her old name: %s", callsText(c))
	}
}

// TestAStepRefusedAtOnceCountsAsAFailure: a step the tool refuses before it
// starts (here a shelter the build tool cannot make) never comes back as a
// result, so its answer is read: twice refused, she looks elsewhere.
func TestAStepRefusedAtOnceCountsAsAFailure(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "dirt": 60}, pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 14000, food: 20}
	m := New("Bea", w, hands{})
	refuse := func(c agent.ToolCall) {
		t.Helper()
		resp, err := m.Generate(context.Background(), agent.ModelRequest{Tools: allTools, Messages: []agent.Message{
			{Role: agent.RoleUser, Text: "You have been standing around for 30s."},
			{Role: agent.RoleAssistant, ToolCalls: []agent.ToolCall{c}},
			{Role: agent.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Text: "FAILURE_INVALID: the build would stand outside the world"},
		}})
		if err != nil || len(resp.ToolCalls) != 0 {
			t.Fatalf("after the tools answered: %v %v", resp.ToolCalls, err)
		}
	}
	for i := 0; i < 2; i++ {
		c := decide(t, m, "You have been standing around for 30s.")
		if len(c) != 1 || c[0].Name != "build_template" {
			t.Fatalf("try %d: %s, want the shelter", i+1, callsText(c))
		}
		refuse(c[0])
	}
	if c := decide(t, m, "You have been standing around for 30s."); len(c) != 1 || c[0].Name != "move_away" {
		t.Errorf("after the shelter was refused twice: %s, want a walk elsewhere", callsText(c))
	}
}
