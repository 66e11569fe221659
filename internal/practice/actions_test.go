package practice

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

var quiet = Options{Seed: 1, Quiet: true}

func contains(t *testing.T, a protocol.Answer, words ...string) {
	t.Helper()
	for _, w := range words {
		if !strings.Contains(a.Message, w) {
			t.Errorf("%s: message %q does not say %q", a.Action, a.Message, w)
		}
	}
}

func TestMineBlockNeedsTheRightTier(t *testing.T) {
	h := arena(t, quiet, 12)
	h.set(at(2, arenaY+1, 0), "iron_ore")
	a := h.do("mine_block", obj{"x": 2, "y": arenaY + 1, "z": 0}, 2000)
	want(t, a, protocol.Failure)
	contains(t, a, "stone pickaxe")
	h.give("stone_pickaxe", 1)
	a = h.do("mine_block", obj{"x": 2, "y": arenaY + 1, "z": 0}, 2000)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("raw_iron") != 1 {
		t.Fatalf("no raw iron after %q", a.Message)
	}
}

func TestFindBlockCountsDrops(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("wooden_pickaxe", 1)
	a := h.do("find_block", obj{"block": "stone", "count": 3}, 20*300)
	want(t, a, protocol.Success)
	if n := h.w.bea.inv.count("cobblestone"); n < 3 {
		t.Fatalf("stone gives cobblestone: she has %d (%s)", n, a.Message)
	}
	a = h.do("find_block", obj{"block": "grass_block", "count": 2}, 20*300)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("dirt") < 2 || h.w.bea.inv.count("grass_block") != 0 {
		t.Fatalf("grass gives dirt: %v", h.w.bea.inv.totals())
	}
}

func TestFindBlockInventoryFull(t *testing.T) {
	h := arena(t, quiet, 12)
	for i := 0; i < slotCount; i++ {
		h.give("cobblestone", 64)
	}
	h.set(at(2, arenaY+1, 0), "oak_log")
	a := h.do("find_block", obj{"block": "oak_log", "count": 1}, 20*300)
	want(t, a, protocol.FailInventoryFull)
}

func TestPlaceBlock(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("oak_planks", 3)
	a := h.do("place_block", obj{"block": "oak_planks", "x": 1, "y": arenaY, "z": 0, "face": "top"}, 200)
	want(t, a, protocol.Success)
	if h.w.grid.name(at(1, arenaY+1, 0)) != "oak_planks" {
		t.Fatal("the block is not there")
	}
	contains(t, a, "(1, 65, 0)")
	a = h.do("place_block", obj{"block": "oak_planks", "x": 0, "y": arenaY, "z": 0, "face": "top"}, 200)
	want(t, a, protocol.Failure)
	contains(t, a, "placement_overlaps_agent")
	a = h.do("place_block", obj{"block": "oak_planks", "x": 3, "y": arenaY + 3, "z": 0, "face": "top"}, 200)
	want(t, a, protocol.Failure)
	contains(t, a, "solid")
	a = h.do("place_block", obj{"block": "oak_planks", "x": 1, "y": arenaY, "z": 0, "face": "up"}, 200)
	want(t, a, protocol.FailInvalid)
	contains(t, a, "face must be one of top, bottom")
}

