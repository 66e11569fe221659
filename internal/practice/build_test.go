package practice

import (
	"slices"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestBuildClearsCellsMeantToBeAirButNeverProtectedOnes: a build of air
// empties the dirt, stone and log in its cells and leaves the chest, the
// glass and the torch, naming them; with clear, a block in the way of
// another is broken, a protected one still not.
func TestBuildClearsCellsMeantToBeAirButNeverProtectedOnes(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("stone_pickaxe", 1)
	h.give("stone", 4)
	cells := map[game.Pos]string{
		at(3, arenaY+1, 3): "dirt", at(4, arenaY+1, 3): "stone", at(5, arenaY+1, 3): "chest",
		at(3, arenaY+2, 3): "glass", at(4, arenaY+2, 3): "oak_log", at(5, arenaY+2, 3): "torch",
	}
	for p, name := range cells {
		h.set(p, name)
	}
	a := h.do("build", obj{"origin": obj{"x": 3, "y": arenaY + 1, "z": 3}, "layers": []any{[]string{"aaa"}, []string{"aaa"}},
		"palette": obj{"a": "air"}}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "built 3 of 6 cells", "3 protected block(s)")
	// The same counts as fields, the shape every game side sends.
	if b, ok := a.Build(); !ok || b.Cells != 6 || b.Right != 3 || len(b.Protected) != 3 || !b.Complete() || len(b.Missing) != 0 {
		t.Errorf("the build's counted cells: %+v (read %v), want 6 cells, 3 right, 3 wrong and protected, none missing", b, ok)
	}
	for p, name := range cells {
		got := h.w.grid.name(p)
		switch {
		case game.BuildProtected(name) && got != name:
			t.Errorf("the build broke the %s at %v", name, p)
		case !game.BuildProtected(name) && got != "air":
			t.Errorf("the build left %s at %v, a cell meant to be air", got, p)
		}
	}
	// clear: true breaks what stands in the way of another block, never a
	// protected one.
	h.set(at(3, arenaY+1, 3), "dirt")
	a = h.do("build", obj{"origin": obj{"x": 3, "y": arenaY + 1, "z": 3}, "layers": []any{[]string{"sss"}},
		"palette": obj{"s": "stone"}, "clear": true}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "1 protected block(s)")
	if h.w.grid.name(at(3, arenaY+1, 3)) != "stone" || h.w.grid.name(at(5, arenaY+1, 3)) != "chest" {
		t.Fatalf("after a build with clear: %s, %s", h.w.grid.name(at(3, arenaY+1, 3)), h.w.grid.name(at(5, arenaY+1, 3)))
	}
}

// TestBuildReportsProgressEveryTenCells: a floor of 25 cells sends
// progress at the start and after the 10th and 20th cell, each with the
// number of cells right at that moment.
func TestBuildReportsProgressEveryTenCells(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("cobblestone", 25)
	h.events = nil
	id := h.send("build", obj{"origin": obj{"x": 2, "y": arenaY + 1, "z": 2},
		"layers": []any{[]string{"ccccc", "ccccc", "ccccc", "ccccc", "ccccc"}}, "palette": obj{"c": "cobblestone"}})
	right := func() int {
		n := 0
		for x := 2; x <= 6; x++ {
			for z := 2; z <= 6; z++ {
				if h.w.grid.name(at(x, arenaY+1, z)) == "cobblestone" {
					n++
				}
			}
		}
		return n
	}
	var done []int
	seen := 0
	for i := 0; i < 20*120; i++ {
		for _, p := range h.events[seen:] {
			if p, ok := p.(protocol.Progress); ok && p.ID == id {
				if p.Total != 25 || p.Done != right() {
					t.Errorf("progress %d/%d while %d cells are right", p.Done, p.Total, right())
				}
				done = append(done, p.Done)
			}
		}
		seen = len(h.events)
		h.tick(1)
		if a, ok := h.answers[id]; ok {
			want(t, a, protocol.Success)
			break
		}
	}
	if !slices.Equal(done, []int{0, 10, 20}) {
		t.Fatalf("progress came at %v cells, want [0 10 20]", done)
	}
}

// TestBuildReplacesTheFloorUnderHer: a floor of cobblestone laid over the
// grass she stands on replaces the block under her feet too: she steps off
// it first, as a player would, and the build succeeds.
func TestBuildReplacesTheFloorUnderHer(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("cobblestone", 9)
	feet := h.w.bea.feet()
	origin := feet.Add(game.Pos{X: -1, Y: -1, Z: -1})
	a := h.do("build", obj{"origin": obj{"x": origin.X, "y": origin.Y, "z": origin.Z},
		"layers": []any{[]string{"ccc", "ccc", "ccc"}}, "palette": obj{"c": "cobblestone"}, "clear": true}, 20*120)
	want(t, a, protocol.Success)
	for x := 0; x < 3; x++ {
		for z := 0; z < 3; z++ {
			if p := origin.Add(game.Pos{X: x, Z: z}); h.w.grid.name(p) != "cobblestone" {
				t.Errorf("%s at %v, want cobblestone", h.w.grid.name(p), p)
			}
		}
	}
}
