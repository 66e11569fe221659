package modclient

import (
	"context"
	"log/slog"
	"sync"

	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// mailbox sits between the reader and the consumer of Events, so that the
// reader never waits. The packets that only say how things are now (state,
// survey, heartbeat, and the progress of each running request) are kept one
// each, the newest replacing the older in its place in the queue; the others
// queue up to a bound, beyond which they are dropped, counted and logged.
type mailbox struct {
	log     *slog.Logger
	mu      *sync.Mutex // the client's: the counter lives there
	dropped *int64
	limit   int

	queue     []*slot
	latest    map[string]*slot // coalesced kinds waiting in queue
	others    int              // queued packets that are not coalesced
	dropStart int64            // the dropped count when the current run of drops began
	dropping  bool
	wake      chan struct{}
	// step is the lockstep clock (nil without): each queued packet holds a
	// token, handed on with it to the consumer of Events.
	step *lockstep.Clock
}

type slot struct{ p protocol.Packet }

func newMailbox(limit int, log *slog.Logger, mu *sync.Mutex, dropped *int64, step *lockstep.Clock) *mailbox {
	return &mailbox{log: log, mu: mu, dropped: dropped, limit: limit,
		latest: map[string]*slot{}, wake: make(chan struct{}, 1), step: step}
}

// coalesceKey names what a packet reports the newest value of, or is empty
// for a packet every one of which counts (chat, damage, death, reflex…).
func coalesceKey(p protocol.Packet) string {
	switch p := p.(type) {
	case protocol.State, protocol.Survey, protocol.Heartbeat:
		return p.PacketType()
	case protocol.Progress:
		return "progress " + p.ID
	}
	return ""
}

// put queues a packet without ever blocking.
func (m *mailbox) put(p protocol.Packet) {
	key := coalesceKey(p)
	m.mu.Lock()
	switch {
	case key != "" && m.latest[key] != nil:
		m.latest[key].p = p
	case key != "":
		s := &slot{p}
		m.latest[key] = s
		m.queue = append(m.queue, s)
		m.step.Pay(lockstep.Event, 1)
	case m.others >= m.limit:
		*m.dropped++
		if !m.dropping {
			m.dropping, m.dropStart = true, *m.dropped-1
			m.log.Warn("modclient: the consumer of game events is too slow; dropping events until it catches up",
				slog.Int("queued", m.others), slog.String("type", p.PacketType()))
		}
		m.mu.Unlock()
		return
	default:
		m.others++
		m.queue = append(m.queue, &slot{p})
		m.step.Pay(lockstep.Event, 1)
	}
	if m.dropping {
		m.dropping = false
		m.log.Warn("modclient: the consumer of game events caught up", slog.Int64("dropped", *m.dropped-m.dropStart))
	}
	m.mu.Unlock()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// take removes the oldest packet, if any.
func (m *mailbox) take() (protocol.Packet, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.queue) == 0 {
		return nil, false
	}
	s := m.queue[0]
	m.queue[0] = nil
	m.queue = m.queue[1:]
	if len(m.queue) == 0 {
		m.queue = m.queue[:0:0] // let the backing array go once drained
	}
	if key := coalesceKey(s.p); key != "" {
		delete(m.latest, key)
	} else {
		m.others--
	}
	return s.p, true
}

// forward hands the queue to out until ctx ends. While it waits for the
// consumer with a packet of a coalesced kind in hand, a newer one of the
// same kind takes its place, so a slow consumer gets the newest.
func (m *mailbox) forward(ctx context.Context, out chan<- protocol.Packet) {
	for {
		p, ok := m.take()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-m.wake:
				continue
			}
		}
		for sent := false; !sent; {
			select {
			case <-ctx.Done():
				return
			case out <- p:
				sent = true
			case <-m.wake:
				if newer, ok := m.takeNewer(coalesceKey(p)); ok {
					p = newer
					m.step.Give(lockstep.Event, 1) // the older one in hand will not be read
				}
			}
		}
	}
}

// takeNewer removes and returns the queued packet with the coalesce key.
func (m *mailbox) takeNewer(key string) (protocol.Packet, bool) {
	if key == "" {
		return nil, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.latest[key]
	if s == nil {
		return nil, false
	}
	delete(m.latest, key)
	for i, q := range m.queue {
		if q == s {
			m.queue = append(m.queue[:i], m.queue[i+1:]...)
			break
		}
	}
	return s.p, true
}
