package gametest

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
)

// Contract is the project's written copy of the actions of docs/mod-protocol.md
// (testdata/minecraft_contract.json): what each action reads, which of those
// the game side fills in itself when they are left out, which actions run
// beside another, and which the brain leaves out on purpose. The brain's tool
// schemas (internal/agent/tools) and the practice world's hello are both
// held to it in tests; only tests read it.
type Contract struct {
	Protocol   int                       `json:"protocol"`
	Actions    map[string]ActionContract `json:"actions"`
	Concurrent []string                  `json:"concurrent"`
	// Omitted are actions a mod may offer that the brain leaves out by name.
	Omitted []string `json:"omitted"`
	// Protocol1Unanswered are the actions a protocol-1 jar never answers.
	Protocol1Unanswered []string `json:"protocol1_unanswered"`
}

// ActionContract is one action's parameters.
type ActionContract struct {
	// Reads are the parameters the game side looks at.
	Reads []string `json:"reads"`
	// Filled are the parameters of Reads the game side fills in itself when
	// they are left out (or null): the optional ones.
	Filled []string `json:"filled"`
	// Types gives each parameter's JSON type: integer, number, string,
	// boolean, object or array.
	Types map[string]string `json:"types"`
	// Defaults are the values the game side fills in, where it has a fixed one.
	Defaults map[string]any `json:"defaults"`
	// Budget is the seconds beaweb's own game sides (the practice world and
	// the body) let the action run, as protocol.Budget has them; nil when
	// the file gives none, which ParseContract refuses.
	Budget *float64 `json:"budget"`
	// Note says in a sentence what the action does.
	Note string `json:"note"`
	// Data gives the fields of its answer's data that the brain reads, with
	// their JSON types; nil for an action whose data the contract does not
	// list (a build's shape is in docs/protocol.md).
	Data map[string]string `json:"data"`
}

// Required lists the parameters the brain must send: those read and not filled.
func (a ActionContract) Required() []string {
	var out []string
	for _, p := range a.Reads {
		if !slices.Contains(a.Filled, p) {
			out = append(out, p)
		}
	}
	return out
}

var jsonTypes = []string{"integer", "number", "string", "boolean", "object", "array"}

// LoadContract reads and checks a contract file.
func LoadContract(path string) (Contract, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Contract{}, fmt.Errorf("protocol: contract: %w", err)
	}
	c, err := ParseContract(b)
	if err != nil {
		return Contract{}, fmt.Errorf("%w (in %s)", err, path)
	}
	return c, nil
}

// ReadContract is LoadContract for a test: it fails t on an error.
func ReadContract(t testing.TB, path string) Contract {
	t.Helper()
	c, err := LoadContract(path)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// ParseContract reads a contract from its JSON and checks that it is
// consistent with itself: every filled or typed parameter is read, every type
// is known, every concurrent action exists, no omitted action is also an
// action.
func ParseContract(b []byte) (Contract, error) {
	var c Contract
	if err := json.Unmarshal(b, &c); err != nil {
		return Contract{}, fmt.Errorf("protocol: contract: %w", err)
	}
	if len(c.Actions) == 0 {
		return Contract{}, fmt.Errorf("protocol: contract: it lists no actions")
	}
	var problems []string
	for _, name := range c.ActionNames() {
		a := c.Actions[name]
		for _, p := range a.Filled {
			if !slices.Contains(a.Reads, p) {
				problems = append(problems, fmt.Sprintf("%s fills %q, which it does not read", name, p))
			}
		}
		for _, p := range a.Reads {
			t, ok := a.Types[p]
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("%s reads %q without a type", name, p))
			case !slices.Contains(jsonTypes, t):
				problems = append(problems, fmt.Sprintf("%s gives %q the type %q; use one of %s", name, p, t, strings.Join(jsonTypes, ", ")))
			}
		}
		for _, p := range slices.Sorted(maps.Keys(a.Types)) {
			if !slices.Contains(a.Reads, p) {
				problems = append(problems, fmt.Sprintf("%s types %q, which it does not read", name, p))
			}
		}
		switch {
		case a.Budget == nil:
			problems = append(problems, fmt.Sprintf("%s gives no budget", name))
		case *a.Budget < 0:
			problems = append(problems, fmt.Sprintf("%s has a negative budget (%g)", name, *a.Budget))
		}
		for _, f := range slices.Sorted(maps.Keys(a.Data)) {
			if !slices.Contains(jsonTypes, a.Data[f]) {
				problems = append(problems, fmt.Sprintf("%s gives its data's %q the type %q; use one of %s", name, f, a.Data[f], strings.Join(jsonTypes, ", ")))
			}
		}
		for _, p := range slices.Sorted(maps.Keys(a.Defaults)) {
			if !slices.Contains(a.Filled, p) {
				problems = append(problems, fmt.Sprintf("%s has a default for %q, which it does not fill", name, p))
			}
		}
	}
	for _, list := range []struct {
		name  string
		names []string
	}{{"concurrent", c.Concurrent}, {"protocol1_unanswered", c.Protocol1Unanswered}} {
		for _, n := range list.names {
			if _, ok := c.Actions[n]; !ok {
				problems = append(problems, fmt.Sprintf("%s names %q, which is not an action", list.name, n))
			}
		}
	}
	for _, n := range c.Omitted {
		if _, ok := c.Actions[n]; ok {
			problems = append(problems, fmt.Sprintf("%q is both an action and omitted", n))
		}
	}
	if len(problems) > 0 {
		return Contract{}, fmt.Errorf("protocol: contract: %s", strings.Join(problems, "; "))
	}
	return c, nil
}

// ActionNames lists the actions in sorted order.
func (c Contract) ActionNames() []string { return slices.Sorted(maps.Keys(c.Actions)) }

// CheckHello holds a hello to the contract: it must speak this protocol,
// offer every action of the contract and nothing beyond them but the omitted
// ones, name the same concurrent actions, and give a budget for every action
// it offers (the omitted ones aside).
func (c Contract) CheckHello(h protocol.Hello) []string {
	var problems []string
	if h.Protocol != c.Protocol {
		problems = append(problems, fmt.Sprintf("the hello speaks protocol %d, the contract %d", h.Protocol, c.Protocol))
	}
	for _, name := range c.ActionNames() {
		if !slices.Contains(h.Actions, name) {
			problems = append(problems, fmt.Sprintf("the hello does not offer %s", name))
		}
	}
	for _, name := range h.Actions {
		_, known := c.Actions[name]
		if !known && !slices.Contains(c.Omitted, name) {
			problems = append(problems, fmt.Sprintf("the hello offers %s, which the contract neither has nor omits", name))
		}
		if known {
			if b, ok := h.Budgets[name]; !ok {
				problems = append(problems, fmt.Sprintf("the hello gives no budget for %s", name))
			} else if b < 0 {
				problems = append(problems, fmt.Sprintf("the hello gives %s a negative budget (%g)", name, b))
			}
		}
	}
	want, got := slices.Sorted(slices.Values(c.Concurrent)), slices.Sorted(slices.Values(h.Concurrent))
	if !slices.Equal(want, got) {
		problems = append(problems, fmt.Sprintf("the hello names %s as concurrent, the contract %s",
			strings.Join(got, ", "), strings.Join(want, ", ")))
	}
	return problems
}
