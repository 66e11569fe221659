package practice

import (
	"testing"

	"beaweb/internal/game/protocol"
)

func TestStaircaseReachesTheDepthAndWalksBackUp(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("iron_pickaxe", 1)
	start := h.w.bea.feet()
	a := h.do("mine_down", obj{"depth": 6, "direction": "east"}, 20*120)
	want(t, a, protocol.Success)
	if f := h.w.bea.feet(); f != at(6, arenaY-5, 0) {
		t.Fatalf("she stands at %v after 6 steps east, want %v (%s)", f, at(6, arenaY-5, 0), a.Message)
	}
	contains(t, a, "6 steps east", "y=65 to y=59")
	for x := 0; x <= 6; x++ {
		if floor := at(x, arenaY-x, 0); !h.w.grid.standable(floor) {
			t.Errorf("step %d has no floor at %v: %s", x, floor, h.w.grid.name(floor))
		}
	}
	// Her own staircase is the way back up, with nothing to break.
	want(t, h.do("move_to", obj{"x": 0.5, "y": start.Y, "z": 0.5, "range": 0.5}, 20*60), protocol.Success)
	if h.w.bea.feet() != start {
		t.Fatalf("she walked back up to %v, want %v", h.w.bea.feet(), start)
	}
}

func TestStaircaseStopsBeforeLavaAhead(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("iron_pickaxe", 1)
	h.set(at(1, arenaY, 0), "torch")  // a torch in the first step's way stays
	h.set(at(3, arenaY-2, 0), "lava") // the third step's own cell
	a := h.do("mine_down", obj{"depth": 6, "direction": "east"}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "dug 2 of 6 steps east", "lava at (3, 62, 0) is in the way of your next step", "stopped at (2, 63, 0)")
	if h.w.bea.feet() != at(2, arenaY-1, 0) {
		t.Fatalf("she stands at %v", h.w.bea.feet())
	}
}

func TestStaircaseCoversLavaBesideItAndStopsAtADrop(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("iron_pickaxe", 1)
	h.give("cobblestone", 4)
	h.set(at(2, arenaY-1, 1), "lava") // beside the second step
	for y := arenaY - 6; y <= arenaY-4; y++ {
		h.set(at(5, y, 0), "air") // a cave under the fifth step
	}
	a := h.do("mine_down", obj{"depth": 6, "direction": "east"}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "dug 4 of 6 steps", "an open drop under your next step at (5, 59, 0)")
	if n := h.w.grid.name(at(2, arenaY-1, 1)); n != "cobblestone" {
		t.Fatalf("the lava beside her staircase is %s, want covered with cobblestone", n)
	}
	// Without a block to cover it, lava beside the next step stops her.
	h2 := arena(t, quiet, 12)
	h2.give("iron_pickaxe", 1)
	h2.set(at(1, arenaY+1, 1), "lava")
	a = h2.do("mine_down", obj{"depth": 3, "direction": "east"}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "you did not dig a staircase east", "lava at (1, 65, 1) beside your next step, and you have no block to cover it")
}
