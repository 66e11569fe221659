package rules

import (
	"fmt"
	"regexp"
	"strings"

	"beaweb/internal/agent"
)

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

// reply is a short, friendly answer that says what she is up to; empty for
// a hello from someone she greeted a moment ago (m.mu is held).
func (m *Model) reply(h heard) string {
	what := "looking for something to do"
	if d, ok := m.hands.Busy(); ok {
		what = "busy with " + d.Call
	} else if m.lastGoal != "" {
		what = "working on " + goalText(m.lastGoal)
	}
	msg := strings.ToLower(h.message)
	switch {
	case greeting.MatchString(msg) && !strings.Contains(msg, "?"):
		now := m.now()
		if at, ok := m.greeted[h.name]; ok && now.Sub(at) < greetAgain {
			return ""
		}
		m.greeted[h.name] = now
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
	case "stone_pickaxe", "stone_sword", "stone_axe", "stone_shovel":
		return "stone tools"
	case "dirt":
		return "dirt for a night shelter"
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
	case "hunt":
		return "something to eat"
	case "shelter", "shelter_in":
		return "a shelter for the night"
	case "door", "chest":
		return "a " + goal + " for my shelter"
	case "bed":
		return "a bed for the night"
	case "wool":
		return "wool for a bed"
	case "sleep":
		return "a night's sleep"
	}
	return "my survival start"
}
