package practice

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func prepBuild(w *World, p *params) (runFunc, error) {
	raw, err := json.Marshal(p.m)
	if err != nil {
		return nil, fmt.Errorf("the build arguments could not be read: %v", err)
	}
	args, err := readBuildArgs(raw)
	if err != nil {
		return nil, err
	}
	exp, err := expandBuild(args)
	if err != nil {
		return nil, err
	}
	b := exp.Box
	if !w.grid.inside(b.Min) || !w.grid.inside(b.Max) {
		return nil, fmt.Errorf("the build spans %s to %s, which reaches outside the practice world (x from %d to %d, y from %d to %d, z from %d to %d)",
			b.Min, b.Max, w.grid.minX, w.grid.minX+w.grid.sizeX-1, minY, minY+height-1, w.grid.minZ, w.grid.minZ+w.grid.sizeZ-1)
	}
	return func(a *act) outcome { return build(a, exp) }, nil
}

// buildState is what a build has done so far.
type buildState struct {
	a         *act // the build's job
	exp       *buildPlan
	total     int
	done      int
	missing   map[string]int // blocks she ran out of
	protected []buildCell
	inWay     []buildCell
	floating  map[game.Pos]bool
	counted   map[game.Pos]bool
	second    map[game.Pos]bool // upper halves of doors, heads of beds: placed with the first half
	bedFacing map[game.Pos]string
	far       []buildCell // cells no standing spot reached
}

// build empties the cells meant to be air (top-down, never a protected
// block), then places the rest bottom-up from what already holds them,
// walking where it must; a cell no standing spot reaches gets a pillar,
// which she digs back down afterwards. It answers with every cell still
// wrong and every block it ran out of.
func build(a *act, exp *buildPlan) outcome {
	w := a.w
	s := &buildState{a: a, exp: exp, total: len(exp.Cells), missing: map[string]int{}, floating: map[game.Pos]bool{}, counted: map[game.Pos]bool{}}
	a.progress(0, s.total, "starting a build of %d cells", s.total)
	for _, p := range exp.Clear {
		if err := s.clearCell(p); err == errStopped {
			return err.outcome()
		}
	}
	place := exp.Place()
	s.second, s.bedFacing = secondHalves(place)
	for pass := 0; pass < 2; pass++ {
		for _, c := range place {
			if err := s.placeCell(c, pass == 1); err == errStopped {
				return err.outcome()
			}
		}
	}
	if len(s.far) > 0 || len(s.floating) > 0 {
		if err := s.pillarCells(); err == errStopped {
			return err.outcome()
		}
	}
	return s.answer(w.land)
}

// secondHalves finds the cells a two-cell block fills by itself: a door's
// upper half over its lower one, a bed's head beside its foot.
// A bed cell without a facing is paired with a neighbour of the same bed,
// and faces from the first of the two towards the second.
func secondHalves(cells []buildCell) (second map[game.Pos]bool, bedFacing map[game.Pos]string) {
	kinds := make(map[game.Pos]string, len(cells))
	for _, c := range cells {
		kinds[c.Pos] = game.BlockKind(c.Block)
	}
	second, bedFacing = map[game.Pos]bool{}, map[game.Pos]string{}
	for _, c := range cells {
		k := kinds[c.Pos]
		if second[c.Pos] {
			continue
		}
		switch {
		case strings.HasSuffix(k, "_door") && kinds[c.Pos.Add(up1)] == k:
			second[c.Pos.Add(up1)] = true
		case strings.HasSuffix(k, "_bed"):
			_, state, _ := strings.Cut(strings.TrimSuffix(c.Block, "]"), "[")
			if off, ok := game.Face(stateValue(state, "facing")).Offset(); ok {
				if kinds[c.Pos.Add(off)] == k {
					second[c.Pos.Add(off)] = true
				}
				continue
			}
			for _, f := range []game.Face{game.FaceEast, game.FaceSouth, game.FaceWest, game.FaceNorth} {
				off, _ := f.Offset()
				if n := c.Pos.Add(off); kinds[n] == k && !second[n] {
					second[n] = true
					bedFacing[c.Pos] = string(f)
					break
				}
			}
		}
	}
	return second, bedFacing
}

