package main

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// seedRow is one seed of bench --json: the figures the tests read, and
// the seed's whole JSON, which is the same for the same play.
type seedRow struct {
	Seed            int64              `json:"seed"`
	Minutes         float64            `json:"minutes_played"`
	First           map[string]float64 `json:"first"`
	Actions         int                `json:"actions"`
	Failures        int                `json:"failures"`
	TopFailure      string             `json:"top_failure"`
	TopFailureCount int                `json:"top_failure_count"`
	Turns           int                `json:"turns"`
	ModelCalls      int                `json:"model_calls"`
	Error           string             `json:"error"`
	Stalls          int64              `json:"lockstep_stalls"`
	Overdrawn       int64              `json:"lockstep_overdrawn"`
	raw             json.RawMessage
}

// benchJSON runs `beaweb bench --json` with args and reads its results.
func benchJSON(t *testing.T, args ...string) []seedRow {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runBench(context.Background(), append(args, "--json"), func(string) string { return "" }, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("bench %v: exit %d\n%s", args, code, stderr.String())
	}
	var out struct {
		Provider string            `json:"model_provider"`
		Seeds    []json.RawMessage `json:"seeds"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("bench %v printed no JSON: %v\n%s", args, err, stdout.String())
	}
	rows := make([]seedRow, len(out.Seeds))
	for i, raw := range out.Seeds {
		if err := json.Unmarshal(raw, &rows[i]); err != nil {
			t.Fatalf("bench %v: seed %d: %v", args, i, err)
		}
		rows[i].raw = raw
	}
	if out.Provider != "rules" {
		t.Fatalf("bench played with %q, want the rules autopilot", out.Provider)
	}
	if lines := strings.Count(stderr.String(), "\n"); lines != len(out.Seeds) {
		t.Errorf("%d progress lines for %d seeds:\n%s", lines, len(out.Seeds), stderr.String())
	}
	return rows
}

// TestBenchPlaysToTheFurnace is the goal of the autopilot in the test suite:
// three practice worlds, one game day each, played by the brain beaweb runs,
// each get her a stone pickaxe and a furnace. The world keeps step with her
// mind, so this is the game she plays under the race detector too, only
// slower.
func TestBenchPlaysToTheFurnace(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three game days")
	}
	results := benchJSON(t, "--seeds", "2-4", "--days", "1", "--parallel", "3")
	if got := []int64{results[0].Seed, results[1].Seed, results[2].Seed}; !slices.Equal(got, []int64{2, 3, 4}) {
		t.Fatalf("seeds %v, want 2, 3, 4 in order", got)
	}
	for _, r := range results {
		if r.Error != "" || r.Minutes < 20 {
			t.Errorf("seed %d: %.1f game minutes played, %q", r.Seed, r.Minutes, r.Error)
		}
		for _, m := range []string{"stone_pickaxe", "furnace"} {
			if _, ok := r.First[m]; !ok {
				t.Errorf("seed %d: no %s in a game day; she got %v, failed %d of %d actions (most: %d× %s)",
					r.Seed, m, r.First, r.Failures, r.Actions, r.TopFailureCount, r.TopFailure)
			}
		}
		if r.Actions == 0 || r.Turns == 0 || r.ModelCalls != 0 {
			t.Errorf("seed %d: %d actions in %d turns, %d model calls; the autopilot's turns are no model calls", r.Seed, r.Actions, r.Turns, r.ModelCalls)
		}
	}
}

// TestBenchPlaysTheSameWhateverTheLoad: two seeds played one after the
// other at the world's fastest and two at once at speed 20 come back the
// same, to the tick and the action, and neither lost step with her mind.
func TestBenchPlaysTheSameWhateverTheLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two short practice worlds twice")
	}
	one := benchJSON(t, "--seeds", "4,2", "--days", "0.1", "--parallel", "1")
	two := benchJSON(t, "--seeds", "4,2", "--days", "0.1", "--parallel", "2", "--speed", "20")
	if len(one) != 2 || one[0].Seed != 4 || one[1].Seed != 2 {
		t.Fatalf("%+v, want seeds 4 then 2", one)
	}
	for i := range one {
		a, b := one[i], two[i]
		if !bytes.Equal(a.raw, b.raw) {
			t.Errorf("seed %d played differently:\none at a time, fastest: %s\ntwo at once, speed 20: %s", a.Seed, a.raw, b.raw)
		}
		if a.Stalls+a.Overdrawn+b.Stalls+b.Overdrawn > 0 {
			t.Errorf("seed %d lost step: %d and %d stalls, %d and %d overdrawn", a.Seed, a.Stalls, b.Stalls, a.Overdrawn, b.Overdrawn)
		}
		for _, m := range []string{"log", "crafting_table", "wooden_pickaxe"} {
			if _, ok := a.First[m]; !ok {
				t.Errorf("seed %d: no %s in %.1f game minutes: %v", a.Seed, m, a.Minutes, a.First)
			}
		}
	}
}
