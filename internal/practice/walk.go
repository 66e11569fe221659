package practice

import (
	"fmt"
	"math"
	"slices"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Ticks a step takes: she walks about 4.3 blocks a second, slower through
// water and when she jumps.
const (
	ticksFlat     = 5
	ticksDiagonal = 7
	ticksUp       = 7
	ticksSwim     = 10
	ticksDoor     = 4
	nodesPerTick  = 1500
)

// walkErr says why a walk ended short of its goal.
type walkErr struct {
	result  protocol.Result
	message string
}

func (e *walkErr) Error() string { return e.message }

func (e *walkErr) outcome() outcome { return outcome{result: e.result, message: e.message} }

// errStopped is the walk's way of saying the action was stopped; the
// answer then comes from whoever stopped it.
var errStopped = &walkErr{result: protocol.Interrupted, message: "stopped"}

// goTo plans and walks to within rng blocks of target: first a way that
// breaks nothing, and only when there is none (and dig allows) a way that
// digs. A walk that stops gaining ground steps aside once and plans again
// before it gives up. It returns nil once she is there.
func (a *act) goTo(target game.Pos, rng float64, dig bool) *walkErr {
	return a.walkTo(target, rng, dig, 0, false)
}

// goToClimbing walks without digging, and where no step leads up she
// climbs on the dirt or stone she carries, a block under her feet at a
// time, as the body's pathfinder towers: for walks to a player, who may
// stand where no slope goes.
func (a *act) goToClimbing(target game.Pos, rng float64) *walkErr {
	return a.walkTo(target, rng, false, 0, true)
}

// goToWithin walks without digging, with a small search: for short errands
// such as picking up a drop, where a long search is not worth its time.
func (a *act) goToWithin(target game.Pos, rng float64, maxNodes int) *walkErr {
	return a.walkTo(target, rng, false, maxNodes, false)
}

func (a *act) walkTo(target game.Pos, rng float64, dig bool, maxNodes int, climb bool) *walkErr {
	w := a.w
	steppedAside := false
	for attempt := 0; attempt < 8; attempt++ {
		start := w.bea.feet()
		if start.Center().Dist(target.Center()) <= rng+1e-9 {
			return nil
		}
		q := pathQuery{start: start, target: target, rng: rng, maxNodes: maxNodes}
		res := w.findPath(q)
		mode := "walk"
		if !res.found && climb {
			if n := w.bea.inv.towerBlocks(); n > 0 {
				tq := q
				tq.towers = min(n, maxTowers)
				if r2 := w.findPath(tq); r2.found {
					res, mode = r2, "climb"
				}
			}
		}
		if !res.found && dig {
			q.dig, q.maxNodes = true, 0
			if r2 := w.findPath(q); r2.found {
				res, mode = r2, "dig"
			}
		}
		if !res.found {
			if res.closest != start && res.closest.Center().Dist(target.Center()) < start.Center().Dist(target.Center())-1 {
				q.target, q.rng, q.dig = res.closest, 0, false
				part := w.findPath(q)
				if part.found {
					a.logf("no way all the way to %s; walking to the closest spot %s", target, res.closest)
					if err := a.follow(part.steps); err == errStopped {
						return err
					}
				}
			}
			here := w.bea.feet()
			how := "walking"
			if dig {
				how = "walking or digging"
			}
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf(
				"you found no way %s to %s; the closest you got is %s, %.1f blocks away",
				how, target, here, here.Center().Dist(target.Center()))}
		}
		a.logf("planned %d steps to %s (%s, %d nodes)", len(res.steps), target, mode, res.nodes)
		// The mod works a long search at 1,500 nodes a tick; she stands
		// still for as long as it would have taken.
		if !a.wait(res.nodes / nodesPerTick) {
			return errStopped
		}
		err := a.follow(res.steps)
		if err == nil {
			continue // the loop checks arrival
		}
		if err == errStopped {
			return err
		}
		if err.result == protocol.FailProtected || err.result == protocol.FailInventoryFull {
			return err
		}
		if !steppedAside {
			steppedAside = true
			a.logf("%s; stepping aside and planning again", err.message)
			if a.stepAside() == errStopped {
				return errStopped
			}
			continue
		}
		a.logf("%s; planning again", err.message)
	}
	here := w.bea.feet()
	return &walkErr{result: protocol.Failure, message: fmt.Sprintf(
		"you stopped gaining ground on the way to %s; you are at %s, %.1f blocks away",
		target, here, here.Center().Dist(target.Center()))}
}

// stepAside moves her one block to any open side.
func (a *act) stepAside() *walkErr {
	w := a.w
	p := w.bea.feet()
	for _, d := range horizontal[:4] {
		q := game.Pos{X: p.X + d[0], Y: p.Y, Z: p.Z + d[1]}
		if w.grid.passable(q) && w.grid.passable(q.Add(up1)) && w.grid.standable(q.Add(down1)) {
			if !a.wait(ticksFlat) {
				return errStopped
			}
			w.bea.placeAt(q)
			return nil
		}
	}
	return nil
}

