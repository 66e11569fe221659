package practice

import (
	"slices"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestOresLieAtSensibleDepths: every ore lies within its vein's reach of
// the depths vanilla gives it, deepslate ores only where deepslate is, and
// bedrock floors the world.
func TestOresLieAtSensibleDepths(t *testing.T) {
	w, err := New(Options{Seed: 3, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	// The highest an ore may lie: its top depth plus the longest vein walk.
	top := map[string]int{"coal": 98, "copper": 88, "iron": 72, "gold": 38, "redstone": 22, "lapis": 38, "diamond": -32}
	g := w.grid
	for x := g.minX; x < g.minX+g.sizeX; x++ {
		for z := g.minZ; z < g.minZ+g.sizeZ; z++ {
			if g.name(game.Pos{X: x, Y: minY, Z: z}) != "bedrock" {
				t.Fatalf("no bedrock at the bottom of %d, %d", x, z)
			}
			for y := minY; y < minY+height; y++ {
				name := g.name(game.Pos{X: x, Y: y, Z: z})
				if !strings.HasSuffix(name, "_ore") {
					continue
				}
				kind := strings.TrimSuffix(strings.TrimPrefix(name, "deepslate_"), "_ore")
				if y > top[kind] {
					t.Fatalf("%s at y=%d, above %d", name, y, top[kind])
				}
				if deep := strings.HasPrefix(name, "deepslate_"); deep && y >= 8 || !deep && y < 0 {
					t.Fatalf("%s at y=%d", name, y)
				}
			}
		}
	}
}

// TestDayTurnsToNight: the clock runs with the ticks, and from 13000 to
// 23000 it is dark.
func TestDayTurnsToNight(t *testing.T) {
	h := arena(t, quiet, 8)
	t0 := h.w.statePacket().World.Time
	h.tick(100)
	if st := h.w.statePacket().World; st.Time != t0+100 || st.Dark {
		t.Fatalf("after 100 ticks of morning: time %d (from %d), dark %v", st.Time, t0, st.Dark)
	}
	h.w.timeShift += nightStart - 5 - h.w.timeOfDay()
	h.tick(10)
	if st := h.w.statePacket().World; !st.Dark || st.Time != nightStart+5 {
		t.Fatalf("at %d it is not dark", st.Time)
	}
	h.w.timeShift += nightEnd - h.w.timeOfDay()
	if h.w.dark() {
		t.Fatal("still dark at dawn")
	}
}

// TestStarvingHurtsDownToOneHeart: with no food at all she loses health
// down to 1, never to death.
func TestStarvingHurtsDownToOneHeart(t *testing.T) {
	h := arena(t, quiet, 8)
	h.w.bea.food, h.w.bea.saturation, h.w.bea.health = 0, 0, 5
	h.tick(80 * 8)
	if h.w.bea.health != 1 || h.w.bea.dead {
		t.Fatalf("health %.0f after starving (dead %v)", h.w.bea.health, h.w.bea.dead)
	}
	var starved int
	for _, d := range eventsOf[protocol.Damage](h) {
		if d.Source == "starvation" {
			starved++
		}
	}
	if starved != 4 {
		t.Fatalf("%d starvation damage packets, want 4", starved)
	}
}

// TestHeartbeatEveryHundredTicks: the heartbeat carries the tick, every
// hundred of them.
func TestHeartbeatEveryHundredTicks(t *testing.T) {
	h := newHarness(t, quiet)
	h.events = nil
	h.tick(300)
	beats := eventsOf[protocol.Heartbeat](h)
	if len(beats) != 3 {
		t.Fatalf("%d heartbeats in 300 ticks", len(beats))
	}
	for _, b := range beats {
		if b.Tick%100 != 0 {
			t.Errorf("a heartbeat at tick %d", b.Tick)
		}
	}
}

// TestGoToSurfaceWalksOutWhenItCan: from under a roof with a way out, she
// walks out and breaks nothing.
func TestGoToSurfaceWalksOutWhenItCan(t *testing.T) {
	h := arena(t, quiet, 16)
	hall(h, 6, "stone")
	h.set(at(6, arenaY+1, 0), "air")
	h.set(at(6, arenaY+2, 0), "air")
	before := snapshot(h.w, at(-8, arenaY, -8), at(8, arenaY+5, 8))
	h.give("stone_pickaxe", 1)
	a := h.do("go_to_surface", nil, 20*120)
	want(t, a, protocol.Success)
	contains(t, a, "walked out to open sky")
	if c := changed(h.w, before); len(c) != 0 {
		t.Fatalf("she broke %v though a way out was open", c)
	}
}

// TestFollowEndsWhenSheLosesThem: a followed player who leaves ends the
// follow with follow_ended, once, and the request is not answered again.
func TestFollowEndsWhenSheLosesThem(t *testing.T) {
	h := arena(t, Options{Seed: 1, Players: []PlayerScript{{Name: "Alex", Offset: at(4, 0, 0)}}}, 16)
	a := h.do("follow_player", obj{"player": "Alex"}, 20)
	want(t, a, protocol.Success)
	h.tick(40)
	if ends := eventsOf[protocol.FollowEnded](h); len(ends) != 0 {
		t.Fatalf("follow ended while Alex was there: %+v", ends)
	}
	h.w.ents.playerNamed("Alex").removed = true
	h.tick(40)
	ends := eventsOf[protocol.FollowEnded](h)
	if len(ends) != 1 || ends[0].Player != "Alex" || !strings.Contains(ends[0].Reason, "lost sight of Alex") {
		t.Fatalf("follow_ended = %+v", ends)
	}
	if h.w.hands.job != nil {
		t.Fatal("she is still following")
	}
}

// TestWeatherChangesOverTimeBySeed: the weather turns every so often, the
// same way for the same seed, and the state reports it.
func TestWeatherChangesOverTimeBySeed(t *testing.T) {
	run := func(seed int64) []string {
		w, err := New(Options{Seed: seed, Quiet: true, Size: 64})
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		for i := 0; i < 40*1200; i++ {
			before := w.sky.weather
			w.step(nil)
			if w.sky.weather != before && w.tick%1200 != 0 {
				t.Fatalf("the weather turned at tick %d, between its turns", w.tick)
			}
			if w.tick%1200 == 0 {
				if got := w.statePacket().World.Weather; got != w.sky.weather {
					t.Fatalf("the state says %s while it is %s", got, w.sky.weather)
				}
				seen = append(seen, w.sky.weather)
			}
		}
		return seen
	}
	a, b, c := run(5), run(5), run(6)
	kinds := map[string]int{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("the same seed gave other weather at turn %d: %v, then %v", i, a, b)
		}
		kinds[a[i]]++
	}
	if kinds["clear"] == 0 || kinds["rain"]+kinds["thunder"] == 0 {
		t.Fatalf("the weather never changed in 40 turns: %v", a)
	}
	if slices.Equal(a, c) {
		t.Fatalf("two seeds gave the very same weather: %v", a)
	}
}
