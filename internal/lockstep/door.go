package lockstep

import "sync"

// Door is how a goroutine with a queue of its own (her mind, with its
// perceptions and its nudge tick) waits in lockstep. A wake-up waiting in
// its queue must hold the world only while the goroutine is parked, waiting
// for it: while the goroutine is busy, or itself waiting for the game in
// the middle of its work, the world must go on, and the goroutine finds the
// queue when it is through. So the producers ring the door after they queue
// something, and only the first ring on a parked goroutine pays for its
// wake-up.
//
// A nil *Door does nothing, as a nil Clock does.
type Door struct {
	c  *Clock
	mu sync.Mutex
	// parked: the goroutine gave its token back and waits; rung: a
	// producer has paid for its wake-up since.
	parked, rung bool
	// pending is the last Park's: whether anything waits in the queues.
	pending func() bool
}

// Door returns a new door on c; nil for a nil Clock. Its goroutine counts
// as parked until it first enters: it holds no token before it runs.
func (c *Clock) Door() *Door {
	if c == nil {
		return nil
	}
	return &Door{c: c, parked: true}
}

// Park is called by the goroutine before it waits on its queue. Unless
// pending reports something already queued (then it keeps its token and
// takes it at once), it gives its token back. pending runs under the door's
// lock and must only read (a channel's len, say).
func (d *Door) Park(pending func() bool) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pending = pending
	if d.parked || pending() {
		return
	}
	d.parked, d.rung = true, false
	d.c.Done()
}

// Ring is called by a producer after it has queued something for the
// goroutine: a parked goroutine's wake-up is paid for by the first ring.
// The producer must hold a token of its own while it queues and rings (a
// brain goroutine at work, or the world between ticks), so the world cannot
// run a tick in between.
//
// A ring that finds the queues empty pays nothing: the goroutine took what
// was queued before the ring came (and paid for itself on Enter), and may
// be parked again already. A token paid then would wait for a wake-up that
// never comes, and hold the world until the next thing queued, which the
// held world may never send.
func (d *Door) Ring() {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.parked && !d.rung && (d.pending == nil || d.pending()) {
		d.rung = true
		d.c.Add(1)
	}
}

// Enter is called by the goroutine as it wakes: from now on it runs on one
// token, the ring's, or one of its own when it woke before the ring (the
// producer still holds its own then).
func (d *Door) Enter() {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.parked {
		return
	}
	if !d.rung {
		d.c.Add(1)
	}
	d.parked, d.rung = false, false
}
