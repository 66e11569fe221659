package practice

import (
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
)

// TestTheWorldOpensAtItsStartTime: the first state a client gets carries
// the time of day the options asked for (zero the morning, 24000
// midnight), and the night falls when the clock reaches 13000 from there.
func TestTheWorldOpensAtItsStartTime(t *testing.T) {
	for _, c := range []struct {
		start, first int64
	}{{0, 1000}, {1000, 1000}, {12500, 12500}, {23999, 23999}, {24000, 0}} {
		// The client connects in the world's first tick and gets its state
		// at once.
		h := newHarness(t, Options{Seed: 1, Quiet: true, StartTime: c.start})
		states := eventsOf[protocol.State](h)
		if len(states) == 0 {
			t.Fatalf("start %d: no state when the client connected", c.start)
		}
		if got, want := states[0].World.Time, (c.first+h.w.tick)%dayLength; got != want {
			t.Errorf("start %d: the first state, at tick %d, says time %d, want %d", c.start, h.w.tick, got, want)
		}
	}
	// Opened at dusk, the night falls at tick 1000, 50 s of game later.
	h := newHarness(t, Options{Seed: 1, Quiet: true, StartTime: 12000})
	h.tick(int(999 - h.w.tick))
	if st := h.w.statePacket(); st.World.Dark || st.World.Time != nightStart-1 {
		t.Errorf("at tick %d: time %d, dark %v; want 12999 and light", h.w.tick, st.World.Time, st.World.Dark)
	}
	h.tick(1)
	if st := h.w.statePacket(); !st.World.Dark || st.World.Time != nightStart {
		t.Errorf("at tick %d: time %d, dark %v; want the night", h.w.tick, st.World.Time, st.World.Dark)
	}
}

// TestAStartTimeOutOfRangeIsRefused: New says what a start time may be.
func TestAStartTimeOutOfRangeIsRefused(t *testing.T) {
	for _, start := range []int64{-1, 24001, 1 << 40} {
		_, err := New(Options{Seed: 1, StartTime: start})
		if err == nil || !strings.Contains(err.Error(), "start time") || !strings.Contains(err.Error(), "24000") {
			t.Errorf("start time %d: %v, want a sentence saying what is allowed", start, err)
		}
	}
}
