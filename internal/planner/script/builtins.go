package script

import (
	"fmt"
	"math"
	"strings"

	"go.starlark.net/starlark"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// drawing is what one script has drawn so far. It lives in the child only,
// for the length of one script.
type drawing struct {
	cells map[game.Pos]string
	notes []string
	// refusal is set when a limit was reached where no error can be returned
	// (print), and wins over the error the interpreter reports.
	refusal *fault.Error
}

func newDrawing() *drawing {
	return &drawing{cells: make(map[game.Pos]string)}
}

// builtins are the names a script draws with, each documented in its own
// function below.
func (d *drawing) builtins() starlark.StringDict {
	return starlark.StringDict{
		"set":    starlark.NewBuiltin("set", d.set),
		"fill":   starlark.NewBuiltin("fill", d.fill),
		"walls":  starlark.NewBuiltin("walls", d.walls),
		"line":   starlark.NewBuiltin("line", d.line),
		"circle": starlark.NewBuiltin("circle", d.circle),
		"get":    starlark.NewBuiltin("get", d.get),
		"note":   starlark.NewBuiltin("note", d.note),
	}
}

// put draws one cell and refuses once the drawing holds more than MaxCells.
// Every shape goes through it cell by cell, so even a huge fill stops at the
// cell past the limit instead of walking its whole volume.
func (d *drawing) put(thread *starlark.Thread, p game.Pos, block string) error {
	d.cells[p] = block
	if len(d.cells) > MaxCells {
		return refusef("Your script draws more than %d cells (line %d reached the limit), and a build has at most %d: draw a smaller part and build the rest with a second script.", MaxCells, callerLine(thread), MaxCells)
	}
	return nil
}

// set(x, y, z, block) draws one cell.
func (d *drawing) set(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x, y, z coord
	var b blockName
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "x", &x, "y", &y, "z", &z, "block", &b); err != nil {
		return nil, err
	}
	return starlark.None, d.put(thread, game.Pos{X: int(x), Y: int(y), Z: int(z)}, string(b))
}

// box unpacks the two corners and the block every box-shaped builtin takes,
// and refuses a box longer than MaxSpan before a single cell of it is drawn.
func (d *drawing) box(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple, flag string) (lo, hi game.Pos, b blockName, on bool, err error) {
	var x1, y1, z1, x2, y2, z2 coord
	pairs := []any{"x1", &x1, "y1", &y1, "z1", &z1, "x2", &x2, "y2", &y2, "z2", &z2, "block", &b}
	if flag != "" {
		pairs = append(pairs, flag+"??", &on)
	}
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, pairs...); err != nil {
		return lo, hi, b, on, err
	}
	lo = game.Pos{X: int(min(x1, x2)), Y: int(min(y1, y2)), Z: int(min(z1, z2))}
	hi = game.Pos{X: int(max(x1, x2)), Y: int(max(y1, y2)), Z: int(max(z1, z2))}
	if err := checkSpan(lo, hi); err != nil {
		return lo, hi, b, on, lineRefusal(thread, err)
	}
	return lo, hi, b, on, nil
}

// fill(x1, y1, z1, x2, y2, z2, block, hollow=False) draws the box between two
// corners, both included. With hollow=True only its outer shell gets the
// block and the inside becomes air, as the game's own /fill ... hollow does.
func (d *drawing) fill(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	lo, hi, b, hollow, err := d.box(thread, fn, args, kwargs, "hollow")
	if err != nil {
		return nil, err
	}
	for y := lo.Y; y <= hi.Y; y++ {
		for z := lo.Z; z <= hi.Z; z++ {
			for x := lo.X; x <= hi.X; x++ {
				block := string(b)
				inside := x > lo.X && x < hi.X && y > lo.Y && y < hi.Y && z > lo.Z && z < hi.Z
				if hollow && inside {
					block = "air"
				}
				if err := d.put(thread, game.Pos{X: x, Y: y, Z: z}, block); err != nil {
					return nil, err
				}
			}
		}
	}
	return starlark.None, nil
}

// walls(x1, y1, z1, x2, y2, z2, block) draws the four upright sides of the
// box between two corners, leaving its floor, ceiling and inside as they are.
func (d *drawing) walls(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	lo, hi, b, _, err := d.box(thread, fn, args, kwargs, "")
	if err != nil {
		return nil, err
	}
	for y := lo.Y; y <= hi.Y; y++ {
		for z := lo.Z; z <= hi.Z; z++ {
			for x := lo.X; x <= hi.X; x++ {
				if x != lo.X && x != hi.X && z != lo.Z && z != hi.Z {
					continue
				}
				if err := d.put(thread, game.Pos{X: x, Y: y, Z: z}, string(b)); err != nil {
					return nil, err
				}
			}
		}
	}
	return starlark.None, nil
}

