package main

import (
	"maps"
	"testing"

	"beaweb/data"
	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

// TestTheAutopilotCountsATemplateByThePlanner: what the autopilot is told
// a shelter takes is the shipped template's count by the blueprint planner,
// its door of the wood she carries, and the cells she sees already right
// (the grass of its floor) left out.
func TestTheAutopilotCountsATemplateByThePlanner(t *testing.T) {
	templates, err := blueprint.LoadTemplates(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	tp, _ := templates.Get("dirt_shelter")
	lv := agent.NewLive("Bea", nil, nil)
	count := templateCounter{templates, lv}
	have := game.Inventory{"birch_planks": 5}
	got, err := count.Needs("dirt_shelter", game.Pos{X: 10, Y: 65, Z: 10}, have)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"birch_door": 1, "white_bed": 1}
	for k, n := range tp.Needs() {
		if k != "door" && k != "bed" {
			want[k] = n
		}
	}
	if !maps.Equal(got, want) {
		t.Fatalf("seeing nothing, the shelter takes %v, want %v", got, want)
	}
	// Its floor (the template sinks itself two blocks: the layer below the
	// corner's) is grass she sees.
	var floor []game.SeenBlock
	for x := 10; x < 15; x++ {
		for z := 10; z < 16; z++ {
			floor = append(floor, game.SeenBlock{Block: "grass_block", X: x, Y: 63, Z: z})
		}
	}
	lv.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Body = &agent.Body{Blocks: floor} })
	seen, err := count.Needs("dirt_shelter", game.Pos{X: 10, Y: 65, Z: 10}, have)
	if err != nil {
		t.Fatal(err)
	}
	if seen["dirt"] >= want["dirt"] || seen["dirt"] <= 0 {
		t.Errorf("with its floor seen standing, the shelter takes %d dirt, want fewer than %d", seen["dirt"], want["dirt"])
	}
}
