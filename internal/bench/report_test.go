package bench

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// reportResults are three seeds as a bench would end them: one to iron and
// past, one that lost its pickaxe and died, one not played.
func reportResults() []seedResult {
	return []seedResult{
		{Seed: 1, Minutes: 40, First: map[string]float64{"log": 0.1, "crafting_table": 0.4, "wooden_pickaxe": 0.4, "stone_pickaxe": 0.8,
			"furnace": 4.1, "iron_ingot": 4.4, "iron_pickaxe": 4.8, "diamond": 21.5, "diamond_pickaxe": 22.0}, KeptIronPickaxe: true, Deaths: []benchDeath{},
			Actions: 120, Failures: 3, TopFailure: "find_block: no diamond_ore within 64 blocks", TopFailureCount: 2,
			Turns: 150, ModelCalls: 300},
		{Seed: 2, Minutes: 40, First: map[string]float64{"log": 0.2, "iron_pickaxe": 16.5},
			Deaths:  []benchDeath{{Minute: 14.2, Cause: "slain by Zombie"}},
			Actions: 90, Failures: 25, TopFailure: "move_away: you got only 0.0 of 24 blocks away", TopFailureCount: 21,
			Turns: 100, ModelCalls: 180, TokensIn: 5000, TokensCached: 4000, TokensOut: 300},
		{Seed: 3, Error: "beaweb did not start: the port is taken"},
	}
}

func TestBenchTableReadsForAPerson(t *testing.T) {
	var out bytes.Buffer
	s := benchSettings{Speed: 20, Days: 2, beaweb: fakeBeaweb}
	if err := writeBenchTable(&out, s, reportResults()); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	lines := strings.Split(text, "\n")
	var rows []string
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && (f[0] == "seed" || f[0] == "1" || f[0] == "2" || f[0] == "3") {
			rows = append(rows, strings.Join(f, " "))
		}
	}
	want := []string{
		"seed first log crafting table wooden pickaxe stone pickaxe furnace iron ingot iron pickaxe diamond diamond pickaxe deaths actions failures worst repeat model calls tokens in tokens out",
		"1 0.1 0.4 0.4 0.8 4.1 4.4 4.8 21.5 22.0 0 120 3 2 300 0 0",
		"2 0.2 - - - - - 16.5 (lost) - - 1 90 25 21 180 5000 300",
		"3 not played",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	for _, says := range []string{
		"beaweb bench: speed 20, 2 game days a seed, monsters on, model rules",
		"Seed 2: she died once: slain by Zombie at minute 14.2.",
		"Seed 2: her most repeated failure (21 times): move away: you got only 0.0 of 24 blocks away",
		"Seed 1: her most repeated failure (twice): find block: no diamond_ore within 64 blocks",
		"Seed 3 was not played: beaweb did not start: the port is taken",
		"Iron pickaxe on 2 of 3 seeds, 1 of them within 15 game minutes; 1 deaths in all; the most repeated failure of any seed 21 times.",
		"Diamond pickaxe on 1 of 3 seeds.",
		"Model: 250 turns, 480 calls, 5000 tokens in (4000 from cache), 300 out.",
	} {
		if !strings.Contains(text, says) {
			t.Errorf("the table does not say %q:\n%s", says, text)
		}
	}
}

func TestBenchJSONKeepsEveryFigure(t *testing.T) {
	var out bytes.Buffer
	s := benchSettings{Speed: 20, Days: 2, beaweb: fakeBeaweb}
	if err := writeBenchJSON(&out, s, reportResults()); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Speed    float64      `json:"speed"`
		Provider string       `json:"model_provider"`
		Seeds    []seedResult `json:"seeds"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Speed != 20 || got.Provider != "rules" || len(got.Seeds) != 3 {
		t.Fatalf("%+v", got)
	}
	if r := got.Seeds[1]; r.First["iron_pickaxe"] != 16.5 || r.KeptIronPickaxe || r.Deaths[0].Cause != "slain by Zombie" ||
		r.TopFailureCount != 21 || r.ModelCalls != 180 || r.TokensCached != 4000 {
		t.Errorf("seed 2 came back as %+v", r)
	}
	if got.Seeds[2].Error == "" {
		t.Error("the seed not played lost its reason")
	}
}
