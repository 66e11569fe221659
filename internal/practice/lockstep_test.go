package practice

import (
	"log/slog"
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
	// Both frames are read, but not given back: the world waits. (It
	// hands a tick's frames on before it tells the clock the tick, so the
	// clock may still read 0.)
	if got := clock.Work(); got != 2 {
		t.Fatalf("work %d with the hello and the state unread, want 2", got)
	}
	if got := clock.Tick(); got > 1 {
		t.Fatalf("the world ran to tick %d with its frames unread, want 1", got)
	}
	clock.Give(lockstep.Frame, 2)
	// Now it runs on, to the state of tick 10, and waits for that.
	for {
		p := c.read()
		if s, ok := p.(protocol.State); ok {
			if s.Tick != 10 || clock.Tick() > 10 {
				t.Fatalf("the next state is tick %d (the clock at %d), want 10", s.Tick, clock.Tick())
			}
			clock.Give(lockstep.Frame, 1)
			break
		}
		clock.Give(lockstep.Frame, 1)
	}
	// A request pays its way in: the world gives the token back once it
	// has it (else it would wait its patience, a minute, past the read's
	// deadline), and answers it.
	c.paid = func() { clock.Give(lockstep.Frame, 1) }
	clock.Pay(lockstep.Request, 1)
	if answer, _ := c.call("check_death_log", nil); !answer.Result.OK() {
		t.Fatalf("check_death_log: %+v", answer)
	}
	if s, o := clock.Stalls(); s != 0 || o != 0 {
		t.Errorf("%d stalls and %d overdrawn", s, o)
	}
	// The world runs on meanwhile: the time read lies between the ticks
	// read before and after it, on a tick.
	before, now, after := clock.Tick(), clock.Now(), clock.Tick()
	elapsed := now.Sub(time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC))
	if elapsed%lockstep.TickLength != 0 || elapsed < time.Duration(before)*lockstep.TickLength || elapsed > time.Duration(after)*lockstep.TickLength {
		t.Errorf("the clock says %v between ticks %d and %d", now, before, after)
	}
}

// TestAClientThatLeftHoldsNoTokens: frames queued for a client whose writer
// has stopped, and answers to it sent after it left, give their tokens back
// when the world forgets it, so its going never holds a lockstep world.
func TestAClientThatLeftHoldsNoTokens(t *testing.T) {
	clock := lockstep.New(time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC))
	h := newHub(slog.New(slog.DiscardHandler), clock, nil)
	c := newClient(nil, "test") // no writer: nothing drains its queue
	h.join(c)
	h.broadcast(protocol.Heartbeat{Tick: 1})
	h.send(c, protocol.Heartbeat{Tick: 2})
	h.flush()
	if w := clock.Work(); w != 2 {
		t.Fatalf("work %d after two frames queued, want 2", w)
	}
	h.send(c, protocol.Heartbeat{Tick: 3}) // an answer on its way as it goes
	if !h.leave(c) {
		t.Fatal("the client was not there to leave")
	}
	h.flush()
	if w := clock.Work(); w != 0 {
		t.Errorf("work %d once the client left, want 0", w)
	}
	if _, overdrawn := clock.Stalls(); overdrawn != 0 {
		t.Errorf("%d tokens given back twice", overdrawn)
	}
}
