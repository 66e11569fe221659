package rules

import (
	"fmt"
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
	// climb is set when a walk for it found no way: she climbs to the
	// surface, then tries once more (climbed).
	climb, climbed bool
	// shelter is a shelter she was asked for, as far as it has gone.
	shelter *shelterJob
	// scaffold is set when a build stands but for cells she could not
	// reach, with no block short: she gathers blocks to climb on, then
	// builds it once more (again).
	scaffold, again bool
}

// scaffoldBlocks is how many blocks of dirt she gathers to climb on for a
// build's last cells out of reach: a steeple's top is eight or nine up.
const scaffoldBlocks = 16

// stepLimit bounds the steps of the errand: a shelter's kit is several
// makes, each bounded by its own tries.
func (e *errand) stepLimit() int {
	if e.req.Intent == request.Shelter {
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
		return step{goal: goalRequest, tool: "go_to_place", args: map[string]any{"name": "home"}}, true, ""
	case request.GoTo:
		return step{goal: goalRequest, tool: "go_to_place", args: map[string]any{"name": r.Place}}, true, ""
	case request.Remember:
		note := "remembered because " + who + " asked"
		return step{goal: goalRequest, tool: "remember_place", args: map[string]any{"name": r.Place, "note": note}}, true, ""
	case request.Give, request.Bring, request.Craft:
		return m.fetchStep(e, v)
	case request.Shelter:
		return m.shelterStep(e, v)
	case request.Build:
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
	return step{}, false, ""
}

// fetchStep makes what a give, bring or craft needs, then hands it over
// (give, bring) or is done (craft).
func (m *Model) fetchStep(e *errand, v agent.Snapshot) (step, bool, string) {
	have := v.Inventory()[e.item]
	if have >= e.target || e.req.Intent == request.Give {
		if e.req.Intent == request.Craft {
			return step{}, false, fmt.Sprintf("Done: I have %s now.", game.Count(have, game.ItemName(e.item)))
		}
		n := min(have, e.target)
		e.handing = true
		return step{goal: goalRequest, tool: "give_item", args: map[string]any{"player": e.from.name, "item": e.item, "count": n}}, true, ""
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
	for _, it := range sortedKeys(mk.Missing) {
		block, ok := sourceOf(it)
		if !ok && woolFrom(it, v) {
			// Wool comes off a sheep, as the routine's bed's does.
			return step{goal: goalRequest, tool: "attack_entity", args: map[string]any{"entity": "sheep"}}, true, ""
		}
		if !ok {
			return step{}, false, fmt.Sprintf("I'd need %s for that, and I don't know where to find any.", game.Count(mk.Missing[it], game.ItemName(strings.TrimPrefix(it, "#"))))
		}
		return findStep(block, mk.Missing[it]), true, ""
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

// woolFrom reports whether the item is wool and a sheep she can reach is
// in sight.
func woolFrom(item string, v agent.Snapshot) bool {
	return strings.HasSuffix(item, "wool") && inSight(v, func(kind string) bool { return kind == "sheep" }) != ""
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

// errandEnded reads the end of the errand's action: it reports whether the
// errand is over, and what she says then ("" for nothing yet).
func (m *Model) errandEnded(e *errand, ended agent.Ended) (over bool, say string) {
	if ended.Result == game.Interrupted && ended.Action == e.replaced {
		e.replaced = "" // the routine's action her step took the hands from
		return false, ""
	}
	e.waiting, e.replaced = "", ""
	ok := ended.Result == game.Success
	switch r := e.req; {
	case ended.Result == game.Interrupted:
		return true, "" // a new request or a stop took her hands
	case r.Intent == request.Shelter:
		return m.shelterEnded(e, ended)
	case ended.Action == "build" && morePartsAfter(ended.Call) && (ok || ended.Result == game.Failure && ended.Build != nil),
		ended.Action == "build" && ended.Result == game.FailTimeout:
		// A template built in parts goes on with its next part, even past
		// a part built only as far as it went (a block short), and a build
		// past the game's time for one goes on where it stopped: the same
		// build_template again. A part built is progress, so the errand's
		// step count starts over.
		e.steps = 0
		return false, ""
	case isBuild(ended.Action) && ended.Build != nil && ended.Build.Placed > 0 && ended.Build.Cells > ended.Build.Placed &&
		r.Intent == request.Build && !e.again && ended.Build.Missing == 0 && ended.Build.Protected == 0:
		// Built but for cells out of her reach (a steeple's top), with no
		// block short: the game towers her up on spare blocks, so she
		// gathers some and builds it once more, from the first part.
		e.scaffold, e.again, e.steps = true, true, 0
		return false, ""
	case isBuild(ended.Action) && ended.Build != nil && ended.Build.Placed > 0 && ended.Build.Cells > ended.Build.Placed:
		return true, builtMost(ended.Build)
	case ended.Action == "find_block" && r.Intent == request.Build:
		return false, "" // blocks to climb on, as many as she found: the build again
	case !ok && walking(ended.Action) && !e.climbed:
		e.climb = true // most likely down a hole: up to the open sky, then again
		return false, ""
	case !ok:
		return true, "I couldn't do it: " + firstSentence(ended.Message)
	case ended.Action == "go_to_surface":
		return false, "" // up under the sky: now the walk again
	case r.Intent == request.Come:
		return true, "Here I am!"
	case r.Intent == request.Follow:
		return false, "" // she follows until told otherwise, or the game ends it
	case r.Intent == request.Home, r.Intent == request.GoTo:
		return true, "Here we are."
	case r.Intent == request.Remember:
		return true, fmt.Sprintf("Got it: I'll remember this spot as %s.", r.Place)
	case e.handing:
		return true, "There you go!"
	case isBuild(ended.Action):
		return true, "Done, it's built."
	}
	return false, "" // a gather or a craft on the way
}

func isBuild(action string) bool { return action == "build" || action == "build_template" }

// builtMost is what she says of a build that stands in part: how much of
// it, how much is missing (the figure the dashboard's build card shows,
// BuildCount.Left), and what she ran short of where the game counted it.
func builtMost(b *agent.BuildCount) string {
	how := "most of it"
	if !b.Most() {
		how = "part of it"
	}
	say := fmt.Sprintf("I built %s, but %d of its %d blocks are still missing", how, b.Left(), b.Cells)
	var short []string
	for _, item := range sortedKeys(b.Short) {
		short = append(short, game.ItemName(item))
	}
	if len(short) > 0 {
		say += ": I ran out of " + game.AndList(short)
	}
	return say + "."
}

// morePartsAfter reports whether a build_template call built a part of a
// template with parts still to come: its call ends "part 2 of 5".
func morePartsAfter(call string) bool {
	var i, n int
	at := strings.LastIndex(call, "part ")
	if at < 0 {
		return false
	}
	if _, err := fmt.Sscanf(call[at:], "part %d of %d", &i, &n); err != nil {
		return false
	}
	return i < n
}

// walking reports whether an action walks her to a place or a player, and
// may fail for want of a way from where she stands.
func walking(action string) bool {
	switch action {
	case "goto_player", "follow_player", "move_to", "give_item":
		return true
	}
	return false
}

// firstSentence is the first sentence of the game's answer, in her own
// words for a player ("you could not reach Alex" is "I could not reach
// Alex"): the rest is detail for the log.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".;\n"); i > 0 {
		s = s[:i]
	}
	if s == "" {
		return "something went wrong."
	}
	words := strings.Fields(s)
	for i, w := range words {
		switch strings.ToLower(w) {
		case "you":
			words[i] = "I"
		case "your":
			words[i] = "my"
		case "yourself":
			words[i] = "myself"
		}
	}
	return strings.Join(words, " ") + "."
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// serveErrand sends the next step of her errand, or says it is over
// (m.mu is held). While its last step runs, or while she follows someone
// for it, or while a reflex has her hands, it sends nothing.
func (m *Model) serveErrand(v agent.Snapshot, has map[string]bool) []agent.ToolCall {
	e := m.errand
	if e.waiting != "" || e.following || reflexActive(v, m.now()) {
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
		m.errand = nil
		if c, sent := m.answerCall(e.from, say, has); sent {
			return []agent.ToolCall{c}
		}
		return nil
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
func (m *Model) noteErrand(ps []agent.Perception, has map[string]bool) []agent.ToolCall {
	e := m.errand
	if e == nil {
		return nil
	}
	say := ""
	over := false
	if ended, ok := ended(ps, e.waiting); ok && e.waiting != "" {
		over, say = m.errandEnded(e, ended)
		if !over && e.req.Intent == request.Follow {
			e.following = true
		}
	}
	if e.following && hasKind(ps, agent.KindFollowEnded) {
		over, say = true, "I lost you there, "+e.from.name+"."
	}
	if !over {
		return nil
	}
	m.errand = nil
	if c, ok := m.answerCall(e.from, say, has); ok {
		return []agent.ToolCall{c}
	}
	return nil
}

// errandAnswered reads the tools' answers to her errand's last call: a
// quick tool (remember_place) is done once it answers, and a call refused
// at once ends the errand with the refusal, said to who asked.
func (m *Model) errandAnswered(msgs []agent.Message, has map[string]bool) []agent.ToolCall {
	e := m.errand
	if e == nil {
		return nil
	}
	for i := len(msgs) - 1; i >= 0 && msgs[i].Role == agent.RoleTool; i-- {
		if msgs[i].ToolCallID != e.call {
			continue
		}
		switch {
		case msgs[i].Failed:
			m.errand = nil
			if c, ok := m.answerCall(e.from, "I couldn't do that: "+firstSentence(refusalText(msgs[i].Text)), has); ok {
				return []agent.ToolCall{c}
			}
		case e.req.Intent == request.Remember:
			m.errand = nil // promised already: "I'll remember this spot as …"
		}
	}
	return nil
}

// refusalText is a tool's refusal without its code: "FAILURE_INVALID:
// unknown template" is "unknown template".
func refusalText(s string) string {
	if code, rest, ok := strings.Cut(s, ": "); ok && strings.ToUpper(code) == code {
		return rest
	}
	return s
}
