package blueprint

import (
	"cmp"
	"slices"
)

// bandWidth is how many rows one pass along a layer covers. Her hand
// reaches about four blocks to either side of where she stands, so a
// band this wide is placed from a walk along it, with no walk back.
const bandWidth = 5

// walkOrder puts one layer's cells (all at one y) in the order a builder
// walks them: the layer is cut into bands bandWidth rows wide across its
// longer side, and she goes along the first band, back along the next and
// so on, placing each short column of a band as she passes it. Row by row
// (the cells' own order) she would walk the length of the layer back to
// its start for every row, and step once a cell along it: on a floor of
// 30 by 20 that walking took as long as the placing.
//
// Place orders only a build of one layer so: where walls go up on a layer,
// where she ends it decides which side of them she stands on as they
// close, and the rows' order is the one that has been leaving her outside
// a room without a door (a band's end left her inside one, walled in).
func walkOrder(layer []Cell) []Cell {
	if len(layer) < 2 {
		return layer
	}
	lo, hi := layer[0].Pos, layer[0].Pos
	for _, c := range layer {
		lo.X, lo.Z = min(lo.X, c.X), min(lo.Z, c.Z)
		hi.X, hi.Z = max(hi.X, c.X), max(hi.Z, c.Z)
	}
	alongX := hi.X-lo.X >= hi.Z-lo.Z
	// along is the coordinate she walks, across the one the bands cut.
	along := func(c Cell) int { return c.X }
	across := func(c Cell) int { return c.Z - lo.Z }
	if !alongX {
		along = func(c Cell) int { return c.Z }
		across = func(c Cell) int { return c.X - lo.X }
	}
	out := slices.Clone(layer)
	slices.SortStableFunc(out, func(a, b Cell) int {
		ba, bb := across(a)/bandWidth, across(b)/bandWidth
		if ba != bb {
			return cmp.Compare(ba, bb)
		}
		fa, fb := along(a), along(b)
		if ba%2 == 1 {
			fa, fb = -fa, -fb
		}
		return cmp.Or(cmp.Compare(fa, fb), cmp.Compare(across(a), across(b)))
	})
	return out
}