// cellRight reports whether a cell already holds what the build wants.
func (t *terrain) cellRight(c buildCell) bool {
	have := t.grid.name(c.Pos)
	if c.Block == airBlock {
		return game.BuildEmpty(have)
	}
	return game.BuildSatisfied(c.Block, have)
}

// tally counts a cell done, once, and reports progress every ten.
func (s *buildState) tally(p game.Pos) {
	if s.counted[p] {
		return
	}
	s.counted[p] = true
	s.done++
	if s.done%10 == 0 {
		s.a.progress(s.done, s.total, "%d/%d cells done", s.done, s.total)
	}
}

// clearCell empties one cell that must be air.
func (s *buildState) clearCell(p game.Pos) *walkErr {
	a, w := s.a, s.a.w
	have := w.grid.name(p)
	if game.BuildEmpty(have) {
		return nil
	}
	if game.BuildProtected(have) || w.grid.info(p).hardness < 0 {
		s.protected = append(s.protected, buildCell{Pos: p, Block: have})
		return nil
	}
	if err := a.reachCell(p); err != nil {
		if err == errStopped {
			return err
		}
		s.far = append(s.far, buildCell{Pos: p, Block: airBlock})
		return nil
	}
	a.doing = fmt.Sprintf("clearing %s at %s", have, p)
	if _, err := a.breakBlock(p); err != nil {
		if err.result == protocol.FailProtected {
			s.protected = append(s.protected, buildCell{Pos: p, Block: have})
			return nil
		}
		return err
	}
	if game.BuildEmpty(w.grid.name(p)) {
		s.tally(p)
	}
	return nil
}

// reachCell walks to a standing spot, never the cell itself, from which
// she sees p within reach; a buried cell (a block to break and replace
// under ground the build keeps) only needs to be within reach.
func (a *act) reachCell(p game.Pos) *walkErr {
	w := a.w
	err := a.approach(p, false)
	if err == nil || err == errStopped {
		return err
	}
	q := pathQuery{start: w.bea.feet(), target: p, rng: reachDistance + 1.7, guided: true,
		goal: func(n game.Pos) bool {
			return n != p && n.Add(up1) != p && eyeAt(n).Dist(blockCenter(p)) <= reachDistance
		}}
	if res := w.findPath(q); res.found {
		if e := a.follow(res.steps); e == errStopped {
			return e
		}
	}
	if w.bea.reaches(p) && !w.bea.occupies(p) {
		return nil
	}
	return err
}

// footprint is every cell a block placed in p fills: both halves of a
// door, both of a bed.
func footprint(p game.Pos, block string) []game.Pos {
	kind, state, _ := strings.Cut(strings.TrimSuffix(block, "]"), "[")
	switch {
	case strings.HasSuffix(kind, "_door"):
		return []game.Pos{p, p.Add(up1)}
	case strings.HasSuffix(kind, "_bed"):
		if off, ok := game.Face(stateValue(state, "facing")).Offset(); ok {
			return []game.Pos{p, p.Add(off)}
		}
	}
	return []game.Pos{p}
}

// standClear moves her, when she stands where the block will go, to a spot
// within reach of p that overlaps none of its cells.
func (a *act) standClear(p game.Pos, block string) *walkErr {
	w := a.w
	cells := footprint(p, block)
	overlaps := func(n game.Pos) bool {
		for _, c := range cells {
			if n == c || n.Add(up1) == c {
				return true
			}
		}
		return false
	}
	if !overlaps(w.bea.feet()) {
		return nil
	}
	return a.moveWithin(p, overlaps, fmt.Sprintf("placement_overlaps_agent: you stand where %s goes and found no spot beside it", game.BlockKind(block)))
}

