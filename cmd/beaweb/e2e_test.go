package main

import (
	"bufio"
	"context"
	"html"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"beaweb/internal/agent"
	"beaweb/internal/logtest"
	"beaweb/internal/store"
)

// startBeaweb runs the whole program in-process, in the practice world with
// the offline autopilot, on free loopback ports, and stops it when the test
// ends, checking every goroutine has ended.
func startBeaweb(t *testing.T, extra ...string) (addrs, *logtest.Buffer) {
	t.Helper()
	return startBeawebEnv(t, env{}, extra...)
}

// startBeawebEnv is startBeaweb with the test hooks of hooks (model,
// practice options) in its environment.
func startBeawebEnv(t *testing.T, hooks env, extra ...string) (addrs, *logtest.Buffer) {
	t.Helper()
	a, logs, _ := runBeaweb(t, hooks, extra...)
	return a, logs
}

// runBeaweb is startBeawebEnv that also returns the way to stop it before
// the test ends: stop cancels run's context, waits for its exit (code 0)
// and checks every goroutine has ended. The test's cleanup calls it too;
// only the first call acts.
func runBeaweb(t *testing.T, hooks env, extra ...string) (addrs, *logtest.Buffer, func()) {
	t.Helper()
	opts := []goleak.Option{goleak.IgnoreCurrent()}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan addrs, 1)
	logs := &logtest.Buffer{}
	done := make(chan int, 1)
	args := []string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "bea.db")}
	if !slices.Contains(extra, "--mod-url") && !slices.Contains(extra, "--server") {
		args = append(args, "--practice", "--speed", "20")
	}
	args = append(args, extra...)
	go func() {
		e := hooks
		if e.getenv == nil {
			e.getenv = func(string) string { return "" }
		}
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
	var once sync.Once
	stop := func() {
		once.Do(func() {
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
	}
	t.Cleanup(stop)
	return a, logs, stop
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

// handsView is what one hands event of the live stream shows: the action
// in her hands (its id, and whether its progress is there) and the last one
// she finished (its id and result).
type handsView struct {
	doingID, doingCall string
	progress           bool
	lastID             string
	lastSuccess        bool
}

var (
	doingRe = regexp.MustCompile(`data-doing-id="([^"]*)" data-action="([^"]*)"`)
	lastRe  = regexp.MustCompile(`data-last-id="([^"]*)" data-action="[^"]*" data-result="([A-Z_]+)"`)
)

func readHands(data string) handsView {
	var v handsView
	doing, last, _ := strings.Cut(data, `<p class="last"`)
	last = `<p class="last"` + last
	if m := doingRe.FindStringSubmatch(doing); m != nil {
		v.doingID, v.doingCall = m[1], html.UnescapeString(m[2])
		v.progress = strings.Contains(doing, `<p class="progress"`)
	}
	if m := lastRe.FindStringSubmatch(last); m != nil {
		v.lastID, v.lastSuccess = m[1], m[2] == "SUCCESS"
	}
	return v
}

// TestPlaysInThePracticeWorld is the walking skeleton end to end, following
// actions by their request id: beaweb starts with the practice world and
// the autopilot; the first find_block that ends with SUCCESS on the live
// stream must have shown its own progress there before, and its row in
// SQLite must have that id, its result and its end. (A find_block cut short,
// by a zombie say, is passed over.) The practice world listens where
// --practice-addr says.
func TestPlaysInThePracticeWorld(t *testing.T) {
	// A port that was free a moment ago: only 127.0.0.1 is loopback on
	// every system, so the flag is told apart by its port.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	a, logs := startBeaweb(t, "--practice-addr", addr, "--seed", "1")
	if a.Mod != "ws://"+addr {
		t.Errorf("the practice world is at %s, not on --practice-addr %s", a.Mod, addr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	events := follow(ctx, t, a.Dashboard)

	finds := map[string]bool{} // find_block ids seen in her hands: whether their progress was
	var id string              // the find_block that succeeded
	for id == "" {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the live stream ended early:\n%s", logs)
			}
			if ev.name != "hands" {
				continue
			}
			v := readHands(ev.data)
			if v.doingCall == "find_block" && strings.HasPrefix(v.doingID, "r") {
				finds[v.doingID] = finds[v.doingID] || v.progress
			}
			if _, ok := finds[v.lastID]; !ok {
				continue
			}
			if v.lastSuccess {
				id = v.lastID
			} else {
				t.Logf("passed over %s, which ended without SUCCESS", v.lastID)
				delete(finds, v.lastID)
			}
		case <-ctx.Done():
			t.Fatalf("no find_block seen in her hands ended with SUCCESS on the live stream (%v):\n%s", finds, logs)
		}
	}
	if !finds[id] {
		t.Errorf("the live stream showed no progress of %s before its end", id)
	}
	cancel()

	// The history is written before the live panel shows the end.
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.RecentActions(context.Background(), 1000, store.ActionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(rows, func(r agent.ActionRecord) bool { return r.ID == id })
	if i < 0 {
		t.Fatalf("no row of %s in SQLite among %d:\n%s", id, len(rows), logs)
	}
	if r := rows[i]; r.Action != "find_block" || r.Result != "SUCCESS" || r.Finished.IsZero() || r.Message == "" {
		t.Errorf("the row of %s: %+v, want find_block finished with SUCCESS and its message", id, r)
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
	logs := &logtest.Buffer{}
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
