package rules

import (
	"fmt"
	"sort"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// Maker is what the autopilot asks of the recipe planner: the crafts and
// smelts that make count more of item from what she carries, and what she
// must gather first. Counts come from the planner, never typed by hand.
type Maker interface {
	Make(item string, count int, have game.Inventory) (Making, error)
}

// Making is the planner's answer: the steps in order and what is missing,
// by item or by "#tag" when any member will do.
type Making struct {
	Steps   []MakeStep
	Missing map[string]int
}

// MakeStep is one craft or smelt of a Making.
type MakeStep struct {
	Smelt bool
	Item  string // what the step makes
	Input string // what a smelt puts in the furnace
	Count int    // items made
	Times int    // crafts, or items smelted
}

// Recipes are what the routine reads of the recipe book, so that no count
// of a recipe is typed by hand: how many of an ingredient one craft of an
// item takes (in whichever slot the ingredient fills: oak_planks fills a
// chest's "any planks"), and how many one craft makes; 0 where the book
// has no such recipe.
type Recipes interface {
	Takes(item, ingredient string) int
	Makes(item string) int
}

// Builder counts what a build of a template takes by the blueprint
// planner, so that no block count of a template is typed by hand.
type Builder interface {
	// Needs is what a build of the named template with its ground corner at
	// corner still places, by block (her wood's door, her bed: resolved for
	// what she carries as build_template resolves them), the cells she sees
	// already right left out.
	Needs(template string, corner game.Pos, have game.Inventory) (map[string]int, error)
}

// Option sets up a part of the autopilot at New.
type Option func(*Model)

// WithRequests has her understand players' requests in plain words by the
// parser's phrase table; without it she only says what she is up to.
func WithRequests(p *request.Parser) Option { return func(m *Model) { m.understand = p } }

// WithMaker has her make what a request asks for by the recipe planner.
func WithMaker(mk Maker) Option { return func(m *Model) { m.maker = mk } }

// WithBuilder has her count what a building a person asks for takes by the
// blueprint planner before she builds it.
func WithBuilder(b Builder) Option { return func(m *Model) { m.builder = b } }

// heardLine is a line said to her: by a player in the game chat, or by
// the person at the dashboard.
type heardLine struct {
	from    asker
	message string
}

// linesToHer are the lines of the perceptions said to her, in order.
func linesToHer(ps []agent.Perception) []heardLine {
	var out []heardLine
	for _, p := range ps {
		switch {
		case p.Kind == agent.KindTell && p.Chat != nil:
			out = append(out, heardLine{asker{name: p.Chat.Author.Name, dashboard: true, obeyed: true}, p.Chat.Message})
		case p.Kind == agent.KindChat && p.Chat != nil && p.Addressed:
			out = append(out, heardLine{asker{name: p.Chat.Author.Name, obeyed: p.Chat.Obeyed}, p.Chat.Message})
		}
	}
	return out
}

// answerCall is what she says to who asked: game chat for a player, her
// voice on the dashboard for the person there.
func (m *Model) answerCall(to asker, text string, has map[string]bool) (agent.ToolCall, bool) {
	if text == "" {
		return agent.ToolCall{}, false
	}
	if to.dashboard {
		if !has["speak"] {
			return agent.ToolCall{}, false
		}
		return m.call("speak", map[string]any{"text": text}), true
	}
	if !has["mc_chat"] {
		return agent.ToolCall{}, false
	}
	return m.call("mc_chat", map[string]any{"message": fitChat(text)}), true
}

// fitChat keeps a chat line within the game's 256 characters.
func fitChat(s string) string {
	if r := []rune(s); len(r) > 256 {
		return string(r[:255]) + "…"
	}
	return s
}

// hear answers a line said to her and, for a request she takes on, makes it
// her errand (m.mu is held). It returns what she says.
func (m *Model) hear(h heardLine, v agent.Snapshot) string {
	if m.understand == nil {
		return m.reply(heard{h.from.name, h.message}, v.Doing)
	}
	r, ok := m.understand.Parse(h.message, v.Name)
	switch {
	case !ok:
		return m.notUnderstood(h, v)
	case r.Intent.Question():
		return m.answer(r, h.from, v)
	case !h.from.obeyed:
		return fmt.Sprintf("Sorry %s, I only take requests from the players my owner picked.", h.from.name)
	case r.Intent == request.Stop:
		m.errand = nil
		m.stopNow = true
		return "Okay, I'll stay right here."
	}
	if say, ok := m.refuse(r, h.from, v); ok {
		return say
	}
	e := &errand{req: r, from: h.from}
	if r.Intent == request.Give || r.Intent == request.Bring || r.Intent == request.Craft {
		inv := v.Inventory()
		e.item = resolveItem(r.Item, inv)
		e.target = r.Count
		if e.target == 0 {
			e.target = someOf(e.item, inv, r.Intent)
		}
		if r.Intent == request.Craft {
			e.target += inv[e.item]
		}
	}
	m.errand = e
	return m.promise(e, v)
}

// notUnderstood answers a line she could not read as a request: a hello
// back; a line that names her, or comes from the dashboard, with what she
// can do; a player's talk near her as a person would, with what she is at.
func (m *Model) notUnderstood(h heardLine, v agent.Snapshot) string {
	msg := strings.ToLower(h.message)
	switch {
	case greeting.MatchString(msg) && !strings.Contains(msg, "?"):
		return m.reply(heard{h.from.name, h.message}, v.Doing)
	case h.from.dashboard || agent.Addressed(v.Name, h.message, nil):
		return fmt.Sprintf("Sorry %s, I didn't get that. I can come, follow, stop, go home, give, bring or craft things and build a shelter; say \"help\" for more.",
			cmpOr(h.from.name, "there"))
	case strings.Contains(msg, "sorry") || strings.Contains(msg, "oops"):
		return "No harm done, " + h.from.name + "."
	case strings.Contains(msg, "?"):
		return fmt.Sprintf("Not sure, %s. I'm %s.", h.from.name, m.upTo(v.Doing))
	}
	return "" // talk near her, not to her: she lets it pass
}

// helpLine is what she can do, as one chat line: the table's examples, as
// many as fit.
func helpLine(examples []string) string {
	s := "You can ask me: "
	for i, ex := range examples {
		if len(s)+len(ex) > 230 {
			return s + " and more."
		}
		if i > 0 {
			s += ", "
		}
		s += ex
	}
	return s + "."
}

// refuse is her refusal of a request she will not take on, with the reason
// a player would give.
func (m *Model) refuse(r request.Request, from asker, v agent.Snapshot) (string, bool) {
	switch r.Intent {
	case request.Come, request.Follow:
		if from.dashboard && r.Player == "" {
			return "I can't come to you: you're watching from the dashboard, not in the game. " + whoISee(v), true
		}
	case request.Give, request.Bring:
		if from.dashboard {
			return "I can't hand you anything: you're on the dashboard, not in the game.", true
		}
	}
	switch r.Intent {
	case request.Give, request.Bring, request.Craft, request.HowMany:
		if r.Item == "" {
			return fmt.Sprintf("I don't know what %q is.", r.Said), true
		}
	case request.Build:
		if r.Template == "" {
			return "Build what? I know a dirt shelter, a small wood house and a small stone house.", true
		}
	}
	if (r.Intent == request.Come || r.Intent == request.Follow || r.Intent == request.GoTo || r.Intent == request.Home) &&
		night(v) && m.shelterNear(v) != nil && m.inShelter(v) {
		return "Not now, it's night and the monsters are out. I'll come at sunrise.", true
	}
	if r.Intent == request.Give {
		inv := v.Inventory()
		item := resolveItem(r.Item, inv)
		switch have := inv[item]; {
		case have == 0:
			return fmt.Sprintf("I don't have any %s. Say \"bring me %s\" and I'll get some.", plural(item), r.Said), true
		case onlyTool(item, inv):
			return fmt.Sprintf("I need my only %s, sorry.", game.ItemName(item)), true
		}
	}
	return "", false
}

// promise is what she says as she takes an errand on.
func (m *Model) promise(e *errand, v agent.Snapshot) string {
	r := e.req
	name := game.ItemName(e.item)
	switch r.Intent {
	case request.Come:
		if r.Player != "" {
			return "On my way to " + r.Player + "."
		}
		return "Coming, " + e.from.name + "!"
	case request.Follow:
		return fmt.Sprintf("Following %s. Say \"stop\" when you want me to stay.", cmpOr(r.Player, "you"))
	case request.Home:
		return "Heading home."
	case request.GoTo:
		return "Heading to " + r.Place + "."
	case request.Remember:
		return "Got it: I'll remember this spot as " + r.Place + "."
	case request.Give:
		if have := v.Inventory()[e.item]; have < e.target {
			return fmt.Sprintf("I only have %s; bringing you all of it.", game.Count(have, name))
		}
		return fmt.Sprintf("Bringing you %s.", game.Count(e.target, name))
	case request.Bring:
		if v.Inventory()[e.item] >= e.target {
			return fmt.Sprintf("Bringing you %s.", game.Count(e.target, name))
		}
		return fmt.Sprintf("I'll get you %s: I have to make or find some first.", game.Count(e.target, name))
	case request.Craft:
		return fmt.Sprintf("Crafting %s.", game.Count(e.target-v.Inventory()[e.item], name))
	case request.Shelter:
		return "I'll put up a dirt shelter right here."
	case request.Build:
		return "Building a " + strings.ReplaceAll(r.Template, "_", " ") + "."
	}
	return ""
}

// answer answers a question in words alone.
func (m *Model) answer(r request.Request, from asker, v agent.Snapshot) string {
	switch r.Intent {
	case request.Help:
		return helpLine(m.understand.Examples())
	case request.Doing:
		return capitalize(m.describe(v.Doing))
	case request.Why:
		if m.errand != nil {
			return "Because " + m.errand.from.name + " asked me to."
		}
		return "I'm " + m.upTo(v.Doing) + "."
	case request.Where:
		return whereAmI(v, from)
	case request.Inventory:
		return "I have " + carrying(v.Inventory(), 10) + "."
	case request.HowMany:
		inv := v.Inventory()
		item := resolveItem(r.Item, inv)
		if n := inv[item]; n > 0 {
			return fmt.Sprintf("I have %s.", game.Count(n, game.ItemName(item)))
		}
		return fmt.Sprintf("I don't have any %s.", plural(item))
	}
	return ""
}

// whereAmI says where she stands, and how far from the player who asks.
func whereAmI(v agent.Snapshot, from asker) string {
	if v.Body == nil {
		return "I'm not in the game right now."
	}
	p := v.Body.Position.Block()
	s := "I'm at " + p.String()
	if d := dimension(v); d != "overworld" {
		s += " in the " + strings.TrimPrefix(d, "the_")
	}
	if q, ok := playerPos(v, from.name); ok && !from.dashboard {
		s += fmt.Sprintf(", about %.0f blocks from you", p.Dist(q))
	}
	return s + "."
}

// whoISee names the players she can see, for the person at the dashboard.
func whoISee(v agent.Snapshot) string {
	var names []string
	if v.Body != nil {
		for _, p := range v.Body.Players {
			names = append(names, p.Name)
		}
	}
	switch len(names) {
	case 0:
		return "I can't see any players near me."
	case 1:
		return fmt.Sprintf("I can see %s: say \"come to %s\".", names[0], names[0])
	}
	return fmt.Sprintf("I can see %s: say \"come to %s\".", strings.Join(names, ", "), names[0])
}

// carrying is what she carries, most first, n kinds at most.
func carrying(inv game.Inventory, n int) string {
	if len(inv) == 0 {
		return "nothing at all"
	}
	items := sortedKeys(inv)
	sort.SliceStable(items, func(i, j int) bool { return inv[items[i]] > inv[items[j]] })
	var parts []string
	for i, it := range items {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more kinds", len(items)-n))
			break
		}
		parts = append(parts, some(inv[it], it))
	}
	return strings.Join(parts, ", ")
}

