package agent

import (
	"context"
	"slices"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/lockstep"
)

// Publisher receives every change of the live snapshot. The dashboard's hub
// satisfies it; Publish must not block.
type Publisher interface {
	Publish(Change)
}

// How much of each feed the snapshot keeps. The dashboard shows these
// windows; older lines live in the store or nowhere.
const (
	keepVoice    = 50
	keepChat     = 100
	keepReflexes = 20
	keepDeaths   = 5

	trailEvery  = 5 * time.Second
	trailWindow = 10 * time.Minute
	vitalEvery  = 10 * time.Second
	vitalWindow = 20 * time.Minute
)

// Live holds the one snapshot of her game that her prompt and the dashboard
// both read. Every change is copy-on-write, so a Snapshot handed out is never
// written again, and each change is published with the snapshot after it.
type Live struct {
	mu    sync.Mutex
	snap  Snapshot
	seq   uint64
	pub   Publisher
	fresh chan struct{} // closed at the next state packet; nil when nobody waits
	// waiting are the WaitStates that fresh's closing wakes, each paid for
	// on the clock by whoever closes it.
	waiting []*lockstep.Away
	clock   *lockstep.Clock
}

// NewLive returns a Live publishing to pub (nil publishes nowhere). clock
// is the lockstep clock her mind keeps step with a practice world by, and
// the time of her game; nil is the wall clock, for a real game.
func NewLive(name string, pub Publisher, clock *lockstep.Clock) *Live {
	return &Live{snap: Snapshot{Name: name, Enabled: true, At: clock.Now()}, pub: pub, clock: clock}
}

// Enabled reports whether the skill is on, as the snapshot says, without
// copying it.
func (l *Live) Enabled() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.snap.Enabled
}

// Name is her name, as the snapshot says, without copying it.
func (l *Live) Name() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.snap.Name
}

// Rename renames her at once. The snapshot is the one keeper of her name:
// her next model call writes her prompt for it, the next chat line naming
// her is said to her, and the live panel shows it.
func (l *Live) Rename(name string) {
	l.Update(TopicConn, func(s *Snapshot) { s.Name = name })
}

// Now is the time in her game: the wall clock in a real game, the world's
// ticks in lockstep with a practice world.
func (l *Live) Now() time.Time { return l.clock.Now() }

// Clock is the lockstep clock, nil outside lockstep.
func (l *Live) Clock() *lockstep.Clock { return l.clock }

// Snapshot returns the current snapshot.
func (l *Live) Snapshot() Snapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.snap
}

// Update changes the snapshot with fn and publishes the change. fn must
// replace, never modify in place, any slice, map or pointer it changes.
func (l *Live) Update(topic Topic, fn func(*Snapshot)) {
	l.mu.Lock()
	stateAt := l.snap.StateAt
	fn(&l.snap)
	l.snap.At = l.clock.Now()
	l.seq++
	if l.fresh != nil && l.snap.StateAt != stateAt {
		for _, w := range l.waiting {
			w.Wake()
		}
		close(l.fresh)
		l.fresh, l.waiting = nil, nil
	}
	ch := Change{Seq: l.seq, Topic: topic, Snap: l.snap}
	// Publishing under the lock keeps changes in sequence order for every
	// subscriber; the hub never blocks, so this cannot stall the mind.
	if l.pub != nil {
		l.pub.Publish(ch)
	}
	l.mu.Unlock()
}

// SetConn records a change of the link to the game. A link that goes down
// forgets her body and what she saw, so neither she nor the panel reads a
// stale game as the present one. Her world and the game side's hello
// outlive the outage (the panel and the places still name the server she
// was on and what it ran) until a new link comes up: the game side at its
// end says them in its hello or its first state, and a jar that says none
// must not show the last one's.
func (l *Live) SetConn(st game.ConnStatus) {
	l.Update(TopicConn, func(s *Snapshot) {
		if st.Connected && !s.Conn.Connected {
			s.World, s.GameSide = game.WorldID{}, nil
		}
		s.Conn = st
		if !st.Connected {
			s.Body, s.Survey, s.Reflexes = nil, nil, nil
		}
	})
}

// WaitState waits until a state packet newer than after has come, or max
// has passed, or ctx ends. An action's answer can overtake the state that
// shows what it did, a hello comes before the first state, and a respawn
// before the state that says where she is back; a turn about any of them
// waits for that state, so she never plans from an inventory or a place
// that is half a second old, or from none.
//
// In lockstep the wait gives the caller's token back while the world runs
// on; the caller settles (Mind.settle) before it reads on.
func (l *Live) WaitState(ctx context.Context, after time.Time, max time.Duration) {
	l.mu.Lock()
	if l.snap.StateAt.After(after) {
		l.mu.Unlock()
		return
	}
	if l.fresh == nil {
		l.fresh = make(chan struct{})
	}
	fresh, away := l.fresh, l.clock.Away(ctx)
	l.waiting = append(l.waiting, away)
	l.mu.Unlock()
	away.Leave()
	timeout, stop := l.clock.After(max) // game time in lockstep
	select {
	case <-fresh:
	case <-timeout:
		away.Woke() // paid by the clock; stop gives back one never received
	case <-ctx.Done():
	}
	stop()
	l.mu.Lock()
	if l.fresh == fresh { // not closed: nobody paid, nor will
		l.waiting = slices.DeleteFunc(l.waiting, func(w *lockstep.Away) bool { return w == away })
	}
	l.mu.Unlock()
	away.Back() // the caller runs on one token again
}

// appendKeep returns a new slice with v appended, keeping at most max of the
// newest entries. The old slice is never written.
func appendKeep[T any](old []T, v T, max int) []T {
	start := 0
	if len(old)+1 > max {
		start = len(old) + 1 - max
	}
	out := make([]T, 0, len(old)-start+1)
	out = append(out, old[start:]...)
	return append(out, v)
}

// sample returns a new slice with v appended when the newest entry is at
// least every old, without those older than window before now. The old
// slice is never written; when nothing changes it is returned as it is.
func sample[T any](old []T, at func(T) time.Time, v T, now time.Time, every, window time.Duration) []T {
	if n := len(old); n > 0 && now.Sub(at(old[n-1])) < every {
		return old
	}
	start := 0
	for start < len(old) && now.Sub(at(old[start])) > window {
		start++
	}
	out := make([]T, 0, len(old)-start+1)
	out = append(out, old[start:]...)
	return append(out, v)
}
