package web

import (
	"container/list"
	"net/netip"
	"sync"
	"time"
)

// Guessing the token: a few wrong tries from one address are free (a
// typo), then each next try waits twice as long as the one before, up to
// maxWait. Addresses are counted by IPv4 address or IPv6 /64, the block
// one home is given.
const (
	freeGuesses = 5
	firstWait   = time.Second
	maxWait     = 5 * time.Minute
)

// guesses are one address's wrong tries.
type guesses struct {
	key   netip.Prefix
	wrong int
	until time.Time // no try is heard before then
	last  time.Time
}

func (g *guesses) locked(now time.Time) bool { return now.Before(g.until) }

// throttle slows down tries of the token, per address, in a table of at
// most limit addresses. When it is full, the address heard from least
// recently that is not locked out makes room; a locked-out address is
// never forgotten before its wait is over. When every address in it is
// locked out (thousands of addresses guessing at once), the addresses it
// has no room for are counted together, as one: they wait together, and
// the owner signing in from a new address waits with them until the
// locked-out ones' waits end.
type throttle struct {
	limit int

	mu    sync.Mutex
	by    map[netip.Prefix]*list.Element // of *guesses
	order *list.List                     // most recently heard first
	rest  guesses                        // the addresses there was no room for
	// fullUntil is, after a look for room found none, the end of the
	// soonest wait in the table: there is no room before then.
	fullUntil time.Time
}

func newThrottle(limit int) *throttle {
	return &throttle{limit: limit, by: map[netip.Prefix]*list.Element{}, order: list.New()}
}

func guessKey(ip string) netip.Prefix {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return netip.Prefix{}
	}
	a = a.Unmap()
	bits := 32
	if a.Is6() {
		bits = 64
	}
	p, _ := a.Prefix(bits)
	return p
}

// wait is how long ip must wait before its next try is heard; 0: now.
func (t *throttle) wait(ip string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if g := t.find(guessKey(ip), now); g != nil && g.locked(now) {
		return g.until.Sub(now)
	}
	return 0
}

// wrong counts a wrong token from ip at now.
func (t *throttle) wrong(ip string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := guessKey(ip)
	g := t.find(key, now)
	switch {
	case g != nil:
	case t.room(now):
		g = &guesses{key: key}
		t.by[key] = t.order.PushFront(g)
	default:
		g = &t.rest
	}
	g.wrong++
	g.last = now
	if g.wrong >= freeGuesses {
		d := firstWait << min(g.wrong-freeGuesses, 20)
		g.until = now.Add(min(d, maxWait))
	}
}

// right forgets ip's wrong tries.
func (t *throttle) right(ip string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.by[guessKey(ip)]; ok {
		t.order.Remove(e)
		delete(t.by, guessKey(ip))
	}
}

// find is key's tries, made the most recent; for an address the table
// does not hold, the count of those it had no room for while they are
// locked out and there is still no room; else nil, a fresh address.
func (t *throttle) find(key netip.Prefix, now time.Time) *guesses {
	if e, ok := t.by[key]; ok {
		t.order.MoveToFront(e)
		return e.Value.(*guesses)
	}
	if t.rest.locked(now) && !t.room(now) {
		return &t.rest
	}
	return nil
}

// room says the table can take one more address, making room by
// forgetting the least recently heard address that is not locked out.
func (t *throttle) room(now time.Time) bool {
	if len(t.by) < t.limit {
		return true
	}
	if now.Before(t.fullUntil) {
		return false
	}
	soonest := time.Time{}
	for e := t.order.Back(); e != nil; e = e.Prev() {
		g := e.Value.(*guesses)
		if !g.locked(now) {
			t.order.Remove(e)
			delete(t.by, g.key)
			return true
		}
		if soonest.IsZero() || g.until.Before(soonest) {
			soonest = g.until
		}
	}
	t.fullUntil = soonest
	return false
}
