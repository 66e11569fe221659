package main

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"beaweb/internal/store"
)

// TestPlaysOnFlyingSquidThroughTheBody: beaweb on the rules autopilot with
// --server starts the body, which joins flying-squid on loopback in a flat
// world with a ring of log trunks round the spawn (serve-squid.js --grove);
// after a minute SQLite holds actions of more than one kind she finished
// with SUCCESS (she fetches logs, and walks). It needs Node.js 22 and the
// body's packages; without Node it says so and skips.
func TestPlaysOnFlyingSquidThroughTheBody(t *testing.T) {
	if testing.Short() {
		t.Skip("the body's end-to-end run takes a minute; skipped with -short")
	}
	if _, err := findNode(t.Context()); err != nil {
		t.Skipf("skipping the body's end-to-end run: %v", err)
	}
	dir := bodyDir()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("skipping the body's end-to-end run: npm is not on PATH to install the body's packages")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	if err := installBody(ctx, dir, "node", t.Output(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	squid := exec.CommandContext(ctx, "node", filepath.Join("test", "integration", "serve-squid.js"), "--grove")
	squid.Dir = dir
	stdin, err := squid.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := squid.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := squid.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); squid.Wait() }()
	var ready struct{ Port int }
	sc := bufio.NewScanner(out)
	for ready.Port == 0 && sc.Scan() {
		json.Unmarshal(sc.Bytes(), &ready)
	}
	if ready.Port == 0 {
		t.Fatal("flying-squid never said its port")
	}
	go func() {
		for sc.Scan() {
		}
	}()

	a, logs, stop := runBeaweb(t, env{}, "--server", "127.0.0.1:"+strconv.Itoa(ready.Port), "--username", "Bea")
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	// She plays until a minute has passed and actions of two kinds have
	// ended with SUCCESS, or three minutes with fewer.
	began := time.Now()
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	var rows int
	var kinds map[string]bool // the actions that ended with SUCCESS
	var ended map[string]int  // action and result: how many
	for len(kinds) < 2 || time.Since(began) < time.Minute {
		select {
		case <-ctx.Done():
			db.Close()
			t.Fatalf("actions of %d kinds ended with SUCCESS in SQLite among %d rows on flying-squid (%v), not 2:\n%s", len(kinds), rows, ended, logs)
		case <-tick.C:
		}
		if time.Since(began) > 3*time.Minute {
			db.Close()
			t.Fatalf("after 3 minutes on flying-squid, actions of %d kinds ended with SUCCESS among %d rows (%v), not 2:\n%s", len(kinds), rows, ended, logs)
		}
		recent, err := db.RecentActions(context.Background(), 1000, store.ActionFilter{})
		if err != nil {
			db.Close()
			t.Fatal(err)
		}
		rows, kinds, ended = len(recent), map[string]bool{}, map[string]int{}
		for _, r := range recent {
			ended[r.Action+" "+string(r.Result)]++
			if r.Result == "SUCCESS" && !r.Finished.IsZero() {
				kinds[r.Action] = true
			}
		}
	}
	db.Close() // before stop, which checks that no goroutine is left
	stop()
	t.Logf("actions of %d kinds succeeded on flying-squid in %s among %d rows; all of them by action and result: %v", len(kinds), time.Since(began).Round(time.Second), rows, ended)
}
