package practice

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

func TestDebugTemplate(t *testing.T) {
	tpls, err := blueprint.LoadTemplates(os.DirFS("../../../data"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"dirt_shelter", "small_wood_house", "small_stone_house"} {
		h := arena(t, quiet, 20)
		have := game.Inventory{"oak_planks": 64, "oak_log": 64, "cobblestone": 64, "dirt": 64, "oak_door": 2, "glass_pane": 16, "white_bed": 1, "torch": 8, "oak_stairs": 32, "oak_fence": 16, "glass": 16, "stone_bricks": 64, "cobblestone_stairs": 64, "oak_slab": 32, "crafting_table": 2, "chest": 2, "furnace": 2, "oak_trapdoor": 4, "red_bed": 1}
		args, err := tpls.Resolve(name, game.Pos{X: 4, Y: arenaY + 1, Z: 4}, 0, have)
		if err != nil {
			t.Fatal(err)
		}
		exp, _ := blueprint.Expand(args)
		for k, n := range exp.Needs {
			h.w.bea.inv.add(k, n+2)
		}
		raw, _ := json.Marshal(args)
		var m obj
		json.Unmarshal(raw, &m)
		a := h.do("build", m, 20*700)
		fmt.Printf("%s: %s %s ticks=%d\n  needs %v\n  log %q\n", name, a.Result, a.Message, h.w.tick, exp.Needs, a.Log)
		for y := 63; y <= 67; y++ {
			p := game.Pos{X: 6, Y: y, Z: 8}
			fmt.Println(p, h.w.grid.name(p), h.w.grid.state(p), h.w.bea.feet())
		}
		for _, c := range exp.Cells {
			if c.X == 6 && c.Z == 8 {
				fmt.Println("cell", c)
			}
		}
	}
}
