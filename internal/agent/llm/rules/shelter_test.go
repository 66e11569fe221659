package rules

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestReadingABuildAnswer: a shelter is whole when its counted cells name
// only furnishings (a bed, the chest, the torch), whether as cells still
// wrong or as what it ran out of; a wall, a door, something in the way, a
// list of cells cut short or an answer without counted cells leaves it open.
// The answers are read from their data, in the shape the body and the
// practice world both send; the sentence is never read.
func TestReadingABuildAnswer(t *testing.T) {
	cases := []struct {
		name       string
		result     protocol.Result
		data       string
		whole, bed bool
		short      map[string]int
	}{
		{"built", protocol.Success, `{"cells":101,"right":101,"wrong":[],"missing":{},"protected":[]}`, true, true, nil},
		{"before her furnishings", protocol.Failure, `{"cells":101,"right":94,"wrong":[{"x":-1,"y":65,"z":-19,"block":"dirt"},
			{"x":-2,"y":66,"z":-21,"block":"chest"},{"x":-1,"y":66,"z":-21,"block":"white_bed"},{"x":-1,"y":66,"z":-20,"block":"white_bed"},
			{"x":-1,"y":66,"z":-18,"block":"oak_door[facing=north]"},{"x":-2,"y":67,"z":-20,"block":"torch"},{"x":-1,"y":67,"z":-18,"block":"oak_door"}],
			"missing":{"chest":1,"oak_door":1,"torch":1,"white_bed":1},"protected":[]}`,
			false, false, map[string]int{"chest": 1, "oak_door": 1, "torch": 1, "white_bed": 1}},
		{"the bed alone", protocol.Failure, `{"cells":101,"right":99,"wrong":[{"x":-1,"y":66,"z":-21,"block":"white_bed"},{"x":-1,"y":66,"z":-20,"block":"white_bed"}],
			"missing":{"white_bed":1},"protected":[]}`, true, false, map[string]int{"white_bed": 1}},
		{"the chest and the torch", protocol.Failure, `{"cells":101,"right":99,"wrong":[{"x":-2,"y":66,"z":-21,"block":"chest"},{"x":-2,"y":67,"z":-20,"block":"torch"}],
			"missing":{"chest":1,"torch":1},"protected":[]}`, true, true, map[string]int{"chest": 1, "torch": 1}},
		{"the door's cells", protocol.Failure, `{"cells":101,"right":99,"wrong":[{"x":-1,"y":66,"z":-18,"block":"birch_door[facing=north]"},
			{"x":-1,"y":67,"z":-18,"block":"birch_door"}],"missing":{},"protected":[]}`, false, true, map[string]int{}},
		{"the door ran out", protocol.Failure, `{"cells":101,"right":100,"wrong":[{"x":-1,"y":66,"z":-18,"block":"torch"}],"missing":{"birch_door":1},"protected":[]}`,
			false, true, map[string]int{"birch_door": 1}},
		// The body's answer that read as whole from its sentence: two holes in the wall.
		{"two holes in the wall", protocol.Failure, `{"cells":101,"right":99,"wrong":[{"x":0,"y":64,"z":0,"block":"oak_planks"},{"x":0,"y":65,"z":0,"block":"oak_planks"}],
			"missing":{},"protected":[]}`, false, true, map[string]int{}},
		{"a protected block in the way", protocol.Failure, `{"cells":101,"right":100,"wrong":[{"x":0,"y":65,"z":0,"block":"air"}],"missing":{},
			"protected":[{"x":0,"y":65,"z":0,"block":"bedrock"}]}`, false, true, map[string]int{}},
		{"a list cut short", protocol.Failure, `{"cells":101,"right":80,"wrong":[{"x":1,"y":2,"z":3,"block":"white_bed"},{"x":1,"y":2,"z":4,"block":"chest"}],
			"missing":{},"protected":[]}`, false, false, map[string]int{}},
		{"no counted cells", protocol.Failure, ``, false, true, map[string]int{}},
	}
	for _, c := range cases {
		b := agent.BuildCountOf(protocol.Answer{Result: c.result, Data: json.RawMessage(c.data)})
		r := readBuild(c.result, b)
		if r.whole != c.whole || r.bed != c.bed || !maps.Equal(r.short, c.short) {
			t.Errorf("%s:\nread whole=%v bed=%v short=%v, want whole=%v bed=%v short=%v", c.name, r.whole, r.bed, r.short, c.whole, c.bed, c.short)
		}
	}
}

