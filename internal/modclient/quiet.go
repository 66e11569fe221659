package modclient

import (
	"log/slog"
	"strconv"
	"time"
)

// quietWindow is how often a run of like complaints about the game's
// frames is logged: its first at once, then at most one line a window
// saying how many more came. A game side that floods bad frames (20,000
// in ten seconds) would otherwise fill the disk with the log.
const quietWindow = time.Minute

// quietRun is one kind of complaint being held back.
type quietRun struct {
	since time.Time // when its last line was logged
	held  int       // complaints since, not logged
}

// complain logs msg for a frame of kind, unless one of that kind was
// logged less than quietWindow ago; then it is only counted, and the count
// is logged with the next one after the window.
func (c *Client) complain(kind, msg string, attrs ...any) {
	now := c.cfg.Now()
	c.mu.Lock()
	run := c.quiet[kind]
	if run != nil && now.Sub(run.since) < quietWindow {
		run.held++
		c.mu.Unlock()
		return
	}
	held := 0
	if run != nil {
		held = run.held
	}
	c.quiet[kind] = &quietRun{since: now}
	c.mu.Unlock()
	if held > 0 {
		c.log.Warn("modclient: "+strconv.Itoa(held)+" more like the last were not logged", slog.String("kind", kind))
	}
	c.log.Warn(msg, attrs...)
}
