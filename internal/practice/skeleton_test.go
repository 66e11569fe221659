package practice

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func TestHelloOffersEveryAction(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	hello, ok := h.events[0].(protocol.Hello)
	if !ok {
		t.Fatalf("the first frame is %T, want a hello", h.events[0])
	}
	if hello.Protocol != 2 || hello.World.Server != "practice" || hello.Player.Name != "Bea" {
		t.Fatalf("hello = %+v", hello)
	}
	if !slices.Equal(hello.Actions, actionOrder()) {
		t.Fatalf("actions = %v", hello.Actions)
	}
	for _, a := range hello.Actions {
		_, has := hello.Budgets[a]
		if omitted := a == "request_screenshot" || a == "select_slot"; has == omitted {
			t.Errorf("budget of %s present = %v", a, has)
		}
	}
	if hello.Budgets["move_to"] != 120 || hello.Budgets["find_block"] != 300 || hello.Budgets["build"] != 600 ||
		hello.Budgets["smelt_item"] != 150 || hello.Budgets["follow_player"] != 0 {
		t.Errorf("budgets = %v", hello.Budgets)
	}
	if _, ok := h.events[1].(protocol.State); !ok {
		t.Fatalf("the second frame is %T, want a state", h.events[1])
	}
}

func TestStateEveryTenTicksSurveyEveryForty(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	h.events = nil
	h.tick(80)
	var states, surveys int
	for _, p := range h.events {
		switch p := p.(type) {
		case protocol.State:
			states++
			if p.Tick%10 != 0 {
				t.Errorf("state at tick %d", p.Tick)
			}
		case protocol.Survey:
			surveys++
			if p.Radius != surveyRadius || len(p.Kinds) == 0 {
				t.Errorf("survey = %+v", p)
			}
		}
	}
	if states != 8 || surveys != 2 {
		t.Fatalf("%d states and %d surveys in 80 ticks, want 8 and 2", states, surveys)
	}
}

