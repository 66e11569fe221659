package practice

import (
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// snapshot records the blocks of a box, to tell what a walk broke.
func snapshot(w *World, lo, hi game.Pos) map[game.Pos]string {
	out := map[game.Pos]string{}
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				p := at(x, y, z)
				out[p] = w.grid.name(p)
			}
		}
	}
	return out
}

// changed lists the cells of a snapshot that hold something else now.
func changed(w *World, before map[game.Pos]string) []game.Pos {
	var out []game.Pos
	for p, name := range before {
		if w.grid.name(p) != name {
			out = append(out, p)
		}
	}
	return out
}

// track walks a request to its answer tick by tick, recording every block
// her feet stood in.
func track(h *harness, id string, limit int) (protocol.Answer, []game.Pos) {
	h.t.Helper()
	path := []game.Pos{h.w.bea.feet()}
	for i := 0; i < limit; i++ {
		if a, ok := h.answers[id]; ok {
			delete(h.answers, id)
			return a, path
		}
		h.tick(1)
		if f := h.w.bea.feet(); f != path[len(path)-1] {
			path = append(path, f)
		}
	}
	h.t.Fatalf("no answer to %s within %d ticks", id, limit)
	return protocol.Answer{}, nil
}

// TestMoveToWalksRoundBeforeItDigs: a wall with a gap in it is walked
// round, nothing broken; the same wall closed all round her is dug
// through, and only then.
func TestMoveToWalksRoundBeforeItDigs(t *testing.T) {
	h := arena(t, quiet, 16)
	h.give("stone_pickaxe", 1)
	for z := -16; z <= 6; z++ {
		for y := arenaY + 1; y <= arenaY+4; y++ {
			h.set(at(3, y, z), "stone")
		}
	}
	before := snapshot(h.w, at(-16, arenaY, -16), at(16, arenaY+5, 16))
	a := h.do("move_to", obj{"x": 8, "y": arenaY + 1, "z": 0}, 20*120)
	want(t, a, protocol.Success)
	if c := changed(h.w, before); len(c) != 0 {
		t.Fatalf("with a way round she broke %v; log %q", c, a.Log)
	}
	if f := h.w.bea.feet(); f != at(8, arenaY+1, 0) {
		t.Fatalf("she stands at %v", f)
	}

	// A stone box round her, roof and all: no walk leads out.
	h2 := arena(t, quiet, 16)
	h2.give("stone_pickaxe", 1)
	for x := -2; x <= 2; x++ {
		for z := -2; z <= 2; z++ {
			for y := arenaY + 1; y <= arenaY+3; y++ {
				if abs(x) == 2 || abs(z) == 2 || y == arenaY+3 {
					h2.set(at(x, y, z), "stone")
				}
			}
		}
	}
	before = snapshot(h2.w, at(-16, arenaY, -16), at(16, arenaY+5, 16))
	a = h2.do("move_to", obj{"x": 8, "y": arenaY + 1, "z": 0}, 20*120)
	want(t, a, protocol.Success)
	dug := changed(h2.w, before)
	if len(dug) == 0 || len(dug) > 4 {
		t.Fatalf("she broke %v to get out of a closed box; log %q", dug, a.Log)
	}
	for _, p := range dug {
		if before[p] != "stone" || h2.w.grid.name(p) != "air" {
			t.Errorf("%v was %s and is %s", p, before[p], h2.w.grid.name(p))
		}
	}
	if !strings.Contains(strings.Join(a.Log, "\n"), "(dig,") {
		t.Errorf("the log does not say she planned a way that digs: %q", a.Log)
	}
}

// TestMoveToNeverDigsProtectedBlocks: shut in by protected blocks on every
// side, above and below, she stays where she is and breaks none of them.
func TestMoveToNeverDigsProtectedBlocks(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("diamond_pickaxe", 1)
	h.give("diamond_axe", 1)
	walls := map[game.Pos]string{
		at(1, arenaY+1, 0): "glass", at(-1, arenaY+1, 0): "chest", at(0, arenaY+1, 1): "crafting_table",
		at(0, arenaY+1, -1): "furnace", at(1, arenaY+2, 0): "glass_pane", at(-1, arenaY+2, 0): "barrel",
		at(0, arenaY+2, 1): "iron_door", at(0, arenaY+2, -1): "white_bed", at(0, arenaY+3, 0): "glass",
		at(0, arenaY, 0): "glass",
	}
	for p, name := range walls {
		h.set(p, name)
	}
	a := h.do("move_to", obj{"x": 8, "y": arenaY + 1, "z": 0}, 20*120)
	want(t, a, protocol.Failure)
	contains(t, a, "no way walking or digging")
	for p, name := range walls {
		if got := h.w.grid.name(p); got != name {
			t.Errorf("%s at %v is now %s", name, p, got)
		}
	}
}

