package rules

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// readAs reads each line as the request the test gives for it: the seam
// through which a test hands her request values, whatever the phrase table
// makes of the words.
type readAs map[string]request.Request

func (r readAs) Parse(line, _ string) (request.Request, bool) {
	q, ok := r[line]
	return q, ok
}

func (readAs) DidYouMean(string, string) (string, bool) { return "", false }

func (readAs) ExamplesIn(string) []string { return []string{"come here"} }

// placesBook is the places she remembers, in every world.
type placesBook []game.Place

func (p placesBook) Places(context.Context, string) ([]game.Place, error) { return p, nil }

// ask is a line to her from name, standing near her, whom she obeys.
func ask(name, line string) agent.Perception { return askedBy(name, line) }

// endedGive is her give_item over, with what the game side saw of it.
func endedGive(result protocol.Result, h *game.Handover) agent.Perception {
	p := done("give_item", result, "")
	p.Ended[0].Handover = h
	return p
}

// saidTo is what the calls say, line by line.
func saidLines(calls []agent.ToolCall) []string {
	var out []string
	for _, c := range calls {
		switch c.Name {
		case "mc_chat":
			out = append(out, args(c)["message"].(string))
		case "speak":
			out = append(out, args(c)["text"].(string))
		}
	}
	return out
}

// TestNothingIsAnnouncedBeforeItIsTried: she says "Coming" only once the
// tool has taken her first step, never in the same breath as she tries
// it; a step refused at once is answered with why, never with the promise.
func TestNothingIsAnnouncedBeforeItIsTried(t *testing.T) {
	m := New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	resp, err := m.Generate(t.Context(), agent.ModelRequest{Messages: []agent.Message{{Role: agent.RoleUser,
		Perceptions: []agent.Perception{ask("Alex", "bea come here")}}}, Tools: peopleTools})
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := firstAction(resp.ToolCalls); !ok || a.Name != "goto_player" || said(resp.ToolCalls) != "" {
		t.Fatalf("her first step: %s, want the walk alone, the promise after it is under way", callsText(resp.ToolCalls))
	}
	// A line answered in the same breath waits for the promise too: her
	// mind ends a turn in which she spoke and only started actions.
	m = New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	resp, err = m.Generate(t.Context(), agent.ModelRequest{Messages: []agent.Message{{Role: agent.RoleUser,
		Perceptions: []agent.Perception{ask("Alex", "bea what do you have"), ask("Alex", "bea come here")}}}, Tools: peopleTools})
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := firstAction(resp.ToolCalls); !ok || a.Name != "goto_player" || said(resp.ToolCalls) != "" {
		t.Fatalf("a question and a request: %s, want the walk alone first", callsText(resp.ToolCalls))
	}
	msgs := []agent.Message{{Role: agent.RoleUser}, {Role: agent.RoleAssistant, ToolCalls: resp.ToolCalls}}
	for _, c := range resp.ToolCalls {
		msgs = append(msgs, agent.Message{Role: agent.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Text: "started"})
	}
	resp, err = m.Generate(t.Context(), agent.ModelRequest{Messages: msgs, Tools: peopleTools})
	if err != nil {
		t.Fatal(err)
	}
	if got := said(resp.ToolCalls); got != "I have nothing at all. | Coming, Alex!" {
		t.Errorf("the walk under way, she says %q, want the answer, then the promise", got)
	}
	m = New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	calls := turnRefused(t, m, map[string]string{"go_to_place": `FAILURE_INVALID: you remember no place called "mine"; the places you know here are start`},
		ask("Alex", "bea go to mine"))
	if got := said(calls); strings.Contains(got, "Heading") || !strings.Contains(got, `I couldn't do that: I remember no place called "mine"`) {
		t.Errorf("a walk refused at once: she says %q, want the refusal and no promise", got)
	}
	if m.errand != nil {
		t.Errorf("refused, the errand stays: %+v", m.errand)
	}
}