// line(x1, y1, z1, x2, y2, z2, block) draws a straight line of cells from one
// end to the other, both included, one cell per step along its longest axis.
func (d *drawing) line(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x1, y1, z1, x2, y2, z2 coord
	var b blockName
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "x1", &x1, "y1", &y1, "z1", &z1, "x2", &x2, "y2", &y2, "z2", &z2, "block", &b); err != nil {
		return nil, err
	}
	from := game.Pos{X: int(x1), Y: int(y1), Z: int(z1)}
	to := game.Pos{X: int(x2), Y: int(y2), Z: int(z2)}
	lo := game.Pos{X: min(from.X, to.X), Y: min(from.Y, to.Y), Z: min(from.Z, to.Z)}
	hi := game.Pos{X: max(from.X, to.X), Y: max(from.Y, to.Y), Z: max(from.Z, to.Z)}
	if err := checkSpan(lo, hi); err != nil {
		return nil, lineRefusal(thread, err)
	}
	for _, p := range linePoints(from, to) {
		if err := d.put(thread, p, string(b)); err != nil {
			return nil, err
		}
	}
	return starlark.None, nil
}

// linePoints steps along the longest axis and rounds the other two to the
// nearest cell, halves away from zero, so a line and its reverse draw the
// same cells.
func linePoints(from, to game.Pos) []game.Pos {
	d := to.Sub(from)
	n := max(abs(d.X), abs(d.Y), abs(d.Z))
	if n == 0 {
		return []game.Pos{from}
	}
	pts := make([]game.Pos, 0, n+1)
	for i := 0; i <= n; i++ {
		pts = append(pts, from.Add(game.Pos{X: roundDiv(i*d.X, n), Y: roundDiv(i*d.Y, n), Z: roundDiv(i*d.Z, n)}))
	}
	return pts
}

// roundDiv is a/b rounded to the nearest whole number, halves away from
// zero, for b > 0.
func roundDiv(a, b int) int {
	if a < 0 {
		return -((-a*2 + b) / (2 * b))
	}
	return (a*2 + b) / (2 * b)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// circle(cx, y, cz, r, block, filled=False) draws a level circle of radius r
// around (cx, y, cz): the cells of its disc (those nearer the centre than
// r + 0.5) that touch a cell outside it, or the whole disc when filled=True.
// The ring has no gap a player could walk through.
func (d *drawing) circle(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var cx, y, cz, r coord
	var b blockName
	var filled bool
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "cx", &cx, "y", &y, "cz", &cz, "r", &r, "block", &b, "filled??", &filled); err != nil {
		return nil, err
	}
	if r < 0 {
		return nil, fmt.Errorf("circle: for parameter r: got %d, want a radius of 0 or more", r)
	}
	lo := game.Pos{X: int(cx - r), Y: int(y), Z: int(cz - r)}
	hi := game.Pos{X: int(cx + r), Y: int(y), Z: int(cz + r)}
	if err := checkSpan(lo, hi); err != nil {
		return nil, lineRefusal(thread, err)
	}
	rad := int(r)
	in := func(dx, dz int) bool { return dx*dx+dz*dz <= rad*rad+rad }
	for dz := -rad; dz <= rad; dz++ {
		for dx := -rad; dx <= rad; dx++ {
			if !in(dx, dz) {
				continue
			}
			edge := !in(dx+1, dz) || !in(dx-1, dz) || !in(dx, dz+1) || !in(dx, dz-1)
			if !filled && !edge {
				continue
			}
			if err := d.put(thread, game.Pos{X: int(cx) + dx, Y: int(y), Z: int(cz) + dz}, string(b)); err != nil {
				return nil, err
			}
		}
	}
	return starlark.None, nil
}

// get(x, y, z) answers the block the script has drawn at a cell so far, or
// None. It knows nothing of the world: a script only sees its own drawing.
func (d *drawing) get(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x, y, z coord
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "x", &x, "y", &y, "z", &z); err != nil {
		return nil, err
	}
	if b, ok := d.cells[game.Pos{X: int(x), Y: int(y), Z: int(z)}]; ok {
		return starlark.String(b), nil
	}
	return starlark.None, nil
}

// note(text) adds a line to the build's preview. A value that is not a
// string is written as str() would write it.
func (d *drawing) note(thread *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var v starlark.Value
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "text", &v); err != nil {
		return nil, err
	}
	text, ok := starlark.AsString(v)
	if !ok {
		text = v.String()
	}
	if err := d.addNote(thread, text); err != nil {
		return nil, err
	}
	return starlark.None, nil
}

// print writes a note too: a script has no other output, and a model that
// prints expects to read what it printed.
func (d *drawing) print(thread *starlark.Thread, msg string) {
	if err := d.addNote(thread, msg); err != nil && d.refusal == nil {
		d.refusal = err
		thread.Cancel(err.Message)
	}
}

