package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

type sit struct{ v agent.Snapshot }

func (s sit) Snapshot() agent.Snapshot { return s.v }

// busySit is a game in which her hands are on something.
type busySit struct {
	Snapshots
	d agent.Doing
}

func (b busySit) Snapshot() agent.Snapshot {
	s := b.Snapshots.Snapshot()
	s.Doing = &b.d
	return s
}

func busy(s Snapshots, d agent.Doing) busySit { return busySit{s, d} }

var allTools = func() []agent.ToolSpec {
	var out []agent.ToolSpec
	for _, n := range []string{"find_block", "craft_item", "mc_chat", "speak", "stay_silent", "move_away", "eat_food", "smelt_item", "build_template", "go_to_surface", "move_to", "attack_entity", "use_block",
		"equip_item", "pillar_up", "place_block", "mine_down", "store_item", "discard_item"} {
		out = append(out, agent.ToolSpec{Name: n})
	}
	return out
}()

func decide(t *testing.T, m *Model, ps ...agent.Perception) []agent.ToolCall {
	t.Helper()
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.Text
	}
	resp, err := m.Generate(context.Background(), agent.ModelRequest{
		Messages: []agent.Message{{Role: agent.RoleUser, Text: strings.Join(texts, "\n\n"), Perceptions: ps}}, Tools: allTools})
	if err != nil {
		t.Fatal(err)
	}
	return resp.ToolCalls
}

// The perceptions the tests give her, as the senses make them.
var (
	idle = agent.Perception{Source: agent.SourceGame, Kind: agent.KindIdle, Addressed: true,
		Text: "You have been standing around for 30s with nothing in your hands."}
	joined = agent.Perception{Source: agent.SourceGame, Kind: agent.KindConnected, Addressed: true,
		Text: "You are in the game now: practice, Minecraft 1.21.1."}
	died = agent.Perception{Source: agent.SourceGame, Kind: agent.KindDeath,
		Death: &protocol.Death{Cause: "slain by Zombie", Position: game.Vec3{X: 3, Y: 64, Z: 4}, Dimension: "overworld"},
		Text:  "You died: slain by Zombie, at (3, 64, 4) (overworld). Where you died is remembered as last_death."}
	back = agent.Perception{Source: agent.SourceGame, Kind: agent.KindRespawn,
		Reflex: &agent.ReflexNote{Reflex: protocol.ReflexRespawn, Event: protocol.EventFinished, Message: "you are back, at (0, 70, 0)"},
		Text:   "You are back in the game after dying, at (0, 70, 0) (overworld)."}
	asked = agent.Perception{Source: agent.SourceDashboard, Kind: agent.KindAsk, Addressed: true,
		Text: "Someone watching you asks what you are doing right now."}
	commentary = agent.Perception{Source: agent.SourceGame, Kind: agent.KindCommentary, Addressed: true,
		Text: "You have been at find_block(block=log, count=4) for 20s."}
)

// done is the perception of one action that ended.
func done(action string, result protocol.Result, message string) agent.Perception {
	text := fmt.Sprintf("[%s] result: %s", action, result)
	if message != "" {
		text += ": " + message
	}
	return agent.Perception{Source: agent.SourceGame, Kind: agent.KindAction, Addressed: true, Text: text,
		Ended: []agent.Ended{{Action: action, Result: result, Message: message}}}
}

// heardFrom is a chat line by name from distance blocks away (a negative
// distance: the game does not say), said to her as the senses decide for
// the name Bea.
func heardFrom(name string, distance float64, message string) agent.Perception {
	var d *float64
	where := "somewhere on the server"
	if distance >= 0 {
		d = &distance
		where = fmt.Sprintf("%.0f blocks away", distance)
	}
	return agent.Perception{Source: agent.SourceChat, Kind: agent.KindChat, Addressed: agent.Addressed("Bea", message, d),
		Chat: &agent.Heard{Author: agent.Author{Name: name}, Distance: d, Message: message},
		Text: fmt.Sprintf("%s (%s) says in the game chat: %s", name, where, message)}
}

func withInv(inv game.Inventory) sit {
	return sit{agent.Snapshot{Body: &agent.Body{Inventory: slotsOf(inv), Health: 20, Food: 20}}}
}

func args(c agent.ToolCall) map[string]any {
	var m map[string]any
	_ = json.Unmarshal(c.Args, &m)
	return m
}