// TestAPromiseEndsInAnOutcome: what she promised ends in a sentence to
// who asked: a step a reflex cut short is sent again rather than dropped;
// stopped on the dashboard, she says so; a hand-over counts only when the
// game side saw the player's count rise, or could not check.
func TestAPromiseEndsInAnOutcome(t *testing.T) {
	s := people(game.Inventory{})
	m := New(s, testBook, WithRequests(understanding(t)))
	decideWith(t, m, ask("Alex", "bea come here"))
	calls := decideWith(t, m, done("goto_player", protocol.Interrupted, "interrupted (reflex: defend)"))
	if a, ok := firstAction(calls); !ok || a.Name != "goto_player" || said(calls) != "" {
		t.Fatalf("her walk cut short by a reflex: %s, want it sent again", callsText(calls))
	}
	decideWith(t, m, ask("Steve", "bea follow me")) // waits its turn
	s.v.Held = &agent.Hold{By: "the dashboard"}
	m.sit = s
	calls = decideWith(t, m, done("goto_player", protocol.Interrupted, "interrupted (stopped)"))
	if got := said(calls); got != "I was told to stop, so I've stopped coming over, Alex. | I was told to stop, so I've dropped what you asked for, Steve." {
		t.Errorf("stopped on the dashboard, she says %q", got)
	}
	if a, ok := firstAction(calls); ok || m.errand != nil || len(m.queue) != 0 {
		t.Errorf("stopped on the dashboard, she does %+v; errand %+v, %d waiting", a, m.errand, len(m.queue))
	}

	cases := []struct {
		h    *game.Handover
		res  protocol.Result
		want string
	}{
		{&game.Handover{Dropped: 3, Received: 3, Checked: true}, protocol.Success, "There you go!"},
		{&game.Handover{Dropped: 3, Checked: false}, protocol.Success, "There you go!"},
		{&game.Handover{Dropped: 3, Received: 0, Checked: true}, protocol.Failure, "I dropped 3 sticks at your feet, Alex, but you didn't pick it up."},
		{&game.Handover{Dropped: 3, Received: 1, Checked: true}, protocol.Success, "There you go: you picked up 1 of the 3 sticks."},
	}
	for _, c := range cases {
		m := New(people(game.Inventory{"stick": 5}), testBook, WithRequests(understanding(t)))
		decideWith(t, m, ask("Alex", "bea give me 3 sticks"))
		if got := said(decideWith(t, m, endedGive(c.res, c.h))); got != c.want {
			t.Errorf("a hand-over of %+v: she says %q, want %q", *c.h, got, c.want)
		}
	}
}

// TestASecondPlayersRequestWaitsItsTurn: while she sees to Alex, Steve's
// request waits, and both hear so; once Alex's is done, Steve's is under
// way with its own promise.
func TestASecondPlayersRequestWaitsItsTurn(t *testing.T) {
	s := people(game.Inventory{"stick": 5})
	s.v.Body.Players = append(s.v.Body.Players, game.NearPlayer{Name: "Steve", X: -4, Y: 64, Z: 0, Distance: 4})
	m := New(s, testBook, WithRequests(understanding(t)))
	decideWith(t, m, ask("Alex", "bea come here"))
	calls := decideWith(t, m, ask("Steve", "bea give me 2 sticks"))
	if got := strings.Join(saidLines(calls), " | "); got != "Alex first, then you, Steve. | Steve asked me for 2 sticks after you, Alex." {
		t.Errorf("Steve asks while she walks to Alex: %q", got)
	}
	if a, ok := firstAction(calls); ok {
		t.Errorf("Steve's request took her hands from Alex's: %s", a.Name)
	}
	calls = decideWith(t, m, ask("Steve", "bea give me 3 sticks"))
	if got := said(calls); got != "All right, Steve: I'll do that instead when it's your turn." || len(m.queue) != 1 || m.queue[0].target != 3 {
		t.Errorf("Steve asks again while he waits: %q, %d waiting", got, len(m.queue))
	}
	decideWith(t, m, ask("Steve", "bea give me 2 sticks"))
	calls = decideWith(t, m, done("goto_player", protocol.Success, "arrived"))
	if got := strings.Join(saidLines(calls), " | "); got != "Here I am! | Bringing you 2 sticks." {
		t.Errorf("Alex's done: she says %q", got)
	}
	if a, ok := firstAction(calls); !ok || a.Name != "give_item" || args(a)["player"] != "Steve" {
		t.Errorf("Alex's done, Steve's request is not under way: %s", callsText(calls))
	}
}

