package practice

import (
	"slices"
	"testing"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// TestHelloHoldsToTheContract holds the hello, and every action's list of
// parameters it reads, to testdata/minecraft_contract.json.
func TestHelloHoldsToTheContract(t *testing.T) {
	c := gametest.ReadContract(t, "../../testdata/minecraft_contract.json")
	w, err := New(Options{Seed: 1, Quiet: true, Size: 64})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.CheckHello(w.Hello()) {
		t.Error(p)
	}
	for name, spec := range w.actions {
		a, ok := c.Actions[name]
		if !ok {
			if !slices.Contains(c.Omitted, name) {
				t.Errorf("%s is neither in the contract nor omitted", name)
			}
			continue
		}
		got := slices.Sorted(slices.Values(spec.reads))
		want := slices.Sorted(slices.Values(a.Reads))
		if !slices.Equal(got, want) {
			t.Errorf("%s reads %v, the contract says %v", name, got, want)
		}
		if b := w.Hello().Budgets[name]; b != *a.Budget {
			t.Errorf("the hello gives %s %g s, the contract %g s", name, b, *a.Budget)
		}
	}
	// A scan keeps its budget in ticks, for the queue that runs the scans.
	if b, _ := protocol.Budget("scan"); scanBudgetTicks != int(b)*ticksPerSecond {
		t.Errorf("a scan runs out after %d ticks, its budget is %g s", scanBudgetTicks, b)
	}
}

// TestRequiredParametersAreEnough sends each action only the parameters
// the contract says are required, with values of the contract's types:
// none of them may be refused as invalid for a missing parameter.
func TestRequiredParametersAreEnough(t *testing.T) {
	c := gametest.ReadContract(t, "../../testdata/minecraft_contract.json")
	h := arena(t, quiet, 8)
	values := map[string]any{
		"x": 2, "y": arenaY + 1, "z": 2, "block": "stone", "entity": "cow", "distance": 3, "face": "top",
		"height": 1, "depth": 1, "direction": "north", "item": "stick", "player": "Alex", "message": "hi",
		"origin": obj{"x": 2, "y": arenaY + 1, "z": 2}, "layers": []any{[]string{"a"}}, "palette": obj{"a": "air"},
	}
	for _, name := range c.ActionNames() {
		params := obj{}
		for _, p := range c.Actions[name].Required() {
			v, ok := values[p]
			if !ok {
				t.Fatalf("no sample value for %s.%s", name, p)
			}
			params[p] = v
		}
		a := h.do(name, params, 20*700)
		if a.Result == protocol.FailInvalid {
			t.Errorf("%s with %v: %s", name, params, a.Message)
		}
	}
}
