package lockstep

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

var epoch = time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)

// settled runs Settle in a goroutine and returns what it reports.
func settled(c *Clock, held func() int64) <-chan bool {
	out := make(chan bool, 1)
	go func() { out <- c.Settle(context.Background(), held, time.Minute) }()
	return out
}

func TestSettleWaitsForTheLastToken(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(epoch)
		c.Pay("test", 2)
		done := settled(c, nil)
		synctest.Wait()
		select {
		case <-done:
			t.Fatal("Settle returned with two tokens out")
		default:
		}
		c.Give("test", 1)
		synctest.Wait()
		select {
		case <-done:
			t.Fatal("Settle returned with a token out")
		default:
		}
		c.Give("test", 1)
		if ok := <-done; !ok {
			t.Fatal("Settle said the work did not settle")
		}
		if s, o := c.Stalls(); s != 0 || o != 0 {
			t.Errorf("stalls %d, overdrawn %d; want none", s, o)
		}
	})
}

// TestSettleCountsWhatTheCallerHolds: a goroutine that runs on one token
// and has one more waiting in its queue settles when those two are all.
func TestSettleCountsWhatTheCallerHolds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(epoch)
		queue := make(chan int, 4)
		c.Pay("test", 1) // the caller's own
		c.Pay("test", 1) // someone else's work
		held := func() int64 { return 1 + int64(len(queue)) }
		done := settled(c, held)
		c.Pay("test", 1) // that someone hands the caller a wake-up…
		queue <- 1
		c.Give("test", 1) // …and is through
		if ok := <-done; !ok {
			t.Fatal("Settle did not count the wake-up in the caller's queue as its own")
		}
		if got := c.Work(); got != 2 {
			t.Errorf("work %d, want 2: the caller's and its queue's", got)
		}
	})
}

func TestSettleGivesUpAfterItsPatienceAndCountsIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(epoch)
		c.Pay("test", 1) // lost by a bug: never given back
		start := time.Now()
		if c.Settle(context.Background(), nil, 5*time.Second) {
			t.Fatal("Settle said a token never given back settled")
		}
		if waited := time.Since(start); waited != 5*time.Second {
			t.Errorf("waited %v, want the patience, 5s", waited)
		}
		if s, _ := c.Stalls(); s != 1 {
			t.Errorf("%d stalls counted, want 1", s)
		}
	})
}

// TestForgivenWorkHoldsOneTickOnly: once the world forgives a token lost
// for good, the next Settle returns at once, and a token given back late
// after all is counted, not carried.
func TestForgivenWorkHoldsOneTickOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(epoch)
		c.Pay("test", 2) // one lost for good, one only slow
		if c.Settle(context.Background(), nil, time.Second) {
			t.Fatal("settled with two tokens out")
		}
		c.Forgive()
		start := time.Now()
		if !c.Settle(context.Background(), nil, time.Second) || time.Since(start) != 0 {
			t.Fatalf("after Forgive Settle waited %v", time.Since(start))
		}
		c.Give("test", 1) // the slow one comes back
		if w := c.Work(); w != 0 {
			t.Errorf("work %d after the late token, want 0", w)
		}
		if s, o := c.Stalls(); s != 1 || o != 1 {
			t.Errorf("%d stalls and %d overdrawn, want 1 and 1", s, o)
		}
	})
}

func TestSettleEndsWithItsContext(t *testing.T) {
	c := New(epoch)
	c.Pay("test", 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c.Settle(ctx, nil, time.Hour) {
		t.Fatal("Settle said the work settled when its context ended")
	}
	if s, _ := c.Stalls(); s != 0 {
		t.Errorf("an ended context counted as %d stalls", s)
	}
}

func TestReleaseLetsEveryWaiterGo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(epoch)
		c.Pay("test", 3)
		a, b := settled(c, nil), settled(c, func() int64 { return 1 })
		synctest.Wait()
		c.Release()
		if !<-a || !<-b {
			t.Fatal("a waiter released was told the work did not settle")
		}
		if !c.Settle(context.Background(), nil, time.Hour) {
			t.Fatal("a Settle after Release waited")
		}
	})
}

func TestADoneWithoutATokenIsCounted(t *testing.T) {
	c := New(epoch)
	c.Give("test", 1)
	if got := c.Work(); got != 0 {
		t.Errorf("work %d after an overdrawn Done, want 0", got)
	}
	if _, o := c.Stalls(); o != 1 {
		t.Errorf("overdrawn %d, want 1", o)
	}
	c.Release()
	c.Give("test", 1)
	if _, o := c.Stalls(); o != 1 {
		t.Errorf("a Done after Release counted: overdrawn %d, want still 1", o)
	}
}