// TestRoutine: each inventory gets the step a player would take next.
func TestRoutine(t *testing.T) {
	kit := func(extra game.Inventory) game.Inventory {
		inv := game.Inventory{"crafting_table": 1}
		for k, v := range extra {
			inv[k] = v
		}
		return inv
	}
	// The stone tools and the shelter's kit (its dirt, a chest and an oak
	// door: she carries no other wood) are done.
	stoneKit := kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1, "stone_axe": 1, "stone_shovel": 1, "stick": 4, "dirt": 60,
		"chest": 1, "oak_door": 1})
	with := func(extra game.Inventory) game.Inventory {
		inv := game.Inventory{}
		for k, v := range stoneKit {
			inv[k] = v
		}
		for k, v := range extra {
			inv[k] = v
		}
		return inv
	}
	cases := []struct {
		inv       game.Inventory
		tool, arg string
	}{
		{game.Inventory{}, "find_block", `"block":"log"`},
		{game.Inventory{"birch_log": 3}, "craft_item", `"item":"birch_planks"`},
		// Logs of two woods: planks of the one she has most of, from its
		// logs alone.
		{game.Inventory{"birch_log": 2, "oak_log": 3}, "craft_item", `"count":12,"item":"oak_planks"`},
		{game.Inventory{"oak_planks": 12}, "craft_item", `"item":"crafting_table"`},
		{kit(game.Inventory{"oak_planks": 8}), "craft_item", `"item":"stick"`},
		{kit(game.Inventory{"oak_planks": 6, "stick": 4}), "craft_item", `"item":"wooden_pickaxe"`},
		// Stone for the pickaxe and the sword at once: 3 + 2.
		{kit(game.Inventory{"wooden_pickaxe": 1, "stick": 4}), "find_block", `"block":"stone","count":5`},
		{kit(game.Inventory{"wooden_pickaxe": 1, "stick": 4, "cobblestone": 5}), "craft_item", `"item":"stone_pickaxe"`},
		{kit(game.Inventory{"stone_pickaxe": 1, "stick": 2, "cobblestone": 2}), "craft_item", `"item":"stone_sword"`},
		// Then the short way to iron: coal, ore, a furnace, an ingot.
		{kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1}), "find_block", `"block":"coal_ore","count":4`},
		{kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1, "coal": 4, "cobblestone": 2}), "find_block", `"block":"iron_ore","count":3`},
		{kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1, "coal": 4, "raw_iron": 3, "cobblestone": 2}), "find_block", `"block":"stone","count":6`},
		{kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1, "coal": 4, "raw_iron": 3, "cobblestone": 9}), "craft_item", `"item":"furnace"`},
		{kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1, "coal": 4, "raw_iron": 3, "furnace": 1}), "smelt_item", `"item":"raw_iron"`},
		{kit(game.Inventory{"stone_pickaxe": 1, "stone_sword": 1, "coal": 4, "iron_ingot": 3, "stick": 2}), "craft_item", `"item":"iron_pickaxe"`},
		// Ingots in hand: the iron pickaxe before the dusk's kit.
		{kit(game.Inventory{"stone_pickaxe": 1, "iron_ingot": 3, "stick": 2}), "craft_item", `"item":"iron_pickaxe"`},
		// The iron pickaxe made: the night's dirt, then the rest of the
		// stone tools (two crafts) before a trip or iron armour.
		{kit(game.Inventory{"iron_pickaxe": 1, "stone_sword": 1, "coal": 4, "dirt": 12}), "find_block", `"block":"dirt","count":48`},
		{with(game.Inventory{"iron_pickaxe": 1, "coal": 4}), "craft_item", `"item":"torch"`},
		{kit(game.Inventory{"iron_pickaxe": 1, "iron_sword": 1, "stone_axe": 1, "stick": 2, "cobblestone": 1, "coal": 4, "torch": 8, "dirt": 60,
			"chest": 1, "oak_door": 1, "diamond_pickaxe": 1}), "craft_item", `"item":"stone_shovel"`},
		{kit(game.Inventory{"iron_pickaxe": 1, "iron_sword": 1, "stone_axe": 1, "stone_shovel": 1, "stick": 2, "cobblestone": 1, "coal": 4, "torch": 8, "dirt": 60,
			"chest": 1, "oak_door": 1, "diamond_pickaxe": 1}), "find_block", `"block":"iron_ore","count":8`},
		// After the iron pickaxe, with no trip down for diamonds due (with
		// one due she lays in its food and goes: dive_test.go): iron
		// armour, a trip of ore at a time.
		{with(game.Inventory{"coal": 5, "torch": 8, "iron_pickaxe": 1, "oak_log": 3, "diamond_pickaxe": 1}), "find_block", `"block":"iron_ore","count":8`},
		{with(game.Inventory{"coal": 5, "torch": 8, "iron_pickaxe": 1, "raw_iron": 8, "furnace": 1, "diamond_pickaxe": 1}), "smelt_item", `"count":8,"item":"raw_iron"`},
		{with(game.Inventory{"coal": 5, "torch": 8, "iron_pickaxe": 1, "iron_ingot": 8, "diamond_pickaxe": 1}), "craft_item", `"item":"iron_chestplate"`},
		{with(game.Inventory{"coal": 5, "torch": 8, "iron_pickaxe": 1, "iron_chestplate": 1, "diamond_pickaxe": 1}), "equip_item", `"item":"iron_chestplate","slot":"chest"`},
	}
	for _, c := range cases {
		m := New(withInv(c.inv), testBook)
		calls := decide(t, m, idle)
		if len(calls) != 1 || calls[0].Name != c.tool || !strings.Contains(string(calls[0].Args), c.arg) {
			t.Errorf("with %v: %s, want %s(%s)", c.inv, callsText(calls), c.tool, c.arg)
		}
	}
}

