package practice

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/planner/blueprint"
)

// repoData is the repository's data directory, the same files beaweb
// embeds.
func repoData(t *testing.T) Options {
	t.Helper()
	if _, err := os.Stat("../../data/recipes"); err != nil {
		t.Fatalf("the repository's data/recipes is missing: %v", err)
	}
	return Options{Seed: 1, Quiet: true, Data: os.DirFS("../../data")}
}

func TestCraftingFromTheRecipeBook(t *testing.T) {
	h := arena(t, repoData(t), 12)
	if _, ok := h.w.book.(*recipeBook); !ok {
		t.Fatalf("the world crafts from %T, not the recipe book", h.w.book)
	}
	h.give("birch_log", 3)
	a := h.do("craft_item", obj{"item": "birch_planks", "count": 12}, 400)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("birch_planks") != 12 {
		t.Fatalf("%s", a.Message)
	}
	st := h.w.statePacket()
	if !slices.Contains(st.Craftable, "stick") || !slices.Contains(st.Craftable, "crafting_table") {
		t.Fatalf("craftable = %v", st.Craftable)
	}
	want(t, h.do("craft_item", obj{"item": "crafting_table"}, 400), protocol.Success)
	want(t, h.do("craft_item", obj{"item": "stick", "count": 4}, 400), protocol.Success)
	a = h.do("craft_item", obj{"item": "wooden_pickaxe"}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "picked back up")
	// A slab is three planks in a row: it needs the table even though it
	// has one kind of ingredient.
	h.give("oak_planks", 3)
	a = h.do("craft_item", obj{"item": "oak_slab", "count": 6}, 400)
	want(t, a, protocol.Success)
	contains(t, a, "crafting table")
	a = h.do("craft_item", obj{"item": "diamond_pickaxe"}, 400)
	want(t, a, protocol.Failure)
	contains(t, a, "short of 3 diamond (you have 0)")
	h.give("raw_gold", 1)
	h.give("furnace", 1)
	h.give("coal", 1)
	a = h.do("smelt_item", obj{"item": "gold_ingot"}, 20*150)
	want(t, a, protocol.Success)
	if h.w.bea.inv.count("gold_ingot") != 1 {
		t.Fatalf("%s", a.Message)
	}
}

// TestTemplatesBuild builds each of mindcraft's templates, resolved as the
// brain resolves them, in the arena: every cell must come out right.
func TestTemplatesBuild(t *testing.T) {
	opts := repoData(t)
	tpls, err := blueprint.LoadTemplates(os.DirFS("../../data"))
	if err != nil {
		t.Fatal(err)
	}
	have := game.Inventory{"oak_planks": 64, "oak_log": 64, "cobblestone": 64, "dirt": 64, "oak_door": 1, "red_bed": 1}
	for i, tp := range tpls.List() {
		rotation := []int{0, 90, 180, 270}[i%4]
		t.Run(tp.Name, func(t *testing.T) {
			h := arena(t, opts, 20)
			args, err := tpls.Resolve(tp.Name, game.Pos{X: 4, Y: arenaY + 1, Z: 4}, rotation, have)
			if err != nil {
				t.Fatal(err)
			}
			exp, err := blueprint.Expand(args)
			if err != nil {
				t.Fatal(err)
			}
			for k, n := range exp.Needs {
				h.give(k, n)
			}
			raw, _ := json.Marshal(args)
			var params obj
			if err := json.Unmarshal(raw, &params); err != nil {
				t.Fatal(err)
			}
			a := h.do("build", params, 20*700)
			want(t, a, protocol.Success)
			for _, c := range exp.Cells {
				if !h.w.land.cellRight(buildCell{c.Pos, c.Block}) {
					t.Errorf("%s holds %s", c, h.w.grid.name(c.Pos))
				}
			}
		})
	}
}
