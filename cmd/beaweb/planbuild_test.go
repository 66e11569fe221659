package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

// fakeScripts stands in for the sandbox: it answers a fixed drawing.
type fakeScripts struct {
	cells []blueprint.Cell
	notes []string
	err   error
	src   string
}

func (f *fakeScripts) Run(_ context.Context, src string) ([]blueprint.Cell, []string, error) {
	f.src = src
	return f.cells, f.notes, f.err
}

func writeTestFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func planBuild(t *testing.T, scripts buildScriptRunner, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runPlanBuild(context.Background(), args, &out, &errOut, os.DirFS("../../data"), scripts)
	return code, out.String(), errOut.String()
}

func TestPlanBuildTemplate(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "house.svg")
	code, out, errOut := planBuild(t, nil, "--template", "small_wood_house", "--have", "spruce_log=5,spruce_planks=20",
		"--origin", "10,64,10", "--rotation", "90", "--json", "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var plan struct {
		Args            json.RawMessage  `json:"args"`
		Cells           []blueprint.Cell `json:"cells"`
		Box             blueprint.Box    `json:"box"`
		Needs           map[string]int   `json:"needs"`
		Missing         map[string]int   `json:"missing"`
		Clear           []game.Pos       `json:"clear"`
		Protected       []blueprint.Cell `json:"protected"`
		SecondsEstimate *int             `json:"seconds_estimate"`
		OverBudget      *bool            `json:"over_budget"`
		Notes           []string         `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(plan.Cells) != 112 || plan.Needs["spruce_planks"] != 55 || plan.Missing["spruce_planks"] != 35 ||
		len(plan.Clear) != 40 || plan.SecondsEstimate == nil || plan.OverBudget == nil || *plan.OverBudget {
		t.Errorf("plan: %s", out)
	}
	if plan.Box.Min != (game.Pos{X: 4, Y: 63, Z: 10}) {
		t.Errorf("box %v", plan.Box)
	}
	// The args it prints are the build the brain would send: they expand
	// to the same cells.
	args, err := blueprint.ParseArgs(plan.Args)
	if err != nil {
		t.Fatal(err)
	}
	e, err := blueprint.Expand(args)
	if err != nil || len(e.Cells) != len(plan.Cells) || !args.Clear {
		t.Errorf("the printed args expand to %d cells (%v), clear %v", len(e.Cells), err, args.Clear)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.HasPrefix(b, []byte("<svg")) {
		t.Errorf("no preview written: %v", err)
	}
}

func TestPlanBuildArgsFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "wall.json")
	writeTestFile(t, file, `{"origin": {"x": 0, "y": 64, "z": 0}, "ops": [{"op": "fill", "from": [0, 0, 0], "to": [4, 2, 0], "block": "cobblestone"}]}`)
	code, out, errOut := planBuild(t, nil, "--args", file, "--have", "cobblestone=10", "--layers-svg", filepath.Join(dir, "layers"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"15 cells", "It takes 15 cobblestone.", "You are short of 5 cobblestone (you have 10);"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, y := range []string{"y64.svg", "y65.svg", "y66.svg"} {
		if _, err := os.Stat(filepath.Join(dir, "layers", y)); err != nil {
			t.Error(err)
		}
	}
}

func TestPlanBuildRefusesWithTheSentence(t *testing.T) {
	file := filepath.Join(t.TempDir(), "flat.json")
	writeTestFile(t, file, `{"origin": {"x": 0, "y": 0, "z": 0}, "layers": ["###"], "palette": {"#": "stone"}}`)
	code, out, errOut := planBuild(t, nil, "--args", file)
	want := `plan-build: layers is flattened: each layer must be a list of rows, so write [["###", "# #"], ["###"]], not ["###", "# #"]` + "\n"
	if code != 1 || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = planBuild(t, nil, "--template", "castle")
	if code != 1 || !strings.Contains(errOut, `there is no template "castle"`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
	code, _, errOut = planBuild(t, nil, "--template", "dirt_shelter", "--rotation", "45")
	if code != 1 || !strings.Contains(errOut, "rotation must be 0, 90, 180 or 270") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

func TestPlanBuildUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--template", "dirt_shelter", "--args", "x.json"},
		{"--template", "dirt_shelter", "--have", "oak_log"},
		{"--template", "dirt_shelter", "--origin", "1,2"},
		{"--template", "dirt_shelter", "extra"},
		{"--nope"},
	} {
		if code, _, errOut := planBuild(t, nil, args...); code != 2 || !strings.Contains(errOut, "usage: beaweb plan-build") {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	if code, out, _ := planBuild(t, nil, "-h"); code != 0 || !strings.Contains(out, "usage: beaweb plan-build") {
		t.Errorf("-h: exit %d", code)
	}
}

func TestPlanBuildScript(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tower.star")
	writeTestFile(t, file, "fill(0, 0, 0, 2, 3, 2, 'stone')\n")
	if code, _, errOut := planBuild(t, nil, "--script", file); code != 1 || !strings.Contains(errOut, "not available") {
		t.Errorf("without scripts: exit %d, %s", code, errOut)
	}
	var cells []blueprint.Cell
	for y := range 4 {
		for z := range 3 {
			for x := range 3 {
				cells = append(cells, blueprint.Cell{Pos: game.Pos{X: x, Y: y, Z: z}, Block: "stone"})
			}
		}
	}
	fake := &fakeScripts{cells: cells, notes: []string{"a stone tower"}}
	code, out, errOut := planBuild(t, fake, "--script", file, "--origin", "100,64,100", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if fake.src != "fill(0, 0, 0, 2, 3, 2, 'stone')\n" {
		t.Errorf("the runner got %q", fake.src)
	}
	if !strings.Contains(out, `"stone": 36`) || !strings.Contains(out, "a stone tower") || !strings.Contains(out, `"x": 100`) {
		t.Errorf("plan:\n%s", out)
	}
	fake.err = errors.New("Your script runs past its 3 s.")
	if code, _, errOut := planBuild(t, fake, "--script", file); code != 1 || !strings.Contains(errOut, "Your script runs past its 3 s.") {
		t.Errorf("refused script: exit %d, %s", code, errOut)
	}
	fake.err = nil
	fake.cells = append(fake.cells, blueprint.Cell{Pos: game.Pos{Y: 400}, Block: "stone"})
	if code, _, errOut := planBuild(t, fake, "--script", file); code != 1 || !strings.Contains(errOut, "the cells span 401 blocks along y") {
		t.Errorf("wide script: exit %d, %s", code, errOut)
	}
}