// follow walks a planned path step by step, breaking what a dig step
// breaks, opening closed doors on the way and shutting each once she is two
// blocks past it and the path does not come back through it. A step the
// world has closed since the plan ends the walk, so the caller plans again.
func (a *act) follow(steps []pathStep) *walkErr {
	w := a.w
	type opened struct {
		pos  game.Pos
		step int
	}
	var doors []opened
	shut := func(i int) {
		kept := doors[:0]
		for _, d := range doors {
			later := slices.ContainsFunc(steps[min(i+1, len(steps)):], func(s pathStep) bool {
				return s.to == d.pos || s.to.Add(up1) == d.pos
			})
			if i-d.step >= 2 && !later && w.grid.info(d.pos).door && w.grid.isOpen(d.pos) {
				w.grid.setDoor(d.pos, false)
				a.logf("shut the door at %s behind you", d.pos)
				continue
			}
			kept = append(kept, d)
		}
		doors = kept
	}
	defer func() {
		for _, d := range doors {
			if w.grid.info(d.pos).door && w.grid.isOpen(d.pos) {
				a.logf("left the door at %s open", d.pos)
			}
		}
	}()
	for i, st := range steps {
		if st.kind == moveTower {
			if err := a.towerStep(st); err != nil {
				return err
			}
			continue
		}
		if err := a.digStep(st); err != nil {
			return err
		}
		for _, c := range []game.Pos{st.to, st.to.Add(up1)} {
			if b := w.grid.info(c); b.door && !w.grid.isOpen(c) {
				a.face(c.Center())
				if !a.wait(ticksDoor) {
					return errStopped
				}
				w.grid.setDoor(c, true)
				a.logf("opened the door at %s", c)
				doors = append(doors, opened{pos: c, step: i})
			}
		}
		from := w.bea.feet()
		ticks := stepTicks(from, st)
		if st.kind == moveUp {
			w.bea.exert(0.05)
		}
		a.face(st.to.Center())
		if !a.wait(ticks) {
			return errStopped
		}
		if !w.grid.walkable(st.to) || !w.grid.walkable(st.to.Add(up1)) || (st.kind != moveSwim && st.kind != moveDown &&
			!w.grid.standable(st.to.Add(down1)) && !w.grid.info(st.to).liquid) {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("the way at %s is no longer open", st.to)}
		}
		if here := w.bea.feet(); here != from && here != st.to {
			// Something moved her (a blow, a fall): the plan no longer holds.
			return &walkErr{result: protocol.Failure, message: "you were moved off your path"}
		}
		w.bea.placeAt(st.to)
		w.bea.exert(0.01)
		shut(i)
	}
	return nil
}

// towerStep jumps and puts a block from her scaffolding under her feet.
func (a *act) towerStep(st pathStep) *walkErr {
	w := a.w
	if w.bea.feet().Add(up1) != st.to {
		return &walkErr{result: protocol.Failure, message: "you were moved off your path"}
	}
	item := w.bea.inv.towerBlock()
	if item == "" {
		return &walkErr{result: protocol.Failure, message: "you ran out of blocks to climb on"}
	}
	o := pillarUp(a, 1, item, nil)
	if a.stopped {
		return errStopped
	}
	if !o.result.OK() {
		return &walkErr{result: protocol.Failure, message: o.message}
	}
	return nil
}

// digStep breaks what a dig step breaks; a protected block in the way
// ends the walk.
func (a *act) digStep(st pathStep) *walkErr {
	g := a.w.grid
	for _, c := range st.dig {
		if g.passable(c) {
			continue
		}
		if g.info(c).protected {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("the way is blocked by %s at %s, which you never break", g.name(c), c)}
		}
		if _, err := a.breakBlock(c); err != nil {
			return err
		}
	}
	return nil
}

// stepTicks is how long a step from from takes.
func stepTicks(from game.Pos, st pathStep) int {
	switch {
	case st.kind == moveSwim:
		return ticksSwim
	case st.kind == moveUp:
		return ticksUp
	case st.kind == moveDown:
		return ticksFlat + (from.Y-st.to.Y)*2
	case from.X != st.to.X && from.Z != st.to.Z:
		return ticksDiagonal
	}
	return ticksFlat
}

// placeAt puts her feet in p.
func (b *body) placeAt(p game.Pos) {
	c := p.Center()
	b.pos = c
}

// face turns her towards a point.
func (a *act) face(p game.Vec3) { a.w.bea.lookAt(p) }

// lookAt turns her eyes towards a point; yaw 0 is south, 90 west.
func (b *body) lookAt(p game.Vec3) {
	e := b.eye()
	dx, dy, dz := p.X-e.X, p.Y-e.Y, p.Z-e.Z
	if dx == 0 && dz == 0 && dy == 0 {
		return
	}
	yaw := math.Atan2(-dx, dz) * 180 / math.Pi
	if yaw < 0 {
		yaw += 360
	}
	b.yaw = yaw
	b.pitch = -math.Atan2(dy, math.Hypot(dx, dz)) * 180 / math.Pi
}

// reachDistance is how far her hand reaches from her eyes.
const reachDistance = 4.5

// reaches reports whether she can touch the block p from where she stands.
func (b *body) reaches(p game.Pos) bool {
	return b.eye().Dist(addVec(p.Center(), 0, 0.5, 0)) <= reachDistance
}

// Add returns v moved by the given amounts.
func addVec(v game.Vec3, x, y, z float64) game.Vec3 {
	return game.Vec3{X: v.X + x, Y: v.Y + y, Z: v.Z + z}
}
