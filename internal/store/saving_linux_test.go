//go:build linux

package store

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"gorm.io/gorm"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// A transaction whose statements all worked but whose COMMIT the disk
// refused is reported with everything it wrote, once; the next transaction
// that commits clears it. The disk is made full for the COMMIT alone: the
// process may not grow a file past the size the WAL has, and in WAL mode
// SQLite writes a transaction's pages there at COMMIT.
func TestFailedCommitIsReported(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	var reports [][]agent.SaveTrouble
	s.ReportSaves(func(ts []agent.SaveTrouble) { reports = append(reports, ts) })
	place := func(name string) game.Place {
		return game.Place{Name: name, Dimension: "overworld", Pos: game.Pos{X: 1, Y: 64, Z: 2}}
	}
	if _, err := s.RememberPlace(ctx, "practice", place("home")); err != nil || len(reports) != 0 {
		t.Fatalf("a good write: %v, reports %v", err, reports)
	}
	var statements []error
	var file struct {
		Seq  int
		Name string
		File string
	}
	if err := s.w.Raw("PRAGMA database_list").Scan(&file).Error; err != nil {
		t.Fatal(err)
	}
	err := diskFullAtCommit(t, file.File+"-wal", func() error {
		return s.transaction(ctx, "places", func(tx *gorm.DB) error {
			for i := range 3 {
				statements = append(statements, tx.Exec(`INSERT INTO deaths (world_id, at, cause, dimension, x, y, z)
					VALUES (1, ?, ?, 'overworld', 0, 64, 0)`, i, strings.Repeat("lava ", 2000)).Error)
			}
			statements = append(statements, tx.Exec(`UPDATE places SET note = 'by the lava' WHERE name = 'home'`).Error)
			return nil
		})
	})
	if err == nil || !diskTrouble(err) {
		t.Fatalf("the transaction: %v; want the disk's refusal at COMMIT", err)
	}
	for i, err := range statements {
		if err != nil {
			t.Fatalf("statement %d failed (%v): the COMMIT was to fail, not a statement", i, err)
		}
	}
	if len(reports) != 1 {
		t.Fatalf("%d reports; want 1: %+v", len(reports), reports)
	}
	got := reports[0]
	if len(got) != 2 || got[0].What != "the places she names" || got[1].What != "her deaths" ||
		got[0].Count != 1 || got[1].Count != 1 || got[0].Error == "" || !got[0].Since.Equal(t0) {
		t.Fatalf("reported %+v; want the places and the deaths, once each", got)
	}
	if _, err := s.Place(ctx, "practice", "home"); err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := s.w.Raw("SELECT count(*) FROM deaths").Scan(&n).Error; err != nil || n != 0 {
		t.Fatalf("%d deaths stored (%v); the failed COMMIT kept none", n, err)
	}

	// A death is written with its place in one transaction: once it
	// commits, both are saved again.
	if err := s.RecordDeath(ctx, "practice", game.Death{At: t0, Cause: "lava", Dimension: "overworld"}); err != nil {
		t.Fatal(err)
	}
	if len(reports) != 2 || reports[1] != nil {
		t.Fatalf("after a good transaction the reports are %+v; want the trouble cleared", reports)
	}
}

// diskFullAtCommit runs write with the process unable to grow the file at
// path (the WAL) past its size now: a write past it fails as on a full
// disk (EFBIG rather than ENOSPC, both an I/O error to SQLite).
func diskFullAtCommit(t *testing.T, path string, write func() error) error {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	// Past the limit the kernel sends SIGXFSZ, which would end the test.
	signal.Ignore(syscall.SIGXFSZ)
	defer signal.Reset(syscall.SIGXFSZ)
	full := old
	full.Cur = uint64(info.Size())
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &full); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
			t.Fatal(fmt.Errorf("restoring the file size limit: %w", err))
		}
	}()
	return write()
}
