package blueprint

import (
	"cmp"
	"slices"
	"strconv"

	"beaweb/internal/game"
)

// Cell is one cell of a build: the absolute position and the block it must
// hold. Block "air" means the cell must be empty. In JSON it is
// {"x": X, "y": Y, "z": Z, "block": B}.
type Cell struct {
	game.Pos
	Block string `json:"block"`
}

// String renders the cell as she reads it: "oak_planks at (1, 64, 2)".
func (c Cell) String() string { return c.Block + " at " + c.Pos.String() }

// Box is the smallest box holding every cell of a build.
type Box struct {
	Min game.Pos `json:"min"`
	Max game.Pos `json:"max"`
}

// Size is how many blocks the box spans along each axis.
func (b Box) Size() game.Pos { return b.Max.Sub(b.Min).Add(game.Pos{X: 1, Y: 1, Z: 1}) }

// Volume is the number of cells in the box.
func (b Box) Volume() int {
	s := b.Size()
	return s.X * s.Y * s.Z
}

// Contains reports whether p lies in the box.
func (b Box) Contains(p game.Pos) bool {
	return p.X >= b.Min.X && p.X <= b.Max.X && p.Y >= b.Min.Y && p.Y <= b.Max.Y && p.Z >= b.Min.Z && p.Z <= b.Max.Z
}

// Expansion is a build's arguments turned into the cells they ask for.
type Expansion struct {
	// Cells holds every cell, air included, bottom-up by y, then by z,
	// then by x; Place gives the order a builder places them in.
	Cells []Cell
	// Clear holds the cells that must be empty, top-down (y descending,
	// then z and x ascending), the order a builder empties them in.
	Clear []game.Pos
	// Needs counts the items placing every cell takes, by block kind: a
	// door's upper half and a bed's second half come with the first.
	Needs map[string]int
	// Box is the smallest box around every cell.
	Box Box
	// Rotation is the rotation the cells were turned by.
	Rotation int
	// ClearInWay is the build's clear argument: blocks in the way of a
	// different block are broken too (never protected ones).
	ClearInWay bool

	// pays marks the cells of Cells that cost an item.
	pays []bool
}

// Place returns the cells that get a block (every cell but air), bottom-up;
// a build of one layer (a floor) in the order a builder walks it
// (walkOrder), any other row by row.
func (e *Expansion) Place() []Cell {
	out := make([]Cell, 0, len(e.Cells)-len(e.Clear))
	for _, c := range e.Cells {
		if c.Block != Air {
			out = append(out, c)
		}
	}
	if len(out) > 0 && out[0].Y == out[len(out)-1].Y {
		return walkOrder(out)
	}
	return out
}

// Expand turns a build's arguments into its cells, or refuses them with an
// fault matching ErrInvalid: values Go code set wrongly get the same sentence ParseArgs
// gives, then a character missing from the palette, an empty build, a build
// spanning more than MaxSpan blocks along an axis (origin included) and one
// of more than MaxCells cells are refused, in that order.
func Expand(args Args) (*Expansion, error) {
	if err := checkValues(args); err != nil {
		return nil, err
	}
	box, found, err := relativeBox(args)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, invalid("nothing to build: give layers with a palette, or ops")
	}
	if err := checkSpan(box); err != nil {
		return nil, err
	}
	for i, op := range args.Ops {
		if n := opCells(op); n > MaxCells {
			return nil, invalid("ops[%d] alone covers %d cells; the most one build takes is %d: split it into smaller builds", i, n, MaxCells)
		}
	}
	g, err := relativeCells(args, box)
	if err != nil {
		return nil, err
	}
	return place(g, args), nil
}

// checkValues gives Args built in Go the checks ParseArgs gives JSON.
func checkValues(a Args) error {
	for _, axis := range []struct {
		key string
		v   int
	}{{"x", a.Origin.X}, {"y", a.Origin.Y}, {"z", a.Origin.Z}} {
		if axis.v < -MaxCoord || axis.v > MaxCoord {
			return errCoordinate("origin." + axis.key)
		}
	}
	if !validRotation(a.Rotation) {
		return errRotation()
	}
	if err := checkPalette(a.Palette); err != nil {
		return err
	}
	for i, op := range a.Ops {
		keys, ok := opKeys[op.Kind]
		if !ok {
			return errOpKind(i, op.Kind)
		}
		if op.Hollow && op.Kind != OpFill {
			return invalid("ops[%d]: %s takes %s, not %s", i, op.Kind, listWords(keys), quote("hollow"))
		}
		corners := map[string]game.Pos{"from": op.From, "to": op.To}
		if op.Kind == OpSet {
			corners = map[string]game.Pos{"at": op.At}
		}
		for _, key := range keys {
			p, ok := corners[key]
			if !ok {
				continue
			}
			for j, v := range []int{p.X, p.Y, p.Z} {
				if v < -MaxCoord || v > MaxCoord {
					return errCoordinate("ops[" + strconv.Itoa(i) + "]." + key + "[" + strconv.Itoa(j) + "]")
				}
			}
		}
		if err := checkBlock("ops["+strconv.Itoa(i)+"].block", op.Block); err != nil {
			return err
		}
	}
	return nil
}

