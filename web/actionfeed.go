package web

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"beaweb/internal/agent"
)

// feedRead bounds one read of the action history for the live panel: a
// stuck database shows the card's problem line rather than holding a
// viewer's first redraw (or the relay) for ever.
const feedRead = 3 * time.Second

// Why the live panel's action list is missing, in a person's words.
const (
	feedNotWired = "The action history is not wired in this run."
	feedUnread   = "The action history could not be read; beaweb's log says why."
)

// actionFeed is the live panel's list of her latest actions, kept in
// memory so that a change of the actions topic, which carries the row that
// was written (Snapshot.Recorded), redraws the card without a read of the
// database. The history is read only when a person opens the live page or
// its stream, at start, and when the relay fell behind and may have missed
// rows: never because of a change.
type actionFeed struct {
	limit int
	mu    sync.Mutex
	rows  []agent.ActionRecord // newest first, at most limit; never written in place
	// problem says why the last read failed; "" once one succeeds.
	problem string
	// reading counts the reads in flight, and during keeps the rows
	// applied while any is, for each read to lay over what it read: a row
	// applied before a read began is in what it reads, one applied after
	// may not be.
	reading int
	during  []agent.ActionRecord
}

// list is the rows to draw and the sentence that says why there are none
// to trust ("" when the last read succeeded).
func (f *actionFeed) list() ([]agent.ActionRecord, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rows, f.problem
}

// apply lays a row that was just written over the list, as the history
// now holds it.
func (f *actionFeed) apply(r agent.ActionRecord) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows = upsert(f.rows, r, f.limit)
	if f.reading > 0 {
		f.during = append(f.during, r)
	}
}

// refresh reads the latest rows from h, outside the lock and within
// feedRead, and lays over them the rows applied while it read. A failed
// read keeps what the feed has, with the problem to show instead.
func (f *actionFeed) refresh(ctx context.Context, h ActionHistory, log *slog.Logger) {
	if h == nil {
		f.mu.Lock()
		f.problem = feedNotWired
		f.mu.Unlock()
		return
	}
	f.mu.Lock()
	f.reading++
	mark := len(f.during)
	f.mu.Unlock()

	rctx, cancel := context.WithTimeout(ctx, feedRead)
	rows, err := h.RecentActions(rctx, ActionQuery{Limit: f.limit})
	cancel()

	f.mu.Lock()
	defer f.mu.Unlock()
	if err != nil {
		log.Error("web: reading the recent actions failed", slog.Any("error", err))
		f.problem = feedUnread
	} else {
		for _, r := range f.during[mark:] {
			rows = upsert(rows, r, f.limit)
		}
		f.rows, f.problem = rows, ""
	}
	if f.reading--; f.reading == 0 {
		f.during = nil
	}
}

// upsert returns rows with r laid over them as the history keeps a row
// written to it: an action already listed takes r's ending (finish,
// result, message, log, build count, and its turn when r names one) and
// keeps its start and parameters; a new one goes where its start puts it,
// newest first, before those that started at the same moment. At most
// limit rows are kept. rows is never written.
func upsert(rows []agent.ActionRecord, r agent.ActionRecord, limit int) []agent.ActionRecord {
	r = asStored(r)
	if i := slices.IndexFunc(rows, func(old agent.ActionRecord) bool { return old.ID == r.ID }); i >= 0 {
		out := slices.Clone(rows)
		old := &out[i]
		old.Finished, old.Result, old.Message, old.Log, old.Build = r.Finished, r.Result, r.Message, r.Log, r.Build
		if r.TurnID != 0 {
			old.TurnID = r.TurnID
		}
		return out
	}
	at := slices.IndexFunc(rows, func(old agent.ActionRecord) bool { return !old.Started.After(r.Started) })
	if at < 0 {
		at = len(rows)
	}
	if limit > 0 && at >= limit {
		return rows // older than every row the list keeps
	}
	out := slices.Insert(slices.Clone(rows), at, r)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// asStored is r as the history gives it back: its times to the
// millisecond, in UTC, and "{}" for no parameters, so that the rows the
// stream draws read as those a page load reads.
func asStored(r agent.ActionRecord) agent.ActionRecord {
	r.Started = storedTime(r.Started)
	r.Finished = storedTime(r.Finished)
	if r.Params == "" {
		r.Params = "{}"
	}
	return r
}

func storedTime(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return time.UnixMilli(t.UnixMilli()).UTC()
}
