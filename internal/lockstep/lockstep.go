// Package lockstep lets the practice world and the brain beside it in one
// process take turns, so that a run plays the same whatever the machine's
// load and however many runs share it.
//
// The world runs a tick only once the brain has taken in everything the
// world sent and has nothing left to do but wait for the game: every piece
// of work in flight between them holds a token on the Clock, and the world
// waits for the count to fall to zero before its next tick. Whoever hands
// work on pays its token first: the world for each frame it sends, the
// brain's reader for each packet it queues, whoever wakes a goroutine for
// that goroutine, and the goroutine gives its token back once it waits
// again. A goroutine with a queue of its own waits behind a Door, so that
// what is queued for it holds the world only while it is parked. The
// brain's clock reads the world's ticks (Now), and its timers (Every,
// After) fire as the world advances, paying for the goroutine they wake.
//
// Every token has a holder's name (Pay and Give take one; the types of
// hold.go name theirs), and the hand-offs live in this package's types: a
// Token a goroutine runs on, a Queue that pays as it queues and gives back
// as its consumer is through, an Away for a caller that gives its token back
// while it waits and runs on one again once woken, a Door, and the timers.
// The tokens that go with something over a link no Go value crosses (a
// frame, a request, an event on the client's channel) are paid and given
// back under the names Frame, Request and Event. Under Debug the clock keeps
// a count per holder and logs them at once when a Settle runs out of
// patience or a holder gives back a token it does not hold.
//
// A nil *Clock is the wall clock: its Pay and Give do nothing, Now is
// time.Now, Every is a time.Ticker and Settle returns at once. Code that can
// run either way calls the methods without asking which.
//
// Limits: a token lost by a bug (work handed on without paying, or never
// given back) would stop the world; Settle gives up after a patience of
// wall time and counts the stall, and the world forgives the lost work
// (Forgive) and goes on, so a bug costs sameness and one patience, not the
// run. Only the brain's own goroutines keep the count: a request made from
// elsewhere (a button on the dashboard) gives back a token it never held,
// which is counted (Stalls) and costs sameness too.
package lockstep

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// TickLength is a game tick: the game runs 20 ticks a second.
const TickLength = 50 * time.Millisecond

// Clock is the shared count of work in flight and the game's time.
type Clock struct {
	epoch time.Time
	tick  atomic.Int64

	mu       sync.Mutex
	work     int64
	released bool // Release was called: nothing waits any more
	waiters  []waiter
	tickers  []*ticker
	// stalls counts the Settles that ran out of patience; negative counts
	// the give-backs that had no token to give back.
	stalls, overdrawn atomic.Int64
	// debug, under Debug, hears every leak at once, and held counts the
	// tokens out by holder; both nil otherwise.
	debug *slog.Logger
	held  map[string]int64
}

type waiter struct {
	held func() int64 // nil: none
	ch   chan struct{}
}

func (w waiter) settled(work int64) bool {
	if w.held == nil {
		return work <= 0
	}
	return work <= w.held()
}

// Option changes a new clock.
type Option func(*Clock)

// Debug has the clock count the tokens out by holder and log to log, at
// once, a Settle that runs out of patience and a give-back by a holder that
// holds no token, each with every holder's count: a lost token is named
// where it is lost, not found a minute later by its stall.
func Debug(log *slog.Logger) Option {
	return func(c *Clock) {
		c.debug, c.held = log, map[string]int64{}
	}
}

