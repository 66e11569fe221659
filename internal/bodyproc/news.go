package bodyproc

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"beaweb/internal/game/protocol"
)

// News is what the body is doing, in one sentence for the dashboard:
// the supervisor says it, and it rides on every status of the game link,
// so that in --server mode the panel never tells a person to start a mod.
type News struct {
	mu       sync.Mutex
	sentence string
	last     protocol.ConnStatus
	set      func(protocol.ConnStatus) // the panel's; nil until it exists
}

// Wrap is the game link's status callback with the body's sentence added;
// without a body (nil) it is set itself.
func (n *News) Wrap(set func(protocol.ConnStatus)) func(protocol.ConnStatus) {
	if n == nil {
		return set
	}
	n.mu.Lock()
	n.set = set
	n.mu.Unlock()
	return func(st protocol.ConnStatus) {
		n.mu.Lock()
		defer n.mu.Unlock()
		n.last = st
		st.Body = n.sentence
		set(st)
	}
}

// say changes the sentence and shows it at once. set only records the
// status for the panel; it does no I/O.
func (n *News) say(sentence string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sentence = sentence
	if n.set != nil {
		st := n.last
		st.Body = sentence
		n.set(st)
	}
}

// now is the sentence as it stands.
func (n *News) now() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.sentence
}

// linkReport turns the body's log records into the dashboard's sentence.
// The body logs each step of its link with a status (body/src/player.js).
type linkReport struct {
	server string
	news   *News
	reason string // the last kick or refusal, or the last error of the link
}

// record reads one log record of the body.
func (r *linkReport) record(rec map[string]any) {
	status, _ := rec["status"].(string)
	text := func(k string) string { v, _ := rec[k].(string); return strings.TrimSpace(v) }
	switch status {
	case "connecting":
		r.reason = ""
		r.news.say(fmt.Sprintf("The body is connecting to %s.", r.server))
	case "joined":
		r.reason = ""
		r.news.say(fmt.Sprintf("She joined %s.", r.server))
	case "kicked":
		r.reason = text("reason")
		r.news.say(fmt.Sprintf("%s kicked her: %s", r.server, sentence(r.reason)))
	case "refused":
		r.reason = text("reason")
		r.news.say(fmt.Sprintf("%s does not let her in: %s", r.server, sentence(r.reason)))
	case "error":
		r.reason = text("error")
		r.news.say(fmt.Sprintf("%s cannot be reached: %s", r.server, sentence(r.reason)))
	}
}

// retrying adds when the supervisor tries again to the sentence.
func (r *linkReport) retrying(in time.Duration) {
	said := r.news.now()
	if said == "" || strings.HasPrefix(said, "She joined") || strings.HasPrefix(said, "The body is connecting") {
		said = fmt.Sprintf("The body lost its link to %s.", r.server)
	}
	r.news.say(fmt.Sprintf("%s It tries again in %s.", said, in.Round(time.Second)))
}

// sentence ends a reason from the server with a full stop, on one line.
func sentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "no reason given."
	}
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}