// standOff moves her, when the block she stands on is p, to a spot within
// reach of p that stands on something else: breaking p to replace it would
// drop her into the cell the build is about to fill.
func (a *act) standOff(p game.Pos) *walkErr {
	if a.w.bea.feet().Add(down1) != p {
		return nil
	}
	on := func(n game.Pos) bool { return n.Add(down1) == p || n == p || n.Add(up1) == p }
	return a.moveWithin(p, on, fmt.Sprintf("you stand on %s at %s and found no spot beside it", a.w.grid.name(p), p))
}

// moveWithin walks her to the nearest spot within reach of p that is not
// bad; failing says why.
func (a *act) moveWithin(p game.Pos, bad func(game.Pos) bool, why string) *walkErr {
	w := a.w
	q := pathQuery{start: w.bea.feet(), target: p, rng: reachDistance + 1.7, guided: true,
		goal: func(n game.Pos) bool { return !bad(n) && eyeAt(n).Dist(blockCenter(p)) <= reachDistance }}
	res := w.findPath(q)
	if !res.found {
		return &walkErr{result: protocol.Failure, message: why}
	}
	return a.follow(res.steps)
}

// supported reports whether a placed block in p has something beside it to
// be placed against.
func (t *terrain) supported(p game.Pos) bool {
	for _, f := range game.Faces {
		d, _ := f.Offset()
		b := t.grid.info(p.Add(d))
		if b.solid && !(b.door && t.grid.isOpen(p.Add(d))) {
			return true
		}
	}
	return false
}

// placeCell puts one cell's block, clearing what stands in its way when
// the build says clear. On the first pass a cell with nothing to hold it
// waits for the second.
func (s *buildState) placeCell(c buildCell, last bool) *walkErr {
	a, w := s.a, s.a.w
	if w.land.cellRight(c) {
		delete(s.floating, c.Pos)
		s.tally(c.Pos)
		return nil
	}
	if last && !s.floating[c.Pos] || s.second[c.Pos] {
		return nil // tried and failed on the first pass already, or comes with its first half
	}
	if ready, err := s.makeRoom(c, c.Pos); !ready {
		return err
	}
	kind := game.BlockKind(c.Block)
	if w.bea.inv.count(kind) == 0 {
		s.missing[kind]++
		return nil
	}
	if !w.land.supported(c.Pos) {
		if !last {
			s.floating[c.Pos] = true
		}
		return nil
	}
	if err := a.reachCell(c.Pos); err != nil {
		if err == errStopped {
			return err
		}
		s.far = append(s.far, c)
		delete(s.floating, c.Pos)
		return nil
	}
	a.doing = fmt.Sprintf("placing %s at %s", kind, c.Pos)
	block := c.Block
	if f := s.bedFacing[c.Pos]; f != "" {
		block = kind + "[facing=" + f + "]"
	}
	// The second half's cell must be empty too.
	for _, other := range footprint(c.Pos, block)[1:] {
		if ready, err := s.makeRoom(c, other); !ready {
			return err
		}
	}
	if err := a.standClear(c.Pos, block); err != nil {
		if err == errStopped {
			return err
		}
		s.far = append(s.far, c)
		delete(s.floating, c.Pos)
		return nil
	}
	if err := a.put(c.Pos, block); err != nil {
		if err == errStopped {
			return err
		}
		a.logf("could not place %s at %s: %s", kind, c.Pos, err.message)
		return nil
	}
	delete(s.floating, c.Pos)
	s.tally(c.Pos)
	return nil
}

