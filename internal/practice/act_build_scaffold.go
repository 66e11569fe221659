package practice

import (
	"beaweb/internal/game"
)

// This file holds the scaffold of a build: a cell with nothing beside it
// to be placed against (the overhang of a generated house, a ceiling over
// an open room) gets a short bridge of spare blocks from the nearest block
// that holds, the cell's block against the bridge's end, and the bridge
// broken back out, as a player does it.

// maxBridge is the longest bridge a floating cell gets: longer ones are
// left for a later part, whose blocks may hold the cell.
const maxBridge = 6

// bridgeTo is the shortest run of empty cells within her reach that leads
// from a cell that holds a placed block to p, in the order to place them
// (the held end first, p's neighbour last); nil when none is within
// maxBridge cells.
func (w *World) bridgeTo(p game.Pos) []game.Pos {
	usable := func(q game.Pos) bool {
		return q != p && w.grid.inside(q) && game.BuildEmpty(w.grid.name(q)) &&
			!w.bea.occupies(q) && w.bea.reaches(q) && !w.land.claimed(q)
	}
	from := map[game.Pos]game.Pos{}
	frontier := []game.Pos{p}
	for depth := 0; depth < maxBridge && len(frontier) > 0; depth++ {
		var next []game.Pos
		for _, q := range frontier {
			for _, f := range game.Faces {
				d, _ := f.Offset()
				n := q.Add(d)
				if _, seen := from[n]; seen || !usable(n) {
					continue
				}
				from[n] = q
				if w.land.supported(n) {
					var chain []game.Pos
					for c := n; c != p; c = from[c] {
						chain = append(chain, c)
					}
					return chain
				}
				next = append(next, n)
			}
		}
		frontier = next
	}
	return nil
}

// scaffoldCell places c, which nothing holds, against a bridge of spare
// blocks (never those in keep) and breaks the bridge back out. It reports
// whether c is right; err is set only when the action was stopped.
func (s *buildState) scaffoldCell(c buildCell, keep game.Inventory) (bool, *walkErr) {
	a, w := s.a, s.a.w
	if w.bea.inv.count(game.BlockKind(c.Block)) == 0 {
		s.missing[game.BlockKind(c.Block)]++
		return false, nil
	}
	bridge := w.bridgeTo(c.Pos)
	if bridge == nil {
		a.logf("nothing within reach holds %s, and no bridge of %d blocks reaches it", c, maxBridge)
		return false, nil
	}
	var laid []game.Pos
	defer func() { s.unbridge(laid) }()
	need := keep.Clone()
	need[game.BlockKind(c.Block)]++
	for _, q := range bridge {
		item := w.bea.inv.scaffold(w.blocks, "", need)
		if item == "" {
			a.logf("no spare block for a bridge to %s", c)
			return false, nil
		}
		a.doing = "laying a bridge block at " + q.String()
		if err := a.put(q, item); err != nil {
			if err == errStopped {
				return false, err
			}
			a.logf("could not lay a bridge block at %s: %s", q, err.message)
			return false, nil
		}
		laid = append(laid, q)
	}
	a.doing = "placing " + game.BlockKind(c.Block) + " at " + c.Pos.String()
	if err := a.put(c.Pos, c.Block); err != nil {
		if err == errStopped {
			return false, err
		}
		a.logf("could not place %s at %s: %s", game.BlockKind(c.Block), c.Pos, err.message)
	}
	a.logf("placed %s against a bridge of %d block(s)", c, len(bridge))
	return w.land.cellRight(c), nil
}

// unbridge breaks a bridge back out, the last block laid first.
func (s *buildState) unbridge(laid []game.Pos) {
	a := s.a
	for i := len(laid) - 1; i >= 0; i-- {
		if a.stopped {
			return
		}
		a.doing = "breaking the bridge block at " + laid[i].String()
		if _, err := a.breakBlock(laid[i]); err != nil {
			a.logf("could not break the bridge block at %s: %s", laid[i], err.message)
		}
	}
}

// digForPillar digs the ground blocks round her feet (never under the
// build's footprint, never a protected block or a container) until she
// carries enough spare blocks to tower rise blocks up, and waits for their
// drops: a kit of exactly the build's blocks leaves her none to stand on,
// and a player digs a few.
func (s *buildState) digForPillar(rise int, keep game.Inventory) *walkErr {
	a, w := s.a, s.a.w
	box := s.exp.Box
	spare := func() int {
		n := 0
		for item, c := range w.bea.inv.totals() {
			id, known := w.blocks.lookup(item)
			if known && placeable(item) && c > keep[item] {
				if b := w.blocks.info(id); b.solid && !b.gravity && !b.door && !b.container {
					n += c - keep[item]
				}
			}
		}
		return n
	}
	feet := w.bea.feet()
	dug := 0
	for _, d := range horizontal {
		if spare()+dug >= rise {
			break
		}
		q := game.Pos{X: feet.X + d[0], Y: feet.Y - 1, Z: feet.Z + d[1]}
		b := w.grid.info(q)
		if q.X >= box.Min.X && q.X <= box.Max.X && q.Z >= box.Min.Z && q.Z <= box.Max.Z ||
			!b.solid || b.hardness < 0 || b.protected || b.container || b.gravity || !w.grid.passable(q.Add(up1)) || w.land.claimed(q) {
			continue
		}
		a.doing = "digging " + b.name + " to stand on"
		if _, err := a.breakBlock(q); err == errStopped {
			return err
		} else if err == nil {
			dug++
		}
	}
	if dug > 0 && !a.wait(12) { // the drops lie beside her until she can pick them up
		return errStopped
	}
	return nil
}
