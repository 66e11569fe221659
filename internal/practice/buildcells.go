package practice

import (
	"cmp"
	"slices"
	"strings"

	"beaweb/internal/game"
)

// The build format's rules (what a build never breaks, what counts as
// empty, what is already right) are facts of the format kept in game and
// shared with the brain's planner; the world reads only those facts and
// lays out and judges a build with its own code, never the planner's.

// airBlock is what a cell holds when the build wants it empty.
const airBlock = "air"

// buildCell is one cell of a build: where, and the block it must hold.
type buildCell struct {
	game.Pos
	Block string
}

// String renders the cell as she reads it: "oak_planks at (1, 64, 2)".
func (c buildCell) String() string { return c.Block + " at " + c.Pos.String() }

// buildBox is the smallest box around a build's cells.
type buildBox struct{ Min, Max game.Pos }

func (b buildBox) grow(p game.Pos) buildBox {
	return buildBox{
		Min: game.Pos{X: min(b.Min.X, p.X), Y: min(b.Min.Y, p.Y), Z: min(b.Min.Z, p.Z)},
		Max: game.Pos{X: max(b.Max.X, p.X), Y: max(b.Max.Y, p.Y), Z: max(b.Max.Z, p.Z)},
	}
}

func (b buildBox) size() game.Pos { return b.Max.Sub(b.Min).Add(game.Pos{X: 1, Y: 1, Z: 1}) }

// between is the box between two corners given in any order.
func between(a, b game.Pos) buildBox { return buildBox{Min: a, Max: a}.grow(b) }

// buildPlan is what the world builds: every cell in the order it places
// them (bottom-up by y, then z, then x), and the cells to empty in the order
// it empties them (top-down, then z and x).
type buildPlan struct {
	Cells      []buildCell
	Clear      []game.Pos
	Box        buildBox
	ClearInWay bool // the build's clear: break a block in the way of another
}

// Place is every cell that gets a block, bottom-up.
func (e *buildPlan) Place() []buildCell {
	out := make([]buildCell, 0, len(e.Cells)-len(e.Clear))
	for _, c := range e.Cells {
		if c.Block != airBlock {
			out = append(out, c)
		}
	}
	return out
}

// expandBuild lays the arguments out as cells, refusing a character
// missing from the palette, an empty build, one spanning more than
// buildMaxSpan blocks along an axis (the origin included), an op of more
// than buildMaxCells cells and a build of more, in that order.
func expandBuild(a buildArgs) (*buildPlan, error) {
	var box buildBox // relative, before rotation, around the origin
	found := false
	for y, layer := range a.layers {
		for z, row := range layer {
			for x, r := range []rune(row) {
				if r == ' ' {
					continue
				}
				if _, ok := a.palette[string(r)]; !ok {
					return nil, refuse("layer %d, row %d, column %d: %s is not in the palette", y, z, x, quoted(string(r)))
				}
				box, found = box.grow(game.Pos{X: x, Y: y, Z: z}), true
			}
		}
	}
	for _, op := range a.ops {
		b := opArea(op)
		box, found = box.grow(b.Min).grow(b.Max), true
	}
	if !found {
		return nil, refuse("nothing to build: give layers with a palette, or ops")
	}
	s := box.size()
	for _, ax := range []struct {
		name           string
		span, from, to int
	}{{"x", s.X, box.Min.X, box.Max.X}, {"y", s.Y, box.Min.Y, box.Max.Y}, {"z", s.Z, box.Min.Z, box.Max.Z}} {
		if ax.span > buildMaxSpan {
			return nil, refuse("the build spans %d blocks along %s (from %d to %d, counted from origin); the most is %d. Did an absolute coordinate slip in among the relative ones? Every coordinate in layers and ops counts from origin",
				ax.span, ax.name, ax.from, ax.to, buildMaxSpan)
		}
	}
	for i, op := range a.ops {
		if n := opCount(op); n > buildMaxCells {
			return nil, refuse("ops[%d] alone covers %d cells; the most one build takes is %d: split it into smaller builds", i, n, buildMaxCells)
		}
	}
	rel, err := drawCells(a)
	if err != nil {
		return nil, err
	}
	return turnCells(rel, a), nil
}

// opArea is the box around the cells an op sets.
func opArea(op buildOp) buildBox {
	if op.kind == "set" {
		return buildBox{op.at, op.at}
	}
	b := between(op.from, op.to)
	if op.kind == "roof" {
		b.Max.Y = b.Min.Y + roofRise(b) - 1
	}
	return b
}

// roofRise is how many courses a roof has: each is one block in on every
// side from the one below, until it closes or reaches the box's top.
func roofRise(b buildBox) int {
	s := b.size()
	return min(s.Y, (min(s.X, s.Z)+1)/2)
}

// opCount is how many cells an op sets, counted without drawing them: a
// box of the largest span holds millions.
func opCount(op buildOp) int {
	b := opArea(op)
	s := b.size()
	switch {
	case op.kind == "set":
		return 1
	case op.kind == "walls" && s.X > 2 && s.Z > 2:
		return s.X*s.Y*s.Z - (s.X-2)*(s.Z-2)*s.Y
	case op.kind == "roof":
		n := 0
		for k := range s.Y {
			n += (s.X - 2*k) * (s.Z - 2*k)
		}
		return n
	}
	return s.X * s.Y * s.Z
}

