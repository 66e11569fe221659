// Package fanout fans values out from one publisher to many subscribers without
// ever letting a subscriber hold the publisher up: each subscriber has a
// bounded buffer, and one whose buffer is full is dropped (its channel is
// closed) instead of being waited for. A dropped viewer reconnects and starts
// again from a fresh snapshot, which is cheaper and more honest than a
// publisher that stalls the mind behind a slow browser.
package fanout

import "sync"

// Hub is a fan-out of values of type T. Its zero value is not usable; make
// one with New. All methods are safe for concurrent use.
type Hub[T any] struct {
	buffer int

	mu      sync.Mutex
	subs    map[chan T]struct{}
	closed  bool
	dropped uint64
}

// New returns a hub whose subscribers each buffer up to buffer values. A
// buffer below 1 is taken as 1: an unbuffered subscriber could only be
// delivered to when it happened to be waiting, and would be dropped at once.
func New[T any](buffer int) *Hub[T] {
	if buffer < 1 {
		buffer = 1
	}
	return &Hub[T]{buffer: buffer, subs: make(map[chan T]struct{})}
}

// Publish hands v to every subscriber. It never blocks: a subscriber whose
// buffer is full is removed and its channel closed, so it learns that it
// missed values. Values published by one goroutine reach every subscriber
// in the order they were published.
func (h *Hub[T]) Publish(v T) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- v:
		default:
			delete(h.subs, ch)
			close(ch)
			h.dropped++
		}
	}
}

// Subscribe returns a channel that receives every value published from now
// on, and a function that ends the subscription. The channel is closed when
// the subscriber is dropped for falling behind, when cancel is called, or
// when the hub is closed. cancel may be called more than once, from any
// goroutine.
func (h *Hub[T]) Subscribe() (<-chan T, func()) {
	ch := make(chan T, h.buffer)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(ch)
		return ch, func() {}
	}
	h.subs[ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[ch]; ok {
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// Close ends every subscription and makes later ones end at once. Publish
// after Close delivers nothing.
func (h *Hub[T]) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for ch := range h.subs {
		delete(h.subs, ch)
		close(ch)
	}
}

// Len is the number of subscribers now.
func (h *Hub[T]) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// Dropped is how many subscribers have been dropped for falling behind since
// the hub was made.
func (h *Hub[T]) Dropped() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.dropped
}