// doneBuild is a build's answer with its counted cells as data, the way
// the game sides send it and the senses read it.
func doneBuild(result protocol.Result, message, data string) agent.Perception {
	p := done("build", result, message)
	p.Ended[0].Build = agent.BuildCountOf(protocol.Answer{Result: result, Data: json.RawMessage(data)})
	return p
}

// TestFurnishingsFollowBuildTemplate: the door and the bed she makes are
// the ones build_template resolves for what she carries. The expectations
// are the blueprint package's answers for these inventories; the
// autopilot's run in cmd/beaweb (night_e2e_test.go) plays her doors against
// the real tool.
func TestFurnishingsFollowBuildTemplate(t *testing.T) {
	for _, c := range []struct {
		inv       game.Inventory
		door, bed string
	}{
		{game.Inventory{}, "oak_door", "white_bed"},
		{game.Inventory{"birch_planks": 10, "oak_log": 2}, "birch_door", "white_bed"},
		// A tie goes to the first name.
		{game.Inventory{"oak_log": 3, "birch_planks": 2, "birch_door": 1}, "birch_door", "white_bed"},
		{game.Inventory{"pale_oak_planks": 4, "cherry_log": 4}, "cherry_door", "white_bed"},
		{game.Inventory{"dark_oak_log": 2, "oak_planks": 1, "stripped_dark_oak_log": 1}, "dark_oak_door", "white_bed"},
		{game.Inventory{"spruce_log": 1, "red_wool": 3, "white_wool": 1}, "spruce_door", "red_bed"},
		{game.Inventory{"white_wool": 9, "blue_bed": 1, "red_bed": 1}, "oak_door", "blue_bed"},
	} {
		if door, bed := furnishings(c.inv); door != c.door || bed != c.bed {
			t.Errorf("with %v: %s and %s, want %s and %s", c.inv, door, bed, c.door, c.bed)
		}
	}
}

// TestTheShelterMatchesItsTemplate holds the routine's numbers to the
// template file she builds: she stands in an empty cell inside the walls,
// on its dirt floor, and the bed she sleeps in is where the template puts
// one.
func TestTheShelterMatchesItsTemplate(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "data", "blueprints", shelterTemplate+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var tp struct {
		Offset int          `json:"offset"`
		Blocks [][][]string `json:"blocks"`
	}
	if err := json.Unmarshal(raw, &tp); err != nil {
		t.Fatal(err)
	}
	feet := game.Pos{X: 10, Y: 64, Z: -4}
	corner := feet.Add(shelterCorner)
	cell := func(p game.Pos) string {
		x, y, z := p.X-corner.X, p.Y-corner.Y-tp.Offset, p.Z-corner.Z
		if y < 0 || y >= len(tp.Blocks) || z < 0 || z >= len(tp.Blocks[y]) || x < 0 || x >= len(tp.Blocks[y][z]) {
			return "outside"
		}
		return tp.Blocks[y][z][x]
	}
	if got := [3]string{cell(feet.Add(game.Pos{Y: -1})), cell(feet), cell(feet.Add(game.Pos{Y: 1}))}; got != [3]string{"dirt", "air", "air"} {
		t.Errorf("below, at and above where she stands: %q", got)
	}
	if got := cell(feet.Add(shelterBed)); got != "bed" {
		t.Errorf("the bed she sleeps in, at %s, is %q in the template", feet.Add(shelterBed), got)
	}
}

// kitWorld is a view for the kit's decisions: noon by default, 60 dirt,
// coal, the stone tools, the iron pickaxe and iron armour done.
func kitWorld(time int64, extra game.Inventory, ents ...game.Entity) sit {
	inv := game.Inventory{"crafting_table": 1, "iron_pickaxe": 1, "stone_sword": 1, "stone_axe": 1, "stone_shovel": 1, "stick": 4, "dirt": 60, "coal": 4}
	maps.Copy(inv, extra)
	iron := func(piece string) *string { return &piece }
	return sit{agent.Snapshot{World: game.WorldID{Dimension: "overworld"}, Body: &agent.Body{
		Inventory: slotsOf(inv),
		Armor:     game.Armor{Head: iron("iron_helmet"), Chest: iron("iron_chestplate"), Legs: iron("iron_leggings"), Feet: iron("iron_boots")},
		Health:    20, Food: 20,
		Entities: ents,
		Time:     time, Dark: time >= 13000 && time < 23000,
	}}}
}