// TestTheOwnersChoiceForASecondRequest: refused or taken instead of the
// first, as her owner chose, with a word to both; her owner at the
// dashboard comes first whatever the choice, the player's request waiting
// meanwhile; a stop drops what waits, with a word to each.
func TestTheOwnersChoiceForASecondRequest(t *testing.T) {
	steve := func() sit {
		s := people(game.Inventory{"stick": 5})
		s.v.Body.Players = append(s.v.Body.Players, game.NearPlayer{Name: "Steve", X: -4, Y: 64, Z: 0, Distance: 4})
		return s
	}
	m := New(steve(), testBook, WithRequests(understanding(t)), WithQueue(QueueRefuse))
	decideWith(t, m, ask("Alex", "bea come here"))
	calls := decideWith(t, m, ask("Steve", "bea give me 2 sticks"))
	if got := strings.Join(saidLines(calls), " | "); got != "Sorry, Steve, I'm busy with what Alex asked for; ask me again when I'm done. | Steve asked me for 2 sticks; I said I'm busy with yours, Alex." {
		t.Errorf("refused: %q", got)
	}
	if len(m.queue) != 0 || m.errand.from.name != "Alex" {
		t.Errorf("refused, the queue holds %d and her errand is %s's", len(m.queue), m.errand.from.name)
	}

	m = New(steve(), testBook, WithRequests(understanding(t)))
	m.SetQueue(QueueLatest)
	decideWith(t, m, ask("Alex", "bea come here"))
	calls = decideWith(t, m, ask("Steve", "bea give me 2 sticks"))
	if got := strings.Join(saidLines(calls), " | "); got != "Sorry, Alex, Steve asked me for 2 sticks, so I'm doing that instead. | Bringing you 2 sticks." {
		t.Errorf("the latest first: %q", got)
	}

	m = New(steve(), testBook, WithRequests(understanding(t)))
	decideWith(t, m, ask("Alex", "bea come here"))
	calls = decideWith(t, m, told("remember this place as camp"))
	if got := said(calls); got != "Got it: I'll remember this spot as camp." || m.errand.from.name != "Alex" {
		t.Errorf("a quick request from the dashboard: %q; her errand %s's", got, m.errand.from.name)
	}
	calls = decideWith(t, m, told("build a shelter"))
	if got := strings.Join(saidLines(calls), " | "); !strings.HasPrefix(got, "Sorry Alex, my owner needs me for a moment") {
		t.Errorf("the owner's request: %q", got)
	}
	if len(m.queue) != 1 || m.queue[0].from.name != "Alex" {
		t.Errorf("Alex's request does not wait for its turn: %+v", m.queue)
	}
	decideWith(t, m, ask("Steve", "bea give me 2 sticks"))
	calls = decideWith(t, m, ask("Steve", "bea stop"))
	if got := strings.Join(saidLines(calls), " | "); got != "Okay, I'll stay right here. | Steve asked me to stop, so I've dropped what you asked for. | "+
		"Steve asked me to stop, so I've dropped what you asked for, Alex." {
		t.Errorf("Steve's stop: %q", got)
	}
	if m.errand != nil || len(m.queue) != 0 {
		t.Errorf("stopped: errand %+v, %d waiting", m.errand, len(m.queue))
	}
}

