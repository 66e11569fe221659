package lockstep

import "sync"

// Door is how a goroutine with a queue of its own (her mind, with its
// perceptions and its nudge tick) waits in lockstep. A wake-up waiting in
// its queue must hold the world only while the goroutine is parked, waiting
// for it: while the goroutine is busy, or itself waiting for the game in
// the middle of its work, the world must go on, and the goroutine finds the
// queue when it is through. So the producers queue through the door
// (Deliver), and what is queued for a parked goroutine pays for its
// wake-up, once.
//
// Queueing and paying are one step under the door's lock, the lock Park
// looks at the queues under. Apart, either order loses a token: a payment
// made after the goroutine took the item, did its work and parked again is
// owed by nobody and holds the world; one left out while it has taken the
// item but not yet entered lets the world run a tick it should not.
//
// A nil *Door does nothing, as a nil Clock does.
type Door struct {
	c *Clock
	// holder names the goroutine's token (and the wake-ups paid for it).
	holder string
	mu     sync.Mutex
	// parked: the goroutine gave its token back and waits; rung: a
	// producer has paid for its wake-up since.
	parked, rung bool
}

// Door returns a new door on c for the goroutine holder names; nil for a
// nil Clock. Its goroutine counts as parked until it first enters: it holds
// no token before it runs.
func (c *Clock) Door(holder string) *Door {
	if c == nil {
		return nil
	}
	return &Door{c: c, holder: holder, parked: true}
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
	if d.parked || pending() {
		return
	}
	d.parked, d.rung = true, false
	d.c.Give(d.holder, 1)
}

// Deliver runs queue, which puts something in the goroutine's queues
// without blocking and reports whether it did, and pays for the wake-up of
// a parked goroutine that nobody has paid for yet. queue runs under the
// door's lock. A nil Door only runs queue.
func (d *Door) Deliver(queue func() bool) {
	if d == nil {
		queue()
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if queue() && d.parked && !d.rung {
		d.rung = true
		d.c.Pay(d.holder, 1)
	}
}

// Enter is called by the goroutine as it wakes: from now on it runs on one
// token, the one a delivery paid, or one of its own when it woke on
// something else (its context ending).
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
		d.c.Pay(d.holder, 1)
	}
	d.parked, d.rung = false, false
}