// TestMoveToStepsUpOneBlock: a step one block high is walked up, not dug.
func TestMoveToStepsUpOneBlock(t *testing.T) {
	h := arena(t, quiet, 12)
	h.give("stone_pickaxe", 1)
	for x := 3; x <= 8; x++ {
		for z := -2; z <= 2; z++ {
			h.set(at(x, arenaY+1, z), "stone")
		}
	}
	before := snapshot(h.w, at(-12, arenaY, -12), at(12, arenaY+4, 12))
	a, path := track(h, h.send("move_to", obj{"x": 6, "y": arenaY + 2, "z": 0}), 20*120)
	want(t, a, protocol.Success)
	if f := h.w.bea.feet(); f != at(6, arenaY+2, 0) {
		t.Fatalf("she stands at %v", f)
	}
	if c := changed(h.w, before); len(c) != 0 {
		t.Fatalf("she broke %v to climb one block", c)
	}
	for i := 1; i < len(path); i++ {
		if dy := path[i].Y - path[i-1].Y; dy > 1 {
			t.Fatalf("she rose %d blocks in one step, %v to %v", dy, path[i-1], path[i])
		}
	}
}

// TestMoveToFallsAtMostThree: off a tower three blocks high she drops to
// the ground unhurt; off one five high she takes the stairs down instead
// of jumping, never falling more than three blocks at once.
func TestMoveToFallsAtMostThree(t *testing.T) {
	tower := func(h *harness, top int) {
		for x := -1; x <= 1; x++ {
			for z := -1; z <= 1; z++ {
				for y := arenaY + 1; y <= top; y++ {
					h.set(at(x, y, z), "stone")
				}
			}
		}
		h.w.bea.pos = at(0, top+1, 0).Center()
	}
	h := arena(t, quiet, 12)
	tower(h, arenaY+3)
	before := snapshot(h.w, at(-12, arenaY, -12), at(12, arenaY+6, 12))
	a, path := track(h, h.send("move_to", obj{"x": 5, "y": arenaY + 1, "z": 0}), 20*120)
	want(t, a, protocol.Success)
	if c := changed(h.w, before); len(c) != 0 || h.w.bea.health != 20 {
		t.Fatalf("getting off a 3-block tower broke %v and left her at %.0f health", c, h.w.bea.health)
	}
	dropped := false
	for i := 1; i < len(path); i++ {
		if path[i-1].Y-path[i].Y == 3 {
			dropped = true
		}
	}
	if !dropped {
		t.Fatalf("she did not drop the three blocks: %v", path)
	}

	h2 := arena(t, quiet, 12)
	tower(h2, arenaY+5)
	// Stairs down on the west side, one block a step.
	for i := 1; i <= 4; i++ {
		for y := arenaY + 1; y <= arenaY+5-i; y++ {
			h2.set(at(-1-i, y, 0), "stone")
		}
	}
	a, path = track(h2, h2.send("move_to", obj{"x": 5, "y": arenaY + 1, "z": 0}), 20*120)
	want(t, a, protocol.Success)
	for i := 1; i < len(path); i++ {
		if drop := path[i-1].Y - path[i].Y; drop > 3 {
			t.Fatalf("she fell %d blocks, %v to %v", drop, path[i-1], path[i])
		}
	}
	if h2.w.bea.health != 20 {
		t.Fatalf("health %.0f after coming down the stairs", h2.w.bea.health)
	}
}

// doorWall builds a stone wall across x = 3 with a shut oak door in it at
// z = 0.
func doorWall(h *harness) game.Pos {
	for z := -16; z <= 16; z++ {
		for y := arenaY + 1; y <= arenaY+3; y++ {
			h.set(at(3, y, z), "stone")
		}
	}
	door := h.w.blocks.id("oak_door")
	h.w.grid.setState(at(3, arenaY+1, 0), door, "facing=east,half=lower,open=false")
	h.w.grid.setState(at(3, arenaY+2, 0), door, "facing=east,half=upper,open=false")
	return at(3, arenaY+1, 0)
}