// TestGatherKeepsOrHandsOver: "dig some dirt" is dug and kept, and she
// says so; a bring of what is dug (a request value: the tables read "get
// me 10 cobblestone" as a gather) is mined and handed over; "chop 6 logs"
// counts every log, and so does "how many logs".
func TestGatherKeepsOrHandsOver(t *testing.T) {
	s := people(game.Inventory{"dirt": 2, "stone_pickaxe": 1})
	m := New(s, testBook, WithRequests(understanding(t)), WithMaker(woodMaker{}))
	calls := decideWith(t, m, ask("Alex", "bea dig some dirt"))
	if a, ok := firstAction(calls); !ok || callsText([]agent.ToolCall{a}) != `find_block{"block":"dirt","count":8}` {
		t.Fatalf("dig some dirt: %s", callsText(calls))
	}
	if got := said(calls); got != `I'll dig 8 dirt and keep it; say "give me dirt" if you want it.` {
		t.Errorf("dig some dirt: she says %q", got)
	}
	carry(&s.v, game.Inventory{"dirt": 10, "stone_pickaxe": 1})
	m.sit = s
	calls = decideWith(t, m, done("find_block", protocol.Success, "collected 8/8 dirt"))
	if _, ok := firstAction(calls); ok || said(calls) != "Done: I have 10 dirt now, and I'm keeping it." {
		t.Errorf("the dirt dug: %s", callsText(calls))
	}

	m.understand = readAs{"bea bring me 10 cobblestone": {Intent: request.Bring, Item: "cobblestone", Said: "cobblestone", Count: 10}}
	calls = decideWith(t, m, ask("Alex", "bea bring me 10 cobblestone"))
	if a, ok := firstAction(calls); !ok || callsText([]agent.ToolCall{a}) != `find_block{"block":"stone","count":10}` {
		t.Fatalf("bring me 10 cobblestone: %s", callsText(calls))
	}
	carry(&s.v, game.Inventory{"dirt": 10, "cobblestone": 10, "stone_pickaxe": 1})
	m.sit = s
	if a, ok := firstAction(decideWith(t, m, done("find_block", protocol.Success, "collected 10/10 cobblestone"))); !ok || a.Name != "give_item" || args(a)["count"] != 10.0 {
		t.Errorf("the cobblestone mined: %+v, want it handed to Alex", a)
	}

	carry(&s.v, game.Inventory{"oak_log": 10, "birch_log": 6})
	m = New(s, testBook, WithRequests(understanding(t)))
	calls = decideWith(t, m, ask("Alex", "bea chop 6 logs"))
	if a, ok := firstAction(calls); !ok || callsText([]agent.ToolCall{a}) != `find_block{"block":"log","count":6}` {
		t.Errorf("chop 6 logs: %s", callsText(calls))
	}
	if got := said(calls); got != `I'll chop 6 logs and keep them; say "give me logs" if you want them.` {
		t.Errorf("chop 6 logs: she says %q", got)
	}
	if got := said(decideWith(t, m, ask("Alex", "bea how many logs do you got"))); got != "I have 16 logs: 6 birch logs and 10 oak logs." {
		t.Errorf("how many logs, with 10 oak and 6 birch: %q", got)
	}
}

// TestHowManyCountsEveryMember: "how many logs" counts every log she
// carries, and a line that names no item she knows says so rather than
// "I don't have any ."
func TestHowManyCountsEveryMember(t *testing.T) {
	m := New(people(game.Inventory{"oak_log": 16}), testBook, WithRequests(understanding(t)))
	if got := said(decideWith(t, m, ask("Alex", "bea how many logs do you have"))); got != "I have 16 oak logs." {
		t.Errorf("16 oak logs: %q", got)
	}
	if got := said(decideWith(t, m, ask("Alex", "bea how many unobtainium"))); got != `I don't know what "unobtainium" is.` {
		t.Errorf("an item she does not know: %q", got)
	}
}