// resolveItem is the item she hands over or makes for a request: a family
// ("#planks") is the member she has most of, or its common member.
func resolveItem(item string, inv game.Inventory) string {
	fam, ok := strings.CutPrefix(item, "#")
	if !ok {
		return item
	}
	if fam == "food" {
		for _, f := range foods {
			if inv[f] > 0 {
				return f
			}
		}
		return "bread"
	}
	best, n := "", 0
	for _, it := range sortedKeys(inv) {
		if strings.HasSuffix(it, "_"+fam) && inv[it] > n {
			best, n = it, inv[it]
		}
	}
	if best != "" {
		return best
	}
	common := map[string]string{"planks": "oak_planks", "log": "oak_log", "pickaxe": "wooden_pickaxe", "sword": "wooden_sword",
		"axe": "wooden_axe", "shovel": "wooden_shovel", "bed": "white_bed", "wool": "white_wool"}
	return common[fam]
}

// someOf is how many "some" is: a handful of what stacks, one of what she
// would only have one of.
func someOf(item string, inv game.Inventory, in request.Intent) int {
	switch {
	case isTool(item):
		return 1
	case in == request.Give:
		return max(1, min(inv[item], 16))
	}
	return 4
}

// onlyTool reports whether item is a tool and her only one of its kind: a
// pickaxe given away is a day of mining lost.
func onlyTool(item string, inv game.Inventory) bool {
	if !isTool(item) {
		return false
	}
	kind := item[strings.LastIndex(item, "_"):]
	n := 0
	for it, c := range inv {
		if strings.HasSuffix(it, kind) {
			n += c
		}
	}
	return n <= 1
}

func isTool(item string) bool {
	for _, k := range []string{"_pickaxe", "_axe", "_sword", "_shovel"} {
		if strings.HasSuffix(item, k) {
			return true
		}
	}
	return false
}

// inShelter reports whether she stands in her shelter.
func (m *Model) inShelter(v agent.Snapshot) bool {
	s := m.shelterNear(v)
	return s != nil && v.Body != nil && v.Body.Position.Block().Dist(s.inside) <= 1.5
}

// some is n of an item as a player says it: "a crafting table", "an iron
// pickaxe", "3 sticks".
func some(n int, item string) string {
	name := game.ItemName(item)
	if n != 1 || name == "" {
		return game.Count(n, name)
	}
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// plural is an item's name as in "any torches".
func plural(item string) string { return strings.TrimPrefix(game.Count(2, game.ItemName(item)), "2 ") }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
