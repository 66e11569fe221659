package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/logtest"
	"beaweb/internal/store"
	"beaweb/web"
)

// A second beaweb on a database file another one holds refuses to start,
// and says which process holds it.
func TestASecondBeawebOnOneFileRefuses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "bea.db")
	held, err := store.ClaimFile(db) // the first beaweb, as far as the file can tell
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	logs := &logtest.Buffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), []string{"--practice", "--addr", "127.0.0.1:0", "--db", db},
			env{getenv: func(string) string { return "" }, stdout: logs, stderr: logs})
	}()
	select {
	case code := <-done:
		want := fmt.Sprintf("Another beaweb (process %d) is using the database %s", os.Getpid(), db)
		if code == 0 || !strings.Contains(logs.String(), want) {
			t.Errorf("exit %d with:\n%s\nwant %q", code, logs, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("a second beaweb on the same file did not refuse:\n%s", logs)
	}
}

// Opening the store at start marks the actions a crash left running as
// interrupted.
func TestAtStartActionsACrashLeftRunningAreInterrupted(t *testing.T) {
	ctx := context.Background()
	cfg := config{DB: filepath.Join(t.TempDir(), "bea.db")}
	before, err := store.Open(ctx, cfg.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := before.StartAction(ctx, agent.ActionRecord{ID: "r1-cut", Action: "find_block", Started: time.Now()}); err != nil {
		t.Fatal(err)
	}
	before.Close() // the crash: the action never got its answer
	db, _, err := openStore(ctx, &cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	running, err := historyOf{db}.RecentActions(ctx, web.ActionQuery{Running: true, Limit: 10})
	if err != nil || len(running) != 0 {
		t.Fatalf("still running after the start: %+v, %v", running, err)
	}
	all, err := historyOf{db}.RecentActions(ctx, web.ActionQuery{Limit: 10})
	if err != nil || len(all) != 1 || all[0].Result != "INTERRUPTED" {
		t.Fatalf("the history after the start: %+v, %v", all, err)
	}
}
