package web

import (
	"cmp"
	"math"
	"slices"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/templates/partials"
)

// This file lays out the live page's 3D view: the blocks she has seen
// around her as boxes, bounded so that a page that polls it each second
// costs little. What she has seen comes from three places, each drawn only
// where it knows best:
//
//   - the ground (the terrain packets: each column's top block and its
//     height), drawn as its top block with the side of a cliff beneath it
//     down to the lowest neighbour, never the blocks buried under it; under
//     a tree's crown, the ground at the height of the nearest ground beside
//     it;
//   - her close view (the blocks within 4 of her, exact) and her remembered
//     map (logs, chests, water…; not ores: she found them through the rock,
//     so they are buried as far as she knows), drawn where the ground says
//     nothing, under a tree's crown, and around her when she is shut in (a
//     mine, a cave, a pit, under a tree): there the ground is cut at the
//     level she stands on, so that she can be seen, and her close view
//     shows the walls beside her feet. A block of her close view hidden on
//     all six sides by others is left out.

// The view's bounds: the columns within view3DRadius of her, at most
// view3DCells boxes (the nearest kept), the side of a column drawn at most
// view3DFill blocks down a cliff.
const (
	view3DRadius = 24
	view3DCells  = 4000
	view3DFill   = 12
	view3DClose  = 4 // her close view's reach, which the cut-away clears
	view3DDeep   = 6 // the ground this far over her feet: she is in a mine
	view3DCrown  = 3 // how far from a crown the ground under it is looked for
)

// noCut is the cut of a column the view is not cut in: higher than any
// block, with room to add to it.
const noCut = math.MaxInt32

// cell3D is one box: the x, y, z of its top block, how many blocks it
// reaches down from there, and the index of its paint.
type cell3D [5]int

// span is the blocks of a column the ground's boxes fill, lo to hi, and
// whether what lies under them can be seen (a crown, or the cut-away).
type span struct {
	lo, hi int
	open   bool
}

// scene3D gathers the boxes of one view.
type scene3D struct {
	feet   game.Pos
	paints []paint3D
	index  map[paint3D]int
	cells  []cell3D
	spans  map[[2]int]span // the ground's columns drawn
	drawn  map[game.Pos]bool
	deep   bool // she is in a mine (see sceneOf)
	// cut is where the view is cut in a column: under her feet within her
	// close view's reach when she is shut in (the ground is drawn to there,
	// her close view one block higher), no bound elsewhere.
	cut func(x, z int) int
}

func (s *scene3D) paint(p paint3D) int {
	i, ok := s.index[p]
	if !ok {
		i = len(s.paints)
		s.index[p] = i
		s.paints = append(s.paints, p)
	}
	return i
}

func (s *scene3D) box(x, top, z, height int, p paint3D) {
	s.cells = append(s.cells, cell3D{x, top, z, height, s.paint(p)})
}

// sceneOf lays out what she has seen around her feet (see the top of this
// file). deep says the ground over her stands more than view3DDeep blocks
// above her feet (a mine, a cave): the ground lying wholly that far over
// her is left out, and the view is the mine. more says the nearest
// view3DCells boxes were kept of more.
func sceneOf(snap agent.Snapshot, remembered []game.KnownBlock) (paints []paint3D, cells []cell3D, deep, more bool) {
	b := snap.Body
	feet := b.Position.Block()
	r := view3DRadius
	area := snap.Ground.Area(snap.World.Server, snap.World.Dimension, feet.X-r-view3DCrown, feet.Z-r-view3DCrown, feet.X+r+view3DCrown, feet.Z+r+view3DCrown)
	at := func(x, z int) (surface, bool) { return surfaceOf(area.At(x, z)) }
	s := &scene3D{feet: feet, index: map[paint3D]int{}, spans: map[[2]int]span{}, drawn: map[game.Pos]bool{},
		cut: func(int, int) int { return noCut }}
	if shutIn(b, feet, at) {
		s.cut = func(x, z int) int {
			if abs(x-feet.X) <= view3DClose && abs(z-feet.Z) <= view3DClose {
				return feet.Y - 1
			}
			return noCut
		}
	}
	deep = inMine(feet, at)
	s.deep = deep
	for dz := -r; dz <= r; dz++ {
		for dx := -r; dx <= r; dx++ {
			x, z := feet.X+dx, feet.Z+dz
			top, ok := at(x, z)
			if !ok || dx*dx+dz*dz > r*r+r {
				continue
			}
			low := top.y
			for _, n := range [4][2]int{{x - 1, z}, {x + 1, z}, {x, z - 1}, {x, z + 1}} {
				if t, ok := at(n[0], n[1]); ok {
					low = min(low, t.y, s.cut(n[0], n[1])) // down to a section beside it
				}
			}
			depth := min(max(top.y-low-1, 0), view3DFill) // down to the block beside the lowest neighbour's top
			switch {
			case top.y > s.cut(x, z):
				s.section(x, z, top)
			case deep && top.y-depth > feet.Y+view3DDeep:
				// The ground far over her in a mine: it would only hide her.
			default:
				s.column(x, z, top, depth)
				if top.crown() {
					s.underCrown(x, z, top, at)
				}
			}
		}
	}
	solid := map[game.Pos]bool{}
	for _, sb := range b.Blocks {
		solid[sb.Pos()] = opaque(sb.Block)
	}
	for _, sb := range b.Blocks {
		s.seen(sb.Pos(), sb.Block, solid)
	}
	for _, k := range remembered {
		dx, dz := k.Pos.X-feet.X, k.Pos.Z-feet.Z
		if _, _, ore := partials.OreColour(k.Block); !ore && dx*dx+dz*dz <= r*r+r {
			s.seen(k.Pos, k.Block, nil)
		}
	}
	if len(s.cells) > view3DCells {
		slices.SortStableFunc(s.cells, func(a, b cell3D) int { return cmp.Compare(s.away(a), s.away(b)) })
		s.cells, more = s.cells[:view3DCells], true
	}
	return s.paints, s.cells, deep, more
}