func TestNowIsTheWorldsTicks(t *testing.T) {
	c := New(epoch)
	if !c.Now().Equal(epoch) {
		t.Errorf("Now before any tick = %v, want the epoch", c.Now())
	}
	c.Advance(24000)
	if got, want := c.Now(), epoch.Add(20*time.Minute); !got.Equal(want) || c.Tick() != 24000 {
		t.Errorf("after a game day Now = %v (tick %d), want %v", got, c.Tick(), want)
	}
}

// TestEveryFiresAsTheWorldAdvancesAndPaysForItsWakeUp: a timer fires at the
// first tick at or past its time, holding a token until the receiver gives
// it back; ticks the receiver has not read are not stacked up.
func TestEveryFiresAsTheWorldAdvancesAndPaysForItsWakeUp(t *testing.T) {
	c := New(epoch)
	ch, stop := c.Every(time.Second) // 20 ticks
	c.Advance(19)
	select {
	case <-ch:
		t.Fatal("fired before a second of game time")
	default:
	}
	c.Advance(20)
	if c.Work() != 1 {
		t.Fatalf("work %d once the timer fired, want 1: its wake-up", c.Work())
	}
	c.Advance(40) // not read yet: one wake-up is enough
	if c.Work() != 1 || len(ch) != 1 {
		t.Fatalf("work %d, %d waiting after a second unread tick; want 1 and 1", c.Work(), len(ch))
	}
	if at := <-ch; !at.Equal(epoch.Add(time.Second)) {
		t.Errorf("fired at %v, want a second in", at)
	}
	c.Give("test", 1)
	c.Advance(60)
	stop() // a tick nobody will read gives its token back
	if c.Work() != 0 {
		t.Errorf("work %d after stop, want 0", c.Work())
	}
	c.Advance(200)
	if len(ch) != 0 {
		t.Error("a stopped timer fired")
	}
}

// TestANilClockIsTheWallClock: code that runs either way calls the methods
// without asking which.
func TestANilClockIsTheWallClock(t *testing.T) {
	var c *Clock
	c.Pay("test", 1)
	c.Give("test", 1)
	c.Advance(5)
	c.Release()
	if !c.Settle(context.Background(), nil, time.Nanosecond) {
		t.Error("a nil clock's Settle waited")
	}
	if d := time.Since(c.Now()); d < 0 || d > time.Minute {
		t.Errorf("a nil clock's Now is %v from the wall clock", d)
	}
	synctest.Test(t, func(t *testing.T) {
		var c *Clock
		ch, stop := c.Every(time.Second)
		defer stop()
		start := time.Now()
		<-ch
		if d := time.Since(start); d != time.Second {
			t.Errorf("a nil clock's timer fired after %v, want 1s", d)
		}
	})
}

// TestAfterFiresOnceInGameTime: After fires at the first tick at or past
// its time and never again; stopped before it fires, it never does, and
// stopped with its time unread it gives the token back.
func TestAfterFiresOnceInGameTime(t *testing.T) {
	c := New(epoch)
	ch, stop := c.After(time.Second)
	c.Advance(10)
	if len(ch) != 0 {
		t.Fatal("fired half a second early")
	}
	c.Advance(25)
	if at := <-ch; !at.Equal(epoch.Add(25 * TickLength)) {
		t.Errorf("fired at %v, want tick 25's time", at)
	}
	c.Give("test", 1)
	c.Advance(100)
	if len(ch) != 0 || c.Work() != 0 {
		t.Fatalf("fired twice: %d waiting, work %d", len(ch), c.Work())
	}
	stop()

	ch, stop = c.After(time.Second)
	c.Advance(200)
	stop()
	if c.Work() != 0 {
		t.Errorf("work %d after stopping a timer whose time was never read, want 0", c.Work())
	}
	ch, stop = c.After(time.Second)
	stop()
	c.Advance(400)
	if len(ch) != 0 {
		t.Error("a stopped timer fired")
	}
}

// TestAStoppedTimerKeepsNoToken: a timer stopped by its receiver (an
// answer came first) while the world fires it leaves no token behind,
// whichever of the two gets there first. A token left behind would stop
// the world for its patience at every tick after: under load in CI, the
// whole bench.
func TestAStoppedTimerKeepsNoToken(t *testing.T) {
	for i := range 5000 {
		c := New(epoch)
		_, stop := c.After(TickLength)
		var wg sync.WaitGroup
		wg.Go(func() { c.Advance(1) })
		wg.Go(stop)
		wg.Wait()
		if w := c.Work(); w != 0 {
			t.Fatalf("round %d: work %d after the timer was stopped as it fired, want 0", i, w)
		}
	}
}

