package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/logtest"
	"beaweb/internal/store"
)

// TestStoppingStopsTheRunningAction: when run's context ends (what SIGINT
// and SIGTERM do in main) while an action runs in the game, stop_moving
// reaches the game while the action's call still waits, so its row ends
// with the game's own answer (INTERRUPTED); then the database is closed and
// every goroutine has ended.
func TestStoppingStopsTheRunningAction(t *testing.T) {
	mod := gametest.New(t)
	model := &policyModel{policy: func(perception string, step int) []agent.ToolCall {
		if step == 0 && strings.Contains(perception, "You are in the game now") {
			return []agent.ToolCall{tool("find_block", map[string]any{"block": "log", "count": 4})}
		}
		return nil
	}}
	a, logs, stop := runBeaweb(t, env{model: model},
		"--mod-url", mod.URL(), "--idle-nudge-seconds", "0", "--commentary-seconds", "0")
	conn := mod.MustAccept()
	must(t, conn.SendHello(nil))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// The fake game holds find_block's answer: that is the action running.
	running := recvExcept(ctx, t, conn, logs, "find_block")
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		stop()
	}()
	// Nothing but the way out sends stop_moving here: her model never does.
	r := recvExcept(ctx, t, conn, logs, "stop_moving")
	// As the mod does: the action stop_moving cuts short is answered first,
	// INTERRUPTED, then stop_moving itself.
	must(t, conn.Answer(running, protocol.Interrupted, "interrupted (stop_moving)"))
	must(t, conn.Answer(r, protocol.Success, "you stopped find_block"))
	// Whatever else comes on the way out (a last stop_moving for what the
	// game does on its own) is answered until the link closes.
	go func() {
		_ = conn.Respond(ctx, func(protocol.Request) protocol.Answer {
			return protocol.Answer{Result: protocol.Success, Message: "you were not doing anything; you stand still"}
		})
	}()
	select {
	case <-stopped: // stop checked the exit code and the goroutines
	case <-ctx.Done():
		t.Fatalf("beaweb did not stop:\n%s", logs)
	}
	if t.Failed() {
		return
	}

	// SQLite removes the write-ahead log when its last connection closes:
	// while one is open it is there.
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(a.DB + suffix); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s%s is still there after the stop (%v): the database was not closed", a.DB, suffix, err)
		}
	}
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatalf("the database does not open after the stop: %v", err)
	}
	defer db.Close()
	rows, err := db.RecentActions(context.Background(), 100, store.ActionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(rows, func(r agent.ActionRecord) bool { return r.ID == running.ID })
	if i < 0 {
		t.Fatalf("no row of the running action %s: %+v", running.ID, rows)
	}
	if r := rows[i]; r.Finished.IsZero() || r.Result != string(protocol.Interrupted) || !strings.Contains(r.Message, "stop_moving") {
		t.Errorf("the running action's row: %+v, want its end with the game's answer, INTERRUPTED by stop_moving", r)
	}
}

// recvExcept reads requests until one of action comes, answering the others
// (a short call she makes on the side) with SUCCESS, and returns it.
func recvExcept(ctx context.Context, t *testing.T, conn *gametest.Conn, logs *logtest.Buffer, action string) protocol.Request {
	t.Helper()
	for {
		r, err := conn.Recv(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v\n%s", action, err, logs)
		}
		if r.Action == action {
			return r
		}
		must(t, conn.Answer(r, protocol.Success, "done"))
	}
}