// makeRoom empties p, the cell of c or the other half of its block, when
// something stands there and the build says clear. It reports whether p is
// ready for the block; when it is not, the cell is noted as protected, in
// the way or out of reach and err is nil, unless the build must stop.
func (s *buildState) makeRoom(c buildCell, p game.Pos) (ready bool, err *walkErr) {
	a, w := s.a, s.a.w
	have := w.grid.name(p)
	if game.BuildEmpty(have) {
		return true, nil
	}
	first := p == c.Pos
	switch {
	case first && (game.BuildProtected(have) || w.grid.info(p).hardness < 0):
		s.protected = append(s.protected, buildCell{Pos: p, Block: have})
		return false, nil
	case first && !s.exp.ClearInWay:
		s.inWay = append(s.inWay, buildCell{Pos: p, Block: have})
		return false, nil
	case !first && (game.BuildProtected(have) || !s.exp.ClearInWay || w.grid.info(p).hardness < 0):
		s.inWay = append(s.inWay, buildCell{Pos: p, Block: have})
		return false, nil
	}
	if err := a.reachCell(p); err != nil {
		if err == errStopped {
			return false, err
		}
		s.far = append(s.far, c)
		return false, nil
	}
	if first {
		if err := a.standOff(p); err != nil {
			if err == errStopped {
				return false, err
			}
			s.far = append(s.far, c)
			return false, nil
		}
	}
	if _, err := a.breakBlock(p); err != nil {
		if first && err.result != protocol.FailProtected || !first && err == errStopped {
			return false, err
		}
		s.protected = append(s.protected, buildCell{Pos: p, Block: have})
		return false, nil
	}
	return true, nil
}

// answer names every cell still wrong and every block she ran out of.
func (s *buildState) answer(t *terrain) outcome {
	var wrong []buildCell
	for _, c := range s.exp.Cells {
		if !t.cellRight(c) {
			wrong = append(wrong, c)
		}
	}
	right := len(s.exp.Cells) - len(wrong)
	data := protocol.BuildData{Cells: len(s.exp.Cells), Right: right, Wrong: buildCells(wrong), Missing: s.missing, Protected: buildCells(s.protected)}
	if len(wrong) == 0 {
		return succeed("built all %d cells from %s to %s", len(s.exp.Cells), s.exp.Box.Min, s.exp.Box.Max).with(data)
	}
	var parts []string
	if len(s.missing) > 0 {
		var ms []string
		for _, k := range sortedNames(game.Inventory(s.missing)) {
			ms = append(ms, fmt.Sprintf("%d %s", s.missing[k], k))
		}
		parts = append(parts, "you ran out of "+joinAnd(ms))
	}
	if len(s.protected) > 0 {
		parts = append(parts, fmt.Sprintf("%d protected block(s) you never break stand in cells (%s)", len(s.protected), cellList(s.protected, 4)))
	}
	if len(s.inWay) > 0 {
		parts = append(parts, fmt.Sprintf("%d block(s) stand in the way and clear is false (%s)", len(s.inWay), cellList(s.inWay, 4)))
	}
	sort.SliceStable(wrong, func(i, j int) bool { return wrong[i].Y < wrong[j].Y })
	msg := fmt.Sprintf("built %d of %d cells; %d still wrong: %s", right, len(s.exp.Cells), len(wrong), cellList(wrong, 12))
	if len(parts) > 0 {
		msg += "; " + strings.Join(parts, "; ")
	}
	msg += "; send the same build again to carry on"
	return fail(protocol.Failure, "%s", msg).with(data)
}

// cellList renders up to n cells, saying how many more there are.
func cellList(cells []buildCell, n int) string {
	var parts []string
	for i, c := range cells {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more", len(cells)-n))
			break
		}
		parts = append(parts, c.String())
	}
	return strings.Join(parts, ", ")
}

// buildCells is cells as a build answer's data lists them.
func buildCells(cells []buildCell) []protocol.BuildCell {
	out := make([]protocol.BuildCell, 0, len(cells))
	for _, c := range cells {
		out = append(out, protocol.BuildCell{X: c.X, Y: c.Y, Z: c.Z, Block: c.Block})
	}
	return out
}
