package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func craftPlan(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runCraftPlan(context.Background(), args, &stdout, &stderr, os.DirFS("../../data"))
	return code, stdout.String(), stderr.String()
}

func TestCraftPlanText(t *testing.T) {
	code, out, errOut := craftPlan(t, "wooden_pickaxe")
	if code != 0 || !strings.Contains(out, "Plan for 1 wooden_pickaxe:") || !strings.Contains(out, "3 logs of any wood") {
		t.Errorf("code %d\nstdout %s\nstderr %s", code, out, errOut)
	}
}

// TestCraftPlanNamesTheBook: --mc says which book answered, the one
// asked for or the one standing in for it; and the chest of mindcraft's
// crafting tasks is planned with the table made from her logs.
func TestCraftPlanNamesTheBook(t *testing.T) {
	code, out, errOut := craftPlan(t, "chest", "--have", "oak_planks=8,oak_log=2", "--mc", "1.21.1")
	if code != 0 || !strings.Contains(out, "Recipes of Minecraft 1.21.1.") || !strings.Contains(out, "You have everything it takes.") {
		t.Errorf("code %d\nstdout %s\nstderr %s", code, out, errOut)
	}
	code, out, errOut = craftPlan(t, "chest", "--mc", "1.21.2")
	if code != 0 || !strings.Contains(out, "recipes of 1.21.1 used for 1.21.2") || strings.Contains(out, "Recipes of Minecraft") {
		t.Errorf("code %d\nstdout %s\nstderr %s", code, out, errOut)
	}
}

func TestCraftPlanJSON(t *testing.T) {
	code, out, errOut := craftPlan(t, "iron_pickaxe", "--have", "raw_iron=3,oak_log=3,cobblestone=8", "--mc", "26.2", "--json")
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	var p struct {
		Item         string         `json:"item"`
		Count        int            `json:"count"`
		MCVersion    string         `json:"mc_version"`
		BookVersion  string         `json:"book_version"`
		Note         string         `json:"note"`
		Missing      map[string]int `json:"missing"`
		NeedsTable   bool           `json:"needs_table"`
		NeedsFurnace bool           `json:"needs_furnace"`
		Steps        []struct {
			Kind    string         `json:"kind"`
			Item    string         `json:"item"`
			Uses    map[string]int `json:"uses"`
			Station string         `json:"station"`
			Fuel    *struct {
				Item  string `json:"item"`
				Count int    `json:"count"`
			} `json:"fuel"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if p.Item != "iron_pickaxe" || p.Count != 1 || p.MCVersion != "26.2" || p.BookVersion != "26.1" ||
		p.Note != "recipes of 26.1 used for 26.2" || len(p.Missing) != 0 || !p.NeedsTable || !p.NeedsFurnace {
		t.Errorf("plan %+v", p)
	}
	smelted := false
	for _, s := range p.Steps {
		if s.Kind == "smelt" {
			smelted = s.Station == "furnace" && s.Fuel != nil && s.Uses["raw_iron"] == 3
		}
	}
	if !smelted {
		t.Errorf("no smelt of the raw iron with fuel: %s", out)
	}
}

func TestCraftPlanFlagsAfterOrBeforeTheItem(t *testing.T) {
	code, out, _ := craftPlan(t, "--json", "stick", "5", "--have=oak_planks=4")
	if code != 0 || !strings.Contains(out, `"times": 2`) {
		t.Errorf("code %d: %s", code, out)
	}
}

func TestCraftPlanBadInput(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"oak_plank"}, 1, "did you mean oak_planks"},
		{[]string{"stick", "0"}, 2, "at least 1"},
		{[]string{"stick", "-2"}, 2, "at least 1"},
		{[]string{"stick", "9999"}, 2, "at most 2304"},
		{[]string{"stick", "lots"}, 2, "not a whole number"},
		{[]string{"stick", "--have", "oak_planks"}, 2, "item=N"},
		{[]string{}, 2, "usage"},
	}
	for _, tc := range cases {
		code, _, errOut := craftPlan(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: code %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

func TestCraftPlanMissingBook(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := runCraftPlan(context.Background(), []string{"stick"}, &stdout, &stderr, os.DirFS(t.TempDir()))
	if code != 1 || !strings.Contains(stderr.String(), "no recipe books") {
		t.Errorf("code %d, stderr %q", code, stderr.String())
	}
}

// TestCraftPlanStorageLoop: a hay bale is nine wheat, not a thing to find.
func TestCraftPlanStorageLoop(t *testing.T) {
	code, out, errOut := craftPlan(t, "hay_block", "--have", "wheat=5")
	if code != 0 || !strings.Contains(out, "You are missing 1 log of any wood and 4 wheat: get them first.") ||
		!strings.Contains(out, "Craft 1 hay_block from 9 wheat at a crafting table.") || strings.Contains(out, "in the world") {
		t.Errorf("code %d\nstdout %s\nstderr %s", code, out, errOut)
	}
}