// TestAShelterFitsWhatSheCarries: a shelter or a house asked for is the
// home that fits what she carries, counted by the planner: stone when she
// has the cobblestone, wood when she has the logs, else dirt, gathered
// first; a shelter of a name she has no template of, or a house asked for
// as if it were an item, is one too, never "no template".
func TestAShelterFitsWhatSheCarries(t *testing.T) {
	kit := func(extra game.Inventory) game.Inventory {
		inv := game.Inventory{"oak_door": 1, "chest": 1, "torch": 4, "white_bed": 1}
		for k, v := range extra {
			inv[k] = v
		}
		return inv
	}
	cases := []struct {
		inv      game.Inventory
		line     string
		template string
		first    string
		promise  string
	}{
		{kit(game.Inventory{"cobblestone": 64, "oak_planks": 16}), "bea build a house", "small_stone_house", "build_template",
			"I'll build a small stone house right here."},
		{kit(game.Inventory{"oak_log": 20}), "bea build a house", "small_wood_house", "craft_item", "I'll build a small wood house right here: first I'll gather what it takes."},
		{kit(nil), "bea build a small shelter here", "dirt_shelter", "find_block", "I'll put up a dirt shelter right here: first I'll gather what it takes."},
		{kit(game.Inventory{"dirt": 64}), "bea make us a lil house", "dirt_shelter", "build_template", "I'll put up a dirt shelter right here."},
	}
	for _, c := range cases {
		s := people(c.inv)
		m := New(s, testBook, WithRequests(understanding(t)), WithMaker(woodMaker{}), WithBuilder(shippedShelter{t}))
		calls := decideWith(t, m, ask("Alex", c.line))
		a, ok := firstAction(calls)
		if !ok || a.Name != c.first || m.errand == nil || m.errand.shelter == nil || m.errand.shelter.template != c.template {
			t.Errorf("%q with %v: %s, want %s of a %s", c.line, c.inv, callsText(calls), c.first, c.template)
			continue
		}
		if got := said(calls); got != c.promise {
			t.Errorf("%q with %v: she says %q, want %q", c.line, c.inv, got, c.promise)
		}
		// Each home's corner puts her inside it: the dirt shelter's sunk
		// floor a block further down than a house's.
		corner := map[string]float64{"dirt_shelter": 65, "small_stone_house": 64, "small_wood_house": 64}[c.template]
		if a.Name == "build_template" && (args(a)["name"] != c.template || args(a)["y"] != corner || args(a)["x"] != -3.0) {
			t.Errorf("%q: builds %s", c.line, callsText([]agent.ToolCall{a}))
		}
	}
}

// woodMaker plans planks from logs as the book does: four a log.
type woodMaker struct{}

func (woodMaker) Make(item string, count int, have game.Inventory) (Making, error) {
	if strings.HasSuffix(item, "_planks") {
		return Making{Steps: []MakeStep{{Item: item, Count: count, Times: (count + 3) / 4}}}, nil
	}
	return Making{Missing: map[string]int{item: count}}, nil
}