func (d *drawing) addNote(thread *starlark.Thread, text string) *fault.Error {
	if len(d.notes) >= MaxNotes {
		return refusef("Your script writes more than %d notes (line %d; note and print together): write fewer lines.", MaxNotes, callerLine(thread))
	}
	if n := len([]rune(text)); n > MaxNoteLen {
		return refusef("A note holds at most %d characters, and the one at line %d has %d: shorten it.", MaxNoteLen, callerLine(thread), n)
	}
	d.notes = append(d.notes, text)
	return nil
}

// result hands over what was drawn, checked as a finished build.
func (d *drawing) result() (Result, error) {
	cells := make([]Cell, 0, len(d.cells))
	for p, b := range d.cells {
		cells = append(cells, Cell{X: p.X, Y: p.Y, Z: p.Z, Block: b})
	}
	return newResult(cells, d.notes)
}

// callerLine is the script line that called the running builtin.
func callerLine(thread *starlark.Thread) int {
	for i := 0; i < thread.CallStackDepth(); i++ {
		if fr := thread.CallFrame(i); fr.Pos.Line > 0 {
			return int(fr.Pos.Line)
		}
	}
	return 0
}

// lineRefusal adds the calling line to a refusal about a shape's size.
func lineRefusal(thread *starlark.Thread, err error) error {
	if r, ok := err.(*fault.Error); ok {
		return refusef("Line %d: %s", callerLine(thread), r.Message)
	}
	return err
}

// maxCoord bounds a coordinate far beyond any build, so no arithmetic on
// coordinates can overflow before the span check refuses it.
const maxCoord = 1 << 24

// coord is a whole-number coordinate argument. A float with no fraction is
// taken too, since w / 2 is a float in Starlark even when w is even.
type coord int

func (c *coord) Unpack(v starlark.Value) error {
	switch v := v.(type) {
	case starlark.Int:
		n, ok := v.Int64()
		if !ok || n < -maxCoord || n > maxCoord {
			return fmt.Errorf("got %s, want a whole number between %d and %d", v, -maxCoord, maxCoord)
		}
		*c = coord(n)
		return nil
	case starlark.Float:
		f := float64(v)
		if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
			return fmt.Errorf("got %s, want a whole number (use // to divide whole numbers)", v)
		}
		if f < -maxCoord || f > maxCoord {
			return fmt.Errorf("got %s, want a whole number between %d and %d", v, -maxCoord, maxCoord)
		}
		*c = coord(f)
		return nil
	default:
		return fmt.Errorf("got %s, want a whole number", v.Type())
	}
}

// maxBlockLen bounds a block name; the longest vanilla id with states is well
// under it.
const maxBlockLen = 120

// blockName is a block argument, without the minecraft: namespace.
type blockName string

func (b *blockName) Unpack(v starlark.Value) error {
	s, ok := v.(starlark.String)
	if !ok {
		return fmt.Errorf("got %s, want a block name such as \"oak_planks\"", v.Type())
	}
	name := normalizeBlock(string(s))
	if err := checkBlock(name); err != nil {
		return fmt.Errorf("%s", err.(*fault.Error).Message)
	}
	*b = blockName(name)
	return nil
}

// normalizeBlock drops the minecraft: namespace and the spaces a state list
// may carry (oak_stairs[facing=east, half=top]).
func normalizeBlock(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "minecraft:")
	if i := strings.IndexByte(s, '['); i >= 0 {
		s = s[:i] + strings.ReplaceAll(s[i:], " ", "")
	}
	return s
}

func checkBlock(name string) error {
	if len(name) > maxBlockLen || !validBlock(name) {
		shown := name
		if len(shown) > 40 {
			shown = shown[:40] + "…"
		}
		return refusef("%q is not a block name: use a vanilla id such as \"oak_planks\", with states in brackets such as \"oak_stairs[facing=east,half=top]\", or \"air\" for a cell that must be empty.", shown)
	}
	return nil
}

// validBlock reports whether s is a vanilla id with optional block states,
// the syntax every build argument uses: oak_planks, oak_stairs[facing=east,half=top].
func validBlock(s string) bool {
	id, states, hasStates := strings.Cut(s, "[")
	if !validID(id) {
		return false
	}
	if !hasStates {
		return true
	}
	states, closed := strings.CutSuffix(states, "]")
	if !closed {
		return false
	}
	for state := range strings.SplitSeq(states, ",") {
		k, v, ok := strings.Cut(state, "=")
		if !ok || !validID(k) || !validID(v) {
			return false
		}
	}
	return true
}

// validID reports whether s is a non-empty run of a-z, 0-9 and _.
func validID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}