// column draws the ground's column at (x, z): its top and depth blocks of
// side under it. A crown gets one block of side, so that it does not stand
// on a wall of leaves.
func (s *scene3D) column(x, z int, top surface, depth int) {
	if top.crown() {
		depth = min(depth, 1)
	}
	s.spans[[2]int{x, z}] = span{lo: top.y - depth, hi: top.y, open: top.crown()}
	if top.side == top.top {
		s.box(x, top.y, z, depth+1, top.top)
		return
	}
	s.box(x, top.y, z, 1, top.top)
	if depth > 0 {
		s.box(x, top.y-1, z, depth, top.side)
	}
}

// section draws a column the cut-away runs through as the ground cut at the
// level she stands on: one block, of what lies under the top a few blocks
// down (the side; stone deeper, or under a crown, the ground). The blocks
// of her close view at her feet stand on it, so that a tunnel shows as
// its walls.
func (s *scene3D) section(x, z int, top surface) {
	cut := s.cut(x, z)
	p := top.side
	switch {
	case top.y-cut > view3DClose:
		p = stonePaint
	case top.crown():
		p = grassPaint
	}
	s.spans[[2]int{x, z}] = span{lo: cut, hi: cut}
	s.box(x, cut, z, 1, p)
}

// underCrown draws the ground under a tree's crown at the height of the
// lowest ground within view3DCrown columns that is not a crown: the game
// side shows only the top of a column, and a crown floating over nothing
// would read as a hole in the ground.
func (s *scene3D) underCrown(x, z int, top surface, at func(x, z int) (surface, bool)) {
	var ground surface
	found := false
	for dz := -view3DCrown; dz <= view3DCrown; dz++ {
		for dx := -view3DCrown; dx <= view3DCrown; dx++ {
			if t, ok := at(x+dx, z+dz); ok && !t.crown() && t.y < top.y-1 && (!found || t.y < ground.y) {
				ground, found = t, true
			}
		}
	}
	if found {
		s.box(x, ground.y, z, 1, ground.top)
		sp := s.spans[[2]int{x, z}]
		s.spans[[2]int{x, z}] = span{lo: sp.lo, hi: sp.hi, open: true}
	}
}

// seen draws one block of her close view or her map where the ground
// neither draws nor hides it; near is her close view's solid blocks, which
// tell whether a block of it is hidden on all six sides (nil for her map).
func (s *scene3D) seen(p game.Pos, block string, near map[game.Pos]bool) {
	name := game.BlockName(block)
	if !opaque(name) || s.drawn[p] || p.Y > s.cut(p.X, p.Z)+1 {
		return // over the walls beside her feet, where the view is cut
	}
	if s.deep && p.Y > s.feet.Y+view3DDeep {
		return // far over her in a mine, as the ground there
	}
	if sp, ok := s.spans[[2]int{p.X, p.Z}]; ok && (p.Y >= sp.lo && p.Y <= sp.hi || p.Y < sp.lo && !sp.open) {
		return // the ground's box holds it, or it lies buried under the ground
	}
	if near != nil && buried(p, near) {
		return
	}
	s.drawn[p] = true
	s.box(p.X, p.Y, p.Z, 1, paintOf(name))
}

// inMine says the ground stands more than view3DDeep blocks over her feet
// on most of the 5×5 columns around her: a mine, a cave, or the foot of a
// shaft she dug straight down. A tree's crown is not a roof.
func inMine(feet game.Pos, at func(x, z int) (surface, bool)) bool {
	over := 0
	for dz := -2; dz <= 2; dz++ {
		for dx := -2; dx <= 2; dx++ {
			if t, ok := at(feet.X+dx, feet.Z+dz); ok && !t.crown() && t.y > feet.Y+view3DDeep {
				over++
			}
		}
	}
	return over > 12
}

// shutIn says she stands under a roof (the game's block over her head, or
// the ground's column over her) or in a pit or a tunnel: the ground stands
// higher than her head on five of the eight columns around her.
func shutIn(b *agent.Body, feet game.Pos, at func(x, z int) (surface, bool)) bool {
	if o := game.BlockName(b.Overhead); o != "" && !game.Passable(o) {
		return true
	}
	if t, ok := at(feet.X, feet.Z); ok && t.y > feet.Y+1 {
		return true
	}
	walls := 0
	for dz := -1; dz <= 1; dz++ {
		for dx := -1; dx <= 1; dx++ {
			if t, ok := at(feet.X+dx, feet.Z+dz); ok && (dx != 0 || dz != 0) && t.y > feet.Y+1 {
				walls++
			}
		}
	}
	return walls >= 5
}

// opaque says a block is drawn as a box: not air, not a plant, a torch or
// another thing one walks through; water is.
func opaque(block string) bool {
	b := game.BlockName(block)
	return !game.Passable(b) || b == "water"
}

// buried says the block at p has a solid block of her close view on each
// of its six sides: nothing of it can be seen.
func buried(p game.Pos, solid map[game.Pos]bool) bool {
	for _, d := range []game.Pos{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}} {
		if !solid[p.Add(d)] {
			return false
		}
	}
	return true
}

// away is how far a box is from her, squared, on the ground's plane.
func (s *scene3D) away(c cell3D) int {
	dx, dz := c[0]-s.feet.X, c[2]-s.feet.Z
	return dx*dx + dz*dz
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
