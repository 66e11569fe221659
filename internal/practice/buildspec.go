package practice

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"beaweb/internal/game"
)

// The world reads a build action's arguments with its own code, from the
// format testdata/minecraft_blueprints/README.md specifies, as the mod and
// body/ do: a brain whose expansion went wrong is then caught by the world
// rather than agreed with. The refusals are that README's sentences, word
// for word, in its order.

// The limits of one build.
const (
	buildMaxCells = 2000
	buildMaxSpan  = 256
	buildMaxCoord = 30_000_000
)

// buildArgs are a build action's arguments; coordinates in layers and ops
// count from origin.
type buildArgs struct {
	origin   game.Pos
	layers   [][]string
	palette  map[string]string // one character to a canonical block name
	ops      []buildOp
	rotation int
	clear    bool
}

// buildOp is one of fill, walls, set or roof.
type buildOp struct {
	kind     string
	from, to game.Pos // fill, walls and roof
	at       game.Pos // set
	block    string
	hollow   bool
}

// opTakes lists what each op takes besides "op".
var opTakes = map[string][]string{
	"fill":  {"from", "to", "block", "hollow"},
	"walls": {"from", "to", "block"},
	"set":   {"at", "block"},
	"roof":  {"from", "to", "block"},
}

// refuse is a refusal of the arguments: the sentence the world answers
// FAILURE_INVALID with.
func refuse(format string, a ...any) error { return fmt.Errorf(format, a...) }

func quoted(s string) string { return `"` + s + `"` }

// readBuildArgs reads a build's JSON arguments; a key whose value is null
// was left out.
func readBuildArgs(raw []byte) (buildArgs, error) {
	var a buildArgs
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return a, refuse("the build arguments are not valid JSON")
	}
	if _, err := dec.Token(); err != io.EOF {
		return a, refuse("the build arguments are not valid JSON")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return a, refuse("the build arguments must be a JSON object with origin, layers, palette, ops, rotation and clear")
	}
	for _, k := range keysOf(m) {
		if m[k] != nil && !slices.Contains([]string{"origin", "layers", "palette", "ops", "rotation", "clear"}, k) {
			return a, refuse("build has no argument %s; it takes origin, layers, palette, ops, rotation and clear", quoted(k))
		}
	}
	var err error
	if a.origin, err = readOrigin(m["origin"]); err != nil {
		return a, err
	}
	if r := m["rotation"]; r != nil {
		n, ok := whole(r)
		if !ok || n%90 != 0 || n < 0 || n > 270 {
			return a, refuse("rotation must be 0, 90, 180 or 270 (degrees clockwise seen from above)")
		}
		a.rotation = n
	}
	if c := m["clear"]; c != nil {
		if a.clear, ok = c.(bool); !ok {
			return a, refuse("clear must be true or false")
		}
	}
	if a.palette, err = readPalette(m["palette"]); err != nil {
		return a, err
	}
	if a.layers, err = readLayers(m["layers"]); err != nil {
		return a, err
	}
	a.ops, err = readOps(m["ops"])
	return a, err
}

func readOrigin(v any) (game.Pos, error) {
	if v == nil {
		return game.Pos{}, refuse(`origin is missing: give the cell the build counts from as {"x": X, "y": Y, "z": Z}`)
	}
	bad := refuse(`origin must be {"x": X, "y": Y, "z": Z} with whole numbers`)
	m, ok := v.(map[string]any)
	if !ok || setKeys(m) != 3 || m["x"] == nil || m["y"] == nil || m["z"] == nil {
		return game.Pos{}, bad
	}
	var n [3]int
	for i, axis := range []string{"x", "y", "z"} {
		if n[i], ok = coord(m[axis]); !ok {
			return game.Pos{}, badCoord("origin." + axis)
		}
	}
	return game.Pos{X: n[0], Y: n[1], Z: n[2]}, nil
}

func badCoord(where string) error {
	return refuse("%s must be a whole number between -%d and %d", where, buildMaxCoord, buildMaxCoord)
}

// whole reads a JSON number that is a whole number (1.0 is; 1.5, "1" and
// true are not) within an int32.
func whole(v any) (int, bool) {
	num, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(num), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
		return 0, false
	}
	return int(f), true
}

func coord(v any) (int, bool) {
	n, ok := whole(v)
	return n, ok && n >= -buildMaxCoord && n <= buildMaxCoord
}

func readPalette(v any) (map[string]string, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, refuse(`palette must be an object mapping one character to a block name, like {"#": "cobblestone"}`)
	}
	out := map[string]string{}
	for _, k := range keysOf(m) {
		switch {
		case utf8.RuneCountInString(k) != 1:
			return nil, refuse("palette key %s must be exactly one character", quoted(k))
		case k == " ":
			return nil, refuse(`palette key " " cannot be used: a space in a row always leaves the cell as it is`)
		}
		name, err := readBlock("palette["+quoted(k)+"]", m[k])
		if err != nil {
			return nil, err
		}
		out[k] = name
	}
	return out, nil
}