// TestTheShelterKit: once the stone tools are done she makes the shelter's
// chest, a bed from wool (hunting a sheep in sight by day), torches when she
// has coal and last a door of the wood build_template will pick; by night
// she gathers only what the door takes, and builds without the rest.
func TestTheShelterKit(t *testing.T) {
	sheep := game.Entity{Type: "sheep", Distance: 10}
	farSheep := game.Entity{Type: "sheep", Distance: 30}
	done := game.Inventory{"chest": 1, "white_bed": 1, "torch": 4, "oak_door": 1}
	without := func(item string, extra game.Inventory) game.Inventory {
		inv := maps.Clone(done)
		delete(inv, item)
		maps.Copy(inv, extra)
		return inv
	}
	cases := []struct {
		what string
		v    sit
		want string // tool{args} as the call begins
	}{
		{"no chest, planks", kitWorld(6000, without("chest", game.Inventory{"oak_planks": 8})), `craft_item{"count":1,"item":"chest"}`},
		{"no chest, logs", kitWorld(6000, without("chest", game.Inventory{"oak_log": 3})), `craft_item{"count":12,"item":"oak_planks"}`},
		{"no bed, wool", kitWorld(6000, without("white_bed", game.Inventory{"white_wool": 3, "oak_planks": 3})), `craft_item{"count":1,"item":"white_bed"}`},
		{"no bed, a sheep near", kitWorld(6000, without("white_bed", game.Inventory{"white_wool": 1}), sheep), `attack_entity{"entity":"sheep"}`},
		{"no bed, a sheep far", kitWorld(6000, without("white_bed", game.Inventory{"cooked_beef": tripMeals}), farSheep), `craft_item{"count":8,"item":"torch"}`},
		{"no torch, coal", kitWorld(6000, without("torch", game.Inventory{"coal": 4})), `craft_item{"count":4,"item":"torch"}`},
		{"no door, birch planks", kitWorld(6000, without("oak_door", game.Inventory{"birch_planks": 10, "oak_log": 2})), `craft_item{"count":1,"item":"birch_door"}`},
		{"no door, oak logs", kitWorld(6000, without("oak_door", game.Inventory{"oak_log": 3, "birch_planks": 2})), `craft_item{"count":8,"item":"oak_planks"}`},
		{"no door, short of birch", kitWorld(6000, without("oak_door", game.Inventory{"birch_planks": 2, "oak_log": 1})), `find_block{"block":"birch_log","count":1}`},
		{"no door, no wood", kitWorld(6000, without("oak_door", nil)), `find_block{"block":"log","count":2}`},
		{"a door of the wrong wood", kitWorld(6000, game.Inventory{"chest": 1, "white_bed": 1, "torch": 4, "birch_door": 1, "oak_planks": 9}),
			`craft_item{"count":1,"item":"oak_door"}`},
		{"late afternoon, before the stone tools", sit{agent.Snapshot{Body: &agent.Body{Inventory: slotsOf(game.Inventory{"dirt": 60, "oak_planks": 20, "chest": 1}),
			Health: 20, Food: 20, Time: 11500}}}, `craft_item{"count":1,"item":"crafting_table"}`},
		// By night: the door still, from gathered wood if need be; the
		// rest only from what she carries, and no hunting.
		{"dusk, no door, no wood", kitWorld(12000, without("oak_door", nil)), `find_block{"block":"log","count":2}`},
		{"night, no chest, no wood", kitWorld(14000, without("chest", nil)), `build_template{"name":"dirt_shelter"`},
		{"night, wool but no wood", kitWorld(14000, without("white_bed", game.Inventory{"white_wool": 3})), `build_template{"name":"dirt_shelter"`},
		{"night, a sheep near", kitWorld(14000, without("white_bed", nil), sheep), `build_template{"name":"dirt_shelter"`},
		{"night, coal", kitWorld(14000, without("torch", game.Inventory{"coal": 1})), `craft_item{"count":4,"item":"torch"}`},
	}
	for _, c := range cases {
		m := New(c.v, testBook)
		calls := decide(t, m, idle)
		if len(calls) != 1 || !strings.HasPrefix(calls[0].Name+string(calls[0].Args), c.want) {
			t.Errorf("%s: %s, want %s", c.what, callsText(calls), c.want)
		}
	}
}