// New returns a clock whose tick 0 is epoch.
func New(epoch time.Time, opts ...Option) *Clock {
	c := &Clock{epoch: epoch}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Pay counts n more pieces of work in flight, held by holder.
func (c *Clock) Pay(holder string, n int) { c.add(holder, n) }

// Give gives back n pieces of work holder held.
func (c *Clock) Give(holder string, n int) { c.add(holder, -n) }

// add counts n more pieces of work (a negative n gives -n back).
func (c *Clock) add(holder string, n int) {
	if c == nil || n == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.addLocked(holder, n)
	c.wakeLocked()
}

// addLocked is add under the clock's lock, waking nobody.
func (c *Clock) addLocked(holder string, n int) {
	c.noteLocked(holder, n)
	c.work += int64(n)
	if c.work < 0 {
		// A bug in the accounting, or a call from outside the brain's
		// goroutines (the way out stopping her action), which held no
		// token: carry on from zero rather than wait for work that is not
		// there, and let Stalls tell, until Release.
		if !c.released {
			c.overdrawn.Add(-c.work)
		}
		c.work = 0
	}
}

// wakeLocked lets go every waiter whose wait is over.
func (c *Clock) wakeLocked() {
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if w.settled(c.work) {
			close(w.ch)
			continue
		}
		kept = append(kept, w)
	}
	clear(c.waiters[len(kept):])
	c.waiters = kept
}

// Work is the count of work in flight.
func (c *Clock) Work() int64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.work
}

// Settle waits until the only work in flight is what the caller holds
// itself, ctx ends, or patience of wall time passes, and reports whether
// the work settled. held counts the tokens the caller holds: nil for none
// (the world), else the one it runs on and those of the wake-ups waiting in
// its own queues. held is called under the clock's lock and must only read
// (a channel's len, say). The count is looked at again at every Pay and
// Give.
func (c *Clock) Settle(ctx context.Context, held func() int64, patience time.Duration) bool {
	if c == nil {
		return true
	}
	c.mu.Lock()
	w := waiter{held: held, ch: make(chan struct{})}
	if w.settled(c.work) || c.released {
		c.mu.Unlock()
		return true
	}
	c.waiters = append(c.waiters, w)
	c.mu.Unlock()
	t := time.NewTimer(patience)
	defer t.Stop()
	select {
	case <-w.ch:
		return true
	case <-ctx.Done():
	case <-t.C:
		c.stalls.Add(1)
		c.report("lockstep: the work did not settle within its patience", slog.Duration("patience", patience))
	}
	c.mu.Lock()
	for i, o := range c.waiters {
		if o.ch == w.ch {
			c.waiters = append(c.waiters[:i], c.waiters[i+1:]...)
			break
		}
	}
	c.mu.Unlock()
	return false
}

// Forgive drops the work the count holds, as lost: the world calls it when
// a Settle ran out of patience, so that a token lost by a bug holds one
// tick, not every tick after it. Work given back later, that was only slow,
// is counted as overdrawn (Stalls).
func (c *Clock) Forgive() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.work = 0
	clear(c.held)
	c.wakeLocked()
}

// Release ends the lockstep for good: every Settle, waiting or to come,
// returns at once. The brain calls it as it stops, so that the world can
// answer its last requests (stop the running action) without waiting for
// senses that are no longer there.
func (c *Clock) Release() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.released = true
	for _, w := range c.waiters {
		close(w.ch)
	}
	clear(c.waiters)
	c.waiters = c.waiters[:0]
}

// Stalls reports how many Settles ran out of patience and how many tokens
// were given back that nobody held: both zero in a run that kept step.
func (c *Clock) Stalls() (stalls, overdrawn int64) {
	if c == nil {
		return 0, 0
	}
	return c.stalls.Load(), c.overdrawn.Load()
}

// Now is the game's time: the epoch plus the ticks the world has run.
func (c *Clock) Now() time.Time {
	if c == nil {
		return time.Now()
	}
	return c.epoch.Add(time.Duration(c.tick.Load()) * TickLength)
}

// Tick is the last tick the world ran.
func (c *Clock) Tick() int64 {
	if c == nil {
		return 0
	}
	return c.tick.Load()
}

// Begin tells the clock the world has run tick, before the world hands on
// the tick's frames: what the brain reads of them then reads the tick's
// time, not the one before, however soon it reads them. Advance follows
// once they are handed on.
func (c *Clock) Begin(tick int64) {
	if c == nil {
		return
	}
	c.tick.Store(tick)
}

