package practice

import (
	"slices"
	"sort"

	"beaweb/internal/game"
)

// This file holds the part of a build that reaches cells no standing spot
// reaches: a pillar beside them, built and dug back down.

// pillarCells handles the cells no standing spot reached: for each, she
// walks to a column beside it, outside the build where she can, towers up
// on spare blocks (never those the build still needs), does every far cell
// the top reaches, and digs the pillar back down, picking its blocks up.
func (s *buildState) pillarCells() *walkErr {
	a, w := s.a, s.a.w
	// The cells no standing spot reached, and those that had nothing to
	// hold them until the pillar's cells are in, bottom-up.
	pending := s.far
	for _, c := range s.exp.Place() {
		if s.floating[c.Pos] {
			pending = append(pending, c)
		}
	}
	sort.SliceStable(pending, func(i, j int) bool { return pending[i].Y < pending[j].Y })
	s.far = nil
	for len(pending) > 0 {
		c := pending[0]
		if w.land.cellRight(c) {
			pending = pending[1:]
			s.tally(c.Pos)
			continue
		}
		base, ok := w.land.pillarBase(c.Pos, s.exp.Box)
		if !ok {
			a.logf("no spot on the ground beside %s to pillar up from", c)
			s.far = append(s.far, c)
			pending = pending[1:]
			continue
		}
		a.doing = "walking to a pillar spot at " + base.String()
		if err := a.goTo(base, 0, false); err != nil {
			if err == errStopped {
				return err
			}
			a.logf("could not walk to the pillar spot %s for %s: %s", base, c, err.message)
			s.far = append(s.far, c)
			pending = pending[1:]
			continue
		}
		ground := w.bea.feet()
		keep := s.stillNeeded(w.land, pending)
		if err := s.digForPillar(c.Pos.Y-ground.Y-1, keep); err == errStopped {
			return err
		}

		rise, stopped := s.riseFor(c, keep)
		if stopped {
			return errStopped
		}
		a.logf("pillared up %d blocks at %s for %s", rise, ground, c)
		rest, err := s.fromPillarTop(pending)
		if err != nil {
			return err
		}
		if len(rest) == len(pending) {
			s.far = append(s.far, rest[0])
			rest = rest[1:]
		}
		pending = rest
		if err := s.pillarDown(ground); err != nil {
			return err
		}
		a.collectAround(ground, 3)
	}
	return nil
}

// riseFor towers her up on spare blocks (never those in keep) until c is
// within reach or 40 blocks up, and says how far she rose and whether the
// action was stopped.
func (s *buildState) riseFor(c buildCell, keep game.Inventory) (rise int, stopped bool) {
	a, w := s.a, s.a.w
	for !w.bea.reaches(c.Pos) && rise < 40 {
		o := pillarUp(a, 1, "", keep)
		if a.stopped {
			return rise, true
		}
		if !o.result.OK() {
			a.logf("the pillar stopped: %s", o.message)
			break
		}
		rise++
	}
	return rise, false
}

// fromPillarTop does every pending cell she reaches from the top of a
// pillar and returns those she could not; a cell she reaches with nothing
// to hold it is placed against a bridge (scaffoldCell), after which the
// others are tried again, since it may hold them. A cell she did that is
// still wrong goes to the far cells.
func (s *buildState) fromPillarTop(pending []buildCell) ([]buildCell, *walkErr) {
	w := s.a.w
	for {
		rest, err := s.reachedCells(pending)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(rest, func(c buildCell) bool { return w.bea.reaches(c.Pos) && !w.bea.occupies(c.Pos) })
		if i < 0 {
			return rest, nil
		}
		c := rest[i]
		pending = slices.Delete(rest, i, i+1)
		ok, err := s.scaffoldCell(c, s.stillNeeded(w.land, pending))
		if err != nil {
			return nil, err
		}
		if ok {
			s.tally(c.Pos)
		} else {
			s.far = append(s.far, c)
		}
	}
}

// reachedCells does every pending cell she reaches that has something to
// hold it, and returns the others.
func (s *buildState) reachedCells(pending []buildCell) ([]buildCell, *walkErr) {
	a, w := s.a, s.a.w
	var rest []buildCell
	for _, p := range pending {
		if w.land.cellRight(p) {
			s.tally(p.Pos)
			continue
		}
		if !w.bea.reaches(p.Pos) || w.bea.occupies(p.Pos) || p.Block != airBlock && !w.land.supported(p.Pos) {
			rest = append(rest, p) // out of reach, where she stands, or nothing holds it yet
			continue
		}
		if p.Block == airBlock {
			if _, err := a.breakBlock(p.Pos); err == errStopped {
				return nil, err
			}
		} else if w.bea.inv.count(game.BlockKind(p.Block)) == 0 {
			s.missing[game.BlockKind(p.Block)]++
		} else if err := a.put(p.Pos, p.Block); err == errStopped {
			return nil, err
		} else if err != nil {
			a.logf("could not place %s at %s: %s", game.BlockKind(p.Block), p.Pos, err.message)
		}
		if w.land.cellRight(p) {
			s.tally(p.Pos)
		} else {
			s.far = append(s.far, p)
		}
	}
	return rest, nil
}

// pillarDown digs her back down to ground, the pillar's blocks dropping
// for her to pick up.
func (s *buildState) pillarDown(ground game.Pos) *walkErr {
	a, w := s.a, s.a.w
	for w.bea.feet().Y > ground.Y {
		under := w.bea.feet().Add(down1)
		if _, err := a.breakBlock(under); err != nil {
			return err
		}
		if !a.wait(6) {
			return errStopped
		}
	}
	return nil
}

// stillNeeded counts the blocks the cells left still take, which a pillar
// must not spend.
func (s *buildState) stillNeeded(t *terrain, cells []buildCell) game.Inventory {
	keep := game.Inventory{}
	for _, c := range cells {
		if c.Block != airBlock && !t.cellRight(c) {
			keep[game.BlockKind(c.Block)]++
		}
	}
	return keep
}

// pillarBase is a standing spot beside p, the lowest there is (the ground
// rather than the top of what the build has put up, where she may wall
// herself in), and outside the build's footprint where there is one.
func (t *terrain) pillarBase(p game.Pos, box buildBox) (game.Pos, bool) {
	g := t.grid
	inside := func(q game.Pos) bool {
		return q.X >= box.Min.X && q.X <= box.Max.X && q.Z >= box.Min.Z && q.Z <= box.Max.Z
	}
	var best game.Pos
	found := false
	for r := 1; r <= 3; r++ {
		for _, d := range horizontal {
			x, z := p.X+d[0]*r, p.Z+d[1]*r
			y := g.surface(x, z) + 1
			q := game.Pos{X: x, Y: y, Z: z}
			if !g.inside(q) || !g.standable(q.Add(down1)) || !g.passable(q) || !g.passable(q.Add(up1)) || y > p.Y {
				continue
			}
			if !found || q.Y < best.Y || q.Y == best.Y && inside(best) && !inside(q) {
				best, found = q, true
			}
		}
	}
	return best, found
}

// collectAround picks up the items lying within r of p, waiting on each
// for the moment a fresh drop lies before anyone can pick it up.
func (a *act) collectAround(p game.Pos, r float64) {
	w := a.w
	for _, it := range w.ents.near(p.Center(), r, func(e *entity) bool { return e.kind == "item" }) {
		if it.removed {
			continue
		}
		if err := a.goTo(it.pos.Block(), 1, false); err == errStopped {
			return
		}
		for i := 0; i < 15 && !it.removed; i++ {
			if !a.wait(1) {
				return
			}
		}
	}
}
