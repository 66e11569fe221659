package rules

import (
	"fmt"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// Queue is what she does with a second person's request while she sees to
// a first one's: her owner's choice on the settings page.
type Queue string

// The choices of Queue.
const (
	// QueueWait: the second request waits its turn, and both hear so.
	QueueWait Queue = "queue"
	// QueueRefuse: the second request is turned down, and both hear so.
	QueueRefuse Queue = "refuse"
	// QueueLatest: the second request takes her hands, and the first
	// person hears that it did.
	QueueLatest Queue = "latest"
)

// Queues are the choices, the default first.
func Queues() []Queue { return []Queue{QueueWait, QueueRefuse, QueueLatest} }

// SetQueue sets what she does with a second person's request while she
// sees to a first one's; it applies from the next line she hears. An
// unknown choice is the default, QueueWait.
func (m *Model) SetQueue(q Queue) {
	m.mu.Lock()
	m.queuing = knownQueue(q)
	m.mu.Unlock()
}

// knownQueue is q, or the default for a choice this program does not know.
func knownQueue(q Queue) Queue {
	switch q {
	case QueueRefuse, QueueLatest:
		return q
	}
	return QueueWait
}

// Queue is what she does with a second person's request now.
func (m *Model) Queue() Queue {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.queuing
}

// WithQueue sets the choice at New (SetQueue).
func WithQueue(q Queue) Option { return func(m *Model) { m.queuing = knownQueue(q) } }

// maxWaiting bounds the requests waiting their turn.
const maxWaiting = 5

// take makes e her errand, or queues or refuses it while she sees to
// another person's, as her owner chose, and says what she did to whom it
// concerns (m.mu is held). A person's own new request replaces theirs; her
// owner at the dashboard comes before any player, whose request waits at
// the front of the queue meanwhile; a new request of someone waiting
// replaces theirs in its place. The errand she takes on says nothing
// yet: its promise waits for its first step to be under way.
func (m *Model) take(e *errand, v agent.Snapshot) []reply {
	cur := m.errand
	if cur == nil || cur.from.key() == e.from.key() {
		m.errand = e
		return nil
	}
	for i, q := range m.queue {
		if q.from.key() == e.from.key() {
			// A new request of someone waiting replaces theirs, in its place.
			m.queue[i] = e
			return []reply{{e.from, fmt.Sprintf("All right%s: I'll do that instead when it's your turn.", comma(e.from))}}
		}
	}
	switch {
	case e.from.dashboard:
		m.errand = e
		m.queue = append([]*errand{restart(cur)}, m.queue...)
		return []reply{{cur.from, fmt.Sprintf("Sorry %s, my owner needs me for a moment; I'll get back to what you asked for after.", cur.from.name)}}
	case m.queuing == QueueLatest:
		m.errand = e
		return []reply{{cur.from, fmt.Sprintf("Sorry%s, %s asked me %s, so I'm doing that instead.", comma(cur.from), nameOf(e.from), wanted(e))}}
	case m.queuing == QueueRefuse:
		return []reply{
			{e.from, fmt.Sprintf("Sorry%s, I'm busy with what %s asked for; ask me again when I'm done.", comma(e.from), nameOf(cur.from))},
			{cur.from, fmt.Sprintf("%s asked me %s; I said I'm busy with yours%s.", nameOf(e.from), wanted(e), comma(cur.from))},
		}
	case len(m.queue) >= maxWaiting:
		return []reply{{e.from, fmt.Sprintf("Sorry%s, too many requests are waiting already; ask me again in a while.", comma(e.from))}}
	}
	ahead := []string{nameOf(cur.from)}
	for _, q := range m.queue {
		ahead = append(ahead, nameOf(q.from))
	}
	m.queue = append(m.queue, e)
	return []reply{
		{e.from, capitalize(fmt.Sprintf("%s first, then you%s.", game.AndList(ahead), comma(e.from)))},
		{cur.from, capitalize(fmt.Sprintf("%s asked me %s after you%s.", nameOf(e.from), wanted(e), comma(cur.from)))},
	}
}

// restart is an errand put back to wait: from its first step again when
// its turn comes, its promise said again then.
func restart(e *errand) *errand {
	return &errand{req: e.req, from: e.from, item: e.item, target: e.target, give: e.give}
}

// finish ends her errand with what she says of it to who asked, and
// takes on the request next in the queue that still stands; held still
// (a stop on the dashboard), she drops the queue instead (m.mu is held).
func (m *Model) finish(say string, v agent.Snapshot, has map[string]bool) []agent.ToolCall {
	var calls []agent.ToolCall
	if e := m.errand; e != nil {
		if c, ok := m.answerCall(e.from, say, has); ok {
			calls = append(calls, c)
		}
	}
	m.errand = nil
	if v.Held != nil {
		// Told to stop: what waits is dropped too, with a word to each,
		// rather than started, which would have her move again.
		for _, q := range m.queue {
			if c, ok := m.answerCall(q.from, "I was told to stop, so I've dropped what you asked for"+comma(q.from)+".", has); ok {
				calls = append(calls, c)
			}
		}
		m.queue = nil
	}
	for len(m.queue) > 0 && m.errand == nil {
		next := m.queue[0]
		m.queue = m.queue[1:]
		if why, no := m.refuse(next.req, next.from, v); no {
			// What they asked for no longer stands (she gave the last of
			// it away meanwhile): they hear why.
			if c, ok := m.answerCall(next.from, why, has); ok {
				calls = append(calls, c)
			}
			continue
		}
		m.errand = next
	}
	return calls
}

// wanted is what a request asks of her, after "asked me": "for 3
// sticks", "to come over".
func wanted(e *errand) string {
	r := e.req
	switch r.Intent {
	case request.Come:
		if r.Player != "" {
			return "to go to " + r.Player
		}
		return "to come over"
	case request.Follow:
		if r.Player != "" {
			return "to follow " + r.Player
		}
		return "to follow them"
	case request.Home:
		return "to go home"
	case request.GoTo:
		return "to go to " + r.Place
	case request.Give, request.Bring:
		return "for " + some(e.target, e.item)
	case request.Gather:
		return fmt.Sprintf("to %s some %s", gatherVerb(e.item), itemWords(e.item))
	case request.Craft:
		return "to craft " + game.ItemName(e.item)
	case request.Shelter:
		return "to build a shelter"
	case request.Build:
		return "to build a " + strings.ReplaceAll(r.Template, "_", " ")
	}
	return "for something"
}

// nameOf is how she names who asked to someone else: the player's name,
// "my owner" for the person at the dashboard.
func nameOf(a asker) string {
	if a.dashboard {
		return "my owner"
	}
	return a.name
}

// comma is ", Alex" to end a sentence said to a player by name; nothing
// for the person at the dashboard, who has no name in the game.
func comma(a asker) string {
	if a.dashboard || a.name == "" {
		return ""
	}
	return ", " + a.name
}
