package practice

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func terrainsOf(events []protocol.Packet) []protocol.Terrain {
	var out []protocol.Terrain
	for _, p := range events {
		if t, ok := p.(protocol.Terrain); ok {
			out = append(out, t)
		}
	}
	return out
}

// TestTerrainIsSentOnArrivalAndOnChange: a new connection gets the square
// around her with the first survey; it is sent again when a column
// changes, not before.
func TestTerrainIsSentOnArrivalAndOnChange(t *testing.T) {
	h := newHarness(t, Options{Seed: 7})
	if n := len(terrainsOf(h.events)); n != 0 {
		t.Fatalf("%d terrain packets before the first survey; the hello and the state come alone", n)
	}
	h.tick(40)
	first := terrainsOf(h.events)
	if len(first) != 1 {
		t.Fatalf("a new connection got %d terrain packets, want 1", len(first))
	}
	tr := first[0]
	if err := tr.Check(); err != nil {
		t.Fatalf("the world sent a terrain packet the brain refuses: %v", err)
	}
	feet := h.w.bea.feet()
	if tr.Size != terrainSide || feet.X < tr.X+16 || feet.X >= tr.X+32 || feet.Z < tr.Z+16 || feet.Z >= tr.Z+32 {
		t.Fatalf("the square %d×%d at (%d, %d) is not the chunks around her at %s", tr.Size, tr.Size, tr.X, tr.Z, feet)
	}
	if tr.X%16 != 0 || tr.Z%16 != 0 {
		t.Errorf("the square's corner (%d, %d) is not on a chunk's", tr.X, tr.Z)
	}
	id, top, _ := h.w.grid.top(feet.X, feet.Z)
	if got, want := tr.Top(feet.X, feet.Z), h.w.blocks.name(id); got != want || got == "" {
		t.Errorf("the column she stands in reads %q, want %q", got, want)
	}
	if got, ok := tr.Height(feet.X, feet.Z); !ok || got != top || top != feet.Y-1 {
		t.Errorf("the column she stands on is %d, %v high, want %d (under her feet at %s)", got, ok, top, feet)
	}

	h.events = nil
	h.tick(120)
	if n := len(terrainsOf(h.events)); n != 0 {
		t.Errorf("an unchanged square was sent %d more times", n)
	}

	// Put a block of snow on a column two blocks east of her.
	x, z := feet.X+2, feet.Z
	_, _, ok := h.w.grid.top(x, z)
	if !ok {
		t.Fatal("no column beside her")
	}
	y := h.w.grid.surface(x, z) + 1
	for h.w.grid.at(game.Pos{X: x, Y: y, Z: z}) != air {
		y++
	}
	h.w.grid.set(game.Pos{X: x, Y: y, Z: z}, h.w.blocks.id("snow_block"))
	h.events = nil
	h.tick(40)
	again := terrainsOf(h.events)
	if len(again) != 1 {
		t.Fatalf("a changed column sent %d terrain packets, want 1", len(again))
	}
	if got := again[0].Top(x, z); got != "snow_block" {
		t.Errorf("the changed column reads %q, want snow_block", got)
	}
	if got, ok := again[0].Height(x, z); !ok || got != y {
		t.Errorf("the snow on the changed column is %d, %v high, want %d", got, ok, y)
	}
}
