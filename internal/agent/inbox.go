package agent

import (
	"log/slog"
	"sync"
	"time"

	"beaweb/internal/lockstep"
)

// Inbox is where perceptions wait for her next turn: the senses, her hands
// and the dashboard put them in, the mind takes them out. The gate decides
// which get in; while the skill is off (her snapshot says so) none does.
type Inbox struct {
	gate   *Gate
	logger *slog.Logger
	queue  chan Perception
	qmu    sync.Mutex // serialises the rare rebuild of a full queue
	live   *Live
	// clock is the lockstep clock (nil without), and door her mind's:
	// each perception is queued through it (see lockstep.Door).
	clock *lockstep.Clock
	door  *lockstep.Door
}

// mindHolder names her mind's token in lockstep.
const mindHolder = "mind"

// queueSize bounds the perceptions waiting for a turn; see enqueue for
// what gives way when it is full.
const queueSize = 256

// NewInbox returns an inbox open while live says the skill is on, letting
// chat not said to her in at most once per chatCooldown (0 means 20 s) of
// live's clock's time.
func NewInbox(chatCooldown time.Duration, logger *slog.Logger, live *Live) *Inbox {
	if chatCooldown <= 0 {
		chatCooldown = 20 * time.Second
	}
	clock := live.Clock()
	return &Inbox{gate: NewGate(chatCooldown), logger: logger, queue: make(chan Perception, queueSize), live: live, clock: clock, door: clock.Door(mindHolder)}
}

// Perceive offers a perception; the gate decides whether it wakes her. It
// never blocks.
func (in *Inbox) Perceive(p Perception) {
	if p.At.IsZero() {
		p.At = in.clock.Now()
	}
	if !in.live.Enabled() || !in.gate.Pass(&p) {
		return
	}
	if lost, ok := in.enqueue(p); !ok {
		in.logger.Warn("agent: too many perceptions waiting; one was dropped", slog.String("kind", string(lost.Kind)))
	}
}

// enqueue puts p on the queue without blocking. A full queue makes room by
// dropping the oldest waiting chat line not addressed to her; if there is
// none, a new such line is itself refused, and anything else (an action
// result, a fight, a death, a nudge, an ask) pushes out the oldest
// perception, so the newest news is read. It returns what was lost, if
// anything. It queues through her mind's door, which pays for the wake-up
// of a mind parked waiting for it (see lockstep.Door).
func (in *Inbox) enqueue(p Perception) (lost Perception, ok bool) {
	in.qmu.Lock()
	defer in.qmu.Unlock()
	in.door.Deliver(func() bool {
		lost, ok = in.push(p)
		return true // the queue holds something either way
	})
	return lost, ok
}

// push is enqueue under its locks.
func (in *Inbox) push(p Perception) (lost Perception, ok bool) {
	select {
	case in.queue <- p:
		return Perception{}, true
	default:
	}
	idle := func(q Perception) bool { return q.Kind == KindChat && !q.Addressed }
	var keep []Perception
	found := -1
	for len(in.queue) > 0 {
		q := <-in.queue
		if found < 0 && idle(q) {
			found = len(keep)
		}
		keep = append(keep, q)
	}
	switch {
	case found >= 0:
		lost = keep[found]
		keep = append(append(keep[:found], keep[found+1:]...), p)
	case idle(p):
		lost = p
	default:
		lost, keep = keep[0], append(keep[1:], p)
	}
	for _, q := range keep {
		in.queue <- q
	}
	return lost, false
}

// drain collects what else is waiting after first, so one turn reads
// everything that happened while she was thinking.
func (in *Inbox) drain(first Perception) []Perception {
	ps := []Perception{first}
	for {
		select {
		case p := <-in.queue:
			ps = append(ps, p)
		default:
			return ps
		}
	}
}