// TestPlacesAsAPersonKnowsThem: she says which places she knows and which
// way each is; she refuses a walk to one she does not know before she sets
// out, with the ones she knows; she forgets one through her tool; she
// says where another player is from who asks, or where she last saw them.
func TestPlacesAsAPersonKnowsThem(t *testing.T) {
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	s := people(game.Inventory{})
	s.v.Body.Players = append(s.v.Body.Players, game.NearPlayer{Name: "Steve", X: 20, Y: 64, Z: 1, Distance: 20})
	book := placesBook{{Name: "mine", Dimension: "overworld", Pos: game.Pos{X: 0, Y: 60, Z: -30}}, {Name: "start", Dimension: "overworld", Pos: game.Pos{X: 1, Y: 64}}}
	m := New(s, testBook, WithPlaces(book), WithRequests(understanding(t)))
	m.now = func() time.Time { return now }
	if got := said(decideWith(t, m, ask("Alex", "bea which places do you know"))); got != "I know 2 places: mine (about 30 blocks north of me) and start (right beside me)." {
		t.Errorf("which places: %q", got)
	}
	calls := decideWith(t, m, ask("Alex", "bea go home"))
	if got := said(calls); got != `I don't have a home yet: stand where you want it and say "remember this spot as home". I know mine and start.` {
		t.Errorf("go home without a home: %q", got)
	}
	if strings.Contains(callsText(calls), "go_to_place") {
		t.Errorf("go home without a home: she set out: %s", callsText(calls))
	}
	calls = decideWith(t, m, ask("Alex", "bea forget the mine"))
	if got := callsText(calls); !strings.Contains(got, `forget_place{"name":"mine"}`) || said(calls) != "Okay, I've forgotten mine." {
		t.Errorf("forget the mine: %s", got)
	}
	if got := said(decideWith(t, m, ask("Alex", "bea forget castle"))); got != "I don't know a place called castle, so there's nothing to forget." {
		t.Errorf("forget a place she does not know: %q", got)
	}
	if got := said(decideWith(t, m, ask("Alex", "bea where is steve"))); got != "Steve is about 17 blocks east of you." {
		t.Errorf("where is Steve, 17 east of Alex: %q", got)
	}
	s.v.Body.Players = s.v.Body.Players[:1] // Steve walked off
	m.sit = s
	now = now.Add(3 * time.Minute)
	if got := said(decideWith(t, m, ask("Alex", "bea where is steve"))); got != "I last saw Steve 3 minutes ago, about 17 blocks east of you." {
		t.Errorf("where is Steve, gone: %q", got)
	}
	m.understand = readAs{"bea where is stve": {Intent: request.WhereIs, Player: "stve"}} // a name with a slip in it
	now = now.Add(sameLineAgain)
	if got := said(decideWith(t, m, ask("Alex", "bea where is stve"))); !strings.HasPrefix(got, "I last saw Steve") {
		t.Errorf("where is stve: %q, want Steve", got)
	}
	m.understand = understanding(t)
	if got := said(decideWith(t, m, ask("Alex", "bea where is herobrine"))); got != "I haven't seen herobrine around." {
		t.Errorf("where is a stranger: %q", got)
	}
}

// TestSmallTalkInHerVoice: small talk is answered in her voice, in the
// speaker's language, never the same line twice in a row to the same
// person; none of it is the fallback.
func TestSmallTalkInHerVoice(t *testing.T) {
	m := New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	var last string
	for i := range 4 {
		got := said(decideWith(t, m, ask("Alex", "thx bea")))
		if got == "" || got == last || strings.Contains(got, "didn't get") {
			t.Errorf("thanks %d: %q after %q", i+1, got, last)
		}
		last = got
	}
	german := false
	got := said(decideWith(t, m, ask("Alex", "danke bea")))
	for _, line := range voice["de"][request.Thanks] {
		german = german || got == fill(line, asker{name: "Alex"}, "")
	}
	if !german {
		t.Errorf("danke: %q, want German", got)
	}
	if got := said(decideWith(t, m, ask("Steve", "hola bea"))); !strings.HasPrefix(got, "¡Hola Steve") {
		t.Errorf("hola: %q, want Spanish", got)
	}
	for _, line := range []string{"bye bea", "bea u suck", "good job bea", "how r u bea"} {
		if got := said(decideWith(t, m, ask("Alex", line))); got == "" || strings.Contains(got, "didn't get") {
			t.Errorf("%q: %q", line, got)
		}
	}
	if got := said(decideWith(t, m, told("thx bea"))); strings.Contains(got, "{name}") || strings.Contains(got, "dashboard") {
		t.Errorf("thanks from the dashboard: %q", got)
	}
}

