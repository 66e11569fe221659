package agent

import (
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func TestTheDashboardWindowsKeepTheirPace(t *testing.T) {
	t0 := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var s Snapshot
	for i := range 3000 { // 25 minutes of state packets, two a second
		now := t0.Add(time.Duration(i) * 500 * time.Millisecond)
		s.noteBody(&Body{Health: 20, Food: 20, Position: game.Vec3{X: float64(i)}, Dimension: "overworld"}, int64(i*10), now)
	}
	if len(s.Trail) != keepTrail || len(s.Vitals) != keepVitals {
		t.Fatalf("trail %d, vitals %d; want %d and %d", len(s.Trail), len(s.Vitals), keepTrail, keepVitals)
	}
	if d := s.Trail[1].At.Sub(s.Trail[0].At); d != trailEvery {
		t.Errorf("trail points %v apart", d)
	}
	if span := s.Vitals[len(s.Vitals)-1].At.Sub(s.Vitals[0].At); span < 19*time.Minute || span > 20*time.Minute {
		t.Errorf("the vitals span %v", span)
	}
	// A change of dimension starts a point at once.
	now := s.Trail[len(s.Trail)-1].At.Add(time.Second)
	s.noteBody(&Body{Dimension: "the_nether"}, 1, now)
	if last := s.Trail[len(s.Trail)-1]; last.Dimension != "the_nether" || !last.At.Equal(now) {
		t.Errorf("after a portal the trail ends with %+v", last)
	}

	s.Body.Inventory = []protocol.Slot{{Slot: 0, Item: "oak_log", Count: 3}, {Slot: 4, Item: "dirt", Count: 9}, {Slot: 9, Item: "oak_log", Count: 2}}
	for i := range 7 {
		s.noteDeath(protocol.Death{Cause: "fell"}, now.Add(time.Duration(i)*time.Minute))
	}
	if len(s.Deaths) != keepDeaths {
		t.Fatalf("%d deaths kept", len(s.Deaths))
	}
	d := s.Deaths[len(s.Deaths)-1]
	if d.Dimension != "overworld" || len(d.Carried) != 2 || d.Carried[0] != (game.Stack{Item: "oak_log", Count: 5}) {
		t.Errorf("the last death: %+v", d)
	}
}
