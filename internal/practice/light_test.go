package practice

import (
	"testing"

	"beaweb/internal/game"
)

// hall roofs the arena of radius r with name at y = arenaY+4 and walls its
// edge from the floor to the roof, so no light comes in from the sides.
func hall(h *harness, r int, roof string) {
	for x := -r; x <= r; x++ {
		for z := -r; z <= r; z++ {
			h.set(at(x, arenaY+4, z), roof)
			if abs(x) == r || abs(z) == r {
				for y := arenaY + 1; y < arenaY+4; y++ {
					h.set(at(x, y, z), "stone")
				}
			}
		}
	}
}

func TestSkyLightSpreadsSidewaysAndThroughLeaves(t *testing.T) {
	h := arena(t, quiet, 12)
	w := h.w
	hall(h, 12, "stone")
	h.set(at(0, arenaY+4, 0), "air") // one open column in the roof
	cases := []struct {
		p    game.Pos
		want int
	}{
		{at(0, arenaY+1, 0), 15},  // under the hole
		{at(1, arenaY+1, 0), 14},  // beside the open column
		{at(2, arenaY+2, 0), 13},  // two along
		{at(3, arenaY+1, 2), 10},  // five along
		{at(11, arenaY+1, 11), 0}, // the far corner: out of its reach
	}
	for _, c := range cases {
		if got := w.light.skyAt(c.p); got != c.want {
			t.Errorf("sky light at %v = %d, want %d", c.p, got, c.want)
		}
	}
	if w.darkEnoughToSpawn(at(1, arenaY+1, 0)) {
		t.Error("a monster may rise by day beside an open column")
	}
	if !w.darkEnoughToSpawn(at(11, arenaY+1, 11)) {
		t.Error("no monster may rise by day in the dark corner of a hall")
	}
	// Closing the column darkens the hall: the cached roof follows.
	h.set(at(0, arenaY+4, 0), "stone")
	if got := w.light.skyAt(at(0, arenaY+1, 0)); got != 0 {
		t.Errorf("sky light under a closed roof = %d", got)
	}
	// A roof of leaves, then of three layers of them: each takes one.
	for x := -12; x <= 12; x++ {
		for z := -12; z <= 12; z++ {
			h.set(at(x, arenaY+4, z), "oak_leaves")
		}
	}
	if got := w.light.skyAt(at(5, arenaY+1, 5)); got != 14 {
		t.Errorf("sky light under a layer of leaves = %d, want 14", got)
	}
	for x := -12; x <= 12; x++ {
		for z := -12; z <= 12; z++ {
			h.set(at(x, arenaY+5, z), "oak_leaves")
			h.set(at(x, arenaY+6, z), "birch_leaves")
		}
	}
	if got := w.light.skyAt(at(5, arenaY+1, 5)); got != 12 {
		t.Errorf("sky light under three layers of leaves = %d, want 12", got)
	}
}

func TestLightAtHerFeetFollowsTimeWeatherAndTorches(t *testing.T) {
	h := arena(t, quiet, 12)
	w := h.w
	light := func() int { return w.statePacket().World.Light }
	steps := []struct {
		night   bool
		weather string
		want    int
	}{
		{false, "clear", 15}, {false, "rain", 12}, {false, "thunder", 12}, {true, "clear", 4}, {true, "rain", 1},
	}
	for _, s := range steps {
		w.timeShift = 0
		if s.night {
			w.timeShift = nightStart + 500 - startTime - w.tick
		}
		w.sky.weather = s.weather
		if got := light(); got != s.want {
			t.Errorf("light at her feet, night %v, %s = %d, want %d", s.night, s.weather, got, s.want)
		}
	}
	w.timeShift, w.sky.weather = 0, "clear"
	// Under a roof with no opening it is dark by day, until a torch burns.
	hall(h, 12, "stone")
	if got := light(); got != 0 {
		t.Fatalf("light in a closed hall by day = %d", got)
	}
	h.set(at(3, arenaY+1, 0), "torch")
	if got := light(); got != 11 {
		t.Errorf("light three blocks from a torch = %d, want 11", got)
	}
	if w.darkEnoughToSpawn(at(0, arenaY+1, 0)) || !w.darkEnoughToSpawn(at(-10, arenaY+1, -10)) {
		t.Error("a torch keeps monsters from rising near it, and only there")
	}
	// A wall between her and the torch: block light does not go through
	// stone, only round it.
	for y := arenaY + 1; y < arenaY+4; y++ {
		for z := -1; z <= 1; z++ {
			h.set(at(2, y, z), "stone")
			h.set(at(4, y, z), "stone")
		}
		h.set(at(3, y, 1), "stone")
		h.set(at(3, y, -1), "stone")
	}
	h.set(at(3, arenaY+2, 0), "stone")
	if got := light(); got != 0 {
		t.Errorf("light from a walled-in torch = %d, want 0", got)
	}
}

// unheard lets n ticks pass with nobody connected, so no state or survey
// is built: for tests that only look at the world.
func (h *harness) unheard(n int) {
	delete(h.w.hub.clients, h.c)
	defer func() { h.w.hub.clients[h.c] = struct{}{} }()
	for i := 0; i < n; i++ {
		h.w.step(nil)
	}
	h.w.hub.out = h.w.hub.out[:0]
}

// zombies counts the zombies about.
func zombies(w *World) int {
	n := 0
	for _, e := range w.ents.list {
		if e.kind == "zombie" && !e.removed {
			n++
		}
	}
	return n
}

// TestZombiesRiseByDayOnlyWhereNoSkyLightReaches: in the shade of a wide
// canopy of leaves, or under a roof with openings, no zombie rises by day;
// under the same roof closed, like in a cave, they do.
func TestZombiesRiseByDayOnlyWhereNoSkyLightReaches(t *testing.T) {
	opts := Options{Seed: 2, Players: []PlayerScript{}}
	canopy := arena(t, opts, 32)
	for x := -32; x <= 32; x++ {
		for z := -32; z <= 32; z++ {
			canopy.set(at(x, arenaY+5, z), "oak_leaves")
		}
	}
	canopy.unheard(3000)
	if n := zombies(canopy.w); n != 0 || canopy.w.dark() {
		t.Fatalf("%d zombies rose by day in the shade of leaves (dark %v)", n, canopy.w.dark())
	}

	holes := arena(t, opts, 32)
	hall(holes, 32, "stone")
	for x := -30; x <= 30; x += 8 {
		for z := -30; z <= 30; z += 8 {
			holes.set(at(x, arenaY+4, z), "air")
		}
	}
	holes.unheard(3000)
	if n := zombies(holes.w); n != 0 {
		t.Fatalf("%d zombies rose by day beside open columns", n)
	}

	cave := arena(t, opts, 32)
	hall(cave, 32, "stone")
	for i := 0; i < 60 && zombies(cave.w) == 0; i++ {
		cave.unheard(50)
	}
	if zombies(cave.w) == 0 || cave.w.dark() {
		t.Fatal("no zombie rose by day in a closed dark hall")
	}
}

// skyAt is the sky light that reaches p at noon on a clear day, 0 to 15.
func (l *lighting) skyAt(p game.Pos) int { return l.skyOver(p, 0, maxLight) }
