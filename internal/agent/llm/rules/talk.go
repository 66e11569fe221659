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
