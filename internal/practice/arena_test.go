package practice

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// arenaY is the floor level of the test arena: she stands at arenaY+1.
const arenaY = 64

// arena flattens a square of radius r round (0, 0) into stone under grass
// at arenaY with air above, and puts her in the middle, facing south.
func arena(t *testing.T, opts Options, r int) *harness {
	t.Helper()
	h := newHarness(t, opts)
	w := h.w
	flatten(w, r)
	// Nothing else walks in the arena unless a test puts it there.
	for _, e := range w.ents.list {
		if e.player == nil {
			e.removed = true
		}
	}
	w.ents.sweep()
	w.bea.pos = game.Pos{X: 0, Y: arenaY + 1, Z: 0}.Center()
	w.bea.yaw = 0
	h.tick(1)
	h.events = nil
	return h
}

func at(x, y, z int) game.Pos { return game.Pos{X: x, Y: y, Z: z} }

func (h *harness) set(p game.Pos, name string) { h.w.grid.set(p, h.w.blocks.id(name)) }

func (h *harness) give(item string, n int) {
	h.t.Helper()
	if got := h.w.bea.inv.add(item, n); got != n {
		h.t.Fatalf("could give only %d of %d %s", got, n, item)
	}
}

// eventsOf returns the events of one type seen so far.
func eventsOf[T protocol.Packet](h *harness) []T {
	var out []T
	for _, p := range h.events {
		if v, ok := p.(T); ok {
			out = append(out, v)
		}
	}
	return out
}
