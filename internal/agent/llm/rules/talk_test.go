package rules

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"beaweb/internal/agent"
)

// TestSheSaysWhatItIsFor: asked in the chat what she is doing, she names
// the action and what it is for, in a person's words.
func TestSheSaysWhatItIsFor(t *testing.T) {
	cases := []struct {
		goal, action, params, want string
	}{
		{"dirt", "find_block", `{"block":"dirt","count":28}`, "finding 28 dirt for a shelter tonight"},
		{"food", "attack_entity", `{"entity":"sheep"}`, "to lay by some food"},
		{"surface", "go_to_surface", `{}`, "to get back under open sky"},
		{"", "find_block", `{"block":"log","count":4}`, "finding 4 logs"},
	}
	for _, c := range cases {
		m := &Model{lastGoal: goal(c.goal)}
		got := m.upTo(&agent.Doing{Action: c.action, Params: c.params})
		if !strings.HasSuffix(got, c.want) || strings.Contains(got, "_") {
			t.Errorf("goal %q: she is %q, want it to end %q", c.goal, got, c.want)
		}
	}
	m := &Model{lastGoal: "shelter"}
	if got, want := m.describe(nil), "Nothing in my hands this second; I'm planning my next step for a shelter tonight."; got != want {
		t.Errorf("with free hands she says %q, want %q", got, want)
	}
}

// TestEveryGoalHasItsWords: every goal declared in goals.go (read from
// its source, so a new one is not forgotten) has a spec with words of its
// own, and no step names its goal with a bare string instead.
func TestEveryGoalHasItsWords(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "goals.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	specs := goals()
	declared := 0
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || vs.Type == nil || fmt.Sprint(vs.Type) != "goal" {
			return true
		}
		for _, v := range vs.Values {
			lit, ok := v.(*ast.BasicLit)
			if !ok {
				continue
			}
			declared++
			g := goal(strings.Trim(lit.Value, `"`))
			if specs[g].words == "" {
				t.Errorf("the goal %q has no words", g)
			}
		}
		return true
	})
	if declared < 40 || declared != len(specs) {
		t.Fatalf("%d goals declared, %d with a spec", declared, len(specs))
	}
	bare := regexp.MustCompile(`(?:r\.add\(|goal: *|r\.(?:planksFor|table|ingots|hunt)\()"`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if loc := bare.FindIndex(src); loc != nil {
			t.Errorf("%s names a goal with a bare string: %s", name, src[loc[0]:loc[1]+20])
		}
	}
}