// TestMoveToShutsTheDoorTwoBlocksPast: she opens the door when she reaches
// it and shuts it once she is two blocks past it, not sooner or later; a
// walk that ends one block past leaves it open and says so.
func TestMoveToShutsTheDoorTwoBlocksPast(t *testing.T) {
	h := arena(t, quiet, 16)
	door := doorWall(h)
	id := h.send("move_to", obj{"x": 8, "y": arenaY + 1, "z": 0})
	var openedAt, shutAt *game.Pos
	for i := 0; i < 20*120 && !h.answered[id]; i++ {
		wasOpen := h.w.grid.isOpen(door)
		h.tick(1)
		f := h.w.bea.feet()
		switch open := h.w.grid.isOpen(door); {
		case open && !wasOpen:
			openedAt = &f
		case !open && wasOpen:
			shutAt = &f
		}
	}
	a := h.wait(id, 1)
	want(t, a, protocol.Success)
	if openedAt == nil || openedAt.X != 2 {
		t.Errorf("she opened the door standing at %v, want beside it at x = 2", openedAt)
	}
	if shutAt == nil || shutAt.X != 5 || h.w.grid.isOpen(door.Add(up1)) {
		t.Errorf("she shut the door standing at %v, want two blocks past it at x = 5", shutAt)
	}

	h2 := arena(t, quiet, 16)
	door = doorWall(h2)
	a = h2.do("move_to", obj{"x": 4, "y": arenaY + 1, "z": 0}, 20*120)
	want(t, a, protocol.Success)
	if !h2.w.grid.isOpen(door) {
		t.Fatal("a door she stands one block past was shut")
	}
	if !strings.Contains(strings.Join(a.Log, "\n"), "left the door at (3, 65, 0) open") {
		t.Errorf("the answer does not say the door was left open: %q", a.Log)
	}
}

// TestMineDownStopsBeforeLavaAndFire: lava or fire beside or under the
// block below stops her before she breaks it.
func TestMineDownStopsBeforeLavaAndFire(t *testing.T) {
	for _, tc := range []struct {
		name string
		at   game.Pos // relative to her feet
	}{
		{"lava", at(1, -1, 0)}, {"lava", at(0, -2, 0)}, {"fire", at(0, -1, 1)}, {"water", at(-1, -1, 0)},
	} {
		h := arena(t, quiet, 8)
		h.give("stone_pickaxe", 1)
		h.set(h.w.bea.feet().Add(tc.at), tc.name)
		below := h.w.bea.feet().Add(down1)
		a := h.do("mine_down", obj{"depth": 3}, 20*60)
		want(t, a, protocol.Failure)
		contains(t, a, tc.name, "did not dig down")
		if h.w.grid.name(below) != "grass_block" {
			t.Errorf("with %s at %v she broke the block under her", tc.name, tc.at)
		}
	}
}

// TestGotoPlayerTowersUpToAPlayerOnAColumn: a player stands on a stone
// column five blocks high with no way up it. With dirt in her pockets she
// climbs to him a block under her feet at a time, as mineflayer's
// pathfinder towers, and spends only what the climb took; with nothing to
// climb on she says she found no way.
func TestGotoPlayerTowersUpToAPlayerOnAColumn(t *testing.T) {
	for _, dirt := range []int{0, 16} {
		h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Alex", Offset: game.Pos{X: 6}}}}, 16)
		for x := 5; x <= 7; x++ {
			for z := -1; z <= 1; z++ {
				for y := arenaY + 1; y <= arenaY+5; y++ {
					h.set(at(x, y, z), "stone")
				}
			}
		}
		h.w.ents.playerNamed("Alex").pos = at(6, arenaY+6, 0).Center()
		if dirt > 0 {
			h.give("dirt", dirt)
		}
		a := h.do("goto_player", obj{"player": "Alex", "range": 2}, 20*60)
		if dirt == 0 {
			want(t, a, protocol.Failure)
			if !strings.Contains(a.Message, "no way") {
				t.Fatalf("with no blocks to climb on: %q", a.Message)
			}
			continue
		}
		want(t, a, protocol.Success)
		if f := h.w.bea.feet(); f.Y < arenaY+4 {
			t.Fatalf("she stands at %v, below the column's top; log %q", f, a.Log)
		}
		spent := dirt - h.w.bea.inv.count("dirt")
		if spent < 3 || spent > 6 {
			t.Fatalf("the climb spent %d dirt for a column of 5", spent)
		}
	}
}