// readBlock reads a block name in vanilla's state syntax and returns its
// canonical form: no minecraft: namespace, no empty brackets.
func readBlock(where string, v any) (string, error) {
	s, ok := v.(string)
	if !ok || s == "" {
		return "", refuse(`%s must be a block name such as "cobblestone"`, where)
	}
	name, states, ok := splitBlock(s)
	if !ok {
		return "", refuse("%s: %s is not a block name; write a vanilla id such as oak_planks, with any states in brackets like oak_door[facing=north]", where, quoted(s))
	}
	return joinBlock(name, states), nil
}

func readLayers(v any) ([][]string, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, refuse("layers must be a list of layers, bottom first; each layer a list of rows (strings along +x), one row per z")
	}
	layers := make([][]string, len(list))
	for y, lv := range list {
		if _, flat := lv.(string); flat {
			return nil, refuse(`layers is flattened: each layer must be a list of rows, so write [["###", "# #"], ["###"]], not ["###", "# #"]`)
		}
		rows, ok := lv.([]any)
		if !ok {
			return nil, refuse("layers[%d] must be a list of rows (strings)", y)
		}
		for z, rv := range rows {
			s, ok := rv.(string)
			if !ok {
				return nil, refuse("layers[%d][%d] must be a string of palette characters", y, z)
			}
			layers[y] = append(layers[y], s)
		}
	}
	return layers, nil
}

func readOps(v any) ([]buildOp, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, refuse(`ops must be a list of objects like {"op": "fill", "from": [0, 0, 0], "to": [4, 0, 4], "block": "cobblestone"}`)
	}
	ops := make([]buildOp, len(list))
	for i, ov := range list {
		var err error
		if ops[i], err = readOp(i, ov); err != nil {
			return nil, err
		}
	}
	return ops, nil
}

func readOp(i int, v any) (buildOp, error) {
	var op buildOp
	m, ok := v.(map[string]any)
	if !ok {
		return op, refuse(`ops[%d] must be an object like {"op": "set", "at": [0, 0, 0], "block": "stone"}`, i)
	}
	if op.kind, ok = m["op"].(string); !ok {
		return op, refuse(`ops[%d] needs "op": one of fill, walls, set or roof`, i)
	}
	takes, known := opTakes[op.kind]
	if !known {
		return op, refuse("ops[%d]: %s is not an op; use fill, walls, set or roof", i, quoted(op.kind))
	}
	for _, k := range keysOf(m) {
		if m[k] != nil && k != "op" && !slices.Contains(takes, k) {
			return op, refuse("ops[%d]: %s takes %s, not %s", i, op.kind, andList(takes), quoted(k))
		}
	}
	corners := []*game.Pos{&op.from, &op.to}
	if op.kind == "set" {
		corners = []*game.Pos{&op.at}
	}
	for j, dst := range corners {
		p, err := readCorner(i, op.kind, takes[j], m[takes[j]])
		if err != nil {
			return op, err
		}
		*dst = p
	}
	if m["block"] == nil {
		return op, refuse("ops[%d] (%s) needs %s", i, op.kind, quoted("block"))
	}
	var err error
	if op.block, err = readBlock("ops["+strconv.Itoa(i)+"].block", m["block"]); err != nil {
		return op, err
	}
	if h := m["hollow"]; h != nil {
		if op.hollow, ok = h.(bool); !ok {
			return op, refuse("ops[%d].hollow must be true or false", i)
		}
	}
	return op, nil
}

// readCorner reads a corner written [x, y, z] or {"x": X, "y": Y, "z": Z}.
func readCorner(i int, kind, key string, v any) (game.Pos, error) {
	where := "ops[" + strconv.Itoa(i) + "]." + key
	bad := refuse(`%s must be [x, y, z] or {"x": X, "y": Y, "z": Z}`, where)
	var vals []any
	switch c := v.(type) {
	case nil:
		return game.Pos{}, refuse("ops[%d] (%s) needs %s", i, kind, quoted(key))
	case []any:
		vals = c
	case map[string]any:
		if setKeys(c) != 3 || c["x"] == nil || c["y"] == nil || c["z"] == nil {
			return game.Pos{}, bad
		}
		vals = []any{c["x"], c["y"], c["z"]}
	}
	if len(vals) != 3 {
		return game.Pos{}, bad
	}
	var n [3]int
	for j, c := range vals {
		var ok bool
		if n[j], ok = coord(c); !ok {
			return game.Pos{}, badCoord(where + "[" + strconv.Itoa(j) + "]")
		}
	}
	return game.Pos{X: n[0], Y: n[1], Z: n[2]}, nil
}

// keysOf lists an object's keys in code-point order, the order the first
// bad one is reported in.
func keysOf(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// setKeys counts an object's keys that are not null.
func setKeys(m map[string]any) int {
	n := 0
	for _, v := range m {
		if v != nil {
			n++
		}
	}
	return n
}

// andList joins words as "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
