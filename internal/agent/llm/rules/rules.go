// Package rules is the offline autopilot: a Model that plays a simple
// survival routine through the same tools a language model calls, answers
// players who speak to her, and never touches the network. It is what
// beaweb plays with when no model is configured.
package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// Situation is what the autopilot reads of her game.
type Situation interface {
	View() agent.SurfaceView
}

// Hands tell whether an action is running.
type Hands interface {
	Busy() (agent.Doing, bool)
}

// Model is the autopilot. It reads her situation directly rather than
// parsing her prompt, and decides one step of the routine per turn.
type Model struct {
	name  string
	sit   Situation
	hands Hands

	mu         sync.Mutex
	seq        int
	failures   map[string]int // consecutive failures per goal
	lastGoal   string
	shelterDay int64 // 1 + the day of the last shelter built, 0 for none
	streak     int   // failures in a row, whatever the goal

	rememberedStart bool
}

// New returns the autopilot playing as name.
func New(name string, sit Situation, hands Hands) *Model {
	return &Model{name: name, sit: sit, hands: hands, failures: map[string]int{}}
}

// Name says which model she thinks with.
func (m *Model) Name() string { return "rules/autopilot" }

// Generate decides the next step. After the tools of a step have answered it
// ends the turn, so each turn is one decision.
func (m *Model) Generate(ctx context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return agent.ModelResponse{}, err
	}
	if len(req.Messages) == 0 {
		return agent.ModelResponse{}, nil
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role == agent.RoleTool {
		return agent.ModelResponse{Latency: time.Since(start)}, nil
	}
	has := map[string]bool{}
	for _, t := range req.Tools {
		has[t.Name] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var calls []agent.ToolCall
	text := last.Text
	m.noteResult(text)
	for _, line := range addressedChat(text, m.name) {
		if has["mc_chat"] {
			calls = append(calls, m.call("mc_chat", map[string]any{"message": m.reply(line)}))
		}
	}
	_, busy := m.hands.Busy()
	if strings.Contains(text, "standing around") {
		m.streak = 0 // the nudge she rested for: try again
	}
	if has["remember_place"] && !m.rememberedStart && m.sit.View().State != nil {
		// A player notes where they began, to find the way back.
		m.rememberedStart = true
		calls = append(calls, m.call("remember_place", map[string]any{"name": "start", "note": "where you came into this world"}))
	}
	switch {
	case strings.Contains(text, "asks what you are doing") && has["speak"]:
		calls = append(calls, m.call("speak", map[string]any{"text": m.describe(busy)}))
	case busy:
		// Her hands are busy: a new action would replace the running one.
	case reflexActive(m.sit.View()):
		// A reflex has her hands (a fight, a flight, a meal): a request now
		// would take them away mid-fight. The idle nudge brings her back.
	case m.streak >= restLimit:
		// Everything failed lately: rest until the idle nudge.
	default:
		if c, ok := m.next(has); ok {
			calls = append(calls, c)
		}
	}
	if len(calls) == 0 && has["stay_silent"] {
		calls = append(calls, m.call("stay_silent", map[string]any{}))
	}
	return agent.ModelResponse{ToolCalls: calls, Latency: time.Since(start)}, nil
}

func (m *Model) call(name string, args map[string]any) agent.ToolCall {
	m.seq++
	b, _ := json.Marshal(args)
	return agent.ToolCall{ID: "rules-" + strconv.Itoa(m.seq), Name: name, Args: b}
}

// noteResult counts consecutive failures of the goal last started, so a
// goal that keeps failing is set aside for a walk elsewhere.
func (m *Model) noteResult(text string) {
	if m.lastGoal == "" || !strings.Contains(text, "] result: ") {
		return
	}
	if strings.Contains(text, "result: SUCCESS") && !strings.Contains(text, "not done:") {
		m.failures[m.lastGoal] = 0
		m.streak = 0
		return
	}
	if strings.Contains(text, "result: INTERRUPTED") {
		return // a reflex or a replacement is not the goal's fault
	}
	m.failures[m.lastGoal]++
	m.streak++
}

// restLimit is how many failures in a row make her stop and wait for the
// next idle nudge: a failure that answers at once must not turn into a loop
// that floods the game and the log.
const restLimit = 6

// step is one rung of the routine: the goal it serves, the tool and its
// arguments, and whether it is due given what she carries.
type step struct {
	goal string
	tool string
	args map[string]any
}

// next picks the first step of the survival routine that is due.
func (m *Model) next(has map[string]bool) (agent.ToolCall, bool) {
	v := m.sit.View()
	inv := v.Inventory
	if inv == nil {
		inv = game.Inventory{}
	}
	if m.failures["explore"] > 0 && has["go_to_surface"] {
		// Walking away failed too: she is boxed in, most likely in a hole.
		m.failures["explore"] = 0
		m.lastGoal = "surface"
		return m.call("go_to_surface", map[string]any{}), true
	}
	for _, s := range routine(inv, v) {
		if !has[s.tool] {
			continue
		}
		if m.failures[s.goal] >= 2 {
			// It failed twice in a row here: look elsewhere, then try again.
			m.failures[s.goal] = 0
			if has["move_away"] {
				m.lastGoal = "explore"
				return m.call("move_away", map[string]any{"distance": 24}), true
			}
			continue
		}
		if s.goal == "shelter" {
			day := v.State.World.Time / 24000
			if m.shelterDay == day+1 {
				continue // one shelter a night is enough
			}
			m.shelterDay = day + 1
		}
		m.lastGoal = s.goal
		return m.call(s.tool, s.args), true
	}
	return agent.ToolCall{}, false
}

// routine lists the steps of a survival start in order; the first due one
// is taken. Wood, a table, a wooden pickaxe, stone tools, coal, iron.
func routine(inv game.Inventory, v agent.SurfaceView) []step {
	logs, planks := family(inv, "_log"), family(inv, "_planks")
	sticks := inv["stick"]
	wood := woodOf(inv)
	var out []step
	add := func(goal, tool string, args map[string]any) { out = append(out, step{goal, tool, args}) }
	getPlanks := func(goal string, need int) {
		switch {
		case planks >= need:
		case logs > 0:
			add(goal, "craft_item", map[string]any{"item": wood + "_planks", "count": 4 * min(logs, 4)})
		default:
			add(goal, "find_block", map[string]any{"block": "log", "count": 4})
		}
	}
	if v.State != nil && v.State.Player.Food <= 6 && has(inv, "cooked_beef", "bread", "cooked_porkchop", "apple", "baked_potato", "cooked_chicken", "cooked_mutton") {
		add("eat", "eat_food", map[string]any{})
	}
	if night(v) && inv["dirt"] >= shelterDirt {
		add("shelter", "build_template", map[string]any{"name": "dirt_shelter"})
	}
	hasPick := inv["wooden_pickaxe"]+inv["stone_pickaxe"]+inv["iron_pickaxe"] > 0
	if inv["crafting_table"] == 0 && !hasPick {
		getPlanks("table", 4)
		add("table", "craft_item", map[string]any{"item": "crafting_table", "count": 1})
	}
	if !hasPick {
		if sticks < 2 {
			getPlanks("sticks", 2)
			add("sticks", "craft_item", map[string]any{"item": "stick", "count": 4})
		}
		getPlanks("pickaxe", 3)
		add("pickaxe", "craft_item", map[string]any{"item": "wooden_pickaxe", "count": 1})
	}
	stonePick := inv["stone_pickaxe"]+inv["iron_pickaxe"] > 0
	if !stonePick {
		if inv["cobblestone"] < 3 {
			add("stone", "find_block", map[string]any{"block": "stone", "count": 3})
		}
		if sticks < 2 {
			getPlanks("sticks", 2)
			add("sticks", "craft_item", map[string]any{"item": "stick", "count": 4})
		}
		add("stone_pickaxe", "craft_item", map[string]any{"item": "stone_pickaxe", "count": 1})
	}
	if inv["coal"]+inv["charcoal"] < 4 {
		add("coal", "find_block", map[string]any{"block": "coal_ore", "count": 4})
	}
	if inv["torch"] < 8 && inv["coal"]+inv["charcoal"] > 0 {
		if sticks < 1 {
			getPlanks("sticks", 2)
			add("sticks", "craft_item", map[string]any{"item": "stick", "count": 4})
		}
		add("torches", "craft_item", map[string]any{"item": "torch", "count": 8})
	}
	if inv["iron_pickaxe"] == 0 {
		if inv["raw_iron"]+inv["iron_ingot"] < 3 {
			add("iron", "find_block", map[string]any{"block": "iron_ore", "count": 3})
		}
		if inv["iron_ingot"] < 3 {
			if inv["furnace"] == 0 {
				if inv["cobblestone"] < 8 {
					add("furnace", "find_block", map[string]any{"block": "stone", "count": 8 - inv["cobblestone"]})
				}
				add("furnace", "craft_item", map[string]any{"item": "furnace", "count": 1})
			}
			add("smelt", "smelt_item", map[string]any{"item": "raw_iron", "count": min(3, max(1, inv["raw_iron"]))})
		}
		add("iron_pickaxe", "craft_item", map[string]any{"item": "iron_pickaxe", "count": 1})
	}
	if logs < 16 {
		add("stock", "find_block", map[string]any{"block": "log", "count": 8})
	}
	return out
}

// reflexActive reports whether a reflex started in the last minute and has
// not yet finished or failed.
func reflexActive(v agent.SurfaceView) bool {
	last := map[string]string{}
	for _, r := range v.Reflexes {
		last[r.Reflex] = r.Event
	}
	for _, ev := range last {
		if ev == "started" {
			return true
		}
	}
	return false
}

// shelterDirt is what the dirt shelter takes.
const shelterDirt = 60

// night reports whether monsters are about: dark, and the day's clock past
// dusk.
func night(v agent.SurfaceView) bool {
	if v.State == nil {
		return false
	}
	t := v.State.World.Time % 24000
	return v.State.World.Dark && t >= 13000 && t < 23000
}

// woodOf is the wood she has most logs of, oak when she has none.
func woodOf(inv game.Inventory) string {
	best, n := "oak", 0
	for item, c := range inv {
		if w, ok := strings.CutSuffix(item, "_log"); ok && !strings.HasPrefix(w, "stripped_") && c > n {
			best, n = w, c
		}
	}
	return best
}

func family(inv game.Inventory, suffix string) int {
	n := 0
	for item, c := range inv {
		if strings.HasSuffix(item, suffix) {
			n += c
		}
	}
	return n
}

func has(inv game.Inventory, items ...string) bool {
	for _, it := range items {
		if inv[it] > 0 {
			return true
		}
	}
	return false
}

// chatLine matches the surface's rendering of a chat perception.
var chatLine = regexp.MustCompile(`(?m)^(.+?) \((.+?)\) says in the game chat: (.*)$`)

// greeting matches a hello as a word, not inside "this" or "which".
var greeting = regexp.MustCompile(`\b(hi|hello|hey|hiya|yo|greetings)\b`)

type heard struct{ name, where, message string }

// addressedChat finds the chat lines of a perception said to her: from
// within six blocks, or naming her.
func addressedChat(text, name string) []heard {
	var out []heard
	for _, m := range chatLine.FindAllStringSubmatch(text, -1) {
		h := heard{m[1], m[2], m[3]}
		near := false
		var d float64
		if _, err := fmt.Sscanf(h.where, "%f blocks away", &d); err == nil && d <= 6 {
			near = true
		}
		if near || agent.Addressed(name, h.message, nil) {
			out = append(out, h)
		}
	}
	return out
}

// reply is a short, friendly answer that says what she is up to.
func (m *Model) reply(h heard) string {
	what := "looking for something to do"
	if d, ok := m.hands.Busy(); ok {
		what = "busy with " + d.Call
	} else if m.lastGoal != "" {
		what = "working on " + goalText(m.lastGoal)
	}
	msg := strings.ToLower(h.message)
	switch {
	case greeting.MatchString(msg):
		return fmt.Sprintf("Hi %s! I'm %s.", h.name, what)
	case strings.Contains(msg, "?"):
		return fmt.Sprintf("Good question, %s. Right now I'm %s.", h.name, what)
	}
	return fmt.Sprintf("Heard you, %s. I'm %s.", h.name, what)
}

func (m *Model) describe(busy bool) string {
	if d, ok := m.hands.Busy(); ok && busy {
		s := fmt.Sprintf("I'm at %s", d.Call)
		if d.Progress != nil && d.Progress.Total > 0 {
			s += fmt.Sprintf(", %d of %d done", d.Progress.Done, d.Progress.Total)
		}
		return s + ", to get " + goalText(m.lastGoal) + " going."
	}
	return "Nothing in my hands this second; next up is " + goalText(m.lastGoal) + "."
}

func goalText(goal string) string {
	switch goal {
	case "table":
		return "a crafting table"
	case "sticks":
		return "sticks"
	case "pickaxe":
		return "a wooden pickaxe"
	case "stone":
		return "some stone"
	case "stone_pickaxe":
		return "a stone pickaxe"
	case "coal":
		return "coal"
	case "torches":
		return "torches"
	case "iron", "smelt", "iron_pickaxe", "furnace":
		return "iron tools"
	case "stock":
		return "a stock of wood"
	case "explore":
		return "a better spot"
	case "surface":
		return "open sky"
	case "eat":
		return "food"
	case "shelter":
		return "a shelter for the night"
	}
	return "my survival start"
}
