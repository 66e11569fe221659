package rules

import (
	"fmt"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// goalPlay is a goal her model handed her (agent.Goal), as she plays it to
// its end without the model: get_iron, get_diamonds and play are her own
// routine (priorities.go) until what the goal asks for is in her pack;
// build and follow are played as a person's request of the same kind is
// (errand.go); gather finds or makes the item until she carries enough.
type goalPlay struct {
	goal agent.Goal
	// errand plays a build or a follow; nil for the other kinds.
	errand *errand
	// gather plays a gather; nil for the other kinds.
	gather *gathering
	// end is set once the goal is over, until it is reported.
	end *agent.GoalEnd
}

// gathering is a gather goal under way: the item (an id, or a family such
// as log, whose every kind counts), how many she must carry, the action of
// its last step until it ends, and the steps and failures in a row so far.
type gathering struct {
	item     string
	family   bool
	target   int
	waiting  string
	call     string
	steps    int
	failures int
}

// gatherTries is how many of a gather's steps may fail in a row before it
// is given up.
const gatherTries = 3

// adopt takes up the goal her mind hands her with the request: a new one
// starts, the same one goes on, none drops what she was playing (m.mu is
// held).
func (m *Model) adopt(g *agent.Goal, v agent.Snapshot) {
	switch {
	case g == nil:
		m.goal = nil
	case m.goal != nil && m.goal.goal.Kind == g.Kind && m.goal.goal.Set.Equal(g.Set):
	default:
		m.goal = newPlay(*g, v)
	}
}

// newPlay is how she sets about a goal.
func newPlay(g agent.Goal, v agent.Snapshot) *goalPlay {
	p := &goalPlay{goal: g}
	me := asker{name: v.Name, dashboard: true, obeyed: true}
	switch g.Kind {
	case agent.GoalBuild:
		r := request.Request{Intent: request.Build, Template: g.Template}
		if g.At != nil {
			r.At = &[3]int{g.At.X, g.At.Y, g.At.Z}
		}
		p.errand = &errand{req: r, from: me}
	case agent.GoalFollow:
		p.errand = &errand{req: request.Request{Intent: request.Follow, Player: g.Player}, from: me}
	case agent.GoalGather:
		item, family := g.Item, false
		if !strings.Contains(item, "_") && resolveItem("#"+item, nil) != "" {
			family = true // log, planks: any kind of it counts
		}
		p.gather = &gathering{item: item, family: family, target: max(g.Count, 1)}
	}
	return p
}

// finish marks the goal over: done, or given up with why (m.mu is held).
func (p *goalPlay) finish(done bool, why string) {
	if p.end == nil {
		p.end = &agent.GoalEnd{Done: done, Why: why}
	}
}

// goalEnd hands over the end of the goal she played, once, and lets the
// goal go (m.mu is held).
func (m *Model) goalEnd() *agent.GoalEnd {
	if m.goal == nil || m.goal.end == nil {
		return nil
	}
	end := m.goal.end
	m.goal = nil
	return end
}

// plays reports whether her goal takes this turn from the routine: a build,
// a follow or a gather, which she sees to as a request (m.mu is held).
func (m *Model) plays() bool {
	return m.goal != nil && m.goal.end == nil && (m.goal.errand != nil || m.goal.gather != nil)
}

// reached reports whether what a routine goal asks for is in her pack, and
// notes the goal done (m.mu is held): the routine then takes no step, and
// her model chooses what comes next.
func (m *Model) reached(v agent.Snapshot) bool {
	if m.goal == nil || m.goal.end != nil {
		return m.goal != nil
	}
	inv := v.Inventory()
	switch g := m.goal.goal; g.Kind {
	case agent.GoalIron:
		if inv.BestTier("pickaxe") >= game.TierIron {
			m.goal.finish(true, "you carry an iron pickaxe.")
		}
	case agent.GoalDiamonds:
		switch {
		case inv["diamond"] >= g.Diamonds():
			m.goal.finish(true, fmt.Sprintf("you carry %s.", game.Count(inv["diamond"], "diamond")))
		case inv.BestTier("pickaxe") >= game.TierDiamond:
			m.goal.finish(true, "you carry a diamond pickaxe.")
		}
	}
	return m.goal.end != nil
}

// noteGoal reads what the perceptions say of the goal she plays: the end
// of its last step, or the player she followed lost (m.mu is held).
func (m *Model) noteGoal(ps []agent.Perception, v agent.Snapshot) {
	if m.goal == nil || m.goal.end != nil {
		return
	}
	if g := m.goal.gather; g != nil {
		if e, ok := ended(ps, g.waiting); ok && g.waiting != "" {
			g.waiting = ""
			if e.Result == game.Success {
				g.failures = 0
			} else if g.failures++; g.failures >= gatherTries {
				m.goal.finish(false, fmt.Sprintf("the autopilot gave it up after its steps failed %d times in a row; the last said: %s", gatherTries, e.Message))
			}
		}
		return
	}
	e := m.goal.errand
	if e == nil {
		return
	}
	if end, ok := ended(ps, e.waiting); ok && e.waiting != "" {
		over, say := m.errandEnded(e, end, v)
		switch {
		case !over && e.req.Intent == request.Follow:
			e.following = true
		case over:
			m.goal.finish(end.Result == game.Success, quoted(say))
		}
	}
	if e.following && hasKind(ps, agent.KindFollowEnded) {
		m.goal.finish(false, "you lost "+e.req.Player+".")
	}
}

// goalAnswered reads the tools' answers to the goal's last call: one
// refused at once gives the goal up with the refusal (m.mu is held).
func (m *Model) goalAnswered(msgs []agent.Message) {
	if m.goal == nil || m.goal.end != nil {
		return
	}
	id := ""
	switch {
	case m.goal.errand != nil:
		id = m.goal.errand.call
	case m.goal.gather != nil:
		id = m.goal.gather.call
	}
	for i := len(msgs) - 1; i >= 0 && msgs[i].Role == agent.RoleTool; i-- {
		if id != "" && msgs[i].ToolCallID == id && msgs[i].Failed {
			m.goal.finish(false, "its step was refused: "+refusalText(msgs[i].Text))
		}
	}
}

// serveGoal sends the next step of a build, follow or gather goal, or
// notes it over (m.mu is held). While its last step runs, while she follows
// someone for it, or while a reflex has her hands, it sends nothing.
func (m *Model) serveGoal(v agent.Snapshot, has map[string]bool) []agent.ToolCall {
	if m.goal.gather != nil {
		return m.serveGather(v, has)
	}
	e := m.goal.errand
	if e.waiting != "" || e.following || reflexActive(v, m.now()) {
		return nil
	}
	s, ok, say := m.errandStep(e, v)
	switch {
	case ok && e.steps >= e.stepLimit():
		ok, say = false, "it took more steps than it should."
	case ok && !has[s.tool]:
		ok, say = false, "you have no "+s.tool+" here."
	}
	if !ok {
		m.goal.finish(false, quoted(say))
		return nil
	}
	e.steps++
	e.waiting, e.replaced = protocolAction(s.tool), ""
	if v.Doing != nil {
		e.replaced = v.Doing.Action
	}
	c := m.goalCall(s)
	e.call = c.ID
	return []agent.ToolCall{c}
}

// serveGather sends the next step of a gather: find the item (a family by
// its name, a block's drop by the block), or make it by the recipe planner
// from what it is made of.
func (m *Model) serveGather(v agent.Snapshot, has map[string]bool) []agent.ToolCall {
	g := m.goal.gather
	if g.waiting != "" || reflexActive(v, m.now()) {
		return nil
	}
	inv := v.Inventory()
	have := g.have(inv)
	if have >= g.target {
		m.goal.finish(true, fmt.Sprintf("you carry %s.", game.Count(have, game.ItemName(g.item))))
		return nil
	}
	if g.steps >= 2*maxErrandSteps {
		m.goal.finish(false, fmt.Sprintf("it took more steps than it should; you carry %s.", game.Count(have, game.ItemName(g.item))))
		return nil
	}
	s, ok, say := findStep(g.item, g.target-have), true, ""
	if block, found := sourceOf(g.item); found && !g.family {
		s = findStep(block, g.target-have) // a block's drop: found, not made
	} else if !g.family {
		if m.maker == nil {
			s, ok, say = step{}, false, "the autopilot cannot work out how to make it."
		} else {
			s, ok, say = m.makeStep(g.item, g.target-have, v)
		}
	}
	if ok && !has[s.tool] {
		ok, say = false, "you have no "+s.tool+" here."
	}
	if !ok {
		m.goal.finish(false, quoted(say))
		return nil
	}
	g.steps++
	g.waiting = protocolAction(s.tool)
	c := m.goalCall(s)
	g.call = c.ID
	return []agent.ToolCall{c}
}

// have is how many of the item she carries: of a family, every kind.
func (g *gathering) have(inv game.Inventory) int {
	if !g.family {
		return inv[g.item]
	}
	n := 0
	for item, c := range inv {
		if item == g.item || strings.HasSuffix(item, "_"+g.item) {
			n += c
		}
	}
	return n
}

// goalCall is the call of a goal's step; its failures are the goal's to
// read, not the routine's tries.
func (m *Model) goalCall(s step) agent.ToolCall {
	m.lastGoal = goalRequest
	c := m.call(s.tool, s.args)
	m.stepID = c.ID
	m.step = sentStep{}
	return c
}

// quoted is what the autopilot said of a goal's end, quoted for her model
// ("" for nothing).
func quoted(s string) string {
	if s == "" {
		return "the autopilot said nothing more."
	}
	return "the autopilot says: “" + s + "”"
}
