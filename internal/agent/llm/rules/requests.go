package rules

import (
	"fmt"
	"sort"
	"strings"
	"time"

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
func WithRequests(p *request.Parser) Option {
	return func(m *Model) {
		if p != nil {
			m.understand = p
		}
	}
}

// lineReader is what she reads players' lines with: the request parser
// (a test may read lines its own way). DidYouMean is the request a line
// not understood nearly is, in the line's language; ExamplesIn the ways
// of saying each request in a language, for help.
type lineReader interface {
	Parse(line, her string) (request.Request, bool)
	DidYouMean(line, her string) (string, bool)
	ExamplesIn(lang string) []string
}

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
	// near: the game put the speaker within attendRange of her.
	near bool
}

// linesToHer are the lines of the perceptions said to her, in order.
func linesToHer(ps []agent.Perception) []heardLine {
	var out []heardLine
	for _, p := range ps {
		switch {
		case p.Kind == agent.KindTell && p.Chat != nil:
			out = append(out, heardLine{asker{name: p.Chat.Author.Name, dashboard: true, obeyed: true}, p.Chat.Message, false})
		case p.Kind == agent.KindChat && p.Chat != nil && p.Addressed:
			near := p.Chat.Distance != nil && *p.Chat.Distance <= attendRange
			out = append(out, heardLine{asker{name: p.Chat.Author.Name, obeyed: p.Chat.Obeyed}, p.Chat.Message, near})
		}
	}
	return out
}

// reply is a line she says to someone.
type reply struct {
	to   asker
	text string
}

// hearing is what she does about a line: what she says, to whom, and the
// quick calls she makes for it (remember_place, forget_place).
type hearing struct {
	say   []reply
	calls []agent.ToolCall
}

func sayTo(to asker, text string) hearing {
	if text == "" {
		return hearing{}
	}
	return hearing{say: []reply{{to, text}}}
}

// answerCall is what she says to who asked: game chat for a player, her
// voice on the dashboard for the person there. A line she said to the same
// person a moment ago is not said again (sameLineAgain): a burst of the
// same question gets one answer, not one a line.
func (m *Model) answerCall(to asker, text string, has map[string]bool) (agent.ToolCall, bool) {
	if text == "" {
		return agent.ToolCall{}, false
	}
	tool, key, arg := "mc_chat", "message", fitChat(text)
	if to.dashboard {
		tool, key, arg = "speak", "text", text
	}
	if !has[tool] {
		return agent.ToolCall{}, false
	}
	now := m.now()
	if last, ok := m.lastSaid[to.key()]; ok && last.text == text && now.Sub(last.at) < sameLineAgain {
		return agent.ToolCall{}, false
	}
	m.lastSaid[to.key()] = saidLine{text: text, at: now}
	return m.call(tool, map[string]any{key: arg}), true
}

// sameLineAgain is how long a line she said to someone is not said to them
// again word for word.
const sameLineAgain = 10 * time.Second

// saidLine is the last line she said to someone, and when.
type saidLine struct {
	text string
	at   time.Time
}

// fitChat keeps a chat line within the game's 256 characters.
func fitChat(s string) string {
	if r := []rune(s); len(r) > 256 {
		return string(r[:255]) + "…"
	}
	return s
}

// hear answers a line said to her and, for a request she takes on, makes it
// her errand or queues it (m.mu is held).
func (m *Model) hear(h heardLine, v agent.Snapshot, has map[string]bool) hearing {
	if m.understand == nil {
		return sayTo(h.from, m.reply(heard{h.from.name, h.message}, v.Doing))
	}
	r, ok := m.understand.Parse(h.message, v.Name)
	if ok && !r.Intent.SmallTalk() && h.near {
		m.attend(h.from) // asked something from near her: she stays (attend.go)
	}
	switch {
	case !ok:
		return sayTo(h.from, m.notUnderstood(h, v))
	case r.Intent.SmallTalk():
		return sayTo(h.from, m.smallTalk(r, h.from, v))
	case r.Intent.Question():
		return sayTo(h.from, m.answer(r, h.from, v))
	case !h.from.obeyed:
		return sayTo(h.from, fmt.Sprintf("Sorry %s, I only take requests from the players my owner picked.", h.from.name))
	case r.Intent == request.Stop:
		return m.stop(h.from)
	case r.Intent == request.Remember, r.Intent == request.Forget:
		return m.placeCall(r, h.from, has)
	}
	r = m.building(r)
	if say, ok := m.refuse(r, h.from, v); ok {
		return sayTo(h.from, say)
	}
	return hearing{say: m.take(m.newErrand(r, h.from, v), v)}
}

// newErrand is a request made her errand: for what she hands over or
// makes, the item resolved to what she has and how many she must hold.
func (m *Model) newErrand(r request.Request, from asker, v agent.Snapshot) *errand {
	e := &errand{req: r, from: from}
	inv := v.Inventory()
	switch r.Intent {
	case request.Give, request.Bring, request.Craft:
		e.item = resolveItem(r.Item, inv)
		e.target = r.Count
		if e.target == 0 {
			e.target = someOf(e.item, inv, r.Intent)
		}
		if r.Intent == request.Craft {
			e.target += inv[e.item]
		}
	case request.Gather:
		e.item = gathered(r.Item)
		e.target = r.Count
		if e.target == 0 {
			e.target = someOf(e.item, inv, r.Intent)
		}
		if r.HandOver && !from.dashboard {
			e.give = e.target
		}
		e.target += held(e.item, inv)
	case request.Shelter, request.Build:
		e.shelter = m.homeJob(r, from, v)
	}
	return e
}