// Advance tells the clock the world has run tick, and fires every timer
// that is due, paying for the goroutine each wakes. The world calls it
// between ticks, once the work has settled.
//
// A time is sent, and paid for, under the clock's lock, where a timer's
// stop looks for it: a stop that came between the two would find neither
// the timer in the list nor its time in the channel, and the token paid
// for it would never be given back.
func (c *Clock) Advance(tick int64) {
	if c == nil {
		return
	}
	c.tick.Store(tick)
	now := c.Now()
	var behind []*ticker
	c.mu.Lock()
	kept := c.tickers[:0]
	for _, t := range c.tickers {
		if now.Before(t.next) {
			kept = append(kept, t)
			continue
		}
		t.next = now.Add(t.every)
		if t.every != 0 { // After's fires once
			kept = append(kept, t)
		}
		if t.door != nil {
			behind = append(behind, t)
			continue
		}
		select {
		case t.ch <- now:
			c.addLocked(Timer, 1) // for the receiver this wakes
		default: // the last one is still unread: one wake-up is enough
		}
	}
	clear(c.tickers[len(kept):])
	c.tickers = kept
	c.mu.Unlock()
	// A door takes the clock's lock to pay, so its time goes through it
	// after; no token is tied to the time itself, so a stop in between
	// loses nothing.
	for _, t := range behind {
		t.door.Deliver(func() bool {
			select {
			case t.ch <- now:
				return true
			default: // the last one is still unread: one wake-up is enough
				return false
			}
		})
	}
}

type ticker struct {
	every time.Duration // 0 for After's, which fires once
	next  time.Time
	ch    chan time.Time
	// door, for a ticker whose receiver waits behind a Door, takes each
	// time sent, and pays for it only while the receiver is parked
	// (EveryBehind).
	door *Door
}

// Every returns a channel that receives the game's time every d of it, and
// the function that stops it. A receiver that falls behind misses ticks, as
// with time.Ticker. The receiver holds a token for each time it receives,
// held by Timer, and gives it back (or takes it as its own, Away.Woke) when
// it is through.
func (c *Clock) Every(d time.Duration) (<-chan time.Time, func()) {
	if c == nil {
		t := time.NewTicker(d)
		return t.C, t.Stop
	}
	return c.start(&ticker{every: d, next: c.Now().Add(d), ch: make(chan time.Time, 1)})
}

// EveryBehind is Every for a receiver that waits behind door: a time sent
// holds no token of its own; it goes through the door, which pays for the
// receiver's wake-up only while it is parked.
func (c *Clock) EveryBehind(d time.Duration, door *Door) (<-chan time.Time, func()) {
	if c == nil {
		return c.Every(d)
	}
	return c.start(&ticker{every: d, next: c.Now().Add(d), ch: make(chan time.Time, 1), door: door})
}

// After returns a channel that receives the game's time once d of it has
// passed, and the function that stops it; as with Every, the receiver
// holds a token for what it receives, and stop gives back the token of a
// time sent but never received. A nil Clock's is a time.Timer.
func (c *Clock) After(d time.Duration) (<-chan time.Time, func()) {
	if c == nil {
		t := time.NewTimer(d)
		return t.C, func() { t.Stop() }
	}
	return c.start(&ticker{next: c.Now().Add(d), ch: make(chan time.Time, 1)})
}

// start starts t and returns its channel and its stop.
func (c *Clock) start(t *ticker) (<-chan time.Time, func()) {
	c.mu.Lock()
	c.tickers = append(c.tickers, t)
	c.mu.Unlock()
	return t.ch, func() {
		c.mu.Lock()
		for i, o := range c.tickers {
			if o == t {
				c.tickers = append(c.tickers[:i], c.tickers[i+1:]...)
				break
			}
		}
		c.mu.Unlock()
		select {
		case <-t.ch: // a tick nobody will read gives its token back
			if t.door == nil {
				c.Give(Timer, 1)
			}
		default:
		}
	}
}
