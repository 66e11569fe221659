package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
)

func TestActionHistory(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()

	start := agent.ActionRecord{ID: "r1-abc123", Action: "find_block", Params: `{"block":"log","count":4}`, Started: t0, TurnID: 7}
	if err := s.StartAction(ctx, start); err != nil {
		t.Fatal(err)
	}
	if err := s.StartAction(ctx, start); !errors.Is(err, ErrConflict) {
		t.Fatalf("the same id twice: %v, want ErrConflict", err)
	}
	running, err := s.RecentActions(ctx, 10, ActionFilter{Pending: true})
	if err != nil || len(running) != 1 || !running[0].Finished.IsZero() || running[0].Result != "" {
		t.Fatalf("running = %+v, %v", running, err)
	}

	fin := start
	fin.Finished, fin.Result, fin.Message, fin.Log, fin.TurnID = t0.Add(12*time.Second), "SUCCESS", "collected 4/4 oak_log", []string{"walked 8 blocks", "chopped 4"}, 0
	if err := s.FinishAction(ctx, fin); err != nil {
		t.Fatal(err)
	}
	got, err := s.RecentActions(ctx, 10, ActionFilter{})
	if err != nil || len(got) != 1 {
		t.Fatalf("RecentActions = %v, %v", got, err)
	}
	want := fin
	want.TurnID = 7 // a finish without a turn keeps the start's
	if !equalAction(got[0], want) {
		t.Fatalf("action = %+v, want %+v", got[0], want)
	}

	// A finish whose start was lost writes the whole action.
	c.advance(time.Minute)
	orphan := agent.ActionRecord{ID: "r2-abc123", Action: "mc_chat", Started: t0.Add(time.Minute), Finished: t0.Add(time.Minute), Result: "SUCCESS"}
	if err := s.FinishAction(ctx, orphan); err != nil {
		t.Fatal(err)
	}
	got, _ = s.RecentActions(ctx, 10, ActionFilter{})
	if len(got) != 2 || got[0].ID != "r2-abc123" || got[0].Params != "{}" || len(got[0].Log) != 0 {
		t.Fatalf("newest first = %+v", got)
	}

	for _, bad := range []agent.ActionRecord{{Action: "scan"}, {ID: "r3-abc123"}, {ID: "r4-abc123", Action: "scan", Params: "{nope"}} {
		if err := s.StartAction(ctx, bad); fault.CodeOf(err) != fault.CodeInvalid {
			t.Errorf("StartAction(%+v) = %v, want invalid input", bad, err)
		}
	}
}

func equalAction(a, b agent.ActionRecord) bool {
	return a.ID == b.ID && a.Action == b.Action && a.Params == b.Params && a.Started.Equal(b.Started) &&
		a.Finished.Equal(b.Finished) && a.Result == b.Result && a.Message == b.Message &&
		slices.Equal(a.Log, b.Log) && a.TurnID == b.TurnID
}