func TestCraftWithTheTableSheCarries(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("oak_planks", 3)
	h.give("stick", 2)
	h.give("crafting_table", 1)
	a := h.do("craft_item", obj{"item": "wooden_pickaxe"}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "picked back up")
	inv := h.w.bea.inv
	if inv.count("wooden_pickaxe") != 1 || inv.count("crafting_table") != 1 || inv.count("oak_planks") != 0 {
		t.Fatalf("inventory after crafting: %v", inv.totals())
	}
	a = h.do("craft_item", obj{"item": "stone_pickaxe"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "short of 3")
}

func TestCraftNeedsATable(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("oak_planks", 8)
	a := h.do("craft_item", obj{"item": "chest"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "crafting table")
	h.set(at(5, arenaY+1, 5), "crafting_table")
	a = h.do("craft_item", obj{"item": "chest"}, 1000)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("chest") != 1 {
		t.Fatal("no chest")
	}
}

func TestSmelt(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("furnace", 1)
	h.give("wooden_pickaxe", 1)
	h.give("raw_iron", 3)
	h.give("oak_planks", 5)
	h.give("coal", 2)
	a := h.do("smelt_item", obj{"item": "raw_iron", "count": 3}, 20*150)
	want(t, a, protocol.Success)
	inv := h.w.bea.inv
	if inv.count("iron_ingot") != 3 {
		t.Fatalf("%d iron ingots: %s", inv.count("iron_ingot"), a.Message)
	}
	// Three smelts take 600 ticks: two planks burn exactly that, a coal would waste 1000.
	if inv.count("oak_planks") != 3 || inv.count("coal") != 2 {
		t.Fatalf("fuel used: %v (%s)", inv.totals(), a.Message)
	}
	if inv.count("furnace") != 1 {
		t.Fatalf("she did not pick her furnace back up: %v", inv.totals())
	}
	a = h.do("smelt_item", obj{"item": "raw_iron", "count": 11}, 10)
	want(t, a, protocol.FailInvalid)

	// Left to choose, she never burns her crafting tables or wooden tools,
	// though two tables would burn exactly the three smelts: a coal it is.
	h.give("raw_iron", 3)
	h.give("crafting_table", 2)
	h.w.bea.inv.remove("oak_planks", 3)
	a = h.do("smelt_item", obj{"item": "raw_iron", "count": 3}, 20*150)
	want(t, a, protocol.Success)
	if inv.count("crafting_table") != 2 || inv.count("wooden_pickaxe") != 1 || inv.count("coal") != 1 {
		t.Fatalf("fuel chosen: %v (%s)", inv.totals(), a.Message)
	}
}

func TestSmeltFurnaceBusy(t *testing.T) {
	h := arena(t, quiet, 12)
	h.set(at(2, arenaY+1, 0), "furnace")
	h.w.land.furnaceAt(at(2, arenaY+1, 0)).input = game.Stack{Item: "sand", Count: 4}
	h.give("raw_iron", 1)
	h.give("coal", 1)
	a := h.do("smelt_item", obj{"item": "raw_iron"}, 400)
	want(t, a, protocol.FailFurnaceBusy)
}

func TestChests(t *testing.T) {
	h := arena(t, quiet, 12)
	h.set(at(3, arenaY+1, 3), "chest")
	h.give("oak_log", 5)
	a := h.do("store_item", obj{"item": "oak_log", "count": 3}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "holds 3 oak_log")
	a = h.do("retrieve_item", obj{"item": "oak_log", "count": 2, "x": 3, "y": arenaY + 1, "z": 3}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "holds 1 oak_log")
	a = h.do("view_container", nil, 400)
	want(t, a, protocol.Success)
	contains(t, a, "holds 1 oak_log")
	if h.w.bea.inv.count("oak_log") != 4 {
		t.Fatalf("she has %d logs", h.w.bea.inv.count("oak_log"))
	}
	a = h.do("retrieve_item", obj{"item": "diamond"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "holds 1 oak_log")
	a = h.do("store_item", obj{"item": "oak_log", "x": 3}, 10)
	want(t, a, protocol.FailInvalid)
}

func TestEquipDiscardPickupEat(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("iron_helmet", 1)
	want(t, h.do("equip_item", obj{"item": "iron_helmet", "slot": "head"}, 50), protocol.Success)
	if h.w.bea.inv.armor["head"] != "iron_helmet" {
		t.Fatal("helmet not worn")
	}
	h.give("stick", 1)
	a := h.do("equip_item", obj{"item": "stick", "slot": "feet"}, 50)
	want(t, a, protocol.Failure)
	h.give("dirt", 5)
	want(t, h.do("discard_item", obj{"item": "dirt", "count": 5}, 50), protocol.Success)
	if h.w.bea.inv.count("dirt") != 0 {
		t.Fatal("dirt still carried")
	}
	h.tick(60)
	if h.w.bea.inv.count("dirt") != 0 {
		t.Fatal("she picked up what she threw without being asked")
	}
	a = h.do("pickup_items", obj{"item": "dirt"}, 400)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("dirt") != 5 {
		t.Fatalf("picked up %d dirt: %s", h.w.bea.inv.count("dirt"), a.Message)
	}
	h.w.bea.food = 10
	h.give("bread", 1)
	a = h.do("eat_food", nil, 100)
	want(t, a, protocol.Success)
	if h.w.bea.food != 15 {
		t.Fatalf("food %d after bread", h.w.bea.food)
	}
	want(t, h.do("eat_food", obj{"item": "stone"}, 5), protocol.FailInvalid)
}

func TestAttackACow(t *testing.T) {
	h := arena(t, quiet, 12)
	h.w.ents.add(&entity{kind: "cow", pos: at(3, arenaY+1, 3).Center(), health: 10})
	h.give("stone_sword", 1)
	a := h.do("attack_entity", obj{"entity": "cow"}, 20*60)
	want(t, a, protocol.Success)
	if n := h.w.bea.inv.count("beef"); n == 0 || !strings.Contains(a.Message, "picked up "+strconv.Itoa(n)+" beef") {
		t.Fatalf("%d beef, and the answer says: %s", n, a.Message)
	}
	a = h.do("attack_entity", obj{"entity": "creeper"}, 10)
	want(t, a, protocol.Failure)

	// A cow killed at her feet drops where she stands: what she picks up
	// while the drops land is counted too.
	before := h.w.bea.inv.count("beef")
	h.w.ents.add(&entity{kind: "cow", pos: h.w.bea.pos.Block().Add(game.Pos{X: 1}).Center(), health: 10})
	a = h.do("attack_entity", obj{"entity": "cow"}, 20*60)
	want(t, a, protocol.Success)
	if n := h.w.bea.inv.count("beef") - before; n == 0 || !strings.Contains(a.Message, "picked up "+strconv.Itoa(n)+" beef") {
		t.Fatalf("%d more beef, and the answer says: %s", n, a.Message)
	}
}

func TestPillarUpMineDownBridge(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("dirt", 10)
	h.give("stone_pickaxe", 1)
	want(t, h.do("pillar_up", obj{"height": 3}, 400), protocol.Success)
	if y := h.w.bea.feet().Y; y != arenaY+4 {
		t.Fatalf("she stands at y=%d after pillaring 3", y)
	}
	a := h.do("mine_down", obj{"depth": 5}, 2000)
	want(t, a, protocol.Success)
	if y := h.w.bea.feet().Y; y != arenaY-1 {
		t.Fatalf("she stands at y=%d after digging down 5 (%s)", y, a.Message)
	}
	// Water under the next block stops her.
	h.set(h.w.bea.feet().Add(game.Pos{Y: -3}), "water")
	a = h.do("mine_down", obj{"depth": 5}, 2000)
	want(t, a, protocol.Failure)
	contains(t, a, "water")

	h2 := arena(t, quiet, 12)
	h2.give("cobblestone", 10)
	for x := 1; x <= 4; x++ {
		for y := arenaY - 6; y <= arenaY; y++ {
			h2.set(at(x, y, 0), "air")
		}
	}
	a = h2.do("bridge", obj{"direction": "east", "distance": 5}, 1000)
	want(t, a, protocol.Success)
	if f := h2.w.bea.feet(); f.X != 5 || f.Y != arenaY+1 {
		t.Fatalf("she stands at %v after bridging", f)
	}
	if h2.w.bea.inv.count("cobblestone") != 6 {
		t.Fatalf("bridging a 4-block gap used %d blocks", 10-h2.w.bea.inv.count("cobblestone"))
	}
	want(t, h2.do("bridge", obj{"direction": "up", "distance": 5}, 5), protocol.FailInvalid)
}

func TestGoToSurfaceDigsAStaircase(t *testing.T) {
	h := arena(t, quiet, 12)
	h.w.bea.pos = at(0, arenaY-5, 0).Center()
	h.set(at(0, arenaY-5, 0), "air")
	h.set(at(0, arenaY-4, 0), "air")
	h.give("stone_pickaxe", 1)
	a := h.do("go_to_surface", nil, 20*120)
	want(t, a, protocol.Success)
	if !h.w.grid.skyOpen(h.w.bea.feet().Add(up1)) {
		t.Fatalf("no sky over %v", h.w.bea.feet())
	}
}

func TestMoveAway(t *testing.T) {
	h := arena(t, quiet, 16)
	a := h.do("move_away", obj{"distance": 8}, 20*60)
	want(t, a, protocol.Success)
	if d := horizontalDist(h.w.bea.pos, at(0, arenaY+1, 0).Center()); d < 7 {
		t.Fatalf("only %.1f blocks away", d)
	}
}

func TestMoveToOpensAndShutsADoor(t *testing.T) {
	h := arena(t, quiet, 16)
	doorWall(h)
	door := h.w.blocks.id("oak_door")
	a := h.do("move_to", obj{"x": 8, "y": arenaY + 1, "z": 0}, 20*120)
	want(t, a, protocol.Success)
	if h.w.grid.at(at(3, arenaY+1, 0)) != door {
		t.Fatal("the door was broken")
	}
	if h.w.grid.isOpen(at(3, arenaY+1, 0)) {
		t.Fatalf("the door was left open; log %q", a.Log)
	}
	joined := strings.Join(a.Log, "\n")
	if !strings.Contains(joined, "opened the door") || !strings.Contains(joined, "shut the door") {
		t.Fatalf("log %q", a.Log)
	}
	// A wall of glass with no door: she never breaks it, and walks round or fails.
	h2 := arena(t, quiet, 10)
	for z := -10; z <= 10; z++ {
		for y := arenaY + 1; y <= arenaY+8; y++ {
			h2.set(at(3, y, z), "glass")
		}
	}
	h2.set(at(3, arenaY, 0), "glass")
	a = h2.do("move_to", obj{"x": 6, "y": arenaY + 1, "z": 0}, 20*120)
	for z := -10; z <= 10; z++ {
		if h2.w.grid.name(at(3, arenaY+1, z)) != "glass" {
			t.Fatalf("the path broke the glass at z=%d (%s: %s)", z, a.Result, a.Message)
		}
	}
}

func TestUseBlockAndScanAndLook(t *testing.T) {
	h := arena(t, quiet, 12)
	door := h.w.blocks.id("oak_door")
	h.w.grid.setState(at(2, arenaY+1, 0), door, "half=lower,open=false")
	h.w.grid.setState(at(2, arenaY+2, 0), door, "half=upper,open=false")
	a := h.do("use_block", obj{"x": 2, "y": arenaY + 1, "z": 0}, 100)
	want(t, a, protocol.Success)
	contains(t, a, "opened")
	if !h.w.grid.isOpen(at(2, arenaY+2, 0)) {
		t.Fatal("the upper half did not open")
	}
	h.set(at(5, arenaY+1, 5), "oak_log")
	a = h.do("scan", obj{"block": "log", "radius": 16}, 2)
	want(t, a, protocol.Success)
	contains(t, a, "oak_log at (5, 65, 5)")
	if len(a.Data) == 0 {
		t.Fatal("scan answered no data")
	}
	want(t, h.do("look_at", obj{"x": 0, "y": arenaY + 1, "z": -5}, 2), protocol.Success)
	if q := game.SnapYaw(h.w.bea.yaw); q != game.North {
		t.Fatalf("looking north gave yaw %v", h.w.bea.yaw)
	}
}

func TestBuild(t *testing.T) {
	h := arena(t, quiet, 16)
	h.give("cobblestone", 64)
	h.give("oak_planks", 10)
	args := obj{
		"origin":  obj{"x": 3, "y": arenaY + 1, "z": 3},
		"layers":  []any{[]string{"ccc", "ccc", "ccc"}, []string{"ppp", "p p", "ppp"}, []string{"ppp", "p p", "ppp"}},
		"palette": obj{"c": "cobblestone", "p": "oak_planks"},
	}
	a := h.do("build", args, 20*600)
	if a.Result != protocol.Failure {
		t.Fatalf("16 planks wanted, 10 carried: %s %s", a.Result, a.Message)
	}
	contains(t, a, "ran out of", "oak_planks")
	h.give("oak_planks", 10)
	a = h.do("build", args, 20*600)
	want(t, a, protocol.Success)
	a = h.do("build", obj{"origin": obj{"x": 1}, "layers": []string{"x"}}, 5)
	want(t, a, protocol.FailInvalid)
}

func TestBuildNeverBreaksProtectedBlocksAndPillarsUp(t *testing.T) {
	h := arena(t, quiet, 16)
	h.give("cobblestone", 64)
	h.set(at(4, arenaY+1, 4), "chest")
	a := h.do("build", obj{"origin": obj{"x": 4, "y": arenaY + 1, "z": 4}, "layers": []any{[]string{"a"}},
		"palette": obj{"a": "air"}}, 20*60)
	want(t, a, protocol.Failure)
	if h.w.grid.name(at(4, arenaY+1, 4)) != "chest" {
		t.Fatal("the build broke a chest")
	}
	// A column eight high: its top is out of reach from the ground. With a
	// pickaxe she picks the pillar's cobblestone back up.
	h.give("wooden_pickaxe", 1)
	var layers []any
	for i := 0; i < 8; i++ {
		layers = append(layers, []string{"c"})
	}
	a = h.do("build", obj{"origin": obj{"x": -4, "y": arenaY + 1, "z": -4}, "layers": layers,
		"palette": obj{"c": "cobblestone"}}, 20*600)
	want(t, a, protocol.Success)
	if f := h.w.bea.feet(); f.Y != arenaY+1 {
		t.Fatalf("she did not dig her pillar back down: she stands at %v", f)
	}
	// Nothing is left of the pillar: the only cobblestone about is the
	// column's eight.
	placed := 0
	for x := -8; x <= 0; x++ {
		for z := -8; z <= 0; z++ {
			for y := arenaY + 1; y <= arenaY+10; y++ {
				if h.w.grid.name(at(x, y, z)) == "cobblestone" {
					placed++
				}
			}
		}
	}
	if placed != 8 {
		t.Fatalf("%d cobblestone stand round the column of 8: the pillar was left behind", placed)
	}
	// ...and its blocks came back: only the column's eight were spent.
	if n := h.w.bea.inv.count("cobblestone"); n != 56 {
		t.Fatalf("she has %d cobblestone of 64 after a column of 8", n)
	}
}

func TestPlayersFollowGiveGoto(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Alex", Offset: game.Pos{X: 6, Z: 0}, Greeting: "hi Bea!"}}}, 16)
	a := h.do("goto_player", obj{"player": "alex"}, 20*60)
	want(t, a, protocol.Success)
	h.give("bread", 2)
	a = h.do("give_item", obj{"player": "Alex", "item": "bread"}, 20*60)
	want(t, a, protocol.Success)
	if got, ok := a.Handover(); !ok || got != (protocol.Handover{Dropped: 2, Received: 2, Checked: true}) {
		t.Fatalf("the hand-over's data is %s, want 2 dropped and 2 picked up", a.Data)
	}
	if h.w.ents.playerNamed("Alex").player.inv["bread"] != 2 {
		t.Fatal("Alex did not get the bread")
	}
	a = h.do("follow_player", obj{"player": "Alex", "range": 2}, 20)
	want(t, a, protocol.Success)
	h.tick(40)
	want(t, h.do("stop_moving", nil, 2), protocol.Success)
	if ends := eventsOf[protocol.FollowEnded](h); len(ends) != 1 || ends[0].Player != "Alex" || ends[0].Reason != "stopped" {
		t.Fatalf("follow_ended = %+v", ends)
	}
	want(t, h.do("look_at_player", obj{"player": "Alex"}, 2), protocol.Success)
	want(t, h.do("goto_player", obj{"player": "Nobody"}, 2), protocol.Failure)
	h.events = nil
	want(t, h.do("mc_chat", obj{"message": "hello Alex"}, 2), protocol.Success)
	h.tick(30)
	var greeted bool
	for _, c := range eventsOf[protocol.Chat](h) {
		if c.Name == "Alex" && c.Message == "hi Bea!" && c.Distance != nil && !c.Self {
			greeted = true
		}
	}
	if !greeted {
		t.Fatal("Alex did not answer her hello")
	}
	// Greeting again at once gets no second hello (or the two would greet
	// each other forever); a minute later it does.
	greetings := func() int {
		n := 0
		for _, c := range eventsOf[protocol.Chat](h) {
			if c.Name == "Alex" && c.Message == "hi Bea!" {
				n++
			}
		}
		return n
	}
	want(t, h.do("mc_chat", obj{"message": "hi Alex!"}, 2), protocol.Success)
	h.tick(30)
	if n := greetings(); n != 1 {
		t.Fatalf("Alex greeted her %d times after two hellos in a row, want once", n)
	}
	h.tick(greetingGap)
	want(t, h.do("mc_chat", obj{"message": "hey Alex"}, 2), protocol.Success)
	h.tick(30)
	if n := greetings(); n != 2 {
		t.Fatalf("Alex greeted her %d times, want a second hello a minute later", n)
	}
}

func TestTheHut(t *testing.T) {
	h := newHarness(t, quiet)
	if !h.w.land.gen.hasHut {
		t.Fatal("no hut near spawn")
	}
	hut := h.w.land.gen.hut
	h.give("stone_pickaxe", 1)
	wall := hut.min.Add(game.Pos{Y: 2})
	a := h.do("mine_block", obj{"x": wall.X, "y": wall.Y, "z": wall.Z}, 20*60)
	want(t, a, protocol.FailProtected)
	if h.w.grid.name(wall) != "cobblestone" {
		t.Fatal("the protected wall is gone")
	}
	a = h.do("view_container", obj{"x": hut.chest.X, "y": hut.chest.Y, "z": hut.chest.Z}, 20*60)
	want(t, a, protocol.Success)
	contains(t, a, "3 bread")
	joined := strings.Join(a.Log, "\n")
	if !strings.Contains(joined, "opened the door") {
		t.Errorf("she did not walk in through the door: %q", a.Log)
	}
}

// TestAHandoverCountsOnlyWhatArrived: her give_item's data holds exactly
// the fields the contract lists; to a player whose inventory is full the
// items leave her inventory but never arrive, and the answer says so, as a
// failure and in its data.
func TestAHandoverCountsOnlyWhatArrived(t *testing.T) {
	c := gametest.ReadContract(t, "../../testdata/minecraft_contract.json")
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Steve", Offset: game.Pos{X: 2, Z: 0}, Full: true}}}, 16)
	h.give("bread", 3)
	a := h.do("give_item", obj{"player": "Steve", "item": "bread", "count": 2}, 20*60)
	want(t, a, protocol.Failure)
	var fields map[string]any
	if err := json.Unmarshal(a.Data, &fields); err != nil {
		t.Fatal(err)
	}
	if got, want := slices.Sorted(maps.Keys(fields)), slices.Sorted(maps.Keys(c.Actions["give_item"].Data)); !slices.Equal(got, want) {
		t.Errorf("give_item's data has %v, the contract lists %v", got, want)
	}
	if got, _ := a.Handover(); got != (protocol.Handover{Dropped: 2, Checked: true}) || got.Arrived() {
		t.Errorf("to a full inventory the hand-over reads %+v, want 2 dropped and none picked up", got)
	}
	if n := h.w.bea.inv.count("bread"); n != 1 {
		t.Errorf("she has %d bread left of 3 after dropping 2", n)
	}
}
