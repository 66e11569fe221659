package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/agent"
)

// An action a crash left without an answer is interrupted at the next
// start, and the "still running" filter then finds nothing.
func TestInterruptLeftRunningAtStart(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()
	for _, id := range []string{"r1", "r2"} {
		if err := s.StartAction(ctx, agent.ActionRecord{ID: id, Action: "find_block", Started: t0}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.FinishAction(ctx, agent.ActionRecord{ID: "r1", Action: "find_block", Started: t0, Finished: t0.Add(1e9), Result: "SUCCESS"}); err != nil {
		t.Fatal(err)
	}
	if running, err := s.RecentActions(ctx, 10, ActionFilter{Pending: true}); err != nil || len(running) != 1 || running[0].ID != "r2" {
		t.Fatalf("still running before: %+v, %v", running, err)
	}
	n, err := s.InterruptLeftRunning(ctx, c.now())
	if err != nil || n != 1 {
		t.Fatalf("InterruptLeftRunning = %d, %v; want 1", n, err)
	}
	if running, err := s.RecentActions(ctx, 10, ActionFilter{Pending: true}); err != nil || len(running) != 0 {
		t.Fatalf("still running after: %+v, %v", running, err)
	}
	got, err := s.RecentActions(ctx, 10, ActionFilter{Result: "INTERRUPTED"})
	if err != nil || len(got) != 1 || got[0].ID != "r2" || got[0].Finished.IsZero() || !strings.Contains(got[0].Message, "stopped before") {
		t.Fatalf("interrupted: %+v, %v", got, err)
	}
	if done, _ := s.RecentActions(ctx, 10, ActionFilter{Result: "SUCCESS"}); len(done) != 1 || done[0].ID != "r1" {
		t.Fatalf("the finished action changed: %+v", done)
	}
}

// A database that cannot be opened for writing is refused with a sentence
// that names the file and the cause.
func TestOpenSaysWhyTheFileCannotBeUsed(t *testing.T) {
	dir := t.TempDir()
	isDir := filepath.Join(dir, "taken.db")
	if err := os.Mkdir(isDir, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{filepath.Join(dir, "nowhere", "bea.db"), "its folder " + filepath.Join(dir, "nowhere") + " does not exist"},
		{isDir, "it is a folder; point --db (BEA_DB) at a file, such as " + filepath.Join(isDir, "beaweb.db")},
	}
	for _, tc := range cases {
		checkOpenRefused(t, tc.path, tc.want, func() error { return tryOpen(tc.path) })
	}
}

// A database file that is read-only to the user beaweb runs as is refused
// at start with the file and the cause, root or not (asSomeoneElse).
func TestOpenRefusesAReadOnlyFile(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.db")
	if err := os.WriteFile(ro, nil, 0o444); err != nil {
		t.Fatal(err)
	}
	checkOpenRefused(t, ro, "the file cannot be written (permission denied)", func() error {
		return asSomeoneElse(t, dir, func() error { return tryOpen(ro) })
	})
}

// tryOpen opens the store at path and closes it at once.
func tryOpen(path string) error {
	s, err := Open(context.Background(), path, nil)
	if err == nil {
		s.Close()
	}
	return err
}

// checkOpenRefused checks that open fails with a sentence that names path
// and says want.
func checkOpenRefused(t *testing.T, path, want string, open func() error) {
	t.Helper()
	err := open()
	if err == nil {
		t.Errorf("Open(%s) worked", path)
		return
	}
	if msg := err.Error(); !strings.Contains(msg, "database "+path) || !strings.Contains(msg, want) {
		t.Errorf("Open(%s): %q; want the file and %q", path, msg, want)
	}
}

// A second claim on the same file is refused with the holder's process
// id; once the first lets go, the file can be claimed again.
func TestClaimRefusesASecondBeaweb(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bea.db")
	first, err := ClaimFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ClaimFile(path)
	if err == nil {
		t.Fatal("a second claim on the same file worked")
	}
	if want := fmt.Sprintf("Another beaweb (process %d) is using the database %s", os.Getpid(), path); !strings.Contains(err.Error(), want) {
		t.Fatalf("second claim: %q; want %q", err, want)
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := ClaimFile(path)
	if err != nil {
		t.Fatalf("claiming after the release: %v", err)
	}
	again.Release()
}

// A write the database refuses (the file read-only, the disk full) is
// reported with what is not being saved, each time it fails; the next
// write that succeeds clears it. Writes that succeed report nothing.
func TestFailedWritesAreReported(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	var reports [][]agent.SaveTrouble
	s.ReportSaves(func(ts []agent.SaveTrouble) { reports = append(reports, ts) })
	act := func(id string) error {
		return s.StartAction(ctx, agent.ActionRecord{ID: id, Action: "find_block", Started: t0})
	}
	if err := act("ok1"); err != nil || len(reports) != 0 {
		t.Fatalf("a good write: %v, reports %v", err, reports)
	}
	exec := func(sql string) {
		t.Helper()
		if err := s.w.Exec(sql).Error; err != nil {
			t.Fatal(err)
		}
	}
	var pages int64
	if err := s.w.Raw("PRAGMA page_count").Scan(&pages).Error; err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, stop, resume, want string }{
		{"read-only", "PRAGMA query_only=1", "PRAGMA query_only=0", "readonly"},
		{"disk full", fmt.Sprintf("PRAGMA max_page_count=%d", pages), "PRAGMA max_page_count=1000000", "full"},
	} {
		reports = nil
		exec(tc.stop)
		var failed int
		for i := range 3 {
			// Rows big enough to need new pages.
			err := s.StartAction(ctx, agent.ActionRecord{ID: fmt.Sprintf("%s-%d", tc.name, i), Action: "find_block", Started: t0,
				Params: `{"note":"` + strings.Repeat("x", 8000) + `"}`})
			if err != nil {
				failed++
			}
		}
		if failed != 3 || len(reports) != 3 {
			t.Fatalf("%s: %d writes failed, %d reports; want 3 and 3", tc.name, failed, len(reports))
		}
		last := reports[2]
		if len(last) != 1 || last[0].What != "her actions (the History page)" || last[0].Count != 3 ||
			!strings.Contains(last[0].Error, tc.want) || !last[0].Since.Equal(t0) {
			t.Fatalf("%s: reported %+v", tc.name, last)
		}
		exec(tc.resume)
		if err := act("after-" + tc.name); err != nil {
			t.Fatal(err)
		}
		if len(reports) != 4 || reports[3] != nil {
			t.Fatalf("%s: after a good write the reports are %+v; want the trouble cleared", tc.name, reports)
		}
	}
}
