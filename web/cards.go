package web

import (
	"bytes"
	"context"
	"log/slog"
	"sync"

	"github.com/a-h/templ"

	"beaweb/internal/agent"
	"beaweb/templates/partials"
)

// The live page's cards that no topic of the snapshot names on its own:
// what she carries, the map, the health chart and the alerts are all drawn
// from her body, the alerts also from the link and the reflexes, and her
// hands (with the Pause button) also from the link, where the switch lives.
const (
	cardInventory = "inventory"
	cardMap       = "map"
	cardVitals    = "vitals"
	cardAlerts    = "alerts"
)

// cardEvents are the events of the whole redraw besides the topics'.
var cardEvents = []string{cardAlerts, cardInventory, cardMap, cardVitals}

// alongside names the events a change of topic t redraws besides its own.
func alongside(t agent.Topic) []string {
	switch t {
	case agent.TopicBody:
		return []string{cardInventory, cardMap, cardVitals, cardAlerts}
	case agent.TopicConn:
		return []string{cardAlerts, string(agent.TopicHands)}
	case agent.TopicReflex:
		return []string{cardAlerts}
	}
	return nil
}

func (s *Server) cardComponent(ctx context.Context, name string, snap agent.Snapshot) templ.Component {
	switch name {
	case cardInventory:
		return partials.Inventory(snap.Body)
	case cardMap:
		return partials.MapLive(snap)
	case cardVitals:
		return partials.Vitals(snap.Vitals, s.now())
	case cardAlerts:
		return partials.Alerts(snap, s.now())
	}
	return s.topicComponent(ctx, agent.Topic(name), snap)
}

// sentCards remembers the last body of each card the relay sent, so that a
// state packet that changes nothing a card shows (she stands still) costs
// no bytes to the viewers. Every viewer starts from a whole redraw, so one
// that missed nothing has what the skipped event would have drawn.
type sentCards struct {
	mu   sync.Mutex
	last map[string][]byte
}

// changed records body as the card's latest and says whether it differs
// from the one before.
func (c *sentCards) changed(name string, body []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		c.last = map[string][]byte{}
	}
	if bytes.Equal(c.last[name], body) {
		return false
	}
	c.last[name] = bytes.Clone(body)
	return true
}

// reset forgets every card, so that the next change of each is sent.
func (c *sentCards) reset() {
	c.mu.Lock()
	c.last = nil
	c.mu.Unlock()
}

// writeCards appends the events of the named cards. With skipSame (the
// relay), a card that would draw what it drew last time is left out.
func (s *Server) writeCards(ctx context.Context, buf *bytes.Buffer, names []string, snap agent.Snapshot, skipSame bool) {
	for _, name := range names {
		comp := s.cardComponent(ctx, name, snap)
		if comp == nil {
			continue
		}
		var body bytes.Buffer
		if err := comp.Render(ctx, &body); err != nil {
			s.log.Error("web: drawing a live card failed", slog.String("card", name), slog.Any("error", err))
			body.Reset()
			_ = partials.Alert("This part of the panel could not be drawn; beaweb's log says why.").Render(ctx, &body)
		}
		if skipSame && !s.sent.changed(name, body.Bytes()) {
			continue
		}
		writeEvent(buf, 0, name, body.Bytes())
	}
}
