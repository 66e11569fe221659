package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// eyeAt is where her eyes are when her feet stand in p.
func eyeAt(p game.Pos) game.Vec3 { return addVec(p.Center(), 0, 1.62, 0) }

// blockCenter is the middle of a block.
func blockCenter(p game.Pos) game.Vec3 { return addVec(p.Center(), 0, 0.5, 0) }

// firstBlocker walks the segment from eye to the face of p that opens onto
// face and returns the first solid cell on the way that is not p itself.
func (t *terrain) firstBlocker(eye game.Vec3, p game.Pos, face game.Pos) (game.Pos, bool) {
	target := addVec(blockCenter(p), float64(face.X)*0.45, float64(face.Y)*0.45, float64(face.Z)*0.45)
	d := target.Dist(eye)
	steps := int(d/0.1) + 1
	last := game.Pos{X: 1 << 30}
	for i := 0; i <= steps; i++ {
		f := float64(i) / float64(steps)
		c := game.Vec3{X: eye.X + (target.X-eye.X)*f, Y: eye.Y + (target.Y-eye.Y)*f, Z: eye.Z + (target.Z-eye.Z)*f}.Block()
		if c == last || c == p {
			continue
		}
		last = c
		b := t.grid.info(c)
		if b.solid && !(b.door && t.grid.isOpen(c)) && !b.tall {
			return c, true
		}
	}
	return game.Pos{}, false
}

// sees reports whether an eye at eye sees a face of p within reach: the
// face opens onto a cell that is not solid and nothing solid stands on the
// line to it, the way a player's crosshair finds a block.
func (t *terrain) sees(eye game.Vec3, p game.Pos) bool {
	if eye.Dist(blockCenter(p)) > reachDistance+0.9 {
		return false
	}
	for _, f := range game.Faces {
		d, _ := f.Offset()
		if n := t.grid.info(p.Add(d)); n.solid && !(n.door && t.grid.isOpen(p.Add(d))) {
			continue
		}
		target := addVec(blockCenter(p), float64(d.X)*0.5, float64(d.Y)*0.5, float64(d.Z)*0.5)
		if eye.Dist(target) > reachDistance {
			continue
		}
		if _, blocked := t.firstBlocker(eye, p, d); !blocked {
			return true
		}
	}
	return false
}

// approach walks to a standing spot from which she sees p within reach.
// With dig, a block with no such spot (buried ore) is dug towards and
// uncovered instead. It returns nil once she can touch p.
func (a *act) approach(p game.Pos, dig bool) *walkErr {
	w := a.w
	if w.land.sees(w.bea.eye(), p) && !w.bea.occupies(p) {
		return nil
	}
	a.doing = fmt.Sprintf("walking to %s at %s", w.grid.name(p), p)
	q := pathQuery{start: w.bea.feet(), target: p, rng: reachDistance + 1.7, guided: true,
		goal: func(n game.Pos) bool { return n != p && n.Add(up1) != p && w.land.sees(eyeAt(n), p) }}
	if res := w.findPath(q); res.found {
		a.logf("planned %d steps to see %s (%d nodes)", len(res.steps), p, res.nodes)
		if err := a.follow(res.steps); err == errStopped {
			return err
		}
		if w.land.sees(w.bea.eye(), p) && !w.bea.occupies(p) {
			return nil
		}
	}
	if !dig {
		if err := a.goTo(p, 3, false); err == errStopped {
			return err
		}
		if w.land.sees(w.bea.eye(), p) && !w.bea.occupies(p) {
			return nil
		}
		return &walkErr{result: protocol.Failure, message: fmt.Sprintf("you found no spot to walk to from which you can see %s at %s", w.grid.name(p), p)}
	}
	if err := a.goTo(p, 3, true); err != nil && !w.bea.reaches(p) {
		return err
	}
	return a.uncover(p)
}

// uncover breaks what stands between her eyes and p, since she mines only
// what she can see: leaves, dirt or grass in the way go first. A block she
// must not break in the way ends it.
func (a *act) uncover(p game.Pos) *walkErr {
	w := a.w
	for i := 0; i < 6; i++ {
		if w.land.sees(w.bea.eye(), p) {
			return nil
		}
		if !w.bea.reaches(p) {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("%s at %s is out of your reach", w.grid.name(p), p)}
		}
		// The ray to the face nearest her eyes.
		eye := w.bea.eye()
		var face game.Pos
		best := -1.0
		for _, f := range game.Faces {
			d, _ := f.Offset()
			if dist := eye.Dist(blockCenter(p.Add(d))); best < 0 || dist < best {
				face, best = d, dist
			}
		}
		c, blocked := w.land.firstBlocker(eye, p, face)
		if !blocked {
			c = p.Add(face) // the face itself is covered
		}
		b := w.grid.info(c)
		if b.protected || b.hardness < 0 || b.liquid || !w.grid.inside(c) || w.land.claimed(c) {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("%s at %s is in the way, and you never break that", b.name, c)}
		}
		if _, err := a.breakBlock(c); err != nil {
			return err
		}
	}
	if w.land.sees(w.bea.eye(), p) {
		return nil
	}
	return &walkErr{result: protocol.Failure, message: fmt.Sprintf("you could not uncover %s at %s", w.grid.name(p), p)}
}
