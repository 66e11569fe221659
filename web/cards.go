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

// cardComponent draws the card whose SSE event is event (agent.Cards pairs
// each with its element and its topics); nil for an event with no card.
func (s *Server) cardComponent(ctx context.Context, event string, snap agent.Snapshot) templ.Component {
	switch event {
	case string(agent.TopicHands):
		return partials.Hands(snap, s.now())
	case string(agent.TopicConn):
		return partials.Conn(snap.Conn, s.now())
	case string(agent.TopicModel):
		return partials.Model(snap.Model)
	case string(agent.TopicBody):
		return partials.Body(snap.Body)
	case string(agent.TopicVoice):
		return partials.Voice(snap.Voice, s.now())
	case string(agent.TopicChat):
		return partials.Chat(snap.Chat, s.now())
	case string(agent.TopicReflex):
		return partials.Reflexes(snap.Reflexes, s.now())
	case string(agent.TopicActions):
		rows, problem := s.recentActions(ctx)
		return partials.Actions(rows, problem, s.now(), snap.Reflexes)
	case agent.EventAlerts:
		return partials.Alerts(snap, s.now())
	case agent.EventInventory:
		return partials.Inventory(snap.Body)
	case agent.EventMap:
		return partials.MapLive(snap)
	case agent.EventVitals:
		return partials.Vitals(snap.Vitals, s.now())
	}
	return nil
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

// writeCard appends the event that redraws card c, numbered seq (0 for
// none). With skipSame (a card drawn from a topic not its own), a card
// that would draw what it drew last time is left out.
func (s *Server) writeCard(ctx context.Context, buf *bytes.Buffer, seq uint64, c agent.Card, snap agent.Snapshot, skipSame bool) {
	comp := s.cardComponent(ctx, c.Event, snap)
	var body bytes.Buffer
	if comp == nil {
		s.log.Error("web: a live card has no drawing", slog.String("card", c.Event))
		_ = partials.Alert("This part of the panel could not be drawn; beaweb's log says why.").Render(ctx, &body)
	} else if err := comp.Render(ctx, &body); err != nil {
		s.log.Error("web: drawing a live card failed", slog.String("card", c.Event), slog.Any("error", err))
		body.Reset()
		_ = partials.Alert("This part of the panel could not be drawn; beaweb's log says why.").Render(ctx, &body)
	}
	if skipSame && !s.sent.changed(c.Event, body.Bytes()) {
		return
	}
	writeEvent(buf, seq, c.Event, body.Bytes())
}
