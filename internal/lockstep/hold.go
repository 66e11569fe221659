package lockstep

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
)

// The holders of the tokens that go with something where no Go value goes
// with them: over the websocket between the world and the brain, or on the
// client's channel of events. Both sides pay and give back under the same
// name, so that Debug counts them as one holder.
const (
	// Frame is a frame the world sent, until the brain's reader has handed
	// it on.
	Frame = "frame"
	// Request is a request the brain queued, until the world has read it.
	Request = "request"
	// Event is a packet on the client's channel of events, until its
	// consumer has taken it in.
	Event = "event"
	// Timer is a time an Every or After sent, until its receiver takes it
	// (Away.Woke) or stops the timer unread.
	Timer = "timer"
)

// Token is one piece of work a goroutine runs on: paid once as it is made,
// given back once. A second Give changes nothing and is counted, as a
// give-back nobody held is (Stalls), and logged under Debug.
type Token struct {
	c      *Clock
	holder string
	given  atomic.Bool
}

// Token pays for a piece of work holder runs on until it gives it back.
func (c *Clock) Token(holder string) *Token {
	c.Pay(holder, 1)
	return &Token{c: c, holder: holder}
}

// Give gives the token back; only the first call counts.
func (t *Token) Give() {
	if t.given.Swap(true) {
		t.c.overdraw(t.holder, "lockstep: a token was given back twice")
		return
	}
	t.c.Give(t.holder, 1)
}

// Away is a caller that gives its token back while it waits for what
// another goroutine, or the clock's timer, hands it, and that runs on
// exactly one token again once it is back: whoever wakes it pays (Wake),
// and a time it took from After counts as paid (Woke). Back settles the
// difference, whichever woke it and however many did. Its holder is the
// one named in the caller's context (Named).
type Away struct {
	c      *Clock
	holder string
	paid   atomic.Int64
}

// Away returns the waiting of a caller that runs under ctx; nothing is
// given back until Leave.
func (c *Clock) Away(ctx context.Context) *Away {
	return &Away{c: c, holder: Holder(ctx)}
}

// Leave gives the caller's token back as it begins to wait. A nil Away,
// as each of its methods, does nothing.
func (a *Away) Leave() {
	if a != nil {
		a.c.Give(a.holder, 1)
	}
}

// Wake pays for the caller's wake-up; whoever hands it what it waits for
// calls it, before the caller can see it.
func (a *Away) Wake() {
	if a == nil {
		return
	}
	a.paid.Add(1)
	a.c.Pay(a.holder, 1)
}

// Woke tells that the caller took a time from the clock's After, which the
// clock paid for: the token is the caller's now.
func (a *Away) Woke() {
	if a == nil {
		return
	}
	a.paid.Add(1)
	a.c.hand(Timer, a.holder)
}

// Back is called once the caller has what it waited for (or gave up on
// it): from then on it runs on one token again.
func (a *Away) Back() {
	if a != nil {
		a.c.add(a.holder, int(1-a.paid.Swap(0)))
	}
}

// Queue is a channel whose every item holds a token, held by the queue's
// holder: paid as it is put in, given back once its consumer is through
// with it.
type Queue[T any] struct {
	c      *Clock
	holder string
	ch     chan T
}

// NewQueue returns a queue of size on c (nil: the wall clock, no tokens).
func NewQueue[T any](c *Clock, holder string, size int) *Queue[T] {
	return &Queue[T]{c: c, holder: holder, ch: make(chan T, size)}
}

// Put pays for v and queues it, waiting while the queue is full.
func (q *Queue[T]) Put(v T) {
	q.c.Pay(q.holder, 1)
	q.ch <- v
}

// Close ends the queue: Serve returns once what is queued is through.
func (q *Queue[T]) Close() { close(q.ch) }

// Serve runs fn on each item until Close, giving the item's token back
// once fn is through with it.
func (q *Queue[T]) Serve(fn func(T)) {
	for v := range q.ch {
		fn(v)
		q.c.Give(q.holder, 1)
	}
}

type holderKey struct{}

// Named returns ctx naming holder as the holder of its caller's token:
// what waits under it (Away) gives back and takes again holder's.
func Named(ctx context.Context, holder string) context.Context {
	return context.WithValue(ctx, holderKey{}, holder)
}

// Holder is the holder ctx names; "caller" when none.
func Holder(ctx context.Context) string {
	if h, ok := ctx.Value(holderKey{}).(string); ok {
		return h
	}
	return "caller"
}

// Holders lists the tokens out by holder under Debug; nil otherwise.
func (c *Clock) Holders() map[string]int64 {
	if c == nil || c.held == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int64, len(c.held))
	for h, n := range c.held {
		out[h] = n
	}
	return out
}

// hand moves a token from one holder to another: the work in flight stays
// the same, so it settles no wait. Only Debug sees it.
func (c *Clock) hand(from, to string) {
	if c == nil || c.held == nil || from == to {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.noteLocked(from, -1)
	c.noteLocked(to, 1)
}

// noteLocked counts n tokens more for holder under Debug, and logs a
// give-back by a holder that holds none.
func (c *Clock) noteLocked(holder string, n int) {
	if c.held == nil {
		return
	}
	if n < 0 && c.held[holder] < int64(-n) && !c.released {
		c.debug.Warn("lockstep: a token was given back that its holder did not hold",
			slog.String("holder", holder), slog.Int("given", -n), slog.String("holders", c.listLocked()))
	}
	c.held[holder] += int64(n)
	if c.held[holder] == 0 {
		delete(c.held, holder)
	}
}

// overdraw counts a give-back of a token that was already given back.
func (c *Clock) overdraw(holder, msg string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.released {
		return
	}
	c.overdrawn.Add(1)
	if c.debug != nil {
		c.debug.Warn(msg, slog.String("holder", holder), slog.String("holders", c.listLocked()))
	}
}

// report logs msg with the holders under Debug.
func (c *Clock) report(msg string, attrs ...slog.Attr) {
	if c.debug == nil {
		return
	}
	c.mu.Lock()
	list := c.listLocked()
	c.mu.Unlock()
	args := []any{slog.String("holders", list)}
	for _, a := range attrs {
		args = append(args, a)
	}
	c.debug.Warn(msg, args...)
}

// listLocked writes the holders, by name: "frame=1 mind=1".
func (c *Clock) listLocked() string {
	names := make([]string, 0, len(c.held))
	for h := range c.held {
		names = append(names, h)
	}
	slices.Sort(names)
	var b strings.Builder
	for i, h := range names {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%d", h, c.held[h])
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}
