package partials

import (
	"fmt"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// goalWords is the goal her model handed the autopilot, as a person says
// it: "getting iron tools", "gathering 16 oak logs", "following Alex".
func goalWords(g agent.Goal) string {
	switch g.Kind {
	case agent.GoalIron:
		return "getting an iron pickaxe"
	case agent.GoalDiamonds:
		return fmt.Sprintf("getting %s, or a diamond pickaxe", game.Count(g.Diamonds(), "diamond"))
	case agent.GoalBuild:
		what := strings.ReplaceAll(g.Template, "_", " ")
		if g.At != nil {
			return fmt.Sprintf("building a %s at %s", what, g.At)
		}
		return "building a " + what + " where she stands"
	case agent.GoalFollow:
		return "following " + g.Player
	case agent.GoalGather:
		return "gathering " + game.Count(g.Count, ItemName(g.Item))
	case agent.GoalPlay:
		return "playing on her own: tools, food, a shelter at night, a mine"
	}
	return strings.ReplaceAll(string(g.Kind), "_", " ")
}

// within is how soon something comes: "in 40 s", "in 2 min", "any moment
// now" once it is due.
func within(d time.Duration) string {
	switch s := int(d / time.Second); {
	case s < 5:
		return "any moment now"
	case s < 60:
		return "in " + itoa(s) + " s"
	default:
		return "in " + itoa((s+59)/60) + " min"
	}
}
