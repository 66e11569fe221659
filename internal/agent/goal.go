package agent

import (
	"fmt"
	"log/slog"
	"time"

	"beaweb/internal/game"
)

// GoalKind is a kind of goal her model may hand the autopilot to play.
type GoalKind string

// The kinds of goal, each played by the autopilot to its end.
const (
	// GoalIron: the way to an iron pickaxe; over once she carries one.
	GoalIron GoalKind = "get_iron"
	// GoalDiamonds: iron first if need be, then down a mine until she
	// carries Count diamonds (3 when 0), or a diamond pickaxe made of them.
	GoalDiamonds GoalKind = "get_diamonds"
	// GoalBuild: Template built at At (two blocks ahead of her when nil).
	GoalBuild GoalKind = "build"
	// GoalFollow: Player followed until the game loses them.
	GoalFollow GoalKind = "follow"
	// GoalGather: found or made until she carries Count of Item.
	GoalGather GoalKind = "gather"
	// GoalPlay: her own survival routine (tools, food, shelter at night,
	// a mine), with no end of its own.
	GoalPlay GoalKind = "play"
	// GoalNone drops the goal in force.
	GoalNone GoalKind = "none"
)

// GoalKinds are the kinds a model may set, GoalNone last.
var GoalKinds = []GoalKind{GoalIron, GoalDiamonds, GoalBuild, GoalFollow, GoalGather, GoalPlay, GoalNone}

// Goal is what her model handed the autopilot: a declared kind with its
// facts. While one is set, the autopilot plays it without model calls;
// her model hears of people, danger, death and the goal's end.
type Goal struct {
	Kind     GoalKind  `json:"kind"`
	Item     string    `json:"item,omitempty"`     // gather: the item
	Count    int       `json:"count,omitempty"`    // gather, get_diamonds: how many
	Template string    `json:"template,omitempty"` // build: the template's name
	At       *game.Pos `json:"at,omitempty"`       // build: its ground corner
	Player   string    `json:"player,omitempty"`   // follow: whom
	Set      time.Time `json:"set"`                // when it was set
}

// String is the goal in a few words: "get iron", "gather 16 oak_log",
// "build small_wood_house at (3, 64, -2)", "follow Alex".
func (g Goal) String() string {
	switch g.Kind {
	case GoalIron:
		return "get iron (an iron pickaxe)"
	case GoalDiamonds:
		return fmt.Sprintf("get diamonds (%d, or a diamond pickaxe)", g.Diamonds())
	case GoalBuild:
		if g.At != nil {
			return fmt.Sprintf("build %s at %s", g.Template, *g.At)
		}
		return "build " + g.Template + " two blocks ahead"
	case GoalFollow:
		return "follow " + g.Player
	case GoalGather:
		return fmt.Sprintf("gather %d %s", g.Count, g.Item)
	case GoalPlay:
		return "play on your own (survive, tools, a mine)"
	}
	return string(g.Kind)
}

// Diamonds is how many diamonds get_diamonds asks for: Count, or 3 (a
// pickaxe's worth).
func (g Goal) Diamonds() int {
	if g.Count > 0 {
		return g.Count
	}
	return 3
}

// GoalEnd is how the autopilot says the goal it played is over: reached,
// or given up, with its reason in a sentence for her model.
type GoalEnd struct {
	Done bool
	Why  string
}

// GoalNews is a goal's news for a perception: the goal, and its end (nil
// for a goal just set, which the autopilot starts on).
type GoalNews struct {
	Goal Goal
	End  *GoalEnd
}

// KindGoal is a goal's news: set (the autopilot starts on it) or over (her
// model hears it).
const KindGoal Kind = "goal"

// setGoal puts g in force (nil drops the one in force) and, for a new
// goal, has the autopilot start on it at once.
func (m *Mind) setGoal(g *Goal) {
	m.live.Update(TopicModel, func(s *Snapshot) { s.Goal = g })
	if g == nil {
		return
	}
	m.logger.Info("agent: her model set a goal; the autopilot plays it", slog.String("goal", g.String()))
	m.inbox.Perceive(Perception{Source: SourceGame, Kind: KindGoal, Goal: &GoalNews{Goal: *g}, At: m.live.Now(),
		Text: "Your goal is set: " + g.String() + ". The autopilot plays it."})
}

// takeGoal puts the goal a tool handed over in force, stamped now; a goal
// of kind none drops the one in force.
func (m *Mind) takeGoal(g Goal) {
	if g.Kind == GoalNone {
		m.setGoal(nil)
		return
	}
	g.Set = m.live.Now()
	m.setGoal(&g)
}

// endGoal takes the goal the autopilot says is over out of force, and
// tells her model.
func (m *Mind) endGoal(end GoalEnd) {
	g := m.live.Snapshot().Goal
	if g == nil {
		return
	}
	m.setGoal(nil)
	text := fmt.Sprintf("Your goal, %s, is done: %s", g.String(), end.Why)
	if !end.Done {
		text = fmt.Sprintf("Your goal, %s, was given up: %s", g.String(), end.Why)
	}
	text += " What next? set_goal hands the autopilot another, or act yourself."
	m.inbox.Perceive(Perception{Source: SourceGame, Kind: KindGoal, Goal: &GoalNews{Goal: *g, End: &end}, At: m.live.Now(), Addressed: true, Text: text})
}