func TestGenerationIsDeterministic(t *testing.T) {
	hash := func(seed int64) uint64 {
		w, err := New(Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		var x uint64 = 14695981039346656037
		for _, c := range w.grid.cells {
			x = (x ^ uint64(w.blocks.name(c)[0])) * 1099511628211
			x = (x ^ uint64(c)) * 1099511628211
		}
		return x
	}
	a, b, c := hash(7), hash(7), hash(8)
	if a != b {
		t.Fatal("the same seed gave two worlds")
	}
	if a == c {
		t.Fatal("two seeds gave the same world")
	}
}

func TestWorldHasWhatTheIssueAsksFor(t *testing.T) {
	w, err := New(Options{Seed: 3, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, c := range w.grid.cells {
		counts[w.blocks.name(c)]++
	}
	for _, name := range []string{"bedrock", "stone", "deepslate", "coal_ore", "copper_ore", "iron_ore", "gold_ore",
		"redstone_ore", "lapis_ore", "dirt", "grass_block", "sand", "gravel", "clay", "water", "oak_log", "birch_log",
		"oak_leaves", "birch_leaves"} {
		if counts[name] == 0 && counts["deepslate_"+name] == 0 {
			t.Errorf("no %s in the world", name)
		}
	}
	if counts["deepslate_diamond_ore"]+counts["diamond_ore"] == 0 {
		t.Error("no diamond ore in the world")
	}
	// The cave: air below the surface somewhere.
	caveAir := 0
	for x := w.grid.minX; x < w.grid.minX+w.grid.sizeX; x++ {
		for z := w.grid.minZ; z < w.grid.minZ+w.grid.sizeZ; z++ {
			top := w.grid.surface(x, z)
			for y := 0; y < top-6; y++ {
				if w.grid.at(game.Pos{X: x, Y: y, Z: z}) == air {
					caveAir++
				}
			}
		}
	}
	if caveAir < 100 {
		t.Errorf("only %d cells of cave", caveAir)
	}
	sp := w.Spawn()
	if !w.grid.standable(sp.Add(down1)) || !w.grid.passable(sp) {
		t.Errorf("spawn %v is not a standing spot", sp)
	}
}

func TestMoveToWalksThere(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	w := h.w
	start := w.bea.feet()
	// A standing spot 12 blocks east.
	x, z := start.X+12, start.Z
	y := w.grid.surface(x, z) + 1
	a := h.do("move_to", obj{"x": x, "y": y, "z": z}, 2000)
	want(t, a, protocol.Success)
	if d := w.bea.feet().Center().Dist(game.Pos{X: x, Y: y, Z: z}.Center()); d > 1.5 {
		t.Fatalf("she stopped %.1f blocks away at %v (%s)", d, w.bea.feet(), a.Message)
	}
}

func TestFindBlockChopsLogsAndCraftsPlanks(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	var progress int
	a := h.do("find_block", obj{"block": "log", "count": 4}, 20*300)
	want(t, a, protocol.Success)
	if !strings.HasPrefix(a.Message, "collected 4/4") {
		t.Errorf("message %q", a.Message)
	}
	for _, p := range h.events {
		if p, ok := p.(protocol.Progress); ok && p.Action == "find_block" {
			progress++
		}
	}
	if progress == 0 {
		t.Error("find_block sent no progress")
	}
	logs := 0
	var wood string
	for item, n := range h.w.bea.inv.totals() {
		if strings.HasSuffix(item, "_log") {
			logs += n
			wood = strings.TrimSuffix(item, "_log")
		}
	}
	if logs < 4 {
		t.Fatalf("she carries %d logs: %v", logs, h.w.bea.inv.totals())
	}
	a = h.do("craft_item", obj{"item": wood + "_planks", "count": 4}, 200)
	want(t, a, protocol.Success)
	if n := h.w.bea.inv.count(wood + "_planks"); n != 4 {
		t.Fatalf("she has %d planks after crafting 4: %s", n, a.Message)
	}
	a = h.do("craft_item", obj{"item": "stick", "count": 5}, 200)
	want(t, a, protocol.Success)
	if n := h.w.bea.inv.count("stick"); n != 8 {
		t.Fatalf("five sticks are two crafts and eight sticks; she has %d", n)
	}
}

func TestCraftShortageNamesNumbers(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	h.w.bea.inv.add("oak_planks", 1)
	a := h.do("craft_item", obj{"item": "crafting_table"}, 100)
	want(t, a, protocol.Failure)
	if !strings.Contains(a.Message, "short of 3 planks (you have 1)") {
		t.Fatalf("message %q", a.Message)
	}
}

func TestChatIsEchoedAsSelf(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	a := h.do("mc_chat", obj{"message": "hello there"}, 2)
	want(t, a, protocol.Success)
	var echoed bool
	for _, p := range h.events {
		if c, ok := p.(protocol.Chat); ok && c.Self && c.Message == "hello there" && c.Name == "Bea" {
			echoed = true
		}
	}
	if !echoed {
		t.Fatal("her chat line was not echoed with self: true")
	}
}

func TestStopMovingInterruptsTheRunningAction(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	start := h.w.bea.feet()
	walk := h.send("move_to", obj{"x": start.X + 30, "y": start.Y, "z": start.Z + 20})
	h.tick(10)
	stop := h.do("stop_moving", nil, 2)
	want(t, stop, protocol.Success)
	a := h.wait(walk, 2)
	want(t, a, protocol.Interrupted)
	if a.Reason != protocol.ReasonStopped {
		t.Fatalf("reason %q", a.Reason)
	}
}

func TestANewActionReplacesTheRunningOne(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	start := h.w.bea.feet()
	first := h.send("move_to", obj{"x": start.X + 30, "y": start.Y, "z": start.Z})
	h.tick(5)
	second := h.send("move_to", obj{"x": start.X, "y": start.Y, "z": start.Z})
	a := h.wait(first, 2)
	want(t, a, protocol.Interrupted)
	if a.Reason != protocol.ReasonReplaced {
		t.Fatalf("reason %q", a.Reason)
	}
	want(t, h.wait(second, 2000), protocol.Success)
}

func TestBadInputIsInvalid(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	cases := []struct {
		action string
		params any
		says   string
	}{
		{"dance", nil, "known actions are: scan"},
		{"move_to", obj{"y": 64, "z": 0}, "x"},
		{"move_to", obj{"x": "ten", "y": 64, "z": 0}, "x must be a number"},
		{"move_to", obj{"x": 1e9, "y": 64, "z": 0}, "x must be a number from"},
		{"find_block", obj{"block": "log", "count": 0}, "count must be a whole number from 1"},
		{"find_block", obj{"block": "log", "count": 2.5}, "not a whole number"},
		{"find_block", obj{"block": "unobtainium"}, "not a block of the practice world"},
		{"scan", obj{"block": "stone", "radius": 65}, "radius must be a whole number from 1 to 64"},
		{"craft_item", obj{"item": 3}, "item must be a non-empty string"},
		{"mc_chat", obj{}, "mc_chat needs message"},
		{"find_block", []int{1}, "must be a JSON object"},
	}
	for _, c := range cases {
		a := h.do(c.action, c.params, 2)
		want(t, a, protocol.FailInvalid)
		if !strings.Contains(a.Message, c.says) {
			t.Errorf("%s %v: message %q does not say %q", c.action, c.params, a.Message, c.says)
		}
	}
	h.sendRaw([]byte(`{"id":"r99-test00","parameters":{}}`))
	want(t, h.wait("r99-test00", 2), protocol.FailInvalid)
	h.sendRaw([]byte(`not json`))
	h.sendRaw([]byte(`{"id":"r98-test00","action":"move_to","parameters":"x"}`))
	want(t, h.wait("r98-test00", 2), protocol.FailInvalid)
	// The world goes on.
	want(t, h.do("mc_chat", obj{"message": "still here"}, 2), protocol.Success)
}

func TestAFloodIsRefusedNotFollowed(t *testing.T) {
	h := newHarness(t, quiet)
	var in []inbound
	for i := 0; i < maxFramesPerTick+5; i++ {
		frame, _ := protocol.EncodeRequest(protocol.Request{ID: fmt.Sprintf("f%d-test00", i), Action: "check_death_log"})
		in = append(in, inbound{c: h.c, frame: frame})
	}
	h.w.step(in)
	h.w.hub.flush()
	h.drain()
	busy := 0
	for _, a := range h.answers {
		if a.Result == protocol.FailBusy {
			busy++
		}
	}
	if len(h.answers) != maxFramesPerTick+5 || busy != 5 {
		t.Fatalf("%d answers, %d busy", len(h.answers), busy)
	}
}