// TestAShelterLeftOpenIsFinished: a build that leaves the doorway open is
// not a shelter: she makes the door it lacked and sends the same build
// again; a shelter that stays open after two builds is given up, and after
// a walk the next one goes up where she is.
func TestAShelterLeftOpenIsFinished(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "dirt": 60, "oak_door": 1, "chest": 1}, pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 14000, food: 20}
	m := New(w, testBook)
	say := func(perception agent.Perception) string {
		t.Helper()
		calls := decide(t, m, perception)
		if len(calls) != 1 {
			t.Fatalf("after %q: %s, want one call", perception.Text, callsText(calls))
		}
		return callsText(calls)
	}
	const build = `build_template{"name":"dirt_shelter","x":7,"y":65,"z":-7}`
	if c := say(idle); c != build {
		t.Fatalf("at night with the kit: %s", c)
	}
	w.inv = game.Inventory{"crafting_table": 1, "oak_planks": 6}
	open := doneBuild("FAILURE", "built 99 of 101 cells", `{"cells":101,"right":99,"wrong":[{"x":9,"y":64,"z":-3,"block":"oak_door[facing=north]"},
		{"x":9,"y":65,"z":-3,"block":"oak_door[facing=north]"}],"missing":{"oak_door":1},"protected":[]}`)
	if c := say(open); c != `craft_item{"count":1,"item":"oak_door"}` {
		t.Fatalf("the doorway left open: %s, want a door", c)
	}
	w.inv["oak_door"] = 3
	if c := say(done("craft_item", "SUCCESS", "crafted 3 oak_door")); c != build {
		t.Fatalf("with the door made: %s, want the same build again", c)
	}
	if c := say(open); !strings.HasPrefix(c, "move_away") {
		t.Fatalf("the doorway still open after a second build: %s, want a walk elsewhere", c)
	}
	w.pos, w.inv = game.Pos{X: 30, Y: 64, Z: -4}, game.Inventory{"crafting_table": 1, "dirt": 60, "oak_door": 1}
	if c := say(done("move_away", "SUCCESS", "walked 24 blocks")); c != `build_template{"name":"dirt_shelter","x":27,"y":65,"z":-7}` {
		t.Errorf("after the walk: %s, want a new shelter where she stands", c)
	}
	// A build that ran out of dirt gets the dirt it lacked first.
	w.inv = game.Inventory{"oak_door": 1}
	if c := say(doneBuild("FAILURE", "built 90 of 101 cells", `{"cells":101,"right":90,"wrong":[{"x":25,"y":64,"z":-6,"block":"dirt"}],"missing":{"dirt":11}}`)); c != `find_block{"block":"dirt","count":11}` {
		t.Errorf("after a build short of dirt: %s", c)
	}
}

// TestASleepInTheBed: inside a shelter whose bed stands she sleeps in it; a
// refused sleep (monsters near) keeps her resting inside until the idle
// nudge, never sends her away; a shelter without its bed is rested in.
func TestASleepInTheBed(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "dirt": 60, "oak_door": 1, "chest": 1, "white_bed": 1},
		pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 14000, food: 20}
	m := New(w, testBook)
	say := func(perception agent.Perception) string {
		t.Helper()
		return callsText(decide(t, m, perception))
	}
	if c := say(idle); !strings.HasPrefix(c, "build_template") {
		t.Fatalf("at night with the kit: %s", c)
	}
	const sleep = `use_block{"x":9,"y":64,"z":-6}`
	if c := say(done("build", "SUCCESS", "built all 101 cells")); c != sleep {
		t.Fatalf("inside her whole shelter: %s, want to sleep in its bed", c)
	}
	for i := 0; i < 3; i++ {
		if c := say(done("use_block", "FAILURE", "you may not rest now; there are monsters nearby")); c != "stay_silent{}" {
			t.Fatalf("after a refused sleep: %s, want rest", c)
		}
	}
	if c := say(idle); c != sleep {
		t.Errorf("at the idle nudge: %s, want another try", c)
	}
	w.time = 24000 // the night passed
	if c := say(done("use_block", "SUCCESS", "you slept in the bed")); strings.HasPrefix(c, "use_block") {
		t.Errorf("after she slept: %s", c)
	}
	w.time, m.shelter.bed = 24000+14000, false
	if c := say(idle); c != "stay_silent{}" {
		t.Errorf("in a shelter without its bed: %s, want rest", c)
	}
}