// opCells lists the cells an op sets, relative, with their blocks.
func opCells(op buildOp) []buildCell {
	if op.kind == "set" {
		return []buildCell{{op.at, op.block}}
	}
	b := opArea(op)
	var out []buildCell
	for y := b.Min.Y; y <= b.Max.Y; y++ {
		in := 0 // a roof's course k is drawn k blocks in
		if op.kind == "roof" {
			in = y - b.Min.Y
		}
		for z := b.Min.Z + in; z <= b.Max.Z-in; z++ {
			for x := b.Min.X + in; x <= b.Max.X-in; x++ {
				side := x == b.Min.X || x == b.Max.X || z == b.Min.Z || z == b.Max.Z
				block := op.block
				if op.kind == "walls" && !side {
					continue
				}
				if op.kind == "fill" && op.hollow && !side && y != b.Min.Y && y != b.Max.Y {
					block = airBlock
				}
				out = append(out, buildCell{game.Pos{X: x, Y: y, Z: z}, block})
			}
		}
	}
	return out
}

// drawCells sets the layers' cells, then each op's over them, relative to
// the origin and before rotation.
func drawCells(a buildArgs) (map[game.Pos]string, error) {
	at := map[game.Pos]string{}
	set := func(p game.Pos, block string) error {
		at[p] = block
		if len(at) > buildMaxCells {
			return refuse("the build has more than %d cells; the most one build takes is %d: split it into smaller builds", buildMaxCells, buildMaxCells)
		}
		return nil
	}
	for y, layer := range a.layers {
		for z, row := range layer {
			for x, r := range []rune(row) {
				if r == ' ' {
					continue
				}
				if err := set(game.Pos{X: x, Y: y, Z: z}, a.palette[string(r)]); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, op := range a.ops {
		for _, c := range opCells(op) {
			if err := set(c.Pos, c.Block); err != nil {
				return nil, err
			}
		}
	}
	return at, nil
}

// turnCells turns the relative cells clockwise seen from above around the
// origin, blocks' facing and axis with them, and puts them in the world.
func turnCells(rel map[game.Pos]string, a buildArgs) *buildPlan {
	e := &buildPlan{ClearInWay: a.clear}
	for p, block := range rel {
		var t game.Pos
		switch a.rotation {
		case 90:
			t = game.Pos{X: -p.Z, Y: p.Y, Z: p.X}
		case 180:
			t = game.Pos{X: -p.X, Y: p.Y, Z: -p.Z}
		case 270:
			t = game.Pos{X: p.Z, Y: p.Y, Z: -p.X}
		default:
			t = p
		}
		e.Cells = append(e.Cells, buildCell{a.origin.Add(t), turnBlock(block, a.rotation/90)})
	}
	slices.SortFunc(e.Cells, func(x, y buildCell) int {
		return cmp.Or(cmp.Compare(x.Y, y.Y), cmp.Compare(x.Z, y.Z), cmp.Compare(x.X, y.X))
	})
	e.Box = buildBox{e.Cells[0].Pos, e.Cells[0].Pos}
	for _, c := range e.Cells {
		e.Box = e.Box.grow(c.Pos)
		if c.Block == airBlock {
			e.Clear = append(e.Clear, c.Pos)
		}
	}
	slices.SortFunc(e.Clear, func(x, y game.Pos) int {
		return cmp.Or(cmp.Compare(y.Y, x.Y), cmp.Compare(x.Z, y.Z), cmp.Compare(x.X, y.X))
	})
	return e
}

// turnBlock turns a block's facing (north, east, south, west) and axis (x
// and z swap) by steps quarter turns clockwise.
func turnBlock(block string, steps int) string {
	if steps == 0 || !strings.Contains(block, "[") {
		return block
	}
	name, states, _ := splitBlock(block)
	facings := []string{"north", "east", "south", "west"}
	for i, st := range states {
		if f := slices.Index(facings, st[1]); st[0] == "facing" && f >= 0 {
			states[i][1] = facings[(f+steps)%4]
		}
		if st[0] == "axis" && steps%2 == 1 && (st[1] == "x" || st[1] == "z") {
			states[i][1] = map[string]string{"x": "z", "z": "x"}[st[1]]
		}
	}
	return joinBlock(name, states)
}

// splitBlock reads "minecraft:oak_stairs[facing=east,half=top]" as its id
// and states; ids and states are a-z, 0-9 and _, ids also . - and /.
func splitBlock(s string) (name string, states [][2]string, ok bool) {
	name, rest, has := strings.Cut(strings.TrimPrefix(s, "minecraft:"), "[")
	if !idChars(name, true) {
		return "", nil, false
	}
	if !has {
		return name, nil, true
	}
	body, closed := strings.CutSuffix(rest, "]")
	if !closed {
		return "", nil, false
	}
	if body == "" {
		return name, nil, true
	}
	for pair := range strings.SplitSeq(body, ",") {
		k, v, eq := strings.Cut(pair, "=")
		if !eq || !idChars(k, false) || !idChars(v, false) {
			return "", nil, false
		}
		states = append(states, [2]string{k, v})
	}
	return name, states, true
}

func idChars(s string, id bool) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_' || id && strings.ContainsRune(".-/", r))
	}) < 0
}

func joinBlock(name string, states [][2]string) string {
	if len(states) == 0 {
		return name
	}
	parts := make([]string, len(states))
	for i, st := range states {
		parts[i] = st[0] + "=" + st[1]
	}
	return name + "[" + strings.Join(parts, ",") + "]"
}
