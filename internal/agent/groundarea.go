package agent

// GroundColumn is one column of the ground as the game side last showed
// it: its top block (plants and snow layers count) and that block's y.
type GroundColumn struct {
	Block string // "" when the column is not known
	Y     int    // meaningful only when HasY
	HasY  bool   // the game side said the height (not all do)
}

// GroundArea is the columns of a box of the ground, read once, for a reader
// that walks them all and their neighbours (the dashboard's 3D view).
type GroundArea struct {
	X0, Z0, X1, Z1 int // inclusive
	cols           []GroundColumn
}

// maxAreaSide bounds a GroundArea's side, so that a reader cannot make one
// hold more than a screen's worth of columns (about half a megabyte).
const maxAreaSide = 128

// Area reads the columns x0..x1, z0..z1 (inclusive) of world and dimension;
// a box wider than maxAreaSide keeps its north-west part.
func (g *Ground) Area(world, dimension string, x0, z0, x1, z1 int) GroundArea {
	x1, z1 = min(x1, x0+maxAreaSide-1), min(z1, z0+maxAreaSide-1)
	a := GroundArea{X0: x0, Z0: z0, X1: x1, Z1: z1}
	if g == nil || x1 < x0 || z1 < z0 {
		return a
	}
	chunks := g.places[groundPlace{world, orDefault(dimension, "overworld")}]
	if len(chunks) == 0 {
		return a
	}
	w := x1 - x0 + 1
	a.cols = make([]GroundColumn, w*(z1-z0+1))
	for cz := floorDiv16(z0); cz <= floorDiv16(z1); cz++ {
		for cx := floorDiv16(x0); cx <= floorDiv16(x1); cx++ {
			c := chunks[ChunkAt{cx, cz}]
			if c == nil {
				continue
			}
			for dz := range 16 {
				z := cz*16 + dz
				for dx := range 16 {
					x := cx*16 + dx
					i := dz*16 + dx
					if x < x0 || x > x1 || z < z0 || z > z1 || int(c.Tops[i]) >= len(g.names) || c.Tops[i] == 0 {
						continue
					}
					col := GroundColumn{Block: g.names[c.Tops[i]]}
					if h := c.Heights[i]; h != NoHeight {
						col.Y, col.HasY = int(h), true
					}
					a.cols[(z-z0)*w+x-x0] = col
				}
			}
		}
	}
	return a
}

// At is the column at (x, z); the zero GroundColumn outside the area or
// where the ground is not known.
func (a GroundArea) At(x, z int) GroundColumn {
	if a.cols == nil || x < a.X0 || x > a.X1 || z < a.Z0 || z > a.Z1 {
		return GroundColumn{}
	}
	return a.cols[(z-a.Z0)*(a.X1-a.X0+1)+x-a.X0]
}