func callsText(calls []agent.ToolCall) string {
	var parts []string
	for _, c := range calls {
		parts = append(parts, c.Name+string(c.Args))
	}
	return strings.Join(parts, " ")
}

func TestBusyHandsAreLeftAlone(t *testing.T) {
	m := New(busy(withInv(game.Inventory{}), agent.Doing{Action: "find_block", Call: "find_block(block=log, count=4)", Params: `{"block":"log","count":4}`}), testBook)
	calls := decide(t, m, commentary)
	if len(calls) != 1 || calls[0].Name != "stay_silent" {
		t.Errorf("with busy hands: %v, want stay_silent", calls)
	}
}

func TestAnswersAddressedChat(t *testing.T) {
	m := New(busy(withInv(game.Inventory{}), agent.Doing{Action: "find_block", Call: "find_block(block=log, count=4)", Params: `{"block":"log","count":4}`}), testBook)
	calls := decide(t, m, heardFrom("Alex", 3, "hello there"))
	if len(calls) != 1 || calls[0].Name != "mc_chat" || args(calls[0])["message"] != "Hi Alex! I'm finding 4 logs." {
		t.Errorf("a greeting from 3 blocks: %v, want her doing in words, never the tool call", calls)
	}
	far := decide(t, m, heardFrom("Steve", 40, "this is which"))
	if len(far) != 1 || far[0].Name != "stay_silent" {
		t.Errorf("a line from far away, not naming her: %v", far)
	}
	named := decide(t, m, heardFrom("Steve", -1, "bea, where are you?"))
	if len(named) != 1 || named[0].Name != "mc_chat" {
		t.Errorf("a line naming her: %v", named)
	}
}

// TestAHelloIsAnsweredOnceAWhile: a player who greets her again a moment
// later gets no second hello (two friendly players would greet each other
// forever); a question still gets its answer, and after a while a hello
// does too.
func TestAHelloIsAnsweredOnceAWhile(t *testing.T) {
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	m := New(busy(withInv(game.Inventory{}), agent.Doing{Action: "find_block", Call: "find_block(block=log, count=4)", Params: `{"block":"log","count":4}`}), testBook)
	m.now = func() time.Time { return now }
	hi := heardFrom("Alex", 3, "hi Bea!")
	if calls := decide(t, m, hi); len(calls) != 1 || calls[0].Name != "mc_chat" {
		t.Fatalf("the first hello: %v", calls)
	}
	now = now.Add(10 * time.Second)
	if calls := decide(t, m, hi); len(calls) != 1 || calls[0].Name != "stay_silent" {
		t.Errorf("a second hello 10 s later: %v, want no answer", calls)
	}
	if calls := decide(t, m, heardFrom("Steve", 2, "hey")); len(calls) != 1 || calls[0].Name != "mc_chat" {
		t.Errorf("someone else's first hello: %v", calls)
	}
	if calls := decide(t, m, heardFrom("Alex", 3, "hey, got any iron?")); len(calls) != 1 || calls[0].Name != "mc_chat" {
		t.Errorf("a question with a hello in it: %v, want an answer", calls)
	}
	now = now.Add(greetAgain)
	if calls := decide(t, m, hi); len(calls) != 1 || calls[0].Name != "mc_chat" {
		t.Errorf("a hello after %v: %v, want an answer", greetAgain, calls)
	}
}

