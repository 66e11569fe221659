package blueprint

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"beaweb/internal/game"
)

// The limits of one build.
const (
	// MaxCells is the most cells one build holds, air cells included.
	MaxCells = 2000
	// MaxSpan is the most blocks a build spans along any axis, the origin
	// included.
	MaxSpan = 256
	// MaxCoord bounds every coordinate, relative or absolute: the world's
	// border is 30 million blocks from 0.
	MaxCoord = 30_000_000
)

// Args are the arguments of the protocol's build action, as the model writes
// them for plan_build and build and as every game side reads them, each with
// code of its own. Coordinates in Layers and Ops count from Origin. The json tags name
// the wire keys for schema generators; reading and writing go through
// ParseArgs and MarshalJSON.
type Args struct {
	// Origin is the absolute cell the build starts from.
	Origin game.Pos `json:"origin"`
	// Layers are horizontal slices, bottom first; each is a list of rows
	// along +z, each row a string of palette characters along +x. A space
	// leaves a cell as it is.
	Layers [][]string `json:"layers,omitempty"`
	// Palette maps one character to a block name; the name air means the
	// cell must be empty.
	Palette map[string]string `json:"palette,omitempty"`
	// Ops apply after the layers, in order, and overwrite them.
	Ops []Op `json:"ops,omitempty"`
	// Rotation turns the whole build clockwise seen from above around
	// Origin: 0, 90, 180 or 270.
	Rotation int `json:"rotation,omitempty"`
	// Clear asks for blocks in the way of a different block to be broken.
	Clear bool `json:"clear,omitempty"`
}

// argNames lists the build's arguments in the order they are written.
var argNames = []string{"origin", "layers", "palette", "ops", "rotation", "clear"}

// ParseArgs reads the JSON arguments of a build and refuses malformed ones
// with a fault matching ErrInvalid, holding the one sentence for what is wrong. null for
// any key means it was left out, as tool-calling models send every key of a
// schema. It checks the shape and every value; whether the cells fit the
// limits is Expand's part.
func ParseArgs(data []byte) (Args, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return Args{}, invalid("the build arguments are not valid JSON")
	}
	if _, err := dec.Token(); err != io.EOF {
		return Args{}, invalid("the build arguments are not valid JSON")
	}
	return argsFromValue(v)
}

// UnmarshalJSON reads a build's arguments with ParseArgs, so Args can sit in
// a tool's parameters.
func (a *Args) UnmarshalJSON(data []byte) error {
	parsed, err := ParseArgs(data)
	if err != nil {
		return err
	}
	*a = parsed
	return nil
}

func argsFromValue(v any) (Args, error) {
	var a Args
	m, ok := v.(map[string]any)
	if !ok {
		return a, invalid("the build arguments must be a JSON object with origin, layers, palette, ops, rotation and clear")
	}
	for _, k := range sortedKeys(m) {
		if m[k] != nil && !slices.Contains(argNames, k) {
			return a, invalid("build has no argument %s; it takes origin, layers, palette, ops, rotation and clear", quote(k))
		}
	}
	var err error
	if m["origin"] == nil {
		return a, invalid(`origin is missing: give the cell the build counts from as {"x": X, "y": Y, "z": Z}`)
	}
	if a.Origin, err = posFromObject(m["origin"]); err != nil {
		return a, err
	}
	if r := m["rotation"]; r != nil {
		n, ok := wholeNumber(r)
		if !ok || !validRotation(n) {
			return a, errRotation()
		}
		a.Rotation = n
	}
	if c := m["clear"]; c != nil {
		b, ok := c.(bool)
		if !ok {
			return a, invalid("clear must be true or false")
		}
		a.Clear = b
	}
	if p := m["palette"]; p != nil {
		if a.Palette, err = paletteFromValue(p); err != nil {
			return a, err
		}
	}
	if l := m["layers"]; l != nil {
		if a.Layers, err = layersFromValue(l); err != nil {
			return a, err
		}
	}
	if o := m["ops"]; o != nil {
		if a.Ops, err = opsFromValue(o); err != nil {
			return a, err
		}
	}
	return a, nil
}

func errRotation() error {
	return invalid("rotation must be 0, 90, 180 or 270 (degrees clockwise seen from above)")
}

func validRotation(n int) bool { return n == 0 || n == 90 || n == 180 || n == 270 }