func TestRecentActionsFilters(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	for i := range 30 {
		a := agent.ActionRecord{ID: fmt.Sprintf("r%d-abc123", i), Action: []string{"scan", "move_to", "craft_item"}[i%3],
			Started: t0.Add(time.Duration(i) * time.Second), TurnID: int64(i / 10)}
		if err := s.StartAction(ctx, a); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			a.Finished, a.Result = a.Started.Add(time.Second), []string{"SUCCESS", "FAILURE"}[i%4/2]
			if err := s.FinishAction(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	ids := func(f ActionFilter, limit int) []string {
		t.Helper()
		got, err := s.RecentActions(ctx, limit, f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range got {
			out = append(out, a.ID)
		}
		return out
	}
	if got := ids(ActionFilter{}, 3); !slices.Equal(got, []string{"r29-abc123", "r28-abc123", "r27-abc123"}) {
		t.Errorf("latest 3 = %v", got)
	}
	if got := ids(ActionFilter{Action: "scan", Result: "SUCCESS"}, 0); !slices.Equal(got, []string{"r24-abc123", "r12-abc123", "r0-abc123"}) {
		t.Errorf("successful scans = %v", got)
	}
	if got := ids(ActionFilter{TurnID: 2, Pending: true}, 0); len(got) != 5 {
		t.Errorf("pending of turn 2 = %v", got)
	}
	if got := ids(ActionFilter{Before: t0.Add(2 * time.Second)}, 0); !slices.Equal(got, []string{"r1-abc123", "r0-abc123"}) {
		t.Errorf("before 2 s = %v", got)
	}
}

func TestTurns(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	turn := agent.TurnRecord{Trigger: "chat from Alex", Model: "rules",
		Usage:    agent.Usage{InputTokens: 1200, CacheRead: 600, CacheWritten: 250, OutputTokens: 80},
		Calls:    []agent.Usage{{InputTokens: 500, CacheWritten: 250, OutputTokens: 50}, {InputTokens: 700, CacheRead: 600, OutputTokens: 30}},
		Duration: 1500 * time.Millisecond, Shown: "you are standing in a field", Started: t0,
		ToolCalls: []agent.ToolCallRecord{{Name: "find_block", Args: `{"block":"log"}`, Answer: "started"}}}
	if err := s.SaveTurn(ctx, &turn); err != nil || turn.ID == 0 {
		t.Fatalf("SaveTurn: id %d, %v", turn.ID, err)
	}
	turn.Said = "on it"
	if err := s.SaveTurn(ctx, &turn); err != nil {
		t.Fatal(err)
	}
	got, err := s.Turn(ctx, turn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Said != "on it" || got.Trigger != turn.Trigger || got.Duration != turn.Duration || !got.Started.Equal(t0) ||
		len(got.ToolCalls) != 1 || got.ToolCalls[0] != turn.ToolCalls[0] || got.Shown != turn.Shown || got.Usage != turn.Usage ||
		!slices.Equal(got.Calls, turn.Calls) {
		t.Fatalf("Turn = %+v", got)
	}
	second := agent.TurnRecord{Trigger: "idle", Model: "rules", Started: t0.Add(time.Minute)}
	if err := s.SaveTurn(ctx, &second); err != nil {
		t.Fatal(err)
	}
	recent, err := s.RecentTurns(ctx, 0)
	if err != nil || len(recent) != 2 || recent[0].ID != second.ID || recent[0].ToolCalls != nil {
		t.Fatalf("RecentTurns = %+v, %v", recent, err)
	}
	missing := agent.TurnRecord{ID: 999, Trigger: "x"}
	if err := s.SaveTurn(ctx, &missing); !errors.Is(err, ErrNotFound) {
		t.Fatalf("saving a turn that is not there: %v, want ErrNotFound", err)
	}
	if _, err := s.Turn(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Turn(999): %v", err)
	}
}

func TestPrune(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	const old, fresh = 2*pruneBatch + 7, 5
	// Written in one transaction: thousands of single commits would only
	// measure the disk.
	recs := make([]actionRecord, old+fresh)
	for i := range recs {
		started := t0.Add(-40 * 24 * time.Hour)
		if i >= old {
			started = t0
		}
		recs[i] = actionRecord{ID: fmt.Sprintf("r%d-abc123", i), Action: "scan", Params: "{}", Log: "[]", Started: ms(started)}
	}
	if err := s.w.CreateInBatches(recs, 500).Error; err != nil {
		t.Fatal(err)
	}
	for _, started := range []time.Time{t0.Add(-31 * 24 * time.Hour), t0} {
		if err := s.SaveTurn(ctx, &agent.TurnRecord{Trigger: "x", Started: started}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.RememberPlace(ctx, world, game.Place{Name: "home", Dimension: "overworld"}); err != nil {
		t.Fatal(err)
	}
	n, err := s.Prune(ctx, t0.Add(-DefaultRetention))
	if err != nil || n != old+1 {
		t.Fatalf("Prune = %d, %v; want %d", n, err, old+1)
	}
	acts, _ := s.RecentActions(ctx, 1000, ActionFilter{})
	turns, _ := s.RecentTurns(ctx, 100)
	if len(acts) != fresh || len(turns) != 1 {
		t.Fatalf("kept %d actions and %d turns", len(acts), len(turns))
	}
	if _, err := s.Place(ctx, world, "home"); err != nil {
		t.Fatalf("Prune touched places: %v", err)
	}
}

// TestRunRetention runs the retention job on a fake clock: it prunes at
// once, again after each interval, and ends with its context.
func TestRunRetention(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		s, err := Open(ctx, filepath.Join(t.TempDir(), "r.db"), testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		now := time.Now()
		add := func(id string, age time.Duration) {
			if err := s.StartAction(ctx, agent.ActionRecord{ID: id, Action: "scan", Started: time.Now().Add(-age)}); err != nil {
				t.Fatal(err)
			}
		}
		count := func() int {
			acts, err := s.RecentActions(ctx, 100, ActionFilter{})
			if err != nil {
				t.Fatal(err)
			}
			return len(acts)
		}
		add("r1-old", 3*24*time.Hour)
		add("r2-new", time.Hour)

		jobCtx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			s.RunRetention(jobCtx, time.Hour, 2*24*time.Hour)
			close(done)
		}()
		synctest.Wait()
		if n := count(); n != 1 {
			t.Fatalf("after the first prune, %d actions, want 1", n)
		}
		// r2 is 1 h old now; after 47 h and one more tick it is past 2 days.
		time.Sleep(47*time.Hour + time.Minute)
		synctest.Wait()
		if n := count(); n != 1 {
			t.Fatalf("r2 pruned too early (%v in)", time.Since(now))
		}
		time.Sleep(time.Hour)
		synctest.Wait()
		if n := count(); n != 0 {
			t.Fatalf("after 2 days, %d actions left", n)
		}
		stop()
		<-done
	})
}
