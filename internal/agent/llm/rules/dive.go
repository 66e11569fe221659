package rules

import (
	"slices"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// The trip for diamonds. She goes down to diamondY by a staircase she
// digs (mine_down with a direction: each step is looked at before she
// takes it, and it stops short of lava, water and an open drop, where a
// straight shaft drops her onto whatever lies under it), in flights that
// turn a quarter each time so that the staircase winds within a square of
// flightSteps; with the meals and torches for a day below, before her iron
// armour (two game days are not enough for both). A staircase takes longer
// than one day's spare hours to dig, so it is dug a flight at a time
// whenever a flight and the walk back up fit before the dusk, and kept: the
// next trip walks down it to where the last one stopped. She lights the
// mine as she works it, goes for diamond ore from there, and walks back up
// her own staircase in time for her shelter (climbTime), or, when that
// walk fails or she is not by it, digs a new one up (go_to_surface), which
// takes long enough from deep to start earlier the deeper she is.
const (
	// diamondY is the level she mines at: the practice world lays its
	// diamonds between y -60 and -40, and in the game lava floods the caves
	// below -54.
	diamondY = -50
	// atDepth is how far above diamondY she counts as down there: the
	// ore she follows up to the top of its band, and a staircase that
	// stopped short on a ledge, are still in reach of the ore.
	atDepth = 10
	// flightSteps is the most steps one mine_down digs: a trip a flight at
	// a time, so hunger or a monster is heard between them, and a
	// staircase that winds within a small square, near where it opens.
	flightSteps = 16
	// stairReach is how far from where her staircase opens she counts as
	// by it: its square and a branch of the mine beyond.
	stairReach = flightSteps + branchLength + 8
	// tripMeals and tripTorches are what she sets out with. Down there she
	// digs on without meals: forage takes her up her staircase when she is
	// hungry with none left.
	tripMeals   = 2
	tripTorches = 8
	// stepDownTicks is about what a step of the staircase down takes her
	// to dig (three blocks of stone or deepslate) and step down;
	// stairTicks a step of a new staircase up (go_to_surface), beyond the
	// first stairFree that climbAt leaves time for; mineTicks the least
	// time at the bottom worth the trip.
	stepDownTicks = 50
	stairTicks    = 55
	stairFree     = 32
	mineTicks     = 1500
	// stepUpTicks is about what a step of the walk up her own staircase
	// takes, walkTicks a block of the walk back to its foot, and
	// climbMargin what she leaves to spare before the dusk.
	stepUpTicks = 12
	walkTicks   = 10
	climbMargin = 300
	// branchLength is how far she tunnels on to new ground when no diamond
	// ore is left within reach of her.
	branchLength = 24
)

// compass are the ways a staircase goes, each a quarter turn from the one
// before, with the names mine_down takes.
var compass = []struct {
	name string
	d    game.Pos
}{{"east", game.Pos{X: 1}}, {"south", game.Pos{Z: 1}}, {"west", game.Pos{X: -1}}, {"north", game.Pos{Z: -1}}}

// staircase is the staircase she dug down for diamonds: where it opens,
// the lowest she has stood since, the way its first flight went (an index
// into compass), how many flights she has dug, and where each flight
// ended (its landings, top down): she walks it landing to landing, a
// short walk each that the path search finds, where one walk from the
// foot to the top is a hundred blocks and more of stairs.
type staircase struct {
	top, foot game.Pos
	dimension string
	first     int
	flights   int
	landings  []game.Pos
}

// landingUp is the next landing up her staircase from feet (its top when
// none is left between); landingDown the next down, ok false when none is
// below her.
func (s *staircase) landingUp(feet game.Pos) game.Pos {
	for i := len(s.landings) - 1; i >= 0; i-- {
		if l := s.landings[i]; l.Y > feet.Y+1 {
			return l
		}
	}
	return s.top
}

func (s *staircase) landingDown(feet game.Pos) (game.Pos, bool) {
	for _, l := range s.landings {
		if l.Y < feet.Y-1 {
			return l, true
		}
	}
	return game.Pos{}, false
}

// stairsHere is her staircase, when she is in its dimension; nil for none.
func (m *Model) stairsHere(v agent.Snapshot) *staircase {
	if m.stairs == nil || m.stairs.dimension != dimension(v) {
		return nil
	}
	return m.stairs
}

// byStairs is her staircase when she is by it; nil for none.
func (m *Model) byStairs(v agent.Snapshot) *staircase {
	s := m.stairsHere(v)
	if s == nil || v.Body == nil {
		return nil
	}
	feet := v.Body.Position.Block()
	if max(abs(feet.X-s.top.X), abs(feet.Z-s.top.Z)) > stairReach {
		return nil
	}
	return s
}

func abs(n int) int { return max(n, -n) }

// noteStairs follows her staircase, once a decision: a flight dug is a
// turn for the next; its foot is the lowest she stands by it; once the
// diamond pickaxe is made and she is back up out of the mine, it is done
// with (until then it is her way up: a new staircase up from diamond
// depth takes long enough to bring her out at dusk).
func (m *Model) noteStairs(v agent.Snapshot, ps []agent.Perception) {
	if v.Inventory().BestTier("pickaxe") >= game.TierDiamond && !m.underground(v) {
		m.stairs = nil
	}
	s := m.byStairs(v)
	if s == nil {
		return
	}
	feet := v.Body.Position.Block()
	if e, ok := ended(ps, "mine_down"); ok {
		if e.Result == game.Success {
			s.flights++
		}
		last := s.top
		if len(s.landings) > 0 {
			last = s.landings[len(s.landings)-1]
		}
		if feet.Y < last.Y-1 { // a flight, or part of one, dug
			s.landings = append(s.landings, feet)
		}
	}
	if feet.Y < s.foot.Y {
		s.foot = feet
	}
}

// climbTime is the time of day from which she leaves a mine for the open
// sky: in time to walk back to her staircase and up it, else earlier by
// the steps of a new staircase up from where she is.
func (m *Model) climbTime(v agent.Snapshot) int64 {
	if v.Body == nil {
		return climbAt
	}
	feet := v.Body.Position.Block()
	if s := m.byStairs(v); s != nil {
		return walkUpTime(s.top.Y-min(feet.Y, s.foot.Y), feet.Dist(s.foot))
	}
	return climbTimeFrom(m.ground(v) - float64(feet.Y))
}

// climb takes her up out of a mine before the dusk.
func (m *Model) climb(r *routineBuilder) { m.upAndOut(r, goalDusk) }

// upAndOut takes her up out of a mine: back up her own staircase, landing
// by landing to where it opens, when she is by it and below where it
// opens; else, or when that fails, by a new staircase up (from above its
// top her staircase is a way down, not up).
func (m *Model) upAndOut(r *routineBuilder, g goal) {
	if s := m.byStairs(r.v); s != nil && r.v.Body.Position.Block().Y < s.top.Y {
		to := s.landingUp(r.v.Body.Position.Block())
		r.add(g, "move_to", map[string]any{
			"x": float64(to.X) + 0.5, "y": float64(to.Y), "z": float64(to.Z) + 0.5, "range": 0.5})
	}
	r.add(g, "go_to_surface", map[string]any{})
}

// walkUpTime is the time of day from which she leaves a mine up her
// staircase: a walk of dist blocks back to its foot and height steps up.
func walkUpTime(height int, dist float64) int64 {
	return dusk - climbMargin - int64(height*stepUpTicks) - int64(dist*walkTicks)
}

func climbTimeFrom(depth float64) int64 {
	return climbAt - int64(max(0, depth-stairFree)*stairTicks)
}

// ground is the height of the ground she knows, her own when she knows
// none yet.
func (m *Model) ground(v agent.Snapshot) float64 {
	if m.haveGround || v.Body == nil {
		return m.groundY
	}
	return v.Body.Position.Y
}

// diamondsDue: the iron pickaxe made, the diamond one not yet, and fewer
// diamonds than it takes.
func diamondsDue(m *Model, r *routineBuilder) bool {
	return ironPickaxe(m, r) && !diamondPickaxe(m, r) && r.inv["diamond"] < r.book.Takes("diamond_pickaxe", "diamond")
}

// diveDue: the diamonds due, above diamondY with the meals for the trip
// (when she sets out) and its torches (or the coal for them), and time
// enough to walk down her staircase to where it stops, dig a flight on and
// walk back up before the dusk; for the flight that reaches the ore, time
// to mine it too.
func diveDue(m *Model, r *routineBuilder) bool {
	if r.v.Body == nil || !diamondsDue(m, r) || r.deep() || r.meals() < tripMeals && !m.underground(r.v) ||
		r.inv["torch"] < tripTorches && r.coal() == 0 {
		return false
	}
	return flightFits(m, r)
}

// flightFits: time enough before the dusk to walk down her staircase to
// where it stops, dig a flight on and walk back up; for the flight that
// reaches the ore, time to mine it too.
func flightFits(m *Model, r *routineBuilder) bool {
	t := dayTime(r.v)
	if t >= dawn {
		t -= game.DayTicks // the small hours of the morning
	}
	feet := r.v.Body.Position.Block()
	top, from := feet.Y, feet.Y
	if s := m.stairsHere(r.v); s != nil {
		top = s.top.Y
		if s.foot.Y < feet.Y-1 { // down her staircase first
			from = s.foot.Y
			t += int64(feet.Dist(s.top)*walkTicks) + int64((feet.Y-s.foot.Y)*stepUpTicks)
		}
	}
	steps := min(flightSteps, from-diamondY)
	t += int64(steps * stepDownTicks)
	dist := 0.0
	if from-steps <= diamondY+atDepth {
		t += mineTicks
		dist = branchLength
	}
	return t < walkUpTime(top-(from-steps), dist)
}

// tripFood lays by food: an animal in reach, and, while the diamonds are
// due and she lacks the meals for a trip down, a walk to look for one (at
// most maxForays in a row, as when she forages): down there is no animal,
// and a trip cut short by hunger is a climb of a hundred steps wasted.
func (m *Model) tripFood(r *routineBuilder) {
	n := len(r.out)
	if r.laidBy(foodStock); len(r.out) > n || r.v.Body == nil || m.underground(r.v) {
		return
	}
	if diamondsDue(m, r) && r.meals() < tripMeals && m.forays < maxForays {
		r.add(goalFood, "move_away", map[string]any{"distance": 24})
	}
}

// dayDone: on her staircase, above the ore, with no time left today for
// another flight and the walk back up: she walks up it now, while the walk
// is a short one, and the rest of the day goes to the surface's work (food
// for the next trip first), rather than wander the rock from her staircase
// after coal or iron and lose it.
func dayDone(m *Model, r *routineBuilder) bool {
	return r.v.Body != nil && m.underground(r.v) && m.byStairs(r.v) != nil && diamondsDue(m, r) && !r.deep() &&
		dayTime(r.v) < dusk && !flightFits(m, r)
}

// deep reports whether she is down at diamondY.
func (r *routineBuilder) deep() bool {
	return r.v.Body != nil && r.v.Body.Position.Block().Y <= diamondY+atDepth
}

// mining: down at diamondY with the diamonds due, before her climb.
func mining(m *Model, r *routineBuilder) bool {
	return r.deep() && diamondsDue(m, r) && dayTime(r.v) < m.climbTime(r.v)
}

// dive takes her down her staircase a flight, the trip's torches made
// first: a walk back to it when she is away from it, then a walk down it,
// landing by landing, to where it stops when she is above that, else a
// flight dug on. When the walk back fails, or out of a mine with none
// begun, it is a new staircase, which opens where she stands and goes
// first the way that is open ahead of her (not into her shelter's wall);
// so is it when the walk down the old one is held back. Each flight turns
// a quarter from the one before; a way that keeps failing (lava, water, a
// cave) is held back, and the next is tried.
func (m *Model) dive(r *routineBuilder) {
	if r.inv["torch"] < tripTorches {
		r.torchesFor(tripTorches)
	}
	feet := r.v.Body.Position.Block()
	s := m.byStairs(r.v)
	if far := m.stairsHere(r.v); s == nil && far != nil && !m.underground(r.v) {
		// Her staircase is the cheapest way down: she walks back to it
		// rather than dig another from the top.
		top := map[string]any{"x": float64(far.top.X) + 0.5, "y": float64(far.top.Y), "z": float64(far.top.Z) + 0.5, "range": 1.0}
		if at, tick := whereWhen(r.v); m.tries.allowed(callKey("move_to", top), at, tick) {
			r.add(goalDiamonds, "move_to", top)
			return
		}
	}
	if s != nil && s.foot.Y < feet.Y-1 {
		to, ok := s.landingDown(feet)
		if !ok {
			to = s.foot
		}
		down := map[string]any{"x": float64(to.X) + 0.5, "y": float64(to.Y), "z": float64(to.Z) + 0.5, "range": 0.5}
		if at, tick := whereWhen(r.v); m.tries.allowed(callKey("move_to", down), at, tick) {
			r.add(goalDiamonds, "move_to", down)
			return
		}
		s = nil
	}
	if s == nil || !m.underground(r.v) && s.foot.Y >= feet.Y-1 {
		s = &staircase{top: feet, foot: feet, dimension: dimension(r.v), first: openWay(r.v, feet)}
		m.stairs = s
	}
	depth := min(flightSteps, feet.Y-diamondY)
	for i := range compass {
		way := compass[(s.first+s.flights+i)%len(compass)]
		r.add(goalDiamonds, "mine_down", map[string]any{"depth": depth, "direction": way.name})
	}
}

// openWay is the first way in compass with nothing solid ahead of her at
// her feet and head, in her close view; the first way when none is.
func openWay(v agent.Snapshot, feet game.Pos) int {
	s := solidsOf(v)
	for i, w := range compass {
		if ahead := feet.Add(w.d); s != nil && !s[ahead] && !s[ahead.Add(up1)] {
			return i
		}
	}
	return 0
}

// diamonds goes for the diamonds a diamond pickaxe takes.
func (r *routineBuilder) diamonds() {
	n, d := r.book.Takes("diamond_pickaxe", "diamond"), r.inv["diamond"]
	r.add(goalDiamonds, "find_block", map[string]any{"block": "diamond_ore", "count": n - d})
}

// torchSpot is where a torch lights her mine: on the floor beside her, out
// of her way, or on a stair of her staircase one up beside her (where a
// torch does not bar the way: she walks through it); ok is false when her
// close view shows a torch already, or no such floor is beside her.
func (r *routineBuilder) torchSpot() (anchor game.Pos, ok bool) {
	if r.inv["torch"] == 0 || r.v.Body.Census["torch"]+r.v.Body.Census["wall_torch"] > 0 {
		return game.Pos{}, false
	}
	s := solidsOf(r.v)
	if s == nil {
		return game.Pos{}, false
	}
	feet := r.v.Body.Position.Block()
	for _, rise := range []game.Pos{{}, up1} {
		for _, d := range horizontal {
			if c := feet.Add(d).Add(rise); !s[c] && !s[c.Add(up1)] && s[c.Add(game.Pos{Y: -1})] {
				return c.Add(game.Pos{Y: -1}), true
			}
		}
	}
	return game.Pos{}, false
}

// lightingStairs: on her way down her staircase for diamonds, where a dark
// stair would let monsters rise behind her and come up it to her shelter.
func lightingStairs(m *Model, r *routineBuilder) bool {
	return m.underground(r.v) && m.byStairs(r.v) != nil && diamondsDue(m, r)
}

// lightMine sets a torch down beside her: no monster rises where its light
// reaches.
func (r *routineBuilder) lightMine() {
	if at, ok := r.torchSpot(); ok {
		r.add(goalMineLight, "place_block", map[string]any{"block": "torch", "x": at.X, "y": at.Y, "z": at.Z, "face": "top"})
	}
}

// branch tunnels on along her level to new ground when the diamond ore in
// reach of her is mined out (the find for it held back): a branch of her
// mine, away from the foot of her staircase first (back the way she came
// is ground she has searched), east first of ways as new, another way
// when one is held back in its turn.
func (m *Model) branch(r *routineBuilder) {
	feet := r.v.Body.Position.Block()
	ways := slices.Clone(horizontal)
	if s := m.byStairs(r.v); s != nil && len(s.landings) > 0 {
		out := feet.Sub(s.landings[len(s.landings)-1])
		slices.SortStableFunc(ways, func(a, b game.Pos) int {
			return (b.X*out.X + b.Z*out.Z) - (a.X*out.X + a.Z*out.Z)
		})
	}
	for _, d := range ways {
		to := feet.Add(game.Pos{X: d.X * branchLength, Z: d.Z * branchLength})
		r.add(goalDiamonds, "move_to", map[string]any{"x": float64(to.X) + 0.5, "y": float64(to.Y), "z": float64(to.Z) + 0.5, "range": 1.0})
	}
}
