package rules

import (
	"fmt"
	"slices"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// errand is a person's request she is seeing to: the goal on top of the
// routine until it is done, refused or cancelled, after which the routine
// goes on where it was (it is worked out afresh from her game each turn).
type errand struct {
	req  request.Request
	from asker
	// item is the item the errand makes or hands over, a family resolved
	// to what she has ("#planks" to oak_planks); target is how many she
	// must hold before she hands them over or calls a craft done.
	item   string
	target int
	// give is how many of what a gather got she hands to who asked
	// ("get me 10 cobblestone"), once she holds target; 0 keeps them.
	give int
	// waiting is the action of the errand's last step, until it ends.
	waiting string
	// steps counts the steps sent, so an errand that goes nowhere ends.
	steps int
	// handing is set once the items are made and she walks them over;
	// following once she is on her way behind the player she follows.
	handing   bool
	following bool
	// call is the id of its last call, to read the tool's answer by.
	call string
	// replaced is the action her hands were on when its last step was
	// sent: that action's end, interrupted by the step, is not the step's.
	replaced string
	// wide is set once a search for what it needs found nothing within
	// the game's usual 32 blocks: its searches look twice as far since.
	wide bool
	// climb is set when a walk for it found no way: she climbs to the
	// surface, then tries once more (climbed).
	climb, climbed bool
	// shelter is a shelter she was asked for, as far as it has gone.
	shelter *shelterJob
	// scaffold is set when a build stands but for cells she could not
	// reach, with no block short: she gathers blocks to climb on, then
	// builds it once more (again).
	scaffold, again bool
	// promise is what she says once its first step is under way (the
	// tool took it); announced once said. waited: she told who asked that
	// it waits a moment (a reflex has her hands).
	promise   string
	announced bool
	waited    bool
	// interrupts counts the steps cut short by something else than her
	// (a reflex, a death), each sent again; too many give it up.
	interrupts int
}

// maxInterrupts bounds the steps of an errand cut short by something else
// than her before she gives it up with a word.
const maxInterrupts = 4

// scaffoldBlocks is how many blocks of dirt she gathers to climb on for a
// build's last cells out of reach: a steeple's top is eight or nine up.
const scaffoldBlocks = 16

// stepLimit bounds the steps of the errand: a shelter's kit is several
// makes, each bounded by its own tries.
func (e *errand) stepLimit() int {
	if e.shelter != nil {
		return maxShelterSteps
	}
	return maxErrandSteps
}

// asker is who asked: a player in the game chat, or the person at the
// dashboard, who has no body in the game and is answered in her voice.
type asker struct {
	name      string
	dashboard bool
	obeyed    bool
}

// key is who asked, as one person: a player by name whatever its case,
// the person at the dashboard as one.
func (a asker) key() string {
	if a.dashboard {
		return "\x00dashboard"
	}
	return strings.ToLower(a.name)
}

// maxErrandSteps bounds the steps of one errand: a fetch that takes more
// than this many gathers and crafts is given up with a sentence.
const maxErrandSteps = 12

// errandStep is the next step of the errand, or false with what she says
// when it is over: done, or why not.
func (m *Model) errandStep(e *errand, v agent.Snapshot) (step, bool, string) {
	who := e.from.name
	r := e.req
	args := map[string]any{}
	if e.climb {
		e.climb, e.climbed = false, true
		return step{goal: goalRequest, tool: "go_to_surface", args: args}, true, ""
	}
	switch r.Intent {
	case request.Come:
		args["player"] = cmpOr(r.Player, who)
		args["range"] = 3.0
		return step{goal: goalRequest, tool: "goto_player", args: args}, true, ""
	case request.Follow:
		args["player"] = cmpOr(r.Player, who)
		args["range"] = 3.0
		return step{goal: goalRequest, tool: "follow_player", args: args}, true, ""
	case request.Home:
		return step{goal: goalRequest, tool: "go_to_place", args: map[string]any{"name": m.placeName("home")}}, true, ""
	case request.GoTo:
		return step{goal: goalRequest, tool: "go_to_place", args: map[string]any{"name": m.placeName(r.Place)}}, true, ""
	case request.Give, request.Bring, request.Craft, request.Gather:
		return m.fetchStep(e, v)
	case request.Shelter:
		return m.shelterStep(e, v)
	case request.Build:
		if e.shelter != nil {
			return m.shelterStep(e, v)
		}
		if e.scaffold {
			e.scaffold = false
			return step{goal: goalRequest, tool: "find_block", args: map[string]any{"block": "dirt", "count": scaffoldBlocks}}, true, ""
		}
		args["name"] = r.Template
		if r.At != nil {
			args["x"], args["y"], args["z"] = r.At[0], r.At[1], r.At[2]
		} else if p, ok := playerPos(v, who); ok {
			args["x"], args["y"], args["z"] = p.X+2, p.Y, p.Z+2
		}
		if x, ok := args["x"].(int); ok {
			m.keepOff(game.Pos{X: x, Y: args["y"].(int), Z: args["z"].(int)})
		}
		return step{goal: goalRequest, tool: "build_template", args: args}, true, ""
	}
	return step{}, false, "I'm not sure how to do that, sorry."
}

// fetchStep makes or gathers what a give, bring, craft or gather needs,
// then hands it over (give, bring, a gather for who asked) or is done
// (craft, a gather of her own: she keeps it).
func (m *Model) fetchStep(e *errand, v agent.Snapshot) (step, bool, string) {
	st, ok, say := m.fetchNext(e, v)
	if ok && e.wide && st.tool == "find_block" {
		st.args["radius"] = wideSearch
	}
	return st, ok, say
}

// wideSearch is how far an errand's search looks once the usual 32 blocks
// had none of what it needs: the most find_block looks.
const wideSearch = 64

// fetchNext is fetchStep's step, before the search is widened.
func (m *Model) fetchNext(e *errand, v agent.Snapshot) (step, bool, string) {
	have := held(e.item, v.Inventory())
	if have >= e.target || e.req.Intent == request.Give {
		switch e.req.Intent {
		case request.Craft:
			return step{}, false, fmt.Sprintf("Done: I have %s now.", game.Count(have, game.ItemName(e.item)))
		case request.Gather:
			if e.give == 0 {
				_, them := pluralWords(e.item)
				return step{}, false, fmt.Sprintf("Done: I have %s now, and I'm keeping %s.", game.Count(have, itemWords(e.item)), them)
			}
			// A family ("#log") is handed over as the kind she holds most of.
			e.item = mostHeld(e.item, v.Inventory())
			e.handing = true
			return step{goal: goalRequest, tool: "give_item", args: map[string]any{"player": e.from.name, "item": e.item, "count": min(e.give, v.Inventory()[e.item])}}, true, ""
		}
		n := min(have, e.target)
		e.handing = true
		return step{goal: goalRequest, tool: "give_item", args: map[string]any{"player": e.from.name, "item": e.item, "count": n}}, true, ""
	}
	if block, ok := sourceOf(e.item); ok && e.req.Intent == request.Gather {
		return m.mineStep(block, e.target-have, v)
	}
	if m.maker == nil {
		return step{}, false, fmt.Sprintf("I only have %s, and I can't work out how to make more right now.", game.Count(have, game.ItemName(e.item)))
	}
	return m.makeStep(e.item, e.target-have, v)
}

// makeStep is the next step towards count more of item, by the recipe
// planner: finding what it is made of, then a craft or a smelt; false with
// what she says when she cannot.
func (m *Model) makeStep(item string, count int, v agent.Snapshot) (step, bool, string) {
	mk, err := m.maker.Make(item, count, v.Inventory())
	if err != nil {
		return step{}, false, "I can't make that: " + strings.TrimSuffix(err.Error(), ".") + "."
	}
	// What grows round her first (a flower, a crop), then an animal's
	// drop: a chased sheep runs far, and a find for stone or ore takes her
	// below ground, where no blow reaches a cow.
	missing := sortedKeys(mk.Missing)
	slices.SortStableFunc(missing, func(a, b string) int { return gatherRank(a, v) - gatherRank(b, v) })
	for _, it := range missing {
		block, ok := sourceOf(it)
		if mob := mobFor(it, v); !ok && mob != "" {
			// Wool comes off a sheep, as the routine's bed's does;
			// leather off a cow, a rabbit's hide off a rabbit.
			return step{goal: goalRequest, tool: "attack_entity", args: map[string]any{"entity": mob}}, true, ""
		}
		if !ok {
			return step{}, false, fmt.Sprintf("I'd need %s for that, and I don't know where to find any.", game.Count(mk.Missing[it], game.ItemName(strings.TrimPrefix(it, "#"))))
		}
		return m.mineStep(block, mk.Missing[it], v)
	}
	if len(mk.Steps) == 0 {
		return step{}, false, fmt.Sprintf("I couldn't find a way to make %s.", game.ItemName(item))
	}
	s := mk.Steps[0]
	if s.Smelt {
		return step{goal: goalRequest, tool: "smelt_item", args: map[string]any{"item": s.Input, "count": min(s.Times, 10)}}, true, ""
	}
	return step{goal: goalRequest, tool: "craft_item", args: map[string]any{"item": s.Item, "count": s.Count}}, true, ""
}

// gatherRank orders what she gathers for a make: what grows on the
// ground round her, then animals, then the rest.
func gatherRank(item string, v agent.Snapshot) int {
	switch block, ok := sourceOf(item); {
	case ok && (slices.Contains(game.WildBlocks(), block) || block != item && game.DropOf(block) == item && !strings.HasSuffix(block, "_ore") && block != "stone"):
		return 0
	case mobFor(item, v) != "":
		return 1
	}
	return 2
}

// pickTier is the pickaxe tier a block drops its item to, as the game
// has it (stone and coal a wooden one, iron and lapis a stone one, gold,
// redstone and diamond an iron one); TierNone for what a hand gathers.
func pickTier(block string) int {
	block = strings.TrimPrefix(block, "deepslate_")
	switch block {
	case "stone", "coal_ore", "cobblestone":
		return game.TierWood
	case "iron_ore", "lapis_ore", "copper_ore":
		return game.TierStone
	case "gold_ore", "redstone_ore", "diamond_ore", "emerald_ore":
		return game.TierIron
	case "obsidian":
		return game.TierDiamond
	}
	return game.TierNone
}

// pickaxeOf names the pickaxe of a tier.
func pickaxeOf(tier int) string {
	return map[int]string{game.TierWood: "wooden_pickaxe", game.TierStone: "stone_pickaxe", game.TierIron: "iron_pickaxe", game.TierDiamond: "diamond_pickaxe"}[tier]
}

// mobFor is the animal whose drop the item is (any wool off a sheep, when
// a sheep is in sight, as the routine's bed's is), "" when none is. An
// animal out of sight is still named: attack_entity looks 32 blocks round
// her, further than she sees.
func mobFor(item string, v agent.Snapshot) string {
	if strings.HasSuffix(item, "wool") {
		if inSight(v, func(kind string) bool { return kind == "sheep" }) == "" {
			return ""
		}
		return "sheep"
	}
	mob, _ := game.MobDropOf(item)
	return mob
}

// mineStep finds count blocks for a request, or first makes the pickaxe
// the block needs when hers is too weak (stone drops nothing to bare
// hands): the pickaxe's own needs come first in turn, wood before stone.
func (m *Model) mineStep(block string, count int, v agent.Snapshot) (step, bool, string) {
	if tier := pickTier(block); tier > v.Inventory().BestTier("pickaxe") && m.maker != nil {
		return m.makeStep(pickaxeOf(tier), 1, v)
	}
	return findStep(block, count), true, ""
}

// findStep finds count blocks for a request, a stack at most at a time.
func findStep(block string, count int) step {
	return step{goal: goalRequest, tool: "find_block", args: map[string]any{"block": block, "count": min(count, 64)}}
}

// sourceOf is the block she finds for an item the planner says she must
// gather first: the item is that block's drop (game.SourceOf), or a tag
// of such items.
func sourceOf(item string) (string, bool) {
	switch item {
	case "#logs", "#log", "#planks", "#wooden_planks":
		return "log", true
	case "#stone_tool_materials", "#stone_crafting_materials":
		return "stone", true
	case "#coals":
		return "coal_ore", true
	case "dirt", "sand", "gravel", "clay":
		return item, true
	case "flint":
		return "gravel", true // now and then, in place of the gravel
	}
	if block, ok := game.SourceOf(item); ok {
		return block, true
	}
	if wood, ok := strings.CutSuffix(strings.TrimPrefix(item, "#"), "_logs"); ok {
		return wood + "_log", true
	}
	if strings.HasSuffix(item, "_log") {
		return item, true
	}
	return "", false
}

// playerPos is where the named player stands, if she can see them.
func playerPos(v agent.Snapshot, name string) (game.Pos, bool) {
	if v.Body == nil {
		return game.Pos{}, false
	}
	for _, p := range v.Body.Players {
		if strings.EqualFold(p.Name, name) {
			return game.Vec3{X: p.X, Y: p.Y, Z: p.Z}.Block(), true
		}
	}
	return game.Pos{}, false
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// serveErrand sends the next step of her errand, or says it is over
// (m.mu is held). While its last step runs, or while she follows someone
// for it, or while a reflex has her hands, it sends nothing: for an errand
// not yet under way she says once that it waits a moment. Its first step
// carries its promise, said once the tool has taken the step
// (errandAnswered): nothing is announced before it is tried.
func (m *Model) serveErrand(v agent.Snapshot, has map[string]bool) []agent.ToolCall {
	e := m.errand
	if e.waiting != "" || e.following {
		return nil
	}
	if reflexActive(v, m.now()) {
		if e.announced || e.waited {
			return nil
		}
		e.waited = true
		if c, ok := m.answerCall(e.from, "Just a moment"+comma(e.from)+": I'll get to it.", has); ok {
			return []agent.ToolCall{c}
		}
		return nil
	}
	s, ok, say := m.errandStep(e, v)
	switch {
	case ok && e.steps >= e.stepLimit():
		ok, say = false, "This is taking me too long, sorry; I'm giving up on it."
	case ok && !has[s.tool]:
		ok, say = false, "I can't do that here, sorry."
	}
	if !ok {
		calls := m.finish(say, v, has)
		if m.errand != nil {
			calls = append(calls, m.serveErrand(v, has)...) // the next one waiting
		}
		return calls
	}
	if !e.announced && e.promise == "" {
		e.promise = m.promise(e, v)
	}
	e.steps++
	e.waiting, e.replaced = protocolAction(s.tool), ""
	if v.Doing != nil {
		e.replaced = v.Doing.Action
	}
	m.lastGoal = goalRequest
	c := m.call(s.tool, s.args)
	m.stepID, e.call = c.ID, c.ID
	m.step = sentStep{} // a request's failures are its own, not the routine's tries
	return []agent.ToolCall{c}
}

// protocolAction is the game action a tool sends: what an action's end
// names.
func protocolAction(tool string) string {
	switch tool {
	case "go_to_place":
		return "move_to"
	case "build_template", "build_script":
		return "build"
	}
	return tool
}

// noteErrand reads what the perceptions say of her errand: its action
// ended, or the player she followed is gone. It returns what she says.
func (m *Model) noteErrand(ps []agent.Perception, v agent.Snapshot, has map[string]bool) []agent.ToolCall {
	e := m.errand
	if e == nil {
		return nil
	}
	say := ""
	over := false
	if ended, ok := ended(ps, e.waiting); ok && e.waiting != "" {
		over, say = m.errandEnded(e, ended, v)
		if !over && e.req.Intent == request.Follow && ended.Result == game.Success {
			e.following = true
		}
	}
	if e.following && hasKind(ps, agent.KindFollowEnded) {
		over, say = true, "I lost you there, "+e.from.name+"."
	}
	if !over {
		return nil
	}
	return m.finish(say, v, has)
}

// errandAnswered reads the tools' answers to her last calls: the promise
// of an errand whose first step the tool took is said now; a call refused
// at once ends the errand with the refusal, said to who asked; a quick
// call for a place (remember_place, forget_place) is answered as it went.
func (m *Model) errandAnswered(msgs []agent.Message, has map[string]bool) []agent.ToolCall {
	var calls []agent.ToolCall
	v := m.sit.Snapshot()
	for i := len(msgs) - 1; i >= 0 && msgs[i].Role == agent.RoleTool; i-- {
		msg := msgs[i]
		if q, ok := m.quick[msg.ToolCallID]; ok {
			delete(m.quick, msg.ToolCallID)
			say := q.ok
			if msg.Failed {
				say = q.failed + firstSentence(refusalText(msg.Text))
			}
			if c, ok := m.answerCall(q.to, say, has); ok {
				calls = append(calls, c)
			}
			continue
		}
		e := m.errand
		if e == nil || msg.ToolCallID != e.call {
			continue
		}
		switch {
		case msg.Failed:
			e.waiting = ""
			calls = append(calls, m.finish("I couldn't do that: "+firstSentence(refusalText(msg.Text)), v, has)...)
		case !e.announced:
			e.announced = true
			if c, ok := m.answerCall(e.from, e.promise, has); ok {
				calls = append(calls, c)
			}
		}
	}
	return calls
}

// refusalText is a tool's refusal without its code: "FAILURE_INVALID:
// unknown template" is "unknown template".
func refusalText(s string) string {
	if code, rest, ok := strings.Cut(s, ": "); ok && strings.ToUpper(code) == code {
		return rest
	}
	return s
}

// holdSpeech keeps back what she says in a step that also sends her
// errand's first step: her mind ends a turn in which she spoke and only
// started actions, so a line beside the first step would leave its promise
// unsaid. Held, the lines go out with the promise once the tool has taken
// the step (released), in the order she would have said them.
func (m *Model) holdSpeech(calls []agent.ToolCall) []agent.ToolCall {
	e := m.errand
	if e == nil || e.announced || !slices.ContainsFunc(calls, func(c agent.ToolCall) bool { return c.ID == e.call }) {
		return calls
	}
	var keep []agent.ToolCall
	for _, c := range calls {
		if c.Name == "mc_chat" || c.Name == "speak" {
			m.held = append(m.held, c)
			continue
		}
		keep = append(keep, c)
	}
	return keep
}

// released are the lines held back by holdSpeech, now to be said.
func (m *Model) released() []agent.ToolCall {
	out := m.held
	m.held = nil
	return out
}