// stop is a stop asked for: her errand and every request waiting are
// dropped, with a word to each other person who asked, and her hands held.
func (m *Model) stop(from asker) hearing {
	out := hearing{say: []reply{{from, "Okay, I'll stay right here."}}}
	dropped := m.queue
	if m.errand != nil {
		dropped = append([]*errand{m.errand}, dropped...)
	}
	m.errand, m.queue = nil, nil
	m.stopNow = true
	told := map[string]bool{from.key(): true}
	for _, e := range dropped {
		if told[e.from.key()] {
			continue
		}
		told[e.from.key()] = true
		out.say = append(out.say, reply{e.from, capitalize(fmt.Sprintf("%s asked me to stop, so I've dropped what you asked for%s.", nameOf(from), comma(e.from)))})
	}
	return out
}

// notUnderstood answers a line she could not read as a request: a hello
// back; a line said to her by name, or from the dashboard, with the
// request it nearly is ("Did you mean "bring me 4 torches"?"), or when
// nothing is near, a short word on how to ask; a player's talk near her as
// a person would, with what she is at.
func (m *Model) notUnderstood(h heardLine, v agent.Snapshot) string {
	msg := strings.ToLower(h.message)
	toHer := h.from.dashboard || agent.Addressed(v.Name, h.message, nil)
	if near, ok := m.understand.DidYouMean(h.message, v.Name); ok && toHer {
		return strings.ReplaceAll(inLang(didYouMean, m.langOf(near, v.Name)), "{line}", near)
	}
	switch {
	case greeting.MatchString(msg) && !strings.Contains(msg, "?"):
		return m.reply(heard{h.from.name, h.message}, v.Doing)
	case toHer:
		return `I didn't get that; say "help" to hear what I can do.`
	case strings.Contains(msg, "sorry") || strings.Contains(msg, "oops"):
		return "No harm done, " + h.from.name + "."
	case strings.Contains(msg, "?"):
		return fmt.Sprintf("Not sure, %s. I'm %s.", h.from.name, m.upTo(v.Doing))
	}
	return "" // talk near her, not to her: she lets it pass
}

// langOf is the language of a phrase of the tables: what it reads as.
func (m *Model) langOf(phrase, her string) string {
	if r, ok := m.understand.Parse(phrase, her); ok && r.Lang != "" {
		return r.Lang
	}
	return "en"
}

// didYouMean asks whether a player meant the request their line nearly
// is, by language.
var didYouMean = map[string]string{
	"en": `Did you mean "{line}"?`,
	"de": `Meintest du „{line}“?`,
	"es": `¿Quisiste decir «{line}»?`,
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
	case request.Give, request.Bring, request.Craft, request.Gather, request.HowMany:
		if r.Item == "" {
			return fmt.Sprintf("I don't know what %q is.", r.Said), true
		}
	case request.Build:
		if r.Template == "" {
			return "Build what? I know " + homeList() + ".", true
		}
		if say, ok := m.unknownTemplate(r); ok {
			return say, true
		}
	case request.Home, request.GoTo:
		if say, ok := m.unknownPlace(r); ok {
			return say, true
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

// promise is what she says once the first step of an errand is under way.
func (m *Model) promise(e *errand, v agent.Snapshot) string {
	r := e.req
	name := game.ItemName(e.item)
	inv := v.Inventory()
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
	case request.Give:
		if have := inv[e.item]; have < e.target {
			return fmt.Sprintf("I only have %s; bringing you all of it.", game.Count(have, name))
		}
		return fmt.Sprintf("Bringing you %s.", game.Count(e.target, name))
	case request.Bring:
		if inv[e.item] >= e.target {
			return fmt.Sprintf("Bringing you %s.", game.Count(e.target, name))
		}
		return fmt.Sprintf("I'll get you %s: I have to make or find some first.", game.Count(e.target, name))
	case request.Gather:
		many, them := pluralWords(e.item)
		what := game.Count(e.target-held(e.item, inv), itemWords(e.item))
		switch {
		case e.give > 0:
			return fmt.Sprintf("I'll %s %s and bring %s to you.", gatherVerb(e.item), what, them)
		case r.HandOver && e.from.dashboard:
			return fmt.Sprintf("I'll %s %s and keep %s: you're on the dashboard, so I can't hand %s to you.", gatherVerb(e.item), what, them, them)
		}
		return fmt.Sprintf("I'll %s %s and keep %s; say \"give me %s\" if you want %s.",
			gatherVerb(e.item), what, them, many, them)
	case request.Craft:
		return fmt.Sprintf("Crafting %s.", game.Count(e.target-inv[e.item], name))
	case request.Shelter, request.Build:
		return m.homePromise(e)
	}
	return ""
}

// inShelter reports whether she stands in her shelter.
func (m *Model) inShelter(v agent.Snapshot) bool {
	s := m.shelterNear(v)
	return s != nil && v.Body != nil && v.Body.Position.Block().Dist(s.inside) <= 1.5
}

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
