package practice

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// TestALockstepWorldWaitsForItsBrain: a world in lockstep runs no tick
// before its first client, pays for every frame it sends, runs its next
// tick only once they are all given back, takes the token of a request
// with the request, and tells the clock every tick it runs.
func TestALockstepWorldWaitsForItsBrain(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	clock := lockstep.New(time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC))
	addr, stop := serve(t, Options{Seed: 1, Speed: 10000, Quiet: true, Size: 96, Lockstep: clock})
	defer stop()
	if clock.Tick() != 0 {
		t.Fatalf("tick %d before anyone came, want 0", clock.Tick())
	}
	c := dial(t, addr)
	defer c.conn.Close()
	if _, ok := c.read().(protocol.Hello); !ok {
		t.Fatal("the first frame is not the hello")
	}
	if _, ok := c.read().(protocol.State); !ok {
		t.Fatal("the second frame is not the state")
	}
	// Both frames are read, but not given back: the world waits.
	if got := clock.Work(); got != 2 {
		t.Fatalf("work %d with the hello and the state unread, want 2", got)
	}
	if got := clock.Tick(); got != 1 {
		t.Fatalf("the world ran to tick %d with its frames unread, want 1", got)
	}
	clock.Add(-2)
	// Now it runs on, to the state of tick 10, and waits for that.
	for {
		p := c.read()
		clock.Done()
		if s, ok := p.(protocol.State); ok {
			if s.Tick != 10 || clock.Tick() < 10 {
				t.Fatalf("the next state is tick %d (the clock at %d), want 10", s.Tick, clock.Tick())
			}
			break
		}
	}
	// A request pays its way in: the world gives the token back once it
	// has it, and answers it.
	clock.Add(1)
	answer, seen := c.call("check_death_log", nil)
	clock.Add(-len(seen) - 1)
	if !answer.Result.OK() {
		t.Fatalf("check_death_log: %+v", answer)
	}
	if !clock.Settle(context.Background(), nil, 10*time.Second) {
		t.Fatalf("work %d after every frame was given back", clock.Work())
	}
	if s, o := clock.Stalls(); s != 0 || o != 0 {
		t.Errorf("%d stalls and %d overdrawn", s, o)
	}
	if got, want := clock.Now(), time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC).Add(time.Duration(clock.Tick())*lockstep.TickLength); !got.Equal(want) {
		t.Errorf("the clock says %v at tick %d, want %v", got, clock.Tick(), want)
	}
}