// TestABurstIsAnsweredOnce: a player told to wait for their turn hears one
// sentence on the pace, in their language; the same question twice in one
// breath gets one answer.
func TestABurstIsAnsweredOnce(t *testing.T) {
	m := New(people(game.Inventory{"stick": 3}), testBook, WithRequests(understanding(t)))
	paced := ask("Alex", "bea come here")
	paced.Kind = agent.KindPaced
	if got := said(decideWith(t, m, paced)); got != "One thing at a time, Alex: I'll get to that in a moment." {
		t.Errorf("paced: %q", got)
	}
	calls := decideWith(t, m, ask("Alex", "bea what do you have"), ask("Alex", "bea what do you have"), ask("Alex", "bea what do you have"))
	if lines := saidLines(calls); len(lines) != 1 || lines[0] != "I have 3 sticks." {
		t.Errorf("the same question three times: %q", lines)
	}
}

// TestPeopleComeFirst: while a player near her has asked her something in
// the last minute, her routine takes no walk elsewhere when a search fails
// twice, and searches close by; a minute on it does again, a question from
// far away holding her no more.
func TestPeopleComeFirst(t *testing.T) {
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	s := people(game.Inventory{})
	s.v.Tick = 5000
	m := New(&s, testBook, WithRequests(understanding(t)))
	m.now = func() time.Time { return now }
	decideWith(t, m, ask("Alex", "bea what are you doing"))
	first, ok := firstAction(decideWith(t, m, idle))
	if !ok || first.Name != "find_block" || args(first)["radius"] != float64(attendRadius) {
		t.Fatalf("Alex beside her, her routine: %s, want a search close by", callsText([]agent.ToolCall{first}))
	}
	fails := done("find_block", protocol.Failure, "no log within 16 blocks")
	decideWith(t, m, fails)
	if a, ok := firstAction(decideWith(t, m, fails)); ok && a.Name == "move_away" {
		t.Fatalf("a search failed twice with Alex beside her: she walks away")
	}
	now = now.Add(attendFor)
	far := heardFrom("Steve", 40, "bea what are you doing")
	far.Chat.Obeyed = true
	wide, ok := firstAction(decideWith(t, m, far)) // asked from 40 blocks away: no reason to stay
	if !ok || wide.Name != "find_block" || args(wide)["radius"] != nil {
		t.Fatalf("a minute after Alex spoke: %s, want her search as wide as ever", callsText([]agent.ToolCall{wide}))
	}
	decideWith(t, m, fails)
	if a, ok := firstAction(decideWith(t, m, fails)); !ok || a.Name != "move_away" {
		t.Errorf("that search failed twice too: %+v, want her walk elsewhere", a)
	}
}

// TestALineNotUnderstoodGetsWhatItNearlyIs: a line to her that the tables
// nearly understand is answered with the request it nearly is, in the
// line's language; only a line near nothing gets the short word on how to
// ask; help lists what she can do in the asker's language.
func TestALineNotUnderstoodGetsWhatItNearlyIs(t *testing.T) {
	m := New(people(game.Inventory{}), testBook, WithRequests(understanding(t)))
	cases := map[string]string{
		"bea where are": `Did you mean "where are you"?`,
		"bea geh nach":  `Meintest du „geh nach hause“?`,
		"bea blorp":     `I didn't get that; say "help" to hear what I can do.`,
		"bea hilfe":     "Du kannst mich bitten: ",
		"bea ayuda":     "Puedes pedirme: ",
	}
	for line, want := range cases {
		if got := said(decideWith(t, m, ask("Alex", line))); !strings.HasPrefix(got, want) || len([]rune(got)) > 256 {
			t.Errorf("%q: she says %q, want %q", line, got, want)
		}
	}
	// Talk near her that does not name her is let pass, near a request or not.
	near := heardFrom("Steve", 4, "go back")
	if got := said(decideWith(t, m, near)); got != "" {
		t.Errorf("talk near her, not to her: %q", got)
	}
}
