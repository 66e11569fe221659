package blueprint

import (
	"strings"

	"beaweb/internal/game"
)

// Air is the block a cell must hold when it has to be empty.
const Air = "air"

// state is one property of a block state, such as facing=north.
type state struct{ key, value string }

// parseBlock reads a block name in vanilla's state syntax
// ("oak_stairs[facing=east,half=top]"). The minecraft: namespace is dropped
// and empty brackets are left out, so the canonical form it returns is what
// a cell holds. ok is false for anything that is not such a name: ids and
// state keys and values are lower-case letters, digits and _ (ids may also
// hold . - /), with no spaces.
func parseBlock(s string) (name string, states []state, ok bool) {
	s = strings.TrimPrefix(s, "minecraft:")
	name, rest, hasStates := strings.Cut(s, "[")
	if !isID(name, true) {
		return "", nil, false
	}
	if !hasStates {
		return name, nil, true
	}
	body, ok := strings.CutSuffix(rest, "]")
	if !ok {
		return "", nil, false
	}
	if body == "" {
		return name, nil, true
	}
	for pair := range strings.SplitSeq(body, ",") {
		k, v, ok := strings.Cut(pair, "=")
		if !ok || !isID(k, false) || !isID(v, false) {
			return "", nil, false
		}
		states = append(states, state{k, v})
	}
	return name, states, true
}

func isID(s string, path bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_':
		case path && (c == '.' || c == '-' || c == '/'):
		default:
			return false
		}
	}
	return true
}

func formatBlock(name string, states []state) string {
	if len(states) == 0 {
		return name
	}
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('[')
	for i, st := range states {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(st.key)
		b.WriteByte('=')
		b.WriteString(st.value)
	}
	b.WriteByte(']')
	return b.String()
}

// canonicalBlock returns the canonical form of a block name, or false when
// it is not one.
func canonicalBlock(s string) (string, bool) {
	name, states, ok := parseBlock(s)
	if !ok {
		return "", false
	}
	return formatBlock(name, states), true
}

// Kind is the block's id without its states or namespace:
// Kind("oak_door[facing=north]") is "oak_door". It is what a cell costs
// and what a preview colours by.
func Kind(block string) string { return game.BlockKind(block) }

// facings lists the horizontal facings clockwise seen from above.
var facings = [4]string{"north", "east", "south", "west"}

// rotateBlock turns the facing and axis states of a canonical block name by
// rotation degrees clockwise seen from above. Other states, and a facing of
// up or down, stay as they are.
func rotateBlock(block string, rotation int) string {
	steps := rotation / 90 % 4
	if steps == 0 || !strings.Contains(block, "[") {
		return block
	}
	name, states, ok := parseBlock(block)
	if !ok {
		return block
	}
	for i, st := range states {
		switch st.key {
		case "facing":
			for f, v := range facings {
				if v == st.value {
					states[i].value = facings[(f+steps)%4]
					break
				}
			}
		case "axis":
			if steps%2 == 1 {
				switch st.value {
				case "x":
					states[i].value = "z"
				case "z":
					states[i].value = "x"
				}
			}
		}
	}
	return formatBlock(name, states)
}

// withState returns block with key set to value, replacing a value it
// already has.
func withState(block, key, value string) string {
	name, states, ok := parseBlock(block)
	if !ok {
		return block
	}
	for i, st := range states {
		if st.key == key {
			states[i].value = value
			return formatBlock(name, states)
		}
	}
	return formatBlock(name, append(states, state{key, value}))
}

// isKind reports whether the block is of the kind or ends in _kind:
// oak_door is a door, oak_trapdoor is not.
func isKind(block, kind string) bool {
	k := Kind(block)
	return k == kind || strings.HasSuffix(k, kind) && k[len(k)-len(kind)-1] == '_'
}
