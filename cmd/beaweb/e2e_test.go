package main

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"beaweb/internal/store"
)

// syncBuffer is a bytes.Buffer safe for the program's logger and the test
// to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startBeaweb runs the whole program in-process, in the practice world with
// the offline autopilot, on free loopback ports, and stops it when the test
// ends, checking every goroutine has ended.
func startBeaweb(t *testing.T, extra ...string) (addrs, *syncBuffer) {
	t.Helper()
	return startBeawebEnv(t, env{}, extra...)
}

// startBeawebEnv is startBeaweb with the test hooks of hooks (model,
// practice options) in its environment.
func startBeawebEnv(t *testing.T, hooks env, extra ...string) (addrs, *syncBuffer) {
	t.Helper()
	opts := []goleak.Option{goleak.IgnoreCurrent()}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan addrs, 1)
	logs := &syncBuffer{}
	done := make(chan int, 1)
	args := []string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "bea.db")}
	if !slices.Contains(extra, "--mod-url") {
		args = append(args, "--practice", "--speed", "20")
	}
	args = append(args, extra...)
	go func() {
		e := hooks
		e.getenv = func(string) string { return "" }
		e.stdout, e.stderr = logs, logs
		e.ready = func(a addrs) { ready <- a }
		done <- run(ctx, args, e)
	}()
	var a addrs
	select {
	case a = <-ready:
	case code := <-done:
		cancel()
		t.Fatalf("beaweb exited with %d before it was ready:\n%s", code, logs)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatalf("beaweb was not ready within 30 s:\n%s", logs)
	}
	t.Cleanup(func() {
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("beaweb exited with %d:\n%s", code, logs)
			}
		case <-time.After(15 * time.Second):
			t.Errorf("beaweb did not stop within 15 s of its context ending:\n%s", logs)
		}
		goleak.VerifyNone(t, opts...)
	})
	return a, logs
}

// sseEvent is one event of the live stream.
type sseEvent struct {
	name, data string
}

// follow reads the live stream into events until ctx ends.
func follow(ctx context.Context, t *testing.T, url string) <-chan sseEvent {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/live/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("live stream: %v", err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("live stream answered %s (%s)", resp.Status, resp.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 1024)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var ev sseEvent
		var data []string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					ev.data = strings.Join(data, "\n")
					select {
					case out <- ev:
					case <-ctx.Done():
						return
					}
				}
				ev, data = sseEvent{}, nil
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data = append(data, strings.TrimPrefix(line, "data: "))
			}
		}
	}()
	return out
}

// TestPlaysInThePracticeWorld is the walking skeleton end to end: beaweb
// starts with the practice world and the autopilot, an action runs and
// succeeds, the live stream shows its progress and its end, and its row is
// in SQLite.
func TestPlaysInThePracticeWorld(t *testing.T) {
	a, logs := startBeaweb(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	events := follow(ctx, t, a.Dashboard)

	var sawProgress, sawSuccess bool
	for !sawSuccess {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the live stream ended early:\n%s", logs)
			}
			if ev.name != "hands" {
				continue
			}
			if strings.Contains(ev.data, "find_block") && strings.Contains(ev.data, "/4") {
				sawProgress = true
			}
			if strings.Contains(ev.data, "SUCCESS") {
				sawSuccess = true
			}
		case <-ctx.Done():
			t.Fatalf("no action finished with SUCCESS on the live stream (progress seen: %v):\n%s", sawProgress, logs)
		}
	}
	if !sawProgress {
		t.Errorf("the live stream showed no progress of find_block before it succeeded")
	}
	cancel()

	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.RecentActions(context.Background(), 50, store.ActionFilter{Result: "SUCCESS"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("no successful action in SQLite:\n%s", logs)
	}
	r := rows[len(rows)-1]
	if !strings.HasPrefix(r.ID, "r") || r.Action == "" || r.Finished.IsZero() || r.Message == "" {
		t.Errorf("the action row is incomplete: %+v", r)
	}
}

// TestAFailedStartEndsEverything: with the dashboard's port taken, beaweb
// says so and exits, the practice world it had started included.
func TestAFailedStartEndsEverything(t *testing.T) {
	opts := []goleak.Option{goleak.IgnoreCurrent()}
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	logs := &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), []string{"--practice", "--addr", taken.Addr().String(), "--db", filepath.Join(t.TempDir(), "bea.db")},
			env{getenv: func(string) string { return "" }, stdout: logs, stderr: logs})
	}()
	select {
	case code := <-done:
		if code == 0 || !strings.Contains(logs.String(), "address already in use") {
			t.Errorf("exit %d with:\n%s", code, logs)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("beaweb hung after a failed start:\n%s", logs)
	}
	goleak.VerifyNone(t, opts...)
}
