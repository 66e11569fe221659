package practice

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestTheWorldJudgesAWrongPlanByTheBook plays the steps a planner with a
// bug would send: a crafting table straight from logs (it forgot the
// planks), a stone pickaxe from planks (it mixed up the tiers), one torch
// where the book makes four. The world judges each by the recipe file
// alone: the wrong ones fail with a sentence that names what is missing and
// leave her inventory as it was; the right one yields the book's count.
func TestTheWorldJudgesAWrongPlanByTheBook(t *testing.T) {
	h := arena(t, repoData(t), 12)
	h.give("oak_log", 4)
	a := h.do("craft_item", obj{"item": "crafting_table"}, 400)
	want(t, a, protocol.Failure)
	if a.Message != "1 crafting_table takes 4 planks; you are short of 4 planks (you have 0)" {
		t.Errorf("a table from logs: %q", a.Message)
	}
	if inv := h.w.bea.inv.totals(); inv["oak_log"] != 4 || inv["crafting_table"] != 0 {
		t.Errorf("a refused craft changed her inventory: %v", inv)
	}

	h.give("oak_planks", 3)
	h.give("stick", 2)
	h.give("crafting_table", 1)
	a = h.do("craft_item", obj{"item": "stone_pickaxe"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "1 stone_pickaxe takes 3 ", "you are short of 3 ", "(you have 0)")
	if h.w.bea.inv.count("oak_planks") != 3 || h.w.bea.inv.count("stone_pickaxe") != 0 {
		t.Errorf("a refused stone pickaxe: %v", h.w.bea.inv.totals())
	}

	h.give("coal", 1)
	a = h.do("craft_item", obj{"item": "torch", "count": 1}, 400)
	want(t, a, protocol.Success)
	if inv := h.w.bea.inv.totals(); inv["torch"] != 4 || inv["coal"] != 0 || inv["stick"] != 1 {
		t.Errorf("one craft of torches from 1 coal and 1 stick left %v; the book makes 4 torches", inv)
	}
}

// TestTheWorldBuildsExactlyTheCellsItIsGiven sends a build whose kit a
// planner counted wrong (two stone for a row of three): the world lays out
// the arguments itself, places the two it can, and fails naming the cell
// still wrong and the block she ran out of; no cell outside the row changes.
func TestTheWorldBuildsExactlyTheCellsItIsGiven(t *testing.T) {
	h := arena(t, repoData(t), 12)
	h.give("cobblestone", 2)
	origin := game.Pos{X: 3, Y: arenaY + 1, Z: 3}
	a := h.do("build", obj{
		"origin":  obj{"x": origin.X, "y": origin.Y, "z": origin.Z},
		"layers":  []any{[]any{"###"}},
		"palette": obj{"#": "cobblestone"},
	}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "built 2 of 3 cells; 1 still wrong: cobblestone at (5, ", "you ran out of 1 cobblestone")
	for x := 2; x <= 6; x++ {
		got := h.w.grid.name(game.Pos{X: x, Y: origin.Y, Z: origin.Z})
		if wantBlock := map[bool]string{true: "cobblestone", false: "air"}[x == 3 || x == 4]; got != wantBlock {
			t.Errorf("(%d, %d, %d) holds %s, want %s", x, origin.Y, origin.Z, got, wantBlock)
		}
	}
}
