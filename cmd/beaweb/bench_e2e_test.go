package main

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// benchJSON runs `beaweb bench --json` with args and reads its results.
func benchJSON(t *testing.T, args ...string) []seedResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runBench(context.Background(), append(args, "--json"), func(string) string { return "" }, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("bench %v: exit %d\n%s", args, code, stderr.String())
	}
	var out struct {
		Provider string       `json:"model_provider"`
		Seeds    []seedResult `json:"seeds"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("bench %v printed no JSON: %v\n%s", args, err, stdout.String())
	}
	if out.Provider != "rules" {
		t.Fatalf("bench played with %q, want the rules autopilot", out.Provider)
	}
	if lines := strings.Count(stderr.String(), "\n"); lines != len(out.Seeds) {
		t.Errorf("%d progress lines for %d seeds:\n%s", lines, len(out.Seeds), stderr.String())
	}
	return out.Seeds
}

// TestBenchPlaysToTheFurnace is the goal of the autopilot in the test suite:
// three practice worlds, one game day each, played by the brain beaweb runs,
// each get her a stone pickaxe and a furnace.
func TestBenchPlaysToTheFurnace(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three game days")
	}
	if raceDetector {
		t.Skip("the practice world's clock follows the wall clock, and under the race detector her mind and the world both run several times slower, so a game day takes minutes and the game played is not hers; run it without -race: go test -run Bench ./cmd/beaweb")
	}
	results := benchJSON(t, "--seeds", "1-3", "--days", "1", "--speed", benchSpeed, "--parallel", "3")
	if got := []int64{results[0].Seed, results[1].Seed, results[2].Seed}; !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("seeds %v, want 1, 2, 3 in order", got)
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
		if r.Actions == 0 || r.Turns == 0 || r.ModelCalls == 0 {
			t.Errorf("seed %d: %d actions in %d turns", r.Seed, r.Actions, r.Turns)
		}
	}
}

// TestBenchInParallelPlaysTheSameSeeds: two short seeds played one after
// the other and two at once come back for the same seeds, in the same
// order, each with the first steps of her way to iron. The milestones'
// minutes are not compared: the practice world's clock runs on the wall
// clock, so the brain's think time, which another seed's load changes,
// moves them by a tick or two.
func TestBenchInParallelPlaysTheSameSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two short practice worlds twice")
	}
	if raceDetector {
		t.Skip("the practice world's clock follows the wall clock, and under the race detector her mind and the world both run several times slower, so a game day takes minutes and the game played is not hers; run it without -race: go test -run Bench ./cmd/beaweb")
	}
	args := []string{"--seeds", "4,2", "--days", "0.1", "--speed", "20"}
	one := benchJSON(t, append(args, "--parallel", "1")...)
	two := benchJSON(t, append(args, "--parallel", "2")...)
	for i, runs := range [][]seedResult{one, two} {
		if len(runs) != 2 || runs[0].Seed != 4 || runs[1].Seed != 2 {
			t.Fatalf("run %d: %+v, want seeds 4 then 2", i+1, runs)
		}
		for _, r := range runs {
			for _, m := range []string{"log", "crafting_table", "wooden_pickaxe"} {
				if _, ok := r.First[m]; !ok {
					t.Errorf("run %d, seed %d: no %s in %.1f game minutes: %v", i+1, r.Seed, m, r.Minutes, r.First)
				}
			}
		}
	}
}

// benchSpeed is the practice world's speed in the suite's bench: a game
// day in 20 s of wall time. Her timers are divided by it as well, so she
// plays as at speed 1, only sooner.
const benchSpeed = "60"
