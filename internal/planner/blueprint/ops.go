package blueprint

import (
	"slices"
	"strconv"

	"beaweb/internal/game"
)

// Op kinds.
const (
	OpFill  = "fill"
	OpWalls = "walls"
	OpSet   = "set"
	OpRoof  = "roof"
)

// Op is one drawing operation of a build.
type Op struct {
	// Kind is fill, walls, set or roof.
	Kind string `json:"op"`
	// From and To are opposite corners of the box of fill, walls and roof;
	// on the wire [x, y, z] or {"x": X, "y": Y, "z": Z}.
	From game.Pos `json:"from"`
	To   game.Pos `json:"to"`
	// At is the cell of set.
	At game.Pos `json:"at"`
	// Block is what the op puts in its cells.
	Block string `json:"block"`
	// Hollow makes a fill a shell with air inside.
	Hollow bool `json:"hollow,omitempty"`
}

// opKeys lists what each op takes besides "op".
var opKeys = map[string][]string{
	OpFill:  {"from", "to", "block", "hollow"},
	OpWalls: {"from", "to", "block"},
	OpSet:   {"at", "block"},
	OpRoof:  {"from", "to", "block"},
}

func opsFromValue(v any) ([]Op, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, invalid(`ops must be a list of objects like {"op": "fill", "from": [0, 0, 0], "to": [4, 0, 4], "block": "cobblestone"}`)
	}
	ops := make([]Op, len(list))
	for i, ov := range list {
		op, err := opFromValue(i, ov)
		if err != nil {
			return nil, err
		}
		ops[i] = op
	}
	return ops, nil
}

func opFromValue(i int, v any) (Op, error) {
	var op Op
	m, ok := v.(map[string]any)
	if !ok {
		return op, invalid(`ops[%d] must be an object like {"op": "set", "at": [0, 0, 0], "block": "stone"}`, i)
	}
	kind, ok := m["op"].(string)
	if !ok {
		return op, invalid(`ops[%d] needs "op": one of fill, walls, set or roof`, i)
	}
	keys, known := opKeys[kind]
	if !known {
		return op, errOpKind(i, kind)
	}
	op.Kind = kind
	for _, k := range sortedKeys(m) {
		if m[k] != nil && k != "op" && !slices.Contains(keys, k) {
			return op, invalid("ops[%d]: %s takes %s, not %s", i, kind, listWords(keys), quote(k))
		}
	}
	var err error
	if kind == OpSet {
		if op.At, err = opPos(i, kind, m, "at"); err != nil {
			return op, err
		}
	} else {
		if op.From, err = opPos(i, kind, m, "from"); err != nil {
			return op, err
		}
		if op.To, err = opPos(i, kind, m, "to"); err != nil {
			return op, err
		}
	}
	where := "ops[" + strconv.Itoa(i) + "].block"
	switch b := m["block"].(type) {
	case nil:
		return op, invalid("ops[%d] (%s) needs %s", i, kind, quote("block"))
	case string:
		if err := checkBlock(where, b); err != nil {
			return op, err
		}
		op.Block, _ = canonicalBlock(b)
	default:
		return op, invalid(`%s must be a block name such as "cobblestone"`, where)
	}
	if h := m["hollow"]; h != nil {
		b, ok := h.(bool)
		if !ok {
			return op, invalid("ops[%d].hollow must be true or false", i)
		}
		op.Hollow = b
	}
	return op, nil
}

func errOpKind(i int, kind string) error {
	return invalid("ops[%d]: %s is not an op; use fill, walls, set or roof", i, quote(kind))
}

// opPos reads a corner given as [x, y, z] or as {"x": X, "y": Y, "z": Z}.
func opPos(i int, kind string, m map[string]any, key string) (game.Pos, error) {
	where := "ops[" + strconv.Itoa(i) + "]." + key
	var vals [3]any
	switch v := m[key].(type) {
	case nil:
		return game.Pos{}, invalid("ops[%d] (%s) needs %s", i, kind, quote(key))
	case []any:
		if len(v) != 3 {
			return game.Pos{}, errOpPos(where)
		}
		copy(vals[:], v)
	case map[string]any:
		if countSet(v) != 3 {
			return game.Pos{}, errOpPos(where)
		}
		for j, axis := range []string{"x", "y", "z"} {
			c := v[axis]
			if c == nil {
				return game.Pos{}, errOpPos(where)
			}
			vals[j] = c
		}
	default:
		return game.Pos{}, errOpPos(where)
	}
	var n [3]int
	for j, c := range vals {
		var ok bool
		if n[j], ok = coordinate(c); !ok {
			return game.Pos{}, errCoordinate(where + "[" + strconv.Itoa(j) + "]")
		}
	}
	return game.Pos{X: n[0], Y: n[1], Z: n[2]}, nil
}

func errOpPos(where string) error {
	return invalid(`%s must be [x, y, z] or {"x": X, "y": Y, "z": Z}`, where)
}

// MarshalJSON writes an op with [x, y, z] corners and only the keys its
// kind takes.
func (o Op) MarshalJSON() ([]byte, error) {
	type op struct {
		Op     string  `json:"op"`
		At     *[3]int `json:"at,omitempty"`
		From   *[3]int `json:"from,omitempty"`
		To     *[3]int `json:"to,omitempty"`
		Block  string  `json:"block"`
		Hollow bool    `json:"hollow,omitempty"`
	}
	vec := func(p game.Pos) *[3]int { return &[3]int{p.X, p.Y, p.Z} }
	w := op{Op: o.Kind, Block: o.Block, Hollow: o.Hollow}
	if o.Kind == OpSet {
		w.At = vec(o.At)
	} else {
		w.From, w.To = vec(o.From), vec(o.To)
	}
	return marshal(w)
}
