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
// --server starts the body, which joins flying-squid on loopback; after a
// minute SQLite holds actions she finished with SUCCESS. It needs Node.js
// 22 and the body's packages; without Node it says so and skips.
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
	squid := exec.CommandContext(ctx, "node", filepath.Join("test", "integration", "serve-squid.js"))
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
	// She plays until a minute has passed and some action has ended with
	// SUCCESS, or three minutes with none.
	began := time.Now()
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	var ok []string
	var rows int
	var ended map[string]int // action and result: how many
	for len(ok) == 0 || time.Since(began) < time.Minute {
		select {
		case <-ctx.Done():
			db.Close()
			t.Fatalf("no action ended with SUCCESS in SQLite among %d rows on flying-squid:\n%s", rows, logs)
		case <-tick.C:
		}
		if time.Since(began) > 3*time.Minute {
			db.Close()
			t.Fatalf("no action ended with SUCCESS in SQLite among %d rows after 3 minutes on flying-squid:\n%s", rows, logs)
		}
		recent, err := db.RecentActions(context.Background(), 1000, store.ActionFilter{})
		if err != nil {
			db.Close()
			t.Fatal(err)
		}
		rows, ok, ended = len(recent), ok[:0], map[string]int{}
		for _, r := range recent {
			ended[r.Action+" "+string(r.Result)]++
			if r.Result == "SUCCESS" && !r.Finished.IsZero() {
				ok = append(ok, r.Action)
			}
		}
	}
	db.Close() // before stop, which checks that no goroutine is left
	stop()
	t.Logf("%d of %d actions succeeded on flying-squid in %s; all of them by action and result: %v", len(ok), rows, time.Since(began).Round(time.Second), ended)
}
