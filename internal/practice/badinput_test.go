package practice

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// sampleParams are sensible values of every parameter the contract names,
// for an arena of radius 8 round (0, arenaY+1, 0).
func sampleParams() map[string]any {
	return map[string]any{
		"x": 2, "y": arenaY + 1, "z": 2, "block": "stone", "entity": "cow", "id": 5, "distance": 3, "face": "top",
		"height": 1, "depth": 1, "direction": "north", "item": "stick", "player": "Alex", "message": "hi",
		"origin": obj{"x": 2, "y": arenaY + 1, "z": 2}, "layers": []any{[]string{"a"}}, "palette": obj{"a": "air"},
		"ops": []any{}, "rotation": 90, "clear": true, "count": 1, "radius": 4, "range": 2, "slot": "hand", "fuel": "coal",
	}
}

// allowedWords are the phrases a sentence uses to say what a parameter
// may be.
var allowedWords = []string{"a whole number", "a number", "a non-empty string", "one of", "true or false",
	"a Minecraft id", "must be", "needs"}

// TestEveryParameterIsCheckedWithASentence sends every action of the
// contract each of its parameters missing (when required), of the wrong
// type and out of range: each answers FAILURE_INVALID with a sentence
// that names the parameter and says what it may be, and the world goes on.
func TestEveryParameterIsCheckedWithASentence(t *testing.T) {
	c := gametest.ReadContract(t, "../../testdata/minecraft_contract.json")
	h := arena(t, quiet, 8)
	samples := sampleParams()
	wrongType := map[string]any{"integer": "seven", "number": "seven", "string": 7, "boolean": "yes", "object": 7, "array": 7}
	check := func(action, param, how string, params obj) {
		t.Helper()
		a := h.do(action, params, 2)
		if a.Result != protocol.FailInvalid {
			t.Errorf("%s with %s %s: %s %s", action, param, how, a.Result, a.Message)
			return
		}
		if !strings.Contains(a.Message, param) {
			t.Errorf("%s with %s %s: %q does not name %s", action, param, how, a.Message, param)
		}
		// build refuses with the blueprint's own sentences, the very words
		// the brain uses (held to the shared vectors elsewhere); here they
		// need only name the parameter.
		if action != "build" && !slices.ContainsFunc(allowedWords, func(w string) bool { return strings.Contains(a.Message, w) }) {
			t.Errorf("%s with %s %s: %q does not say what is allowed", action, param, how, a.Message)
		}
	}
	for _, name := range c.ActionNames() {
		ac := c.Actions[name]
		base := obj{}
		for _, p := range ac.Reads {
			base[p] = samples[p]
		}
		for _, p := range ac.Reads {
			without := maps.Clone(base)
			delete(without, p)
			if slices.Contains(ac.Required(), p) {
				check(name, p, "missing", without)
			}
			bad := maps.Clone(base)
			bad[p] = wrongType[ac.Types[p]]
			check(name, p, "of the wrong type", bad)
			switch ac.Types[p] {
			case "integer", "number":
				for _, v := range []any{-1e12, 1e12} {
					bad[p] = v
					check(name, p, "out of range", bad)
				}
			case "string":
				bad[p] = ""
				check(name, p, "empty", bad)
			}
			if ac.Types[p] == "integer" && p != "rotation" {
				bad[p] = 2.5
				check(name, p, "not whole", bad)
			}
		}
	}
	// Words a closed list allows are named.
	for _, tc := range []struct{ action, param, value, list string }{
		{"place_block", "face", "up", "top, bottom, north, south, east, west"},
		{"bridge", "direction", "up", "north, south, east, west"},
		{"equip_item", "slot", "pocket", "hand, offhand, head, chest, legs, feet"},
	} {
		params := obj{}
		for _, p := range c.Actions[tc.action].Reads {
			params[p] = samples[p]
		}
		params[tc.param] = tc.value
		a := h.do(tc.action, params, 2)
		want(t, a, protocol.FailInvalid)
		contains(t, a, tc.param, tc.list)
	}
	// An unknown action, and a request with none, name every known one.
	for _, action := range []string{"dance", ""} {
		a := h.do(action, nil, 2)
		want(t, a, protocol.FailInvalid)
		contains(t, a, actionOrder()...)
	}
	want(t, h.do("mc_chat", obj{"message": "still here"}, 2), protocol.Success)
}
