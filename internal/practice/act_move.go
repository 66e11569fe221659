package practice

import (
	"math"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func prepMoveTo(w *World, p *params) (runFunc, error) {
	g := w.grid
	x := p.reqFloat("x", float64(g.minX), float64(g.minX+g.sizeX)-0.001)
	y := p.reqFloat("y", minY, minY+height-1)
	z := p.reqFloat("z", float64(g.minZ), float64(g.minZ+g.sizeZ)-0.001)
	rng := p.optFloat("range", 1, 0, 64)
	if p.err != nil {
		return nil, p.err
	}
	target := game.Vec3{X: x, Y: y, Z: z}.Block()
	return func(a *act) outcome { return moveTo(a, target, rng) }, nil
}

// moveTo walks to within rng of target. A range up to 1.5 only forgives
// where she stops; a bigger one is where the plan aims, so she stops as
// soon as she is that close. A walk that ends in a nether portal's cell
// takes her through it, and the answer says where she came out; walking
// through a portal's cell on the way to somewhere else does not.
func moveTo(a *act, target game.Pos, rng float64) outcome {
	w := a.w
	start := w.bea.feet()
	a.doing = "walking to " + target.String()
	aim := rng
	if aim < 1.5 {
		aim = 0
	}
	err := a.goTo(target, aim, true)
	if err != nil && rng > 0 && rng <= 1.5 && w.bea.feet().Center().Dist(target.Center()) <= rng {
		err = nil
	}
	if err != nil {
		return err.outcome()
	}
	here := w.bea.feet()
	if pt := w.land.portalAt(here); pt != nil {
		return travel(a, pt)
	}
	walked := math.Round(start.Center().Dist(here.Center()))
	return succeed("you are at %s, %.1f blocks from %s (walked about %.0f blocks)", here, here.Center().Dist(target.Center()), target, walked)
}

func prepStop(w *World, p *params) (runFunc, error) {
	return func(a *act) outcome {
		if stopped := w.hands.interrupt(protocol.ReasonStopped); stopped != nil {
			return succeed("you stopped %s", stopped.action)
		}
		return succeed("you were not doing anything; you stand still")
	}, nil
}