// TestOutOfAMineForWood: deep below the ground she started on, she climbs
// out before she looks for logs (a mine has none); in a dip of the land she
// looks at once; a climb that keeps failing is not tried forever.
func TestOutOfAMineForWood(t *testing.T) {
	place := withInv(game.Inventory{}) // her first want is logs
	place.v.Body.Position = game.Vec3{X: 3, Y: 70, Z: 4}
	m := New(&place, testBook)
	if calls := decide(t, m, joined); len(calls) != 1 || calls[0].Name != "find_block" || args(calls[0])["block"] != "log" {
		t.Fatalf("her first step: %v, want logs", calls)
	}
	place.v.Body.Position.Y = 66
	if calls := decide(t, m, done("find_block", "INTERRUPTED", "")); len(calls) != 1 || calls[0].Name != "find_block" {
		t.Errorf("four blocks below the start: %v, want find_block", calls)
	}
	place.v.Body.Position.Y = 12
	if calls := decide(t, m, done("find_block", "INTERRUPTED", "")); len(calls) != 1 || calls[0].Name != "go_to_surface" {
		t.Fatalf("down a mine: %v, want go_to_surface", calls)
	}
	decide(t, m, done("go_to_surface", "FAILURE", "you found no safe way up"))
	if calls := decide(t, m, done("go_to_surface", "FAILURE", "you found no safe way up")); len(calls) != 1 || calls[0].Name != "find_block" {
		t.Errorf("after two failed climbs: %v, want find_block where she is", calls)
	}

	// Out under the sky in a deep valley: the valley is her ground now, so
	// she looks for logs there rather than climb out again and again.
	m = New(&place, testBook)
	place.v.Body.Position.Y = 70
	decide(t, m, joined)
	place.v.Body.Position.Y = 51
	if calls := decide(t, m, done("find_block", "INTERRUPTED", "")); len(calls) != 1 || calls[0].Name != "go_to_surface" {
		t.Fatalf("19 blocks below where she started: %v, want go_to_surface", calls)
	}
	if calls := decide(t, m, done("go_to_surface", "SUCCESS", "you are already under the open sky at (63, 51, 43)")); len(calls) != 1 || calls[0].Name != "find_block" {
		t.Fatalf("under the open sky in a valley: %v, want find_block", calls)
	}
	if calls := decide(t, m, done("find_block", "INTERRUPTED", "")); len(calls) != 1 || calls[0].Name != "find_block" {
		t.Errorf("the next step in the valley: %v, want find_block, not another climb", calls)
	}
}

// TestNothingWhileDead: the turn about her death asks nothing of the game,
// where every request would fail until she respawns; the turn about her
// return goes on with the routine.
func TestNothingWhileDead(t *testing.T) {
	m := New(withInv(game.Inventory{}), testBook)
	if calls := decide(t, m, died); len(calls) != 1 || calls[0].Name != "stay_silent" {
		t.Errorf("at her death: %v, want stay_silent", calls)
	}
	if calls := decide(t, m, died, back); len(calls) != 1 || calls[0].Name != "find_block" {
		t.Errorf("back in the game: %v, want the routine (logs)", calls)
	}
}

func TestAsksGetASpokenAnswer(t *testing.T) {
	m := New(busy(withInv(game.Inventory{}), agent.Doing{Action: "find_block", Call: "find_block(block=log, count=4)", Params: `{"block":"log","count":4}`, Progress: &agent.Progress{Done: 1, Total: 4}}), testBook)
	calls := decide(t, m, asked)
	if len(calls) != 1 || calls[0].Name != "speak" || !strings.HasPrefix(args(calls[0])["text"].(string), "I'm finding 4 logs, 1 of 4 done") {
		t.Errorf("an ask: %v", calls)
	}
}

func TestAGoalThatKeepsFailingIsSetAside(t *testing.T) {
	m := New(withInv(game.Inventory{}), testBook)
	first := decide(t, m, joined)
	if len(first) != 1 || first[0].Name != "find_block" {
		t.Fatalf("first step %v, want logs", first)
	}
	decide(t, m, done("find_block", "FAILURE", "no log within 32 blocks"))
	third := decide(t, m, done("find_block", "FAILURE", "no log within 32 blocks"))
	if len(third) != 1 || third[0].Name != "move_away" {
		t.Errorf("after two failures of the same goal: %v, want a walk elsewhere", third)
	}
	fourth := decide(t, m, done("move_away", "FAILURE", "you got only 1.0 of 24 blocks away"))
	if len(fourth) != 1 || fourth[0].Name != "go_to_surface" {
		t.Errorf("after the walk elsewhere failed: %v, want go_to_surface", fourth)
	}
}

func TestEndsTheTurnAfterItsTools(t *testing.T) {
	m := New(withInv(game.Inventory{}), testBook)
	resp, err := m.Generate(context.Background(), agent.ModelRequest{Messages: []agent.Message{
		{Role: agent.RoleUser, Text: "go"}, {Role: agent.RoleAssistant}, {Role: agent.RoleTool, Text: "started"}}, Tools: allTools})
	if err != nil || len(resp.ToolCalls) != 0 {
		t.Errorf("after its tools answered: %v %v", resp.ToolCalls, err)
	}
}

