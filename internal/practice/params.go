package practice

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"beaweb/internal/game"
)

// params reads an action's parameters. Each getter checks presence, type and
// range; the first problem is kept as a sentence naming the parameter and
// what is allowed, and later getters return zero values. A null counts as
// left out.
type params struct {
	action string
	m      map[string]json.RawMessage
	err    error
}

func newParams(action string, raw json.RawMessage) (*params, error) {
	p := &params{action: action, m: map[string]json.RawMessage{}}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return p, nil
	}
	if trimmed[0] != '{' {
		return nil, fmt.Errorf("parameters of %s must be a JSON object, got %s", action, jsonKind(trimmed))
	}
	if err := json.Unmarshal(trimmed, &p.m); err != nil {
		return nil, fmt.Errorf("parameters of %s are not valid JSON: %v", action, err)
	}
	return p, nil
}

// has reports whether name was given and is not null.
func (p *params) has(name string) bool {
	v, ok := p.m[name]
	return ok && !bytes.Equal(bytes.TrimSpace(v), []byte("null"))
}

func (p *params) failf(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
}

func (p *params) missing(name, what string) {
	p.failf("%s needs %s: %s", p.action, name, what)
}

// number reads name as a JSON number.
func (p *params) number(name, what string) (float64, bool) {
	if p.err != nil {
		return 0, false
	}
	raw := bytes.TrimSpace(p.m[name])
	var f float64
	if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) || json.Unmarshal(raw, &f) != nil {
		p.failf("%s must be %s, got %s", name, what, jsonKind(raw))
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		p.failf("%s must be %s", name, what)
		return 0, false
	}
	return f, true
}

// reqInt reads a required whole number in [lo, hi].
func (p *params) reqInt(name string, lo, hi int) int {
	what := fmt.Sprintf("a whole number from %d to %d", lo, hi)
	if p.err != nil {
		return 0
	}
	if !p.has(name) {
		p.missing(name, what)
		return 0
	}
	return p.intIn(name, lo, hi, what)
}

// optInt reads an optional whole number in [lo, hi], def when left out.
func (p *params) optInt(name string, def, lo, hi int) int {
	if p.err != nil || !p.has(name) {
		return def
	}
	return p.intIn(name, lo, hi, fmt.Sprintf("a whole number from %d to %d", lo, hi))
}

func (p *params) intIn(name string, lo, hi int, what string) int {
	f, ok := p.number(name, what)
	if !ok {
		return 0
	}
	if f != math.Trunc(f) {
		p.failf("%s must be %s, got %v, which is not a whole number", name, what, f)
		return 0
	}
	if f < float64(lo) || f > float64(hi) {
		p.failf("%s must be %s, got %v", name, what, f)
		return 0
	}
	return int(f)
}

// reqFloat reads a required number in [lo, hi].
func (p *params) reqFloat(name string, lo, hi float64) float64 {
	what := fmt.Sprintf("a number from %v to %v", lo, hi)
	if p.err != nil {
		return 0
	}
	if !p.has(name) {
		p.missing(name, what)
		return 0
	}
	return p.floatIn(name, lo, hi, what)
}

// optFloat reads an optional number in [lo, hi], def when left out.
func (p *params) optFloat(name string, def, lo, hi float64) float64 {
	if p.err != nil || !p.has(name) {
		return def
	}
	return p.floatIn(name, lo, hi, fmt.Sprintf("a number from %v to %v", lo, hi))
}

func (p *params) floatIn(name string, lo, hi float64, what string) float64 {
	f, ok := p.number(name, what)
	if !ok {
		return 0
	}
	if f < lo || f > hi {
		p.failf("%s must be %s, got %v", name, what, f)
		return 0
	}
	return f
}

// reqString reads a required non-empty string; with allowed, it must be
// one of them.
func (p *params) reqString(name string, allowed []string) string {
	if p.err != nil {
		return ""
	}
	if !p.has(name) {
		p.missing(name, stringWhat(allowed))
		return ""
	}
	return p.stringIn(name, allowed)
}

// optString reads an optional string, def when left out.
func (p *params) optString(name, def string, allowed []string) string {
	if p.err != nil || !p.has(name) {
		return def
	}
	return p.stringIn(name, allowed)
}

func (p *params) stringIn(name string, allowed []string) string {
	var s string
	if err := json.Unmarshal(p.m[name], &s); err != nil {
		p.failf("%s must be %s, got %s", name, stringWhat(allowed), jsonKind(p.m[name]))
		return ""
	}
	s = strings.TrimSpace(s)
	if s == "" {
		p.failf("%s must be %s, got an empty string", name, stringWhat(allowed))
		return ""
	}
	if allowed != nil && !slices.Contains(allowed, s) {
		p.failf("%s must be %s, got %q", name, stringWhat(allowed), s)
		return ""
	}
	return s
}

// itemName reads an item or block name, dropping a minecraft: prefix.
func (p *params) itemName(name string, required bool) string {
	var s string
	if required {
		s = p.reqString(name, nil)
	} else {
		s = p.optString(name, "", nil)
	}
	s = strings.ToLower(strings.TrimPrefix(s, "minecraft:"))
	if s != "" && strings.ContainsAny(s, " \t\n\"'") {
		p.failf("%s must be a Minecraft id such as oak_log, got %q", name, s)
		return ""
	}
	return s
}

// pos reads x, y and z as a block inside the world.
func (p *params) pos(g *grid) game.Pos {
	return game.Pos{
		X: p.reqInt("x", g.minX, g.minX+g.sizeX-1),
		Y: p.reqInt("y", minY, minY+height-1),
		Z: p.reqInt("z", g.minZ, g.minZ+g.sizeZ-1),
	}
}

// optPos reads x, y and z when any of them is given; all three are then
// required.
func (p *params) optPos(g *grid) (game.Pos, bool) {
	if !p.has("x") && !p.has("y") && !p.has("z") {
		return game.Pos{}, false
	}
	return p.pos(g), true
}

func stringWhat(allowed []string) string {
	if allowed == nil {
		return "a non-empty string"
	}
	return "one of " + strings.Join(allowed, ", ")
}

// jsonKind names what a raw JSON value is, for a sentence.
func jsonKind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string " + truncate(string(raw), 40)
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return truncate(string(raw), 40)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
