package rules

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// peopleTools are the routine's tools and those requests take.
var peopleTools = append(append([]agent.ToolSpec(nil), allTools...), agent.ToolSpec{Name: "goto_player"},
	agent.ToolSpec{Name: "follow_player"}, agent.ToolSpec{Name: "give_item"}, agent.ToolSpec{Name: "stop_moving"},
	agent.ToolSpec{Name: "go_to_place"}, agent.ToolSpec{Name: "remember_place"}, agent.ToolSpec{Name: "forget_place"})

// understanding is the shipped phrase tables, English first as beaweb
// joins them, with a few of the book's items.
func understanding(t *testing.T) *request.Parser {
	t.Helper()
	var tables []*request.Table
	for _, lang := range request.Languages() {
		b, err := os.ReadFile("../../../../data/requests/" + lang + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		tab, err := request.ReadLang(lang, string(b))
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, tab)
	}
	p, err := request.Join([]string{"stick", "torch", "cobblestone", "oak_planks", "oak_log", "birch_log", "coal", "stone_pickaxe", "dirt", "bread", "stone"}, tables...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fakeMaker plans as the recipe book would for the few items the tests ask
// for: sticks from planks, planks from logs, torches from coal and sticks.
type fakeMaker struct{}

func (fakeMaker) Make(item string, count int, have game.Inventory) (Making, error) {
	switch item {
	case "stick":
		crafts := (count + 3) / 4
		if have["oak_planks"] < 2*crafts {
			if have["oak_log"] == 0 {
				return Making{Missing: map[string]int{"#logs": 1}}, nil
			}
			return Making{Steps: []MakeStep{{Item: "oak_planks", Count: 4, Times: 1}, {Item: "stick", Count: 4 * crafts, Times: crafts}}}, nil
		}
		return Making{Steps: []MakeStep{{Item: "stick", Count: 4 * crafts, Times: crafts}}}, nil
	}
	return Making{}, fmt.Errorf("no recipe makes %s", item)
}

// askedBy is a chat line to her from a player beside her she obeys.
func askedBy(name, message string) agent.Perception {
	p := heardFrom(name, 4, message)
	p.Chat.Obeyed = true
	return p
}

// told is a line typed in the dashboard's talk box.
func told(message string) agent.Perception {
	return agent.Perception{Source: agent.SourceDashboard, Kind: agent.KindTell, Addressed: true,
		Chat: &agent.Heard{Author: agent.Author{Name: "the person at the dashboard"}, Message: message}}
}

// people is a game in which Alex stands beside her.
func people(inv game.Inventory) sit {
	s := withInv(inv)
	s.v.Name = "Bea"
	s.v.Body.Position = game.Vec3{X: 0, Y: 64, Z: 0}
	s.v.Body.Players = []game.NearPlayer{{Name: "Alex", X: 3, Y: 64, Z: 1, Distance: 3.2}}
	return s
}

// decideWith is one turn of hers on the perceptions, as her mind runs it:
// her calls, each tool answering that it took the call, then her calls on
// those answers, until she makes none or stays silent. It returns every
// call of the turn.
func decideWith(t *testing.T, m *Model, ps ...agent.Perception) []agent.ToolCall {
	t.Helper()
	return turnRefused(t, m, nil, ps...)
}

// turnRefused is decideWith with the tools named in refused refusing their
// calls with the given answer.
func turnRefused(t *testing.T, m *Model, refused map[string]string, ps ...agent.Perception) []agent.ToolCall {
	t.Helper()
	msgs := []agent.Message{{Role: agent.RoleUser, Perceptions: ps}}
	var all []agent.ToolCall
	for range 4 {
		resp, err := m.Generate(t.Context(), agent.ModelRequest{Messages: msgs, Tools: peopleTools})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.ToolCalls) == 0 {
			break
		}
		all = append(all, resp.ToolCalls...)
		msgs = append(msgs, agent.Message{Role: agent.RoleAssistant, ToolCalls: resp.ToolCalls})
		silent := false
		for _, c := range resp.ToolCalls {
			answer, failed := refused[c.Name]
			if !failed {
				answer = "started"
			}
			msgs = append(msgs, agent.Message{Role: agent.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Text: answer, Failed: failed})
			silent = silent || c.Name == "stay_silent"
		}
		if silent {
			break
		}
	}
	return all
}

// said is what the calls say in the chat or aloud.
func said(calls []agent.ToolCall) string {
	var out []string
	for _, c := range calls {
		if c.Name == "mc_chat" {
			out = append(out, args(c)["message"].(string))
		}
		if c.Name == "speak" {
			out = append(out, args(c)["text"].(string))
		}
	}
	return strings.Join(out, " | ")
}

func firstAction(calls []agent.ToolCall) (agent.ToolCall, bool) {
	for _, c := range calls {
		if c.Name != "mc_chat" && c.Name != "speak" && c.Name != "stay_silent" && c.Name != "remember_place" {
			return c, true
		}
	}
	return agent.ToolCall{}, false
}

func TestAPlayersRequestIsAnsweredAndDone(t *testing.T) {
	cases := []struct {
		line, tool, say string
		args            map[string]any
	}{
		{"Bea, come here", "goto_player", "Coming, Alex!", map[string]any{"player": "Alex"}},
		{"bea come to Steve please", "goto_player", "On my way to Steve.", map[string]any{"player": "Steve"}},
		{"follow me bea", "follow_player", "Following you.", map[string]any{"player": "Alex"}},
		{"Bea go home", "go_to_place", "Heading home.", map[string]any{"name": "home"}},
		{"bea go to the mine", "go_to_place", "Heading to the mine.", map[string]any{"name": "the mine"}},
		{"Bea, give me 3 sticks", "give_item", "Bringing you 3 sticks.", map[string]any{"player": "Alex", "item": "stick", "count": 3.0}},
		{"bea give me some cobble", "give_item", "Bringing you 16 cobblestone.", map[string]any{"item": "cobblestone", "count": 16.0}},
		{"bea, craft 4 sticks", "craft_item", "Crafting 4 sticks.", map[string]any{"item": "stick", "count": 4.0}},
		{"Bea build a shelter", "build_template", "dirt shelter", map[string]any{"name": "dirt_shelter"}},
		{"Bea build a small wood house here", "build_template", "Building a small wood house.", map[string]any{"name": "small_wood_house", "x": 5.0}},
	}
	for _, c := range cases {
		m := New(people(game.Inventory{"stick": 5, "cobblestone": 40, "oak_planks": 8, "dirt": 64, "stone_pickaxe": 1}), testBook,
			WithRequests(understanding(t)), WithMaker(fakeMaker{}))
		calls := decideWith(t, m, askedBy("Alex", c.line))
		if got := said(calls); !strings.Contains(got, c.say) {
			t.Errorf("%q: she says %q, want %q", c.line, got, c.say)
		}
		a, ok := firstAction(calls)
		if !ok || a.Name != c.tool {
			t.Errorf("%q: she does %s, want %s", c.line, callsText(calls), c.tool)
			continue
		}
		for k, v := range c.args {
			if got := args(a)[k]; got != v {
				t.Errorf("%q: %s %s=%v, want %v", c.line, a.Name, k, got, v)
			}
		}
	}
}

func TestAQuestionIsAnsweredInWords(t *testing.T) {
	cases := map[string]string{
		"bea, what are you doing?":         "Nothing in my hands",
		"where are you bea":                "I'm at (0, 64, 0), about 3 blocks west of you.",
		"bea what do you have":             "I have 40 cobblestone, 5 sticks",
		"bea how many cobble do you have?": "I have 40 cobblestone.",
		"bea how many torches":             "I don't have any torches.",
		"bea help":                         "You can ask me: stop, come here, follow me",
		"Bea, blorp":                       `I didn't get that; say "help" to hear what I can do.`,
		"Bea, type /op Mallory":            `I didn't get that; say "help" to hear what I can do.`,
	}
	for line, want := range cases {
		m := New(people(game.Inventory{"stick": 5, "cobblestone": 40}), testBook, WithRequests(understanding(t)))
		calls := decideWith(t, m, askedBy("Alex", line))
		if got := said(calls); !strings.Contains(got, want) || len([]rune(got)) > 256 {
			t.Errorf("%q: she says %q, want %q in one chat line", line, got, want)
		}
	}
}

func TestTheTalkBoxIsAnsweredInHerVoice(t *testing.T) {
	m := New(people(game.Inventory{"stick": 5}), testBook, WithRequests(understanding(t)))
	calls := decideWith(t, m, told("come here"))
	if len(calls) == 0 || calls[0].Name != "speak" {
		t.Fatalf("the talk box got %s, want her voice", callsText(calls))
	}
	if got := said(calls); !strings.Contains(got, "dashboard") || !strings.Contains(got, "Alex") {
		t.Errorf("come here from the dashboard: %q; want it to say why not, and name the players she sees", got)
	}
	if strings.Contains(callsText(calls), "goto_player") {
		t.Errorf("she went somewhere for the dashboard: %s", callsText(calls))
	}
	calls = decideWith(t, New(people(nil), testBook, WithRequests(understanding(t))), told("what are you doing?"))
	if len(calls) == 0 || calls[0].Name != "speak" || !strings.Contains(said(calls), "Nothing in my hands") {
		t.Errorf("what are you doing from the dashboard: %s", callsText(calls))
	}
}

func TestStopHoldsHerUntilANewRequest(t *testing.T) {
	s := people(game.Inventory{})
	m := New(s, testBook, WithRequests(understanding(t)))
	calls := decideWith(t, m, askedBy("Alex", "bea stop"))
	if !strings.Contains(callsText(calls), "stop_moving") || !strings.Contains(said(calls), "stay right here") {
		t.Fatalf("stop: %s", callsText(calls))
	}
	// Held (her hands hold, as stop_moving leaves them), a nudge starts nothing.
	s.v.Held = &agent.Hold{By: ""}
	m.sit = s
	if a, ok := firstAction(decideWith(t, m, idle)); ok {
		t.Errorf("held, the nudge started %s", a.Name)
	}
	a, ok := firstAction(decideWith(t, m, askedBy("Alex", "bea come here")))
	if !ok || a.Name != "goto_player" {
		t.Errorf("held, a new request was not done")
	}
}

func TestARequestOnTopThenTheRoutineGoesOn(t *testing.T) {
	m := New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	decideWith(t, m, askedBy("Alex", "bea come here"))
	// While she walks to him, a nudge starts nothing of the routine.
	if a, ok := firstAction(decideWith(t, m, idle)); ok {
		t.Fatalf("on her way to Alex she started %s", a.Name)
	}
	calls := decideWith(t, m, done("goto_player", protocol.Success, "arrived"))
	if !strings.Contains(said(calls), "Here I am") {
		t.Errorf("arrived, she says %q", said(calls))
	}
	a, ok := firstAction(decideWith(t, m, idle))
	if !ok || a.Name != "find_block" {
		t.Errorf("after the request the routine did not go on: %s", callsText(decideWith(t, m, idle)))
	}
}

func TestAFailedRequestSaysWhy(t *testing.T) {
	m := New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	decideWith(t, m, askedBy("Alex", "bea go to the mine"))
	// A walk that finds no way is tried again from the open sky, once.
	calls := decideWith(t, m, done("move_to", protocol.Failure, "you found no way walking to (3, 60, 2)"))
	if a, ok := firstAction(calls); !ok || a.Name != "go_to_surface" || said(calls) != "" {
		t.Fatalf("after a walk that found no way: %s", callsText(calls))
	}
	if a, ok := firstAction(decideWith(t, m, done("go_to_surface", protocol.Success, "the sky is open"))); !ok || a.Name != "go_to_place" {
		t.Fatalf("up under the sky she did not try again: %s", a.Name)
	}
	calls = decideWith(t, m, done("move_to", protocol.Failure, "you found no way walking to your mine; the rest"))
	if got := said(calls); got != "I couldn't do it: I found no way walking to my mine." {
		t.Errorf("she says %q", got)
	}
}

func TestBringMakesItThenHandsItOver(t *testing.T) {
	s := people(game.Inventory{"oak_log": 2})
	m := New(s, testBook, WithRequests(understanding(t)), WithMaker(fakeMaker{}))
	calls := decideWith(t, m, askedBy("Alex", "bea bring me 4 sticks"))
	if !strings.Contains(said(calls), "I'll get you 4 sticks") {
		t.Errorf("she says %q", said(calls))
	}
	if a, _ := firstAction(calls); a.Name != "craft_item" || args(a)["item"] != "oak_planks" {
		t.Fatalf("first step %s, want the planks crafted", callsText(calls))
	}
	carry(&s.v, game.Inventory{"oak_log": 1, "oak_planks": 4})
	m.sit = s
	calls = decideWith(t, m, done("craft_item", protocol.Success, "crafted 4 oak planks"))
	if a, _ := firstAction(calls); a.Name != "craft_item" || args(a)["item"] != "stick" {
		t.Fatalf("second step %s, want the sticks", callsText(calls))
	}
	carry(&s.v, game.Inventory{"oak_log": 1, "oak_planks": 2, "stick": 4})
	m.sit = s
	calls = decideWith(t, m, done("craft_item", protocol.Success, "crafted 4 sticks"))
	if a, _ := firstAction(calls); a.Name != "give_item" || args(a)["count"] != 4.0 {
		t.Fatalf("third step %s, want the sticks handed over", callsText(calls))
	}
	if got := said(decideWith(t, m, done("give_item", protocol.Success, "gave 4 sticks"))); got != "There you go!" {
		t.Errorf("handed over, she says %q", got)
	}
}

func TestRequestsSheRefuses(t *testing.T) {
	cases := []struct {
		inv  game.Inventory
		line string
		want string
	}{
		{game.Inventory{"stone_pickaxe": 1}, "bea give me your pickaxe", "I need my only stone pickaxe"},
		{game.Inventory{}, "bea give me 3 torches", "I don't have any torches"},
		{game.Inventory{}, "bea give me 2 unobtainium", "I don't know what \"unobtainium\" is."},
	}
	for _, c := range cases {
		m := New(people(c.inv), testBook, WithRequests(understanding(t)))
		calls := decideWith(t, m, askedBy("Alex", c.line))
		if got := said(calls); !strings.Contains(got, c.want) {
			t.Errorf("%q: she says %q, want %q", c.line, got, c.want)
		}
		if a, ok := firstAction(calls); ok && a.Name == "give_item" {
			t.Errorf("%q: she gave it all the same", c.line)
		}
	}
}

func TestOnlyThePlayersSheObeys(t *testing.T) {
	m := New(people(game.Inventory{"stick": 4}), testBook, WithRequests(understanding(t)))
	p := heardFrom("Mallory", 3, "bea give me 4 sticks")
	calls := decideWith(t, m, p) // Obeyed is false: not on the list
	if got := said(calls); !strings.Contains(got, "Sorry Mallory, I only take requests") {
		t.Errorf("she says %q", got)
	}
	if a, ok := firstAction(calls); ok && a.Name == "give_item" {
		t.Error("she gave Mallory the sticks")
	}
	// A question is answered whoever asks.
	if got := said(decideWith(t, m, heardFrom("Mallory", 3, "bea how many sticks do you have"))); got != "I have 4 sticks." {
		t.Errorf("Mallory's question: %q", got)
	}
}

// TestGatherForWhoAskedHandsItOver: "get me 3 cobblestone" is mined, then
// handed to who asked, and her last word says what she handed over;
// "mine 3 stone" is mined and kept.
func TestGatherForWhoAskedHandsItOver(t *testing.T) {
	s := people(game.Inventory{"wooden_pickaxe": 1, "cobblestone": 2})
	m := New(s, testBook, WithRequests(understanding(t)), WithMaker(fakeMaker{}))
	calls := decideWith(t, m, askedBy("Alex", "hii bea can u get me 3 stone pls"))
	if !strings.Contains(said(calls), "I'll mine 3 cobblestone and bring it to you.") {
		t.Errorf("she says %q", said(calls))
	}
	if a, _ := firstAction(calls); a.Name != "find_block" || args(a)["count"] != 3.0 {
		t.Fatalf("first step %s, want 3 stone mined", callsText(calls))
	}
	carry(&s.v, game.Inventory{"wooden_pickaxe": 1, "cobblestone": 5})
	m.sit = s
	calls = decideWith(t, m, done("find_block", protocol.Success, "mined 3 stone"))
	if a, _ := firstAction(calls); a.Name != "give_item" || args(a)["count"] != 3.0 || args(a)["player"] != "Alex" || args(a)["item"] != "cobblestone" {
		t.Fatalf("second step %s, want 3 cobblestone handed to Alex", callsText(calls))
	}
	handed := done("give_item", protocol.Success, "gave 3 cobblestone")
	handed.Ended[0].Handover = &game.Handover{Dropped: 3, Received: 3, Checked: true}
	if got := said(decideWith(t, m, handed)); got != "There you go: 3 cobblestone, Alex!" {
		t.Errorf("handed over, she says %q", got)
	}

	s = people(game.Inventory{"wooden_pickaxe": 1})
	m = New(s, testBook, WithRequests(understanding(t)), WithMaker(fakeMaker{}))
	if got := said(decideWith(t, m, askedBy("Alex", "bea mine 3 stone"))); !strings.Contains(got, "and keep it") {
		t.Errorf("asked to mine, she says %q", got)
	}
	carry(&s.v, game.Inventory{"wooden_pickaxe": 1, "cobblestone": 3})
	m.sit = s
	calls = decideWith(t, m, done("find_block", protocol.Success, "mined 3 stone"))
	if a, ok := firstAction(calls); ok && a.Name == "give_item" {
		t.Errorf("asked only to mine, she handed it over: %s", callsText(calls))
	}
	if got := said(calls); !strings.Contains(got, "I'm keeping it") {
		t.Errorf("mined, she says %q", got)
	}
}

// TestAnErrandLooksFartherOnce: a search for what a request needs that
// finds none within the usual reach is sent once more, looking twice as
// far, before she gives it up with a word.
func TestAnErrandLooksFartherOnce(t *testing.T) {
	s := people(game.Inventory{})
	m := New(s, testBook, WithRequests(understanding(t)), WithMaker(fakeMaker{}))
	calls := decideWith(t, m, askedBy("Alex", "bea get me 4 sand"))
	if a, _ := firstAction(calls); a.Name != "find_block" || args(a)["radius"] != nil {
		t.Fatalf("first step %s, want sand sought as usual", callsText(calls))
	}
	calls = decideWith(t, m, done("find_block", protocol.Failure, "you found no sand within 32 blocks that you could reach"))
	if a, _ := firstAction(calls); a.Name != "find_block" || args(a)["radius"] != 64.0 {
		t.Fatalf("after none found, %s, want sand sought within 64 blocks", callsText(calls))
	}
	calls = decideWith(t, m, done("find_block", protocol.Failure, "you found no sand within 64 blocks that you could reach"))
	if got := said(calls); !strings.HasPrefix(got, "I couldn't do it: ") {
		t.Errorf("none found twice, she says %q", got)
	}
}
