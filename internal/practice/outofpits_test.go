package practice

import (
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// These tests hold the practice world to the game as it would be (issue
// 17.3): the bottom of a shaft is not the surface, a pit is climbed out of,
// and a table out of reach is no reason to fail while she carries her own.

// shaft digs a one-wide shaft from the arena's floor down to depth blocks
// below it and stands her at its bottom, under open sky.
func shaft(h *harness, depth int) game.Pos {
	for y := arenaY - depth; y <= arenaY; y++ {
		h.set(at(0, y, 0), "air")
	}
	bottom := at(0, arenaY-depth, 0)
	h.w.bea.pos = bottom.Center()
	return bottom
}

func TestGoToSurfaceClimbsOutOfAShaftUnderOpenSky(t *testing.T) {
	h := arena(t, quiet, 12)
	bottom := shaft(h, 6)
	if !h.w.grid.skyOpen(bottom.Add(up1)) {
		t.Fatal("the shaft is covered; the test needs open sky above its bottom")
	}
	if h.w.openGround(bottom) {
		t.Fatal("the bottom of a shaft counts as open ground")
	}
	h.give("stone_pickaxe", 1)
	a := h.do("go_to_surface", nil, 20*300)
	want(t, a, protocol.Success)
	if strings.Contains(a.Message, "already") {
		t.Fatalf("she called the bottom of a shaft the surface: %q", a.Message)
	}
	feet := h.w.bea.feet()
	if feet.Y < arenaY+1 || !h.w.openGround(feet) {
		t.Fatalf("she ended at %v, not on open ground (%s)", feet, a.Message)
	}
}

func TestGoToSurfaceOnOpenGroundIsDoneAtOnce(t *testing.T) {
	h := arena(t, quiet, 12)
	a := h.do("go_to_surface", nil, 20*10)
	want(t, a, protocol.Success)
	contains(t, a, "already on open ground")
}

// TestGoToSurfaceOnAPillarIsDoneAtOnce: on top of a pillar she built the
// ground ahead is far below her feet: she is at the surface, though no
// walk leads away.
func TestGoToSurfaceOnAPillarIsDoneAtOnce(t *testing.T) {
	h := arena(t, quiet, 12)
	for y := arenaY + 1; y <= arenaY+8; y++ {
		h.set(at(0, y, 0), "dirt")
	}
	h.w.bea.pos = at(0, arenaY+9, 0).Center()
	a := h.do("go_to_surface", nil, 20*10)
	want(t, a, protocol.Success)
	contains(t, a, "already on open ground")
}

func TestMoveAwayClimbsOutOfAPit(t *testing.T) {
	h := arena(t, quiet, 16)
	// A pit three wide and three deep: no jump gets her over its rim.
	for x := -1; x <= 1; x++ {
		for z := -1; z <= 1; z++ {
			for y := arenaY - 2; y <= arenaY; y++ {
				h.set(at(x, y, z), "air")
			}
		}
	}
	start := at(0, arenaY-2, 0)
	h.w.bea.pos = start.Center()
	h.give("stone_pickaxe", 1)
	a := h.do("move_away", obj{"distance": 8}, 20*60)
	want(t, a, protocol.Success)
	if d := horizontalDist(h.w.bea.pos, start.Center()); d < 7 {
		t.Fatalf("only %.1f blocks away: %s", d, a.Message)
	}
	if feet := h.w.bea.feet(); feet.Y < arenaY+1 {
		t.Fatalf("she is still below the rim at %v", feet)
	}
}

// onAColumn puts block on top of a bedrock column 8 blocks from her, within
// 16 blocks but out of her reach, and returns where, with the blocks around
// her as they then stand.
func onAColumn(t *testing.T, h *harness, block string) (game.Pos, map[game.Pos]string) {
	t.Helper()
	for y := arenaY + 1; y <= arenaY+9; y++ {
		h.set(at(8, y, 0), "bedrock")
	}
	far := at(8, arenaY+10, 0)
	h.set(far, block)
	if p := h.w.land.nearestBlock(h.w.bea.feet(), block, 16); p == nil || *p != far {
		t.Fatalf("the %s on the column is not the nearest: %v", block, p)
	}
	return far, snapshot(h.w, at(-4, arenaY, -4), at(4, arenaY+4, 4))
}

// tookHersBack checks what a job at the station she set down left: n of
// made and her station in her inventory, nothing of hers in the world
// since before, and the station on the column (far) where it stood.
func tookHersBack(t *testing.T, h *harness, before map[game.Pos]string, far game.Pos, station, made string, n int) {
	t.Helper()
	inv := h.w.bea.inv
	if inv.count(made) != n || inv.count(station) != 1 {
		t.Fatalf("after the job she has %d %s and %d %s", inv.count(made), made, inv.count(station), station)
	}
	if c := changed(h.w, before); len(c) != 0 {
		t.Fatalf("the %s she set down was left in the world at %v", station, c)
	}
	if h.w.grid.name(far) != station {
		t.Fatalf("the %s on the column went", station)
	}
}

// TestCraftSetsDownHerTableWhenTheNearOneIsOutOfReach: a table within 16
// blocks on top of a bedrock column cannot be reached; she sets hers down,
// crafts, and has it back in her inventory after.
func TestCraftSetsDownHerTableWhenTheNearOneIsOutOfReach(t *testing.T) {
	h := arena(t, quiet, 16)
	far, before := onAColumn(t, h, "crafting_table")
	h.give("crafting_table", 1)
	h.give("cobblestone", 3)
	h.give("stick", 2)
	a := h.do("craft_item", obj{"item": "stone_pickaxe"}, 20*60)
	want(t, a, protocol.Success)
	contains(t, a, "set down and picked back up")
	tookHersBack(t, h, before, far, "crafting_table", "stone_pickaxe", 1)
}

// TestCraftSetsDownHerTableAtTheBottomOfAShaft: with no free ground beside
// her, the table goes above her head and comes back after.
func TestCraftSetsDownHerTableAtTheBottomOfAShaft(t *testing.T) {
	h := arena(t, quiet, 12)
	bottom := shaft(h, 6)
	h.give("crafting_table", 1)
	h.give("cobblestone", 3)
	h.give("stick", 2)
	a := h.do("craft_item", obj{"item": "stone_pickaxe"}, 20*60)
	want(t, a, protocol.Success)
	inv := h.w.bea.inv
	if inv.count("stone_pickaxe") != 1 || inv.count("crafting_table") != 1 {
		t.Fatalf("after the craft she has %d stone_pickaxe and %d crafting_table", inv.count("stone_pickaxe"), inv.count("crafting_table"))
	}
	for y := bottom.Y; y <= arenaY+3; y++ {
		if n := h.w.grid.name(at(0, y, 0)); n != "air" {
			t.Fatalf("the shaft holds %s at y=%d after the craft", n, y)
		}
	}
}

func TestCraftWithoutAnyTableSaysSo(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("cobblestone", 3)
	h.give("stick", 2)
	a := h.do("craft_item", obj{"item": "stone_pickaxe"}, 20*60)
	want(t, a, protocol.Failure)
	contains(t, a, "you carry none")
}

// TestSmeltSetsDownHerFurnaceWhenTheNearOneIsOutOfReach: a furnace within
// 16 blocks on top of a bedrock column cannot be reached; she sets hers
// down, smelts, and picks it back up, as she does with a table.
func TestSmeltSetsDownHerFurnaceWhenTheNearOneIsOutOfReach(t *testing.T) {
	h := arena(t, quiet, 16)
	far, before := onAColumn(t, h, "furnace")
	h.give("furnace", 1)
	h.give("stone_pickaxe", 1)
	h.give("raw_iron", 2)
	h.give("coal", 1)
	a := h.do("smelt_item", obj{"item": "raw_iron", "count": 2}, 20*150)
	want(t, a, protocol.Success)
	log := strings.Join(a.Log, "\n")
	for _, w := range []string{"could not reach the furnace", "set your furnace down", "picked your furnace back up"} {
		if !strings.Contains(log, w) {
			t.Errorf("her log does not say %q: %s", w, log)
		}
	}
	tookHersBack(t, h, before, far, "furnace", "iron_ingot", 2)
	// Without one of her own, the one out of reach is the answer.
	h.w.bea.inv.remove("furnace", 1)
	h.give("raw_iron", 1)
	h.give("coal", 1)
	a = h.do("smelt_item", obj{"item": "raw_iron", "count": 1}, 20*150)
	want(t, a, protocol.Failure)
	contains(t, a, "could not reach the furnace at")
}