// TestADeliveryPaysForWhatItQueues: whatever order the goroutine and its
// producer run in, what is queued for a parked goroutine is paid for once,
// and nothing else is. A goroutine that took what was queued, did its work
// and parked again owes nothing; one that has taken it but not yet entered
// is already paid for, so the world holds.
func TestADeliveryPaysForWhatItQueues(t *testing.T) {
	c := New(epoch)
	d := c.Door("mind")
	queue := make(chan int, 2)
	pending := func() bool { return len(queue) > 0 }
	put := func(v int) func() bool { return func() bool { queue <- v; return true } }
	d.Enter()
	d.Park(pending)
	c.Pay("test", 1) // a producer at work
	d.Deliver(put(1))
	<-queue // the goroutine has it, and has not entered yet
	c.Give("test", 1)
	if w := c.Work(); w != 1 {
		t.Fatalf("work %d with the goroutine woken and not yet entered, want 1: its wake-up", w)
	}
	d.Enter()
	d.Park(pending) // ... did its work and waits again
	if w := c.Work(); w != 0 {
		t.Errorf("work %d once it parked again, want 0", w)
	}
	c.Pay("test", 1)
	d.Deliver(func() bool { return false }) // nothing queued after all
	c.Give("test", 1)
	if w := c.Work(); w != 0 {
		t.Errorf("work %d after a delivery that queued nothing, want 0", w)
	}
}

// TestADoorPaysOnlyForAParkedGoroutine: a goroutine parked behind its door
// is woken by the first delivery, paid for once; a delivery while it is
// busy, or while it waits for the game in the middle of its work, pays
// nothing, so the world goes on; and it holds no token before it first
// runs.
func TestADoorPaysOnlyForAParkedGoroutine(t *testing.T) {
	c := New(epoch)
	d := c.Door("mind")
	queue := make(chan int, 4)
	pending := func() bool { return len(queue) > 0 }
	d.Park(pending) // not yet running: nothing to give back
	if c.Work() != 0 {
		t.Fatalf("work %d after the first park, want 0", c.Work())
	}
	put := func(v int) func() bool { return func() bool { queue <- v; return true } }
	c.Pay("test", 1) // a producer at work
	d.Deliver(put(1))
	d.Deliver(put(2))
	c.Give("test", 1) // the producer is through
	if c.Work() != 1 {
		t.Fatalf("work %d after two deliveries to a parked goroutine, want 1", c.Work())
	}
	<-queue
	d.Enter()
	if c.Work() != 1 {
		t.Fatalf("work %d once it entered, want 1: its own", c.Work())
	}
	d.Park(pending) // the second is still queued: it keeps its token
	if c.Work() != 1 {
		t.Fatalf("work %d after a park with work queued, want 1", c.Work())
	}
	<-queue
	d.Enter()
	c.Give("test", 1) // it waits for the game in the middle of its work
	d.Deliver(put(3)) // busy, not parked: the world is not held
	if c.Work() != 0 {
		t.Fatalf("work %d after a delivery to a busy goroutine, want 0", c.Work())
	}
	c.Pay("test", 1) // the game's answer wakes it
	d.Park(pending)
	<-queue
	d.Enter()
	d.Park(pending)
	if c.Work() != 0 {
		t.Fatalf("work %d once it parked with nothing queued, want 0", c.Work())
	}
	if s, o := c.Stalls(); s != 0 || o != 0 {
		t.Errorf("%d stalls, %d overdrawn", s, o)
	}
}

// TestATickBehindADoorGoesThroughIt: a ticker whose receiver waits behind
// a door pays only for a parked receiver's wake-up.
func TestATickBehindADoorGoesThroughIt(t *testing.T) {
	c := New(epoch)
	d := c.Door("mind")
	ch, stop := c.EveryBehind(time.Second, d)
	defer stop()
	c.Advance(20)
	if c.Work() != 1 || len(ch) != 1 {
		t.Fatalf("work %d, %d waiting: want the parked receiver's wake-up paid once", c.Work(), len(ch))
	}
	<-ch
	d.Enter()
	c.Give("test", 1) // busy, waiting for the game
	c.Advance(40)
	if c.Work() != 0 || len(ch) != 1 {
		t.Fatalf("work %d, %d waiting: a tick for a busy receiver must not hold the world", c.Work(), len(ch))
	}
}
