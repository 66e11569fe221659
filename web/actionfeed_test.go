package web

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"
	"time"

	"beaweb/internal/agent"
)

var t0 = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)

// rowIDs is the feed's rows by id, newest first.
func rowIDs(rows []agent.ActionRecord) []string {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids
}

func sameIDs(a []string, b ...string) bool { return slices.Equal(a, b) }

// TestUpsertKeepsRowsAsTheHistoryDoes: newest first, a row that started
// with another after it, an ending replaces the start where it stood (its
// start, parameters and turn kept), at most the limit, and the list handed
// out before is never written.
func TestUpsertKeepsRowsAsTheHistoryDoes(t *testing.T) {
	local := time.FixedZone("here", 3600)
	var rows []agent.ActionRecord
	rows = upsert(rows, agent.ActionRecord{ID: "a", Action: "move_to", Started: t0, TurnID: 7}, 3)
	rows = upsert(rows, agent.ActionRecord{ID: "b", Action: "move_to", Started: t0.Add(time.Second)}, 3)
	rows = upsert(rows, agent.ActionRecord{ID: "c", Action: "move_to", Started: t0}, 3) // same start as a, written later
	if got := rowIDs(rows); !sameIDs(got, "b", "c", "a") {
		t.Fatalf("rows %v, want b c a", got)
	}
	before := rows
	end := t0.Add(2*time.Second + 1234567).In(local)
	rows = upsert(rows, agent.ActionRecord{ID: "a", Action: "move_to", Params: `{"x":1}`, Started: t0.Add(time.Hour),
		Finished: end, Result: "SUCCESS", Message: "arrived"}, 3)
	a := rows[2]
	if a.ID != "a" || a.Result != "SUCCESS" || a.Message != "arrived" || !a.Started.Equal(t0) || a.Params != "{}" || a.TurnID != 7 {
		t.Errorf("the ended row reads %+v", a)
	}
	if want := time.UnixMilli(end.UnixMilli()).UTC(); a.Finished != want {
		t.Errorf("its end is %v, want %v as the history keeps it (to the millisecond, UTC)", a.Finished, want)
	}
	if before[2].Result != "" {
		t.Error("the list handed out before was written")
	}
	rows = upsert(rows, agent.ActionRecord{ID: "old", Action: "move_to", Started: t0.Add(-time.Hour)}, 3)
	rows = upsert(rows, agent.ActionRecord{ID: "d", Action: "move_to", Started: t0.Add(time.Minute)}, 3)
	if got := rowIDs(rows); !sameIDs(got, "d", "b", "c") {
		t.Errorf("rows %v, want d b c: three at most, the oldest left out", got)
	}
}

// slowHistory answers each read with rows once release is closed.
type slowHistory struct {
	reading chan struct{}
	release chan struct{}
	rows    []agent.ActionRecord
	err     error
}

func (h *slowHistory) RecentActions(ctx context.Context, q ActionQuery) ([]agent.ActionRecord, error) {
	if _, ok := ctx.Deadline(); !ok {
		return nil, errors.New("a read of the history with no deadline")
	}
	close(h.reading)
	<-h.release
	return h.rows, h.err
}

// TestRefreshKeepsRowsWrittenWhileItReads: a row applied while the history
// is read is laid over what the read returns; a failed read leaves the
// problem to show, and the next read that succeeds clears it.
func TestRefreshKeepsRowsWrittenWhileItReads(t *testing.T) {
	f := &actionFeed{limit: 10}
	log := slog.New(slog.DiscardHandler)
	h := &slowHistory{reading: make(chan struct{}), release: make(chan struct{}),
		rows: []agent.ActionRecord{{ID: "old", Action: "move_to", Started: t0}}}
	done := make(chan struct{})
	go func() {
		f.refresh(context.Background(), h, log)
		close(done)
	}()
	<-h.reading
	f.apply(agent.ActionRecord{ID: "new", Action: "find_block", Started: t0.Add(time.Second)})
	close(h.release)
	<-done
	rows, problem := f.list()
	if got := rowIDs(rows); problem != "" || !sameIDs(got, "new", "old") {
		t.Fatalf("after the read: %v %q, want new old", got, problem)
	}

	h = &slowHistory{reading: make(chan struct{}), release: make(chan struct{}), err: errors.New("disk I/O error")}
	close(h.release)
	f.refresh(context.Background(), h, log)
	if rows, problem := f.list(); problem != feedUnread || len(rows) != 2 {
		t.Fatalf("after a failed read: %d rows, %q", len(rows), problem)
	}
	h = &slowHistory{reading: make(chan struct{}), release: make(chan struct{}), rows: []agent.ActionRecord{{ID: "x", Action: "move_to", Started: t0}}}
	close(h.release)
	f.refresh(context.Background(), h, log)
	if rows, problem := f.list(); problem != "" || !sameIDs(rowIDs(rows), "x") {
		t.Fatalf("after a read that succeeds again: %v %q", rowIDs(rows), problem)
	}
	if f.reading != 0 || f.during != nil {
		t.Errorf("no read in flight, yet the feed counts %d and keeps %d rows for them", f.reading, len(f.during))
	}
	f.refresh(context.Background(), nil, log)
	if _, problem := f.list(); problem != feedNotWired {
		t.Errorf("with no history wired the card says %q", problem)
	}
}