// relativeBox checks that every character of the layers is in the palette
// and returns the box, relative to the origin and before rotation, around
// the origin and every cell the layers and ops set. found is false when
// they set none.
func relativeBox(a Args) (box Box, found bool, err error) {
	grow := func(p game.Pos) {
		box.Min = game.Pos{X: min(box.Min.X, p.X), Y: min(box.Min.Y, p.Y), Z: min(box.Min.Z, p.Z)}
		box.Max = game.Pos{X: max(box.Max.X, p.X), Y: max(box.Max.Y, p.Y), Z: max(box.Max.Z, p.Z)}
	}
	for y, layer := range a.Layers {
		for z, row := range layer {
			x := 0
			for _, r := range row {
				if r != ' ' {
					if _, ok := a.Palette[string(r)]; !ok {
						return box, false, invalid("layer %d, row %d, column %d: %s is not in the palette", y, z, x, quote(string(r)))
					}
					grow(game.Pos{X: x, Y: y, Z: z})
					found = true
				}
				x++
			}
		}
	}
	for _, op := range a.Ops {
		b := opBox(op)
		grow(b.Min)
		grow(b.Max)
		found = true
	}
	return box, found, nil
}

func checkSpan(b Box) error {
	size := b.Size()
	for _, axis := range []struct {
		name           string
		span, from, to int
	}{{"x", size.X, b.Min.X, b.Max.X}, {"y", size.Y, b.Min.Y, b.Max.Y}, {"z", size.Z, b.Min.Z, b.Max.Z}} {
		if axis.span > MaxSpan {
			return invalid("the build spans %d blocks along %s (from %d to %d, counted from origin); the most is %d. Did an absolute coordinate slip in among the relative ones? Every coordinate in layers and ops counts from origin",
				axis.span, axis.name, axis.from, axis.to, MaxSpan)
		}
	}
	return nil
}

// corners returns the box between two corners given in any order.
func corners(a, b game.Pos) Box {
	return Box{
		Min: game.Pos{X: min(a.X, b.X), Y: min(a.Y, b.Y), Z: min(a.Z, b.Z)},
		Max: game.Pos{X: max(a.X, b.X), Y: max(a.Y, b.Y), Z: max(a.Z, b.Z)},
	}
}

// roofCourses is how many courses a roof over the box has: each course
// is one block in on every side from the one below, and the roof ends when
// it closes or reaches the box's top.
func roofCourses(b Box) int {
	s := b.Size()
	return min(s.Y, (min(s.X, s.Z)+1)/2)
}

// opBox is the box around the cells an op sets.
func opBox(op Op) Box {
	switch op.Kind {
	case OpSet:
		return Box{op.At, op.At}
	case OpRoof:
		b := corners(op.From, op.To)
		b.Max.Y = b.Min.Y + roofCourses(b) - 1
		return b
	}
	return corners(op.From, op.To)
}

// opCells counts the cells an op sets.
func opCells(op Op) int {
	b := corners(op.From, op.To)
	s := b.Size()
	switch op.Kind {
	case OpSet:
		return 1
	case OpWalls:
		if s.X > 2 && s.Z > 2 {
			return b.Volume() - (s.X-2)*(s.Z-2)*s.Y
		}
	case OpRoof:
		n := 0
		for k := range roofCourses(b) {
			n += (s.X - 2*k) * (s.Z - 2*k)
		}
		return n
	}
	return b.Volume()
}

// relativeCells lays out the layers, then the ops, relative to the origin
// and before rotation, in a grid over box, refusing the build as soon as it
// passes MaxCells.
func relativeCells(a Args, box Box) (*grid, error) {
	g := newGrid(box)
	tooMany := func() error {
		return invalid("the build has more than %d cells; the most one build takes is %d: split it into smaller builds", MaxCells, MaxCells)
	}
	for y, layer := range a.Layers {
		for z, row := range layer {
			x := 0
			for _, r := range row {
				if r != ' ' && g.set(game.Pos{X: x, Y: y, Z: z}, a.Palette[string(r)]) > MaxCells {
					return nil, tooMany()
				}
				x++
			}
		}
	}
	for _, op := range a.Ops {
		block, _ := canonicalBlock(op.Block)
		if op.Kind == OpSet {
			if g.set(op.At, block) > MaxCells {
				return nil, tooMany()
			}
			continue
		}
		b := corners(op.From, op.To)
		top := b.Max.Y
		if op.Kind == OpRoof {
			top = b.Min.Y + roofCourses(b) - 1
		}
		for y := b.Min.Y; y <= top; y++ {
			in := 0 // how far in from the sides this course is
			if op.Kind == OpRoof {
				in = y - b.Min.Y
			}
			for z := b.Min.Z + in; z <= b.Max.Z-in; z++ {
				for x := b.Min.X + in; x <= b.Max.X-in; x++ {
					side := x == b.Min.X || x == b.Max.X || z == b.Min.Z || z == b.Max.Z
					shell := side || y == b.Min.Y || y == b.Max.Y
					put := block
					switch {
					case op.Kind == OpWalls && !side:
						continue
					case op.Kind == OpFill && op.Hollow && !shell:
						put = Air
					}
					if g.set(game.Pos{X: x, Y: y, Z: z}, put) > MaxCells {
						return nil, tooMany()
					}
				}
			}
		}
	}
	return g, nil
}

