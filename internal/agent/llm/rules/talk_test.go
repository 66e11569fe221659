package rules

import (
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
		m := &Model{lastGoal: c.goal}
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

// TestEveryGoalHasItsWords: every goal the routine names (read from its
// source, so a new one is not forgotten) has words of its own, not the
// catch-all.
func TestEveryGoalHasItsWords(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	goal := regexp.MustCompile(`(?:r\.add\(|goal: *|r\.(?:planksFor|table|sticksFor|ingots)\()"([a-z_]+)"`)
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range goal.FindAllStringSubmatch(string(src), -1) {
			seen++
			if purpose(m[1]) == purpose("") {
				t.Errorf("the goal %q (%s) has no words of its own: %q", m[1], f, purpose(m[1]))
			}
		}
	}
	if seen < 20 {
		t.Fatalf("found only %d goals in the routine's source", seen)
	}
}
