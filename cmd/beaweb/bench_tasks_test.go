package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/agent"
)

// taskFile is the mindcraft task file package bench reads; the
// end-to-end tests play some of its tasks by name.
const taskFile = "../../testdata/mindcraft_tasks.json"

// crafter is a model that does what a person asks at the dashboard when
// it is "craft N ITEM": one craft_item call, then it waits.
type crafter struct {
	mu    sync.Mutex
	asked bool
}

func (c *crafter) Name() string { return "script/crafter" }

func (c *crafter) Generate(_ context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range req.Messages {
		if c.asked || m.Role != agent.RoleUser || !strings.Contains(m.Text, `says to you: "craft `) {
			continue
		}
		f := strings.Fields(m.Text[strings.Index(m.Text, "craft "):])
		c.asked = true
		args, _ := json.Marshal(map[string]any{"item": strings.Trim(f[2], `"`), "count": 1})
		return agent.ModelResponse{ToolCalls: []agent.ToolCall{{ID: "c1", Name: "craft_item", Args: args}}}, nil
	}
	return agent.ModelResponse{Text: "Waiting."}, nil
}

// TestBenchTaskEndToEnd plays a crafting task through the whole program:
// her kit in a practice world, the goal told through the dashboard's talk
// box, a model that crafts what it is asked, and the check on her
// inventory; the task she cannot do is reported so, and not played.
func TestBenchTaskEndToEnd(t *testing.T) {
	tasks, summary, stderr := tasksJSON(t, &crafter{}, "--tasks", taskFile, "--task", "team_shears", "--task", "old_name")
	r := tasks[0]
	if !r.Success || r.Status != "done" || r.Actions < 1 || r.ModelCalls < 1 || r.GameSeconds <= 0 || r.GameSeconds > 60 {
		t.Errorf("team_shears: %+v\n%s", r, stderr)
	}
	if tasks[1].Status != "not doable" || tasks[1].Success || tasks[1].Actions != 0 {
		t.Errorf("old_name: %+v", tasks[1])
	}
	if s := summary["techtree"]; s == nil || s.Done != 1 || s.Undoable != 1 {
		t.Errorf("summary %+v", summary)
	}
	if !strings.Contains(stderr, "her kit is the 2 agents' inventories pooled: 2 iron_ingot") {
		t.Errorf("the kit is not said:\n%s", stderr)
	}
}

// builder is a model that does what a person asks at the dashboard when
// it is "build NAME at X Y Z": a build_template call, and the same again
// while the answer says a part is left or the game's time for one build
// ran out; then it waits.
type builder struct {
	mu    sync.Mutex
	asked bool
	args  json.RawMessage
}

func (b *builder) Name() string { return "script/builder" }

func (b *builder) Generate(_ context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n := len(req.Messages); b.asked && n > 0 && (strings.Contains(req.Messages[n-1].Text, "build_template again with the same name and place") ||
		strings.Contains(req.Messages[n-1].Text, "[build] result: FAILURE_TIMEOUT")) {
		return agent.ModelResponse{ToolCalls: []agent.ToolCall{{ID: "b2", Name: "build_template", Args: b.args}}}, nil
	}
	for _, m := range req.Messages {
		i := strings.Index(m.Text, `says to you: "build `)
		if b.asked || m.Role != agent.RoleUser || i < 0 {
			continue
		}
		var name string
		var x, y, z int
		if _, err := fmt.Sscanf(m.Text[i+len(`says to you: "`):], "build %s at %d %d %d", &name, &x, &y, &z); err != nil {
			return agent.ModelResponse{}, err
		}
		b.asked = true
		b.args, _ = json.Marshal(map[string]any{"name": name, "x": x, "y": y, "z": z})
		return agent.ModelResponse{ToolCalls: []agent.ToolCall{{ID: "b1", Name: "build_template", Args: b.args}}}, nil
	}
	return agent.ModelResponse{Text: "Waiting."}, nil
}

// TestBenchBuildsABlueprint plays a construction task end to end: the
// blueprint registered as a template for the run, a flat world at the
// task's own coordinates, the goal told at the dashboard, and the cells
// scored as mindcraft scores them.
func TestBenchBuildsABlueprint(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := runBenchWith(&builder{}, []string{"--tasks", taskFile, "--task", "hut"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "hut") || !strings.Contains(out, "done") || !strings.Contains(out, "1.00") ||
		!strings.Contains(out, "construction: 1 of 1 doable tasks done") {
		t.Errorf("table:\n%s\nstderr:\n%s", out, stderr.String())
	}
}

// bigHouse is a construction task past one build's 2,000 cells: a
// 25×25 stone hall five high (3,125 cells, air inside), two agents' stone
// and a door.
func bigHouse(t *testing.T) string {
	const side, high = 25, 5
	return houseTask(t, "big_stone_house", side, high, 3000, func(x, y, z int) string {
		edge := x == 0 || z == 0 || x == side-1 || z == side-1
		switch {
		case edge && z == side-1 && x == 7 && (y == 1 || y == 2):
			return "oak_door"
		case y == 0 || y == high-1 || edge:
			return "stone"
		}
		return "air"
	})
}

// houseTask writes a task file of one construction task: a side×high×side
// blueprint at mindcraft's coordinates, its cells given by block, and the
// blocks it takes split between two agents, each with 64 dirt to stand on
// as mindcraft's generator gives them.
func houseTask(t *testing.T, id string, side, high, timeout int, block func(x, y, z int) string) string {
	t.Helper()
	var levels []map[string]any
	need := map[string]int{}
	for y := range high {
		rows := make([][]string, side)
		for z := range side {
			for x := range side {
				b := block(x, y, z)
				rows[z] = append(rows[z], b)
				if b != "air" {
					need[b]++
				}
			}
		}
		levels = append(levels, map[string]any{"level": y, "coordinates": [3]int{148, -60 + y, -170}, "placement": rows})
	}
	first, second := map[string]int{"dirt": 64}, map[string]int{"dirt": 64}
	for b, n := range need {
		first[b], second[b] = first[b]+n/2, second[b]+n-n/2
	}
	task := map[string]any{id: map[string]any{"type": "construction", "timeout": timeout,
		"initial_inventory": map[string]any{"0": first, "1": second},
		"blueprint":         map[string]any{"levels": levels}}}
	b, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "houses.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBenchBuildsABigBlueprintInParts: a blueprint past one build's
// 2,000 cells is built in parts, one build_template after another, and
// every cell is right at the end.
func TestBenchBuildsABigBlueprintInParts(t *testing.T) {
	tasks, _, _ := tasksJSON(t, &builder{}, "--tasks", bigHouse(t))
	if r := tasks[0]; !r.Success || r.Score != 1 || r.Actions < 2 {
		t.Errorf("%+v", r)
	}
}
