package agent

import (
	"sync"
	"time"
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
)

// Live holds the one snapshot of her game that her prompt and the dashboard
// both read. Every change is copy-on-write, so a Snapshot handed out is never
// written again, and each change is published with the snapshot after it.
type Live struct {
	mu   sync.Mutex
	snap Snapshot
	seq  uint64
	pub  Publisher
}

// NewLive returns a Live publishing to pub (nil publishes nowhere).
func NewLive(name string, pub Publisher) *Live {
	return &Live{snap: Snapshot{Name: name, Enabled: true, At: time.Now()}, pub: pub}
}

// Snapshot returns the current snapshot.
func (l *Live) Snapshot() Snapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.snap
}

// Update changes the snapshot with fn and publishes the change. fn must
// replace, never modify in place, any slice or pointer it changes.
func (l *Live) Update(topic Topic, fn func(*Snapshot)) {
	l.mu.Lock()
	fn(&l.snap)
	l.snap.At = time.Now()
	l.seq++
	ch := Change{Seq: l.seq, Topic: topic, Snap: l.snap}
	// Publishing under the lock keeps changes in sequence order for every
	// subscriber; the hub never blocks, so this cannot stall the mind.
	if l.pub != nil {
		l.pub.Publish(ch)
	}
	l.mu.Unlock()
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
