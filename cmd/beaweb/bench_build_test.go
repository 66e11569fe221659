package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/agent"
)

// overhangHouse is a 15×15×15 house of the kind mindcraft's generator
// makes (3,375 cells, air included): a floor, a room's walls three high,
// and over them an upper storey that stands on nothing below it: a ledge
// of two blocks off the room's side and a ring of walls over a one-block
// gap, each holding the other only once both are in. Its parts are built
// bottom-up, and the upper storey's part has no block that a block beside
// it holds when she comes to it.
func overhangHouse(t *testing.T) string {
	return houseTask(t, "overhang_house", 15, 15, 900, func(x, y, z int) string {
		in := func(x0, x1, z0, z1 int) bool { return x >= x0 && x <= x1 && z >= z0 && z <= z1 }
		ring := func(x0, x1, z0, z1 int) bool {
			return in(x0, x1, z0, z1) && (x == x0 || x == x1 || z == z0 || z == z1)
		}
		switch {
		case y == 0 && in(1, 13, 1, 13):
			return "stone"
		case y >= 1 && y <= 3 && ring(2, 7, 1, 5):
			return "stone"
		case y == 4 && in(8, 9, 1, 5):
			return "stone" // the ledge: nothing under it, nothing beside it
		case y >= 5 && y <= 7 && ring(2, 9, 1, 5):
			return "stone" // over the gap at y 4
		case y == 8 && in(2, 9, 1, 5):
			return "stone"
		}
		return "air"
	})
}

// TestBenchBuildsOverhangs: a big house whose upper storey stands on
// nothing below it is built whole, each overhanging block placed against
// a bridge of spare blocks that she breaks back out, and every cell is
// right at the end (the practice world used to leave them, and the part
// stopped at the first overhang).
func TestBenchBuildsOverhangs(t *testing.T) {
	tasks, _, _ := tasksJSON(t, &builder{}, "--tasks", overhangHouse(t))
	if r := tasks[0]; !r.Success || r.Score != 1 {
		t.Errorf("%+v", r)
	}
}

// tasksJSON runs bench --tasks with args and --json, and reads its
// results and what it said on stderr; a failed run fails the test.
func tasksJSON(t *testing.T, model agent.Model, args ...string) ([]taskResult, map[string]*typeSummary, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runBenchTasks(context.Background(), append(args, "--json"), func(string) string { return "" }, &stdout, &stderr, model)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	var out struct {
		Tasks   []taskResult            `json:"tasks"`
		Summary map[string]*typeSummary `json:"summary"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	return out.Tasks, out.Summary, stderr.String()
}

// TestBenchPlaysTasksInParallel: --parallel 2 plays a crafting and a
// construction task at once with the rules autopilot, each with a world
// and a database of its own, and the results come back in the file's
// order with the summary's means.
func TestBenchPlaysTasksInParallel(t *testing.T) {
	keep := t.TempDir()
	tasks, summary, _ := tasksJSON(t, nil, "--tasks", writeTaskFile(t), "--task", "team_shears", "--task", "flat_house",
		"--parallel", "2", "--keep", keep)
	if len(tasks) != 2 || tasks[0].Task != "team_shears" || tasks[1].Task != "flat_house" {
		t.Fatalf("%+v", tasks)
	}
	for _, r := range tasks {
		if !r.Success || r.Score != 1 {
			t.Errorf("%+v", r)
		}
	}
	if s := summary["construction"]; s == nil || s.MeanScore != 1 || s.MeanGameSeconds <= 0 {
		t.Errorf("summary %+v", s)
	}
	for _, name := range []string{"task_team_shears.db", "task_flat_house.db"} {
		if _, err := os.Stat(filepath.Join(keep, name)); err != nil {
			t.Error(err)
		}
	}
}

// TestBenchRefusesLevelsAtOneHeight: a blueprint whose levels lie at one
// height and ask different blocks of a cell, as mindcraft's small_church
// does, can match no world: it is not doable as given, and says why.
func TestBenchRefusesLevelsAtOneHeight(t *testing.T) {
	const file = `{"small_church": {"type": "construction", "initial_inventory": {"0": {"oak_planks": 4}},
	 "blueprint": {"levels": [
	   {"level": 0, "coordinates": [-18, -60, 30], "placement": [["oak_planks", "oak_planks"]]},
	   {"level": 1, "coordinates": [-18, -60, 30], "placement": [["oak_planks", "air"]]}]}}}`
	path := filepath.Join(t.TempDir(), "church.json")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runBenchTasks(context.Background(), []string{"--tasks", path}, func(string) string { return "" }, &stdout, &stderr, nil); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "not doable") ||
		!strings.Contains(out, "its levels 0 and 1 both lie at y -60 and ask oak_planks and air of the cell at (-17, -60, 30)") {
		t.Errorf("table:\n%s", out)
	}
}
