package tools

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/practice"
)

// leftOut are parameters an action reads that the brain decides not to send,
// each with the reason. Empty: today the brain sends everything it may.
var leftOut = map[string]map[string]string{}

func loadContract(t *testing.T) gametest.Contract {
	return gametest.ReadContract(t, filepath.Join("..", "..", "..", "testdata", "minecraft_contract.json"))
}

// TestToolsKeepTheContract holds every tool that reaches the game to the
// contract, in both directions: nothing is sent that the action does not
// read (a silent no-op), and nothing the action reads is neither sent nor
// left out by name (a capability nobody decided about).
func TestToolsKeepTheContract(t *testing.T) {
	c := loadContract(t)
	r := fullRegistry(&gametest.Game{})
	covered := map[string]bool{}
	for _, tool := range r.Tools() {
		action, sends, ok := tool.GameAction()
		if !ok {
			continue
		}
		ac, known := c.Actions[action]
		if !known {
			t.Errorf("%s sends the action %q, which the contract does not have", tool.Name(), action)
			continue
		}
		covered[action] = true
		for _, p := range sends {
			if !slices.Contains(ac.Reads, p) {
				t.Errorf("%s sends %q, which %s never reads: a silent no-op", tool.Name(), p, action)
			}
		}
		for _, p := range ac.Reads {
			if !slices.Contains(sends, p) && leftOut[action][p] == "" {
				t.Errorf("%s reads %q, which %s neither sends nor leaves out by name", action, p, tool.Name())
			}
		}
		for _, p := range ac.Required() {
			if !slices.Contains(sends, p) {
				t.Errorf("%s must send %q, which %s requires", tool.Name(), p, action)
			}
		}
		checkTypes(t, tool, ac)
	}
	var missing []string
	for action := range c.Actions {
		if !covered[action] && !slices.Contains(c.Omitted, action) {
			missing = append(missing, action)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the contract's actions %v have no tool and are not omitted by name", missing)
	}
}

// checkTypes holds the schema's JSON type of each parameter sent as it is
// to the contract's type.
func checkTypes(t *testing.T, tool *Tool, ac gametest.ActionContract) {
	t.Helper()
	var s struct {
		Properties map[string]struct {
			Type string `json:"type"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(tool.Spec().Schema, &s); err != nil {
		t.Fatal(err)
	}
	_, sends, _ := tool.GameAction()
	for _, p := range sends {
		prop, inSchema := s.Properties[p]
		want := ac.Types[p]
		if !inSchema || want == "" {
			continue
		}
		if prop.Type != want && !(want == "number" && prop.Type == "integer") {
			t.Errorf("%s: %s is %q in the schema, the contract says %q", tool.Name(), p, prop.Type, want)
		}
	}
}

// TestConcurrentToolsMatchTheContract: the quick tools that reach the game
// are exactly the contract's concurrent actions.
func TestConcurrentToolsMatchTheContract(t *testing.T) {
	c := loadContract(t)
	for _, a := range c.Concurrent {
		if _, ok := fullRegistry(&gametest.Game{}).Tool(a); !ok {
			t.Errorf("the concurrent action %s has no tool of its own", a)
		}
	}
}

// TestThePracticeWorldOffersNothingTheBrainLacks holds the practice world's
// hello to the brain directly: every action it offers is a tool of hers or
// left out by name.
func TestThePracticeWorldOffersNothingTheBrainLacks(t *testing.T) {
	c := loadContract(t)
	w, err := practice.New(practice.Options{Seed: 1, Quiet: true, Size: 32})
	if err != nil {
		t.Fatal(err)
	}
	r := fullRegistry(&gametest.Game{})
	sent := map[string]bool{}
	for _, tool := range r.Tools() {
		if action, _, ok := tool.GameAction(); ok {
			sent[action] = true
		}
	}
	for _, a := range w.Hello().Actions {
		if !sent[a] && !slices.Contains(c.Omitted, a) {
			t.Errorf("the practice world offers %s, which the brain neither has nor leaves out by name", a)
		}
	}
}

// TestBuildPlanTimesTheBuildsBudget: plan_build tells her whether a build
// fits the time one build action may run; that time is the game sides'
// budget for build.
func TestBuildPlanTimesTheBuildsBudget(t *testing.T) {
	if b, _ := protocol.Budget("build"); b != blueprint.BudgetSeconds {
		t.Errorf("plan_build times builds against %d s, the game sides give one build %g s", blueprint.BudgetSeconds, b)
	}
}
