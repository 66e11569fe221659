package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// A staircase down (mine_down with a direction) is the safe way to depth a
// player takes: a shaft drops her onto whatever lies under it, lava or a
// cave, while each step of a staircase is looked at before she takes it,
// and she can walk back up it. Each step digs the three cells ahead of her
// (head height, eye height and the step one down) and never the block she
// stands on.

// stairDigTries is how often she digs a cell again when sand or gravel
// falls into it.
const stairDigTries = 8

// digStairs digs a 1-wide staircase depth steps down in direction dir.
func digStairs(a *act, depth int, dir game.Face) outcome {
	w := a.w
	d, _ := dir.Offset()
	start := w.bea.feet()
	end := func(done int, why string) outcome {
		at := w.bea.feet()
		if why == "" {
			return succeed("dug a staircase %d steps %s from y=%d to y=%d; you stand at %s", done, dir, start.Y, at.Y, at)
		}
		if done == 0 {
			return fail(protocol.Failure, "you did not dig a staircase %s from %s: %s", dir, at, why)
		}
		return fail(protocol.Failure, "dug %d of %d steps %s (from y=%d to y=%d), then stopped at %s: %s", done, depth, dir, start.Y, at.Y, at, why)
	}
	for i := 0; i < depth; i++ {
		feet := w.bea.feet()
		if feet.Y <= minY+1 {
			return end(i, "you are at the bottom of the world")
		}
		step := feet.Add(d).Add(down1)
		if why, stopped := a.clearStairAround(feet, d); stopped || why != "" {
			if stopped {
				return errStopped.outcome()
			}
			return end(i, why)
		}
		a.doing = fmt.Sprintf("digging a staircase %s (%d/%d)", dir, i, depth)
		for _, c := range []game.Pos{feet.Add(d).Add(up1), feet.Add(d), step} {
			if err := a.digStairCell(c); err != nil {
				if err == errStopped {
					return err.outcome()
				}
				return end(i, err.message)
			}
		}
		if !a.wait(ticksFlat + 3) {
			return errStopped.outcome()
		}
		w.bea.placeAt(step)
	}
	return end(depth, "")
}

// stairCells are the cells of one step: the three she opens ahead, the
// floor of the next step, and the two she stands in now.
func stairCells(feet, d game.Pos) (open []game.Pos, floor game.Pos, own map[game.Pos]bool) {
	step := feet.Add(d).Add(down1)
	open = []game.Pos{feet.Add(d).Add(up1), feet.Add(d), step}
	floor = step.Add(down1)
	own = map[game.Pos]bool{feet: true, feet.Add(up1): true, floor: true}
	for _, c := range open {
		own[c] = true
	}
	return open, floor, own
}

// clearStairAround looks at the next step before she digs it. Lava, water
// or fire in a cell she would open, or a drop of two or more under it,
// stops her (why). Liquid beside those cells, which would pour in, and
// liquid or a one-block hole where the step's floor should be she covers
// with a block she carries; without one that too stops her. stopped is
// true when the action was stopped.
func (a *act) clearStairAround(feet, d game.Pos) (why string, stopped bool) {
	g := a.w.grid
	open, floor, own := stairCells(feet, d)
	for _, c := range open {
		if n := g.name(c); n == "lava" || n == "water" || n == "fire" {
			return fmt.Sprintf("%s at %s is in the way of your next step", n, c), false
		}
		if b := g.info(c); b.hardness < 0 && !g.passable(c) {
			return fmt.Sprintf("%s at %s cannot be broken", b.name, c), false
		}
		if g.info(c).protected && !g.passable(c) { // a torch she set there stays: she walks through it
			return fmt.Sprintf("%s at %s is a block you never break", g.name(c), c), false
		}
	}
	if g.passable(floor) && !g.info(floor).liquid && g.passable(floor.Add(down1)) {
		return fmt.Sprintf("an open drop under your next step at %s", floor), false
	}
	for _, c := range open {
		for _, f := range game.Faces {
			o, _ := f.Offset()
			if n := c.Add(o); !own[n] && g.info(n).liquid {
				if why, stopped := a.coverStair(n, "beside your next step"); stopped || why != "" {
					return why, stopped
				}
			}
		}
	}
	if !g.standable(floor) || g.info(floor).liquid {
		return a.coverStair(floor, "under your next step")
	}
	return "", false
}

// coverStair puts a block she carries into p (liquid or air), so that her
// staircase neither floods nor gapes; why says what stopped her.
func (a *act) coverStair(p game.Pos, where string) (why string, stopped bool) {
	w := a.w
	what := w.grid.name(p)
	if what == "air" || w.grid.passable(p) && !w.grid.info(p).liquid {
		what = "a hole"
	}
	if !w.land.replaceable(p) {
		return fmt.Sprintf("%s at %s %s cannot carry you", what, p, where), false
	}
	item := w.bea.inv.scaffold(w.blocks, "", nil)
	if item == "" {
		return fmt.Sprintf("%s at %s %s, and you have no block to cover it", what, p, where), false
	}
	w.bea.inv.holdItem(item)
	a.face(p.Center())
	a.doing = fmt.Sprintf("covering %s at %s", what, p)
	if !a.wait(6) {
		return "", true
	}
	w.grid.set(p, w.blocks.id(item))
	w.bea.inv.remove(item, 1)
	a.logf("covered %s at %s with %s", what, p, item)
	return "", false
}

// digStairCell breaks c until it is open: sand or gravel above falls in.
func (a *act) digStairCell(c game.Pos) *walkErr {
	g := a.w.grid
	for try := 0; try < stairDigTries && !g.passable(c); try++ {
		if _, err := a.breakBlock(c); err != nil {
			return err
		}
	}
	if !g.passable(c) {
		return &walkErr{result: protocol.Failure, message: fmt.Sprintf("%s at %s kept falling in", g.name(c), c)}
	}
	return nil
}
