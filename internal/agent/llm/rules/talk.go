package rules

import (
	"fmt"
	"regexp"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// greeting matches a hello as a word, not inside "this" or "which".
var greeting = regexp.MustCompile(`\b(hi|hello|hey|hiya|yo|greetings)\b`)

type heard struct{ name, message string }

// addressedChat is the chat lines of the perceptions said to her: the
// senses decide that (within six blocks, or naming her by her name of the
// moment).
func addressedChat(ps []agent.Perception) []heard {
	var out []heard
	for _, p := range ps {
		if p.Kind == agent.KindChat && p.Chat != nil && p.Addressed {
			out = append(out, heard{p.Chat.Author.Name, p.Chat.Message})
		}
	}
	return out
}

// reply is a short, friendly answer that says what she is up to, in words
// a player reads ("I'm finding 4 coal ore, on my way to iron tools"), never
// a tool call; empty for a hello from someone she greeted a moment ago
// (m.mu is held). doing is what her hands are on, nil for nothing.
func (m *Model) reply(h heard, doing *agent.Doing) string {
	what := m.upTo(doing)
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

// upTo is what she is up to after "I'm": the action in her hands in words,
// and the goal it serves.
func (m *Model) upTo(doing *agent.Doing) string {
	switch {
	case doing != nil && m.lastGoal != "":
		return game.ActionPhrase(doing.Action, doing.Params) + ", on my way to " + goalText(m.lastGoal)
	case doing != nil:
		return game.ActionPhrase(doing.Action, doing.Params)
	case m.lastGoal != "":
		return "on my way to " + goalText(m.lastGoal)
	}
	return "looking for something to do"
}

// describe is what she says aloud, to the people watching, when asked what
// she is doing.
func (m *Model) describe(doing *agent.Doing) string {
	if doing == nil {
		return "Nothing in my hands this second; next up is " + goalText(m.lastGoal) + "."
	}
	s := "I'm " + game.ActionPhrase(doing.Action, doing.Params)
	if p := doing.Progress; p != nil && p.Total > 0 {
		s += fmt.Sprintf(", %d of %d done", p.Done, p.Total)
	}
	return s + ", to get " + goalText(m.lastGoal) + " going."
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
		return "stocks of wood, coal and iron"
	case "explore":
		return "a better spot"
	case "evade":
		return "some room between me and the monsters"
	case "refuge":
		return "a safe hole for the night"
	case "surface", "climb", "retreat":
		return "open sky"
	case "armour":
		return "iron armour"
	case "food":
		return "food to keep"
	case "diamonds", "diamond_pickaxe":
		return "diamonds"
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
	case "room":
		return "a lighter pack"
	}
	return "my survival start"
}
