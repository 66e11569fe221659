package modclient_test

import (
	"context"
	"testing"
	"time"

	"beaweb/internal/game/gametest"
	"beaweb/internal/game/modclient"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// settles waits until the clock's work is down to none, as the practice
// world does before a tick, and fails the test if it never is.
func settles(t *testing.T, clock *lockstep.Clock, what string) {
	t.Helper()
	if !clock.Settle(context.Background(), nil, 10*time.Second) {
		t.Fatalf("%s: %d tokens are still out", what, clock.Work())
	}
}

// TestTheClientKeepsStep plays the practice world's part by hand: it pays
// for each frame it sends and takes the token of each request it reads.
// The client must give back what it read once it is handed on, pay for the
// event its consumer holds and for the answer that wakes a caller, and
// give the caller's own token back while the caller waits for the game.
func TestTheClientKeepsStep(t *testing.T) {
	clock := lockstep.New(time.Now())
	h := start(t, gametest.New(t), func(c *modclient.Config) { c.Lockstep = clock })
	c := h.mod.MustAccept()
	clock.Add(1) // the hello
	if err := c.SendHello(nil); err != nil {
		t.Fatal(err)
	}
	h.nextEvent("hello")
	if got := clock.Work(); got != 1 {
		t.Fatalf("work %d with the hello in the consumer's hands, want 1", got)
	}
	clock.Done() // the consumer has sensed it
	settles(t, clock, "after the hello")

	clock.Add(1) // the caller runs on a token of its own
	ch := h.goCall(context.Background(), "mine_block", nil)
	r := recv(t, c)
	clock.Done() // the world has the request now
	settles(t, clock, "with the caller waiting for the game")

	clock.Add(1) // the answer's frame
	if err := c.Answer(r, protocol.Success, "mined stone"); err != nil {
		t.Fatal(err)
	}
	if res := wait(t, ch); res.err != nil {
		t.Fatal(res.err)
	}
	if got := clock.Work(); got != 1 {
		t.Fatalf("work %d once the caller has its answer, want 1: the caller's", got)
	}
	clock.Done()

	clock.Add(2) // two states in one tick: the consumer gets the newer, one token
	for _, tick := range []int64{10, 20} {
		if err := c.Send(protocol.State{Tick: tick}); err != nil {
			t.Fatal(err)
		}
	}
	// The reader is through once all that is out is the consumer's token.
	if !clock.Settle(context.Background(), func() int64 { return 1 }, 10*time.Second) {
		t.Fatalf("work %d with both states read", clock.Work())
	}
	if got := clock.Work(); got != 1 {
		t.Fatalf("work %d with two states read and one for the consumer, want 1", got)
	}
	p := h.nextEvent("state")
	clock.Done()
	if st := p.(protocol.State); st.Tick != 20 {
		t.Errorf("the consumer got the state of tick %d, want the newer, 20", st.Tick)
	}
	settles(t, clock, "after the states")
	if s, o := clock.Stalls(); s != 0 || o != 0 {
		t.Errorf("%d stalls and %d tokens given back that nobody held", s, o)
	}
}
