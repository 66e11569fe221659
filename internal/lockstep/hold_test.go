package lockstep

import (
	"bytes"
	"context"
	"log/slog"
	"maps"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// debugClock returns a clock under Debug and what it logs.
func debugClock() (*Clock, *bytes.Buffer) {
	var buf bytes.Buffer
	return New(epoch, Debug(slog.New(slog.NewTextHandler(&buf, nil)))), &buf
}

// TestDebugNamesTheHoldersOfAStall: a Settle that runs out of patience
// logs, at once, who holds the tokens that held it.
func TestDebugNamesTheHoldersOfAStall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, log := debugClock()
		c.Pay(Frame, 1)
		tok := c.Token("hands") // lost by a bug: never given back
		c.Pay(Frame, 1)
		c.Give(Frame, 1)
		if c.Settle(context.Background(), nil, time.Second) {
			t.Fatal("Settle said it settled with two tokens out")
		}
		if got, want := c.Holders(), map[string]int64{Frame: 1, "hands": 1}; !maps.Equal(got, want) {
			t.Errorf("holders %v, want %v", got, want)
		}
		if !strings.Contains(log.String(), `holders="frame=1 hands=1"`) {
			t.Errorf("the stall's log does not name the holders: %s", log)
		}
		tok.Give()
		c.Give(Frame, 1)
		if got := c.Holders(); len(got) != 0 {
			t.Errorf("holders %v once all is given back, want none", got)
		}
	})
}

// TestDebugNamesAGiveBackWithNoToken: a holder that gives back a token it
// does not hold is logged at once, with the holders that are out.
func TestDebugNamesAGiveBackWithNoToken(t *testing.T) {
	c, log := debugClock()
	c.Pay("mind", 1)
	c.Give(Event, 1)
	out := log.String()
	if !strings.Contains(out, "holder=event") || !strings.Contains(out, `holders="mind=1"`) {
		t.Errorf("the give-back with no token is not named with the holders: %s", out)
	}
	if c.Work() != 0 {
		t.Errorf("work %d, want 0: the mind's token was taken for the event's", c.Work())
	}
}

func TestWithoutDebugNoHoldersAreKept(t *testing.T) {
	c := New(epoch)
	c.Pay(Frame, 1)
	if h := c.Holders(); h != nil {
		t.Errorf("holders %v without Debug, want nil", h)
	}
}

// TestATokenIsGivenBackOnce: a second Give changes nothing and is counted.
func TestATokenIsGivenBackOnce(t *testing.T) {
	c, log := debugClock()
	tok := c.Token("hands")
	if c.Work() != 1 {
		t.Fatalf("work %d with a token out, want 1", c.Work())
	}
	tok.Give()
	tok.Give()
	if c.Work() != 0 {
		t.Errorf("work %d after two give-backs, want 0", c.Work())
	}
	if _, o := c.Stalls(); o != 1 {
		t.Errorf("overdrawn %d after a token given back twice, want 1", o)
	}
	if !strings.Contains(log.String(), "given back twice") {
		t.Errorf("the second give-back is not logged: %s", log)
	}
	var wall *Clock
	wall.Token("hands").Give() // the wall clock keeps no count
}

// TestAwayRunsOnOneTokenAgain: a caller gives its token back while it
// waits, and is back on one however many paid for its wake-up: the one who
// handed it its answer and the timer that fired meanwhile.
func TestAwayRunsOnOneTokenAgain(t *testing.T) {
	c, _ := debugClock()
	ctx := Named(context.Background(), "hands")
	c.Pay("hands", 1)
	a := c.Away(ctx)
	timeout, stop := c.After(time.Second)
	defer stop()
	a.Leave()
	if c.Work() != 0 {
		t.Fatalf("work %d with the caller away, want 0", c.Work())
	}
	c.Advance(20) // the timer fires, paid by the clock
	a.Wake()      // and the answer comes
	<-timeout
	a.Woke()
	if c.Work() != 2 {
		t.Fatalf("work %d with a timer and an answer for the caller, want 2", c.Work())
	}
	a.Back()
	if got, want := c.Holders(), map[string]int64{"hands": 1}; !maps.Equal(got, want) || c.Work() != 1 {
		t.Errorf("holders %v, work %d once back, want %v and 1", got, c.Work(), want)
	}
	if Holder(context.Background()) != "caller" {
		t.Errorf("an unnamed context's holder is %q, want caller", Holder(context.Background()))
	}
}

// TestAQueuePaysForWhatItHolds: each item holds a token from Put until the
// consumer is through with it.
func TestAQueuePaysForWhatItHolds(t *testing.T) {
	c, _ := debugClock()
	q := NewQueue[int](c, "write", 2)
	q.Put(1)
	q.Put(2)
	q.Close()
	var seen []int64
	q.Serve(func(int) { seen = append(seen, c.Work()) })
	if len(seen) != 2 || seen[0] != 2 || seen[1] != 1 {
		t.Errorf("work while serving %v, want [2 1]", seen)
	}
	if c.Work() != 0 || len(c.Holders()) != 0 {
		t.Errorf("work %d, holders %v once served, want none", c.Work(), c.Holders())
	}
}