// TestTheNight: at dusk she gathers the dirt she lacks, builds the shelter
// around herself, builds it again where it stands when the build was cut
// short, walks back into it, and rests there when it stands without its
// bed; a shelter too far away is replaced by a new one.
func TestTheNight(t *testing.T) {
	w := &world{t: t, inv: game.Inventory{"crafting_table": 1, "stone_pickaxe": 1, "dirt": 10, "oak_door": 1, "chest": 1},
		pos: game.Pos{X: 10, Y: 64, Z: -4}, time: 12000, food: 20}
	m := New(w, testBook)
	say := func(perception agent.Perception) agent.ToolCall {
		t.Helper()
		calls := decide(t, m, perception)
		if len(calls) != 1 {
			t.Fatalf("after %q: %s, want one call", perception.Text, callsText(calls))
		}
		return calls[0]
	}
	if c := say(idle); c.Name != "find_block" || !strings.Contains(string(c.Args), `"block":"dirt","count":50`) {
		t.Fatalf("at dusk with 10 dirt: %s%s, want the 50 dirt the shelter lacks", c.Name, c.Args)
	}
	w.inv["dirt"] = 60
	w.time = 14000
	c := say(done("find_block", "SUCCESS", "collected 50/50 dirt in 40 s"))
	// The corner is three blocks west and north, one up: she stands in the
	// template's cell (3, 3), inside, on its floor.
	if c.Name != "build_template" || string(c.Args) != `{"name":"dirt_shelter","x":7,"y":65,"z":-7}` {
		t.Fatalf("with 60 dirt at night: %s%s", c.Name, c.Args)
	}
	w.inv["dirt"] = 30
	if c := say(done("build", "INTERRUPTED", "interrupted (reflex: defend against Zombie)")); c.Name != "build_template" || string(c.Args) != `{"name":"dirt_shelter","x":7,"y":65,"z":-7}` {
		t.Fatalf("after the build was cut short: %s%s, want the same build again", c.Name, c.Args)
	}
	w.inv["dirt"] = 0
	if c := say(doneBuild("FAILURE", "built 98 of 101 cells", `{"cells":101,"right":98,"wrong":[{"x":9,"y":64,"z":-6,"block":"white_bed"},
		{"x":9,"y":64,"z":-5,"block":"white_bed"},{"x":8,"y":65,"z":-5,"block":"torch"}],"missing":{"torch":1,"white_bed":1}}`)); c.Name != "stay_silent" {
		t.Fatalf("inside her shelter, whole but for its bed and torch, at night: %s%s, want rest", c.Name, c.Args)
	}
	w.pos = game.Pos{X: 20, Y: 64, Z: 0}
	if c := say(done("move_to", "SUCCESS", "")); c.Name != "move_to" || !strings.Contains(string(c.Args), `"x":10.5,"y":64,"z":-3.5`) {
		t.Errorf("away from her shelter at night: %s%s, want back inside", c.Name, c.Args)
	}
	w.time = 24000 + 2000 // morning: the shelter near her, no dirt needed
	for _, c := range decide(t, m, idle) {
		if strings.Contains(string(c.Args), "dirt") {
			t.Errorf("by day with a shelter near: %s", callsText([]agent.ToolCall{c}))
		}
	}
	w.pos, w.time, w.inv["dirt"] = game.Pos{X: 200, Y: 70, Z: 0}, 24000+14000, 64
	if c := say(idle); c.Name != "build_template" || string(c.Args) != `{"name":"dirt_shelter","x":197,"y":71,"z":-3}` {
		t.Errorf("the next night, far from the old shelter: %s%s, want a new one", c.Name, c.Args)
	}
}
