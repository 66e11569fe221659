package web

import (
	"bytes"
	"context"
	"log/slog"
	"sync"

	"beaweb/templates/partials"
)

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

// writeCard appends the event that redraws card c from d, numbered seq
// (0 for none). With skipSame (a card drawn from a topic not its own), a
// card that would draw what it drew last time is left out.
func (s *Server) writeCard(ctx context.Context, buf *bytes.Buffer, seq uint64, c partials.Card, d partials.LiveData, skipSame bool) {
	var body bytes.Buffer
	if err := c.Draw(d).Render(ctx, &body); err != nil {
		s.log.Error("web: drawing a live card failed", slog.String("card", c.Event), slog.Any("error", err))
		body.Reset()
		_ = partials.Alert("This part of the panel could not be drawn; beaweb's log says why.").Render(ctx, &body)
	}
	if skipSame && !s.sent.changed(c.Event, body.Bytes()) {
		return
	}
	writeEvent(buf, seq, c.Event, body.Bytes())
}