// rotate turns a relative position clockwise seen from above (+x east, +z
// south): at 90 east becomes south.
func rotate(p game.Pos, rotation int) game.Pos {
	switch rotation {
	case 90:
		return game.Pos{X: -p.Z, Y: p.Y, Z: p.X}
	case 180:
		return game.Pos{X: -p.X, Y: p.Y, Z: -p.Z}
	case 270:
		return game.Pos{X: p.Z, Y: p.Y, Z: -p.X}
	}
	return p
}

// byBuildOrder orders cells bottom-up, then by z, then by x.
func byBuildOrder(a, b game.Pos) int {
	return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.Z, b.Z), cmp.Compare(a.X, b.X))
}

// place rotates the relative cells into the world and costs them.
func place(g *grid, a Args) *Expansion {
	e := &Expansion{Cells: make([]Cell, 0, g.count), Rotation: a.Rotation, ClearInWay: a.Clear}
	turned := make([]string, len(g.blocks)+1)
	for i, block := range g.blocks {
		turned[i+1] = rotateBlock(block, a.Rotation)
	}
	g.each(a.Rotation, func(p game.Pos, id int32) {
		e.Cells = append(e.Cells, Cell{Pos: a.Origin.Add(p), Block: turned[id]})
	})
	e.Box = Box{Min: e.Cells[0].Pos, Max: e.Cells[0].Pos}
	for _, c := range e.Cells {
		e.Box.Min = game.Pos{X: min(e.Box.Min.X, c.X), Y: min(e.Box.Min.Y, c.Y), Z: min(e.Box.Min.Z, c.Z)}
		e.Box.Max = game.Pos{X: max(e.Box.Max.X, c.X), Y: max(e.Box.Max.Y, c.Y), Z: max(e.Box.Max.Z, c.Z)}
		if c.Block == Air {
			e.Clear = append(e.Clear, c.Pos)
		}
	}
	slices.SortFunc(e.Clear, topDown)
	e.pays, e.Needs = cost(e.Cells)
	return e
}

// topDown orders positions by falling y, then by z and x.
func topDown(a, b game.Pos) int {
	return cmp.Or(cmp.Compare(b.Y, a.Y), cmp.Compare(a.Z, b.Z), cmp.Compare(a.X, b.X))
}

// cost marks the cells that take an item and counts the items by kind. The
// cells are in build order. A door over a paying door of the same kind is
// its upper half; a bed pairs with the next unpaired bed of its kind at +x,
// else at +z. Everything else but air takes one item.
func cost(cells []Cell) ([]bool, map[string]int) {
	type kindOf struct {
		kind      string
		door, bed bool
	}
	kinds := map[string]kindOf{}
	kinds[Air] = kindOf{kind: Air}
	info := make([]kindOf, len(cells))
	halves := map[game.Pos]int{} // where the doors and beds are
	for i, c := range cells {
		k, ok := kinds[c.Block]
		if !ok {
			kind := Kind(c.Block)
			k = kindOf{kind: kind, door: isKind(kind, "door"), bed: isKind(kind, "bed")}
			kinds[c.Block] = k
		}
		info[i] = k
		if k.door || k.bed {
			halves[c.Pos] = i
		}
	}
	pays := make([]bool, len(cells))
	paired := make([]bool, len(cells))
	needs := make(map[string]int)
	for i, c := range cells {
		k := info[i]
		if k.kind == Air || paired[i] {
			continue
		}
		switch {
		case k.door:
			if j, ok := halves[c.Pos.Add(game.Pos{Y: -1})]; ok && pays[j] && info[j].kind == k.kind {
				continue
			}
		case k.bed:
			for _, d := range []game.Pos{{X: 1}, {Z: 1}} {
				if j, ok := halves[c.Pos.Add(d)]; ok && !paired[j] && info[j].kind == k.kind {
					paired[j] = true
					break
				}
			}
		}
		pays[i] = true
		needs[k.kind]++
	}
	return pays, needs
}
