package blueprint

import (
	"slices"

	"beaweb/internal/game"
)

// denseMax is the largest box a grid holds as an array; a bigger box is
// sparse (few cells spread far) and goes in a map.
const denseMax = 1 << 16

// grid holds a build's cells relative to its origin, before rotation, and
// hands them out in build order after rotation.
type grid struct {
	box    Box
	size   game.Pos
	dense  []int32            // index+1 into blocks, 0 for no cell
	sparse map[game.Pos]int32 // used when dense is nil
	blocks []string
	index  map[string]int32
	count  int
}

func newGrid(box Box) *grid {
	g := &grid{box: box, size: box.Size(), index: map[string]int32{}}
	if v := box.Volume(); v <= denseMax {
		g.dense = make([]int32, v)
	} else {
		g.sparse = map[game.Pos]int32{}
	}
	return g
}

func (g *grid) offset(p game.Pos) int {
	d := p.Sub(g.box.Min)
	return (d.Y*g.size.Z+d.Z)*g.size.X + d.X
}

// set puts block at p and returns how many cells the grid holds.
func (g *grid) set(p game.Pos, block string) int {
	id, ok := g.index[block]
	if !ok {
		g.blocks = append(g.blocks, block)
		id = int32(len(g.blocks))
		g.index[block] = id
	}
	if g.dense != nil {
		i := g.offset(p)
		if g.dense[i] == 0 {
			g.count++
		}
		g.dense[i] = id
		return g.count
	}
	g.sparse[p] = id
	g.count = len(g.sparse)
	return g.count
}

// each calls emit for every cell, turned by rotation, in build order of the
// turned positions: y, then z, then x ascending. The block is the index+1
// into g.blocks.
func (g *grid) each(rotation int, emit func(turned game.Pos, block int32)) {
	if g.dense == nil {
		type cell struct {
			p  game.Pos
			id int32
		}
		cells := make([]cell, 0, len(g.sparse))
		for p, id := range g.sparse {
			cells = append(cells, cell{rotate(p, rotation), id})
		}
		slices.SortFunc(cells, func(a, b cell) int { return byBuildOrder(a.p, b.p) })
		for _, c := range cells {
			emit(c.p, c.id)
		}
		return
	}
	// Walk the box so the turned positions come out in order: the outer
	// loop is the relative axis that becomes z, the inner one becomes x.
	b, s := g.box, g.size
	outer, inner := s.Z, s.X
	if rotation == 90 || rotation == 270 {
		outer, inner = s.X, s.Z
	}
	for y := b.Min.Y; y <= b.Max.Y; y++ {
		for i := range outer {
			for j := range inner {
				var x, z int
				switch rotation {
				case 90:
					x, z = b.Min.X+i, b.Max.Z-j
				case 180:
					x, z = b.Max.X-j, b.Max.Z-i
				case 270:
					x, z = b.Max.X-i, b.Min.Z+j
				default:
					x, z = b.Min.X+j, b.Min.Z+i
				}
				p := game.Pos{X: x, Y: y, Z: z}
				if id := g.dense[g.offset(p)]; id != 0 {
					emit(rotate(p, rotation), id)
				}
			}
		}
	}
}
