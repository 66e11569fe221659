package modclient_test

import (
	"bytes"
	"context"
	"log/slog"
	"testing"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/lockstep"
	"beaweb/internal/modclient"
)

// holds waits until the clock's work is down to n, and fails the test if
// it never is.
func holds(t *testing.T, clock *lockstep.Clock, n int64, what string) {
	t.Helper()
	if !clock.Settle(context.Background(), func() int64 { return n }, 10*time.Second) {
		t.Fatalf("%s: %d tokens are out, want %d", what, clock.Work(), n)
	}
}

// TestTheClientKeepsStep plays the practice world's part by hand: it pays
// for each frame it sends and takes the token of each request it reads.
// The client must give back what it read once it is handed on, pay for the
// event its consumer holds and for the answer that wakes a caller, and
// give the caller's own token back while the caller waits for the game.
func TestTheClientKeepsStep(t *testing.T) {
	var log bytes.Buffer
	clock := lockstep.New(time.Now(), lockstep.Debug(slog.New(slog.NewTextHandler(&log, nil))))
	h := start(t, gametest.New(t), func(c *modclient.Config) { c.Lockstep = clock })
	c := h.mod.MustAccept()
	clock.Pay(lockstep.Frame, 1) // the hello
	if err := c.SendHello(nil); err != nil {
		t.Fatal(err)
	}
	h.nextEvent("hello")
	// The reader gives the frame back once it has handed it on, which may
	// be after the consumer has it.
	holds(t, clock, 1, "with the hello in the consumer's hands")
	if got := clock.Work(); got != 1 {
		t.Fatalf("work %d with the hello in the consumer's hands, want 1", got)
	}
	clock.Give(lockstep.Event, 1) // the consumer has sensed it
	holds(t, clock, 0, "after the hello")

	clock.Pay("caller", 1) // the caller runs on a token of its own
	ch := h.goCall(context.Background(), "mine_block", nil)
	r := recv(t, c)
	clock.Give(lockstep.Request, 1) // the world has the request now
	holds(t, clock, 0, "with the caller waiting for the game")

	clock.Pay(lockstep.Frame, 1) // the answer's frame
	if err := c.Answer(r, protocol.Success, "mined stone"); err != nil {
		t.Fatal(err)
	}
	if res := wait(t, ch); res.err != nil {
		t.Fatal(res.err)
	}
	holds(t, clock, 1, "once the caller has its answer")
	if got := clock.Work(); got != 1 {
		t.Fatalf("work %d once the caller has its answer, want 1: the caller's", got)
	}
	clock.Give("caller", 1)

	clock.Pay(lockstep.Frame, 2) // two states in one tick: the consumer gets the newer, one token
	for _, tick := range []int64{10, 20} {
		if err := c.Send(protocol.State{Tick: tick}); err != nil {
			t.Fatal(err)
		}
	}
	// The reader is through once all that is out is the consumer's token.
	holds(t, clock, 1, "with both states read")
	if got := clock.Work(); got != 1 {
		t.Fatalf("work %d with two states read and one for the consumer, want 1", got)
	}
	p := h.nextEvent("state")
	clock.Give(lockstep.Event, 1)
	if st := p.(protocol.State); st.Tick != 20 {
		t.Errorf("the consumer got the state of tick %d, want the newer, 20", st.Tick)
	}
	holds(t, clock, 0, "after the states")
	if s, o := clock.Stalls(); s != 0 || o != 0 {
		t.Errorf("%d stalls and %d tokens given back that nobody held", s, o)
	}
	// Each token was given back by the holder that was paid for it.
	if h := clock.Holders(); len(h) != 0 || log.Len() != 0 {
		t.Errorf("holders %v left, and the clock logged: %s", h, log.String())
	}
}
