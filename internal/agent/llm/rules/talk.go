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
// and what it is for.
func (m *Model) upTo(doing *agent.Doing) string {
	switch {
	case doing != nil && m.errand != nil:
		return game.ActionPhrase(doing.Action, doing.Params) + " because " + m.errand.from.name + " asked me to"
	case doing != nil && m.lastGoal != "":
		return game.ActionPhrase(doing.Action, doing.Params) + " " + purpose(m.lastGoal)
	case doing != nil:
		return game.ActionPhrase(doing.Action, doing.Params)
	case m.lastGoal != "":
		return "planning my next step " + purpose(m.lastGoal)
	}
	return "looking for something to do"
}

// describe is what she says aloud, to the people watching, when asked what
// she is doing.
func (m *Model) describe(doing *agent.Doing) string {
	if doing == nil {
		return "Nothing in my hands this second; I'm planning my next step " + purpose(m.lastGoal) + "."
	}
	s := "I'm " + game.ActionPhrase(doing.Action, doing.Params)
	if p := doing.Progress; p != nil && p.Total > 0 {
		s += fmt.Sprintf(", %d of %d done,", p.Done, p.Total)
	}
	return s + " " + purpose(m.lastGoal) + "."
}

// purpose is what a step of the routine is for, as she says it after what
// she is doing: "finding 28 dirt for a shelter tonight".
func purpose(goal string) string {
	switch goal {
	case "table":
		return "for a crafting table"
	case "sticks":
		return "for sticks"
	case "pickaxe":
		return "for a wooden pickaxe"
	case "stone":
		return "for some stone"
	case "stone_pickaxe", "stone_sword", "stone_axe", "stone_shovel":
		return "for stone tools"
	case "dirt", "shelter", "shelter_in":
		return "for a shelter tonight"
	case "coal":
		return "for coal"
	case "torches":
		return "for torches"
	case "iron", "smelt", "iron_pickaxe", "furnace":
		return "for iron tools"
	case "stock":
		return "to stock up on wood, coal and iron"
	case "explore":
		return "to find a better spot"
	case "evade":
		return "to put some room between me and the monsters"
	case "refuge":
		return "to dig a safe hole for the night"
	case "surface", "climb", "retreat":
		return "to get back under open sky"
	case "armour":
		return "for iron armour"
	case "food":
		return "to lay by some food"
	case "diamonds", "diamond_pickaxe":
		return "for diamonds"
	case "eat":
		return "because I'm hungry"
	case "hunt", "forage":
		return "for something to eat"
	case "cook":
		return "to cook my meat"
	case "dusk":
		return "before it gets dark"
	case "mend":
		return "while my health comes back"
	case "door", "chest":
		return "for my shelter's " + goal
	case "bed":
		return "for a bed tonight"
	case "wool":
		return "for wool to make a bed"
	case "sleep":
		return "to sleep the night away"
	case "room":
		return "to lighten my pack"
	}
	return "to get myself set up"
}
