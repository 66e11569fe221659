package rules

import (
	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// sentStep is a routine call on its way: its key in tries, and where she
// stood and when she sent it.
type sentStep struct {
	key  string
	at   game.Pos
	tick int64
}

// whereWhen is where she stands and the game's tick.
func whereWhen(v agent.Snapshot) (game.Pos, int64) {
	if v.Body == nil {
		return game.Pos{}, 0
	}
	return v.Body.Position.Block(), v.Tick
}

// countTry counts the answer to the routine's last call in tries, once:
// ok forgets its failures, else one more is counted.
func (m *Model) countTry(ok bool) {
	s := m.step
	if s.key == "" {
		return
	}
	m.step = sentStep{}
	if ok {
		m.tries.succeeded(s.key)
		return
	}
	m.tries.failed(s.key, s.at, s.tick)
}

// next picks the first step of the survival routine that is due and may be
// sent. A call that failed twice in a row is held back (tries): she first
// gets out of a pit, or walks elsewhere, and failing that goes on with the
// next step of the routine; one that has failed so often that only time
// lets it through again gets no walk. With nothing left she rests until
// the idle nudge.
func (m *Model) next(v agent.Snapshot, has map[string]bool) (agent.ToolCall, bool) {
	at, tick := whereWhen(v)
	steps := m.routine(v)
	steps = append(m.escape(v, steps), steps...)
	attending := m.attending()
	if attending {
		steps = nearby(steps) // someone near her is talking to her: no trips away (attend.go)
	}
	may := func(s step) bool { return has[s.tool] && m.tries.allowed(callKey(s.tool, s.args), at, tick) }
	walked := attending
	// elsewhere is a walk elsewhere, once a decision, and none while she
	// attends to someone; after a walk that failed, a climb to the surface
	// first: she is boxed in, most likely in a hole.
	elsewhere := func() (agent.ToolCall, bool) {
		if walked {
			return agent.ToolCall{}, false
		}
		walked = true
		up := step{goal: goalSurface, tool: "go_to_surface", args: map[string]any{}}
		if m.failures[goalExplore] > 0 && may(up) {
			m.failures[goalExplore] = 0
			return m.send(up, at, tick), true
		}
		if walk := (step{goal: goalExplore, tool: "move_away", args: map[string]any{"distance": 24}}); may(walk) && !boxedIn(v) {
			return m.send(walk, at, tick), true
		}
		return agent.ToolCall{}, false
	}
	for _, s := range steps {
		if !has[s.tool] {
			continue
		}
		if n := m.spec(s.goal).giveUpAfter; n > 0 && m.failures[s.goal] >= n {
			// A shelter that cannot be finished or entered is given up: the
			// next one goes up where she is then, after a walk.
			m.failures[s.goal] = 0
			m.shelter = nil
			if c, ok := elsewhere(); ok {
				return c, true
			}
			continue
		}
		if !may(s) {
			// Failed twice here: look elsewhere, then try again. A call
			// only time lets through again is passed over without a walk:
			// walks that succeed would otherwise follow one another while
			// the call waits, from one spot to the next and back.
			// Nor is a refuge's: a walk in the dark is what it keeps her
			// from, and the refuge has another way.
			if !m.spec(s.goal).noWalk && m.tries.walkHelps(callKey(s.tool, s.args)) {
				if c, ok := elsewhere(); ok {
					return c, true
				}
			}
			continue
		}
		if needsSky(s) && m.underground(v) {
			// Trees and dirt are up there: climb out first rather than
			// search a mine for them, up her staircase when she is on it.
			r := &routineBuilder{inv: v.Inventory(), v: v}
			m.upAndOut(r, goalSurface)
			for _, up := range r.out {
				if may(up) {
					return m.send(up, at, tick), true
				}
			}
		}
		if s.shelter != nil {
			m.shelter = s.shelter
		}
		return m.send(s, at, tick), true
	}
	return agent.ToolCall{}, false
}

// send makes the call of a step and remembers it.
func (m *Model) send(s step, at game.Pos, tick int64) agent.ToolCall {
	if m.spec(s.goal).foray && s.tool == "move_away" {
		m.forays++
	}
	m.lastGoal = s.goal
	c := m.call(s.tool, s.args)
	m.stepID = c.ID
	m.step = sentStep{key: callKey(s.tool, s.args), at: at, tick: tick}
	return c
}

// escape are the steps that come before the routine's: out of a pit she is
// boxed in, when what is due cannot be done down there (needsRoom): up a
// pillar of the blocks she carries when her view shows how high, else up to
// the surface.
func (m *Model) escape(v agent.Snapshot, due []step) []step {
	if !boxedIn(v) || len(due) == 0 || !needsRoom(due[0]) {
		return nil
	}
	var out []step
	// A pillar takes dirt first: never the dirt her shelter is still to be
	// built of, or she digs it back out of the ground beside her and
	// pillars again, for ever.
	inv := v.Inventory()
	dirt, keep := inv["dirt"], 0
	if m.shelterNear(v) == nil {
		keep = shelterDirt
	}
	if k := climbHeight(v); k > 0 && buildingBlocks(inv) >= k && (dirt == 0 || dirt >= keep+k) {
		out = append(out, step{goal: goalClimb, tool: "pillar_up", args: map[string]any{"height": k}})
	}
	return append(out, step{goal: goalSurface, tool: "go_to_surface", args: map[string]any{}})
}