func TestShelterOncePerNight(t *testing.T) {
	v := agent.Snapshot{
		Body: &agent.Body{Inventory: slotsOf(game.Inventory{"dirt": 64, "stone_pickaxe": 1, "iron_pickaxe": 1, "oak_door": 1, "chest": 1}), Health: 20, Food: 20, Time: 14000, Dark: true}}
	m := New(sit{v}, testBook)
	first := decide(t, m, idle)
	if len(first) != 1 || first[0].Name != "build_template" {
		t.Fatalf("at night with dirt: %v, want a shelter", first)
	}
	second := decide(t, m, done("build", "SUCCESS", "built"))
	if len(second) == 1 && second[0].Name == "build_template" {
		t.Errorf("a second shelter the same night: %v", second)
	}
}

func TestRestsAfterAStreakOfFailures(t *testing.T) {
	m := New(withInv(game.Inventory{}), testBook)
	decide(t, m, joined)
	for i := 0; i < restLimit; i++ {
		decide(t, m, done("find_block", "FAILURE", "no log within 32 blocks"))
	}
	if calls := decide(t, m, done("move_away", "FAILURE", "boxed in")); len(calls) != 1 || calls[0].Name != "stay_silent" {
		t.Errorf("after %d failures in a row: %v, want rest", restLimit+1, calls)
	}
	if calls := decide(t, m, idle); len(calls) != 1 || calls[0].Name == "stay_silent" {
		t.Errorf("the idle nudge after resting: %v, want a new try", calls)
	}
}

func TestLeavesHerHandsToARunningReflex(t *testing.T) {
	v := agent.Snapshot{Body: &agent.Body{Inventory: slotsOf(game.Inventory{}), Health: 18, Food: 20},
		Reflexes: []agent.ReflexNote{{At: time.Now(), Reflex: "defend", Event: "started", Message: "defending against Zombie"}}}
	m := New(sit{v}, testBook)
	if calls := decide(t, m, done("find_block", "INTERRUPTED", "interrupted (reflex: defend against Zombie)")); len(calls) != 1 || calls[0].Name != "stay_silent" {
		t.Errorf("during a fight: %v, want her hands left to the reflex", calls)
	}
	v.Reflexes = append(v.Reflexes, agent.ReflexNote{At: time.Now(), Reflex: "defend", Event: "finished", Message: "the Zombie is dead"})
	m.sit = sit{v}
	if calls := decide(t, m, idle); len(calls) != 1 || calls[0].Name != "find_block" {
		t.Errorf("after the fight: %v, want back to work", calls)
	}
}

func TestRemembersWhereSheCameIn(t *testing.T) {
	m := New(sit{agent.Snapshot{}}, testBook)
	tools := append(append([]agent.ToolSpec(nil), allTools...), agent.ToolSpec{Name: "remember_place"})
	ask := func() []agent.ToolCall {
		resp, err := m.Generate(context.Background(), agent.ModelRequest{
			Messages: []agent.Message{{Role: agent.RoleUser, Text: joined.Text, Perceptions: []agent.Perception{joined}}}, Tools: tools})
		if err != nil {
			t.Fatal(err)
		}
		return resp.ToolCalls
	}
	for _, c := range ask() {
		if c.Name == "remember_place" {
			t.Fatalf("remembered a place before the game said where she is: %v", c)
		}
	}
	m.sit = withInv(game.Inventory{})
	first := ask()
	if len(first) != 2 || first[0].Name != "remember_place" || first[1].Name != "find_block" {
		t.Fatalf("with a state: %v, want the start remembered and logs", first)
	}
	for _, c := range ask() {
		if c.Name == "remember_place" {
			t.Errorf("the start was remembered twice")
		}
	}
}

// slotsOf is inv as the slots of her pack, one a kind, in the kinds'
// order: what a test world's body carries.
func slotsOf(inv game.Inventory) []game.Slot {
	slots := make([]game.Slot, 0, len(inv))
	for _, item := range slices.Sorted(maps.Keys(inv)) {
		slots = append(slots, game.Slot{Slot: len(slots), Item: item, Count: inv[item]})
	}
	return slots
}

// carry makes inv what v carries.
func carry(v *agent.Snapshot, inv game.Inventory) {
	if v.Body == nil {
		v.Body = &agent.Body{}
	}
	v.Body.Inventory = slotsOf(inv)
}