func posFromObject(v any) (game.Pos, error) {
	bad := invalid(`origin must be {"x": X, "y": Y, "z": Z} with whole numbers`)
	m, ok := v.(map[string]any)
	if !ok || countSet(m) != 3 {
		return game.Pos{}, bad
	}
	var p game.Pos
	for _, axis := range []struct {
		key string
		dst *int
	}{{"x", &p.X}, {"y", &p.Y}, {"z", &p.Z}} {
		c := m[axis.key]
		if c == nil {
			return game.Pos{}, bad
		}
		n, ok := coordinate(c)
		if !ok {
			return game.Pos{}, errCoordinate("origin." + axis.key)
		}
		*axis.dst = n
	}
	return p, nil
}

func errCoordinate(where string) error {
	return invalid("%s must be a whole number between -%d and %d", where, MaxCoord, MaxCoord)
}

// wholeNumber reads a JSON number that is a whole number (1.0 is, 1.5 and
// "1" are not) and fits an int32.
func wholeNumber(v any) (int, bool) {
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

func coordinate(v any) (int, bool) {
	n, ok := wholeNumber(v)
	if !ok || n < -MaxCoord || n > MaxCoord {
		return 0, false
	}
	return n, true
}

func paletteFromValue(v any) (map[string]string, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, invalid(`palette must be an object mapping one character to a block name, like {"#": "cobblestone"}`)
	}
	out := make(map[string]string, len(m))
	for _, k := range sortedKeys(m) {
		if err := checkPaletteKey(k); err != nil {
			return nil, err
		}
		s, ok := m[k].(string)
		if !ok {
			return nil, invalid(`palette[%s] must be a block name such as "cobblestone"`, quote(k))
		}
		if err := checkBlock("palette["+quote(k)+"]", s); err != nil {
			return nil, err
		}
		out[k], _ = canonicalBlock(s)
	}
	return out, nil
}

// checkPalette checks keys and names in code-point order of the keys.
func checkPalette(p map[string]string) error {
	for _, k := range sortedKeys(p) {
		if err := checkPaletteKey(k); err != nil {
			return err
		}
		if err := checkBlock("palette["+quote(k)+"]", p[k]); err != nil {
			return err
		}
	}
	return nil
}

func checkPaletteKey(k string) error {
	if utf8.RuneCountInString(k) != 1 {
		return invalid("palette key %s must be exactly one character", quote(k))
	}
	if k == " " {
		return invalid(`palette key " " cannot be used: a space in a row always leaves the cell as it is`)
	}
	return nil
}

func checkBlock(where, block string) error {
	if _, ok := canonicalBlock(block); !ok {
		if block == "" {
			return invalid(`%s must be a block name such as "cobblestone"`, where)
		}
		return invalid("%s: %s is not a block name; write a vanilla id such as oak_planks, with any states in brackets like oak_door[facing=north]", where, quote(block))
	}
	return nil
}

func layersFromValue(v any) ([][]string, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, invalid("layers must be a list of layers, bottom first; each layer a list of rows (strings along +x), one row per z")
	}
	layers := make([][]string, len(list))
	for y, lv := range list {
		if _, flat := lv.(string); flat {
			return nil, invalid(`layers is flattened: each layer must be a list of rows, so write [["###", "# #"], ["###"]], not ["###", "# #"]`)
		}
		rows, ok := lv.([]any)
		if !ok {
			return nil, invalid("layers[%d] must be a list of rows (strings)", y)
		}
		layers[y] = make([]string, len(rows))
		for z, rv := range rows {
			s, ok := rv.(string)
			if !ok {
				return nil, invalid("layers[%d][%d] must be a string of palette characters", y, z)
			}
			layers[y][z] = s
		}
	}
	return layers, nil
}

// MarshalJSON writes the arguments as the build action sends them: origin
// always, the rest only when given.
func (a Args) MarshalJSON() ([]byte, error) {
	type args struct {
		Origin   game.Pos          `json:"origin"`
		Layers   [][]string        `json:"layers,omitempty"`
		Palette  map[string]string `json:"palette,omitempty"`
		Ops      []Op              `json:"ops,omitempty"`
		Rotation int               `json:"rotation,omitempty"`
		Clear    bool              `json:"clear,omitempty"`
	}
	return marshal(args(a))
}

// marshal writes JSON without escaping <, > and &, which block names and
// palette characters may hold.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// countSet counts the keys of an object that are not null.
func countSet(m map[string]any) int {
	n := 0
	for _, v := range m {
		if v != nil {
			n++
		}
	}
	return n
}

// sortedKeys returns a map's keys in code-point order, the order in which
// every implementation reports the first bad key.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// listWords joins words as "a, b and c".
func listWords(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	out := ""
	for i, w := range words[:len(words)-1] {
		if i > 0 {
			out += ", "
		}
		out += w
	}
	return out + " and " + words[len(words)-1]
}
