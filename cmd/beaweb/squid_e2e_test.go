package main

import (
	"context"
	"fmt"
	"log/slog"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"beaweb/internal/bodyproc"
	"beaweb/internal/logtest"
	"beaweb/internal/squidworld"
	"beaweb/internal/store"
)

// onSquid is one end-to-end run through the body: flying-squid on
// loopback with Alex, a scripted player, in it, and beaweb on the rules
// autopilot joined as Bea through the body.
type onSquid struct {
	world *squidworld.World
	a     addrs
	logs  *logtest.Buffer
	stop  func() // stops beaweb (and checks no goroutine is left)
}

// startOnSquid starts flying-squid with Alex in it (with the log ring of
// --grove round the spawn when grove), then beaweb with --server, and
// returns once Alex sees her and she has started her first action. It
// skips the test without Node.js 22 or npm, and with -short.
func startOnSquid(t *testing.T, ctx context.Context, grove bool) *onSquid {
	t.Helper()
	if testing.Short() {
		t.Skip("the body's end-to-end run takes minutes; skipped with -short")
	}
	node, err := bodyproc.FindNode(ctx)
	if err != nil {
		t.Skipf("skipping the body's end-to-end run: %v", err)
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("skipping the body's end-to-end run: npm is not on PATH to install the body's packages")
	}
	dir := bodyproc.Dir()
	if err := bodyproc.Install(ctx, dir, node, t.Output(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	world, err := squidworld.Start(ctx, squidworld.Options{Node: node, Dir: dir, Player: "Alex", Grove: grove, Stderr: t.Output()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(world.Close)
	a, logs, stop := runBeaweb(t, env{}, "--server", "127.0.0.1:"+strconv.Itoa(world.Port), "--username", "Bea")
	s := &onSquid{world: world, a: a, logs: logs, stop: stop}
	s.waitFor(t, 2*time.Minute, "Alex to see her in the game", func() bool {
		v, ok := world.Latest()
		_, seen := v.Players["Bea"]
		return ok && seen
	})
	// Her first turns after she joins wait for the game's first states; a
	// line said then waits with them. A player talks to her once she plays.
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s.waitFor(t, time.Minute, "her first action", func() bool {
		ended, _ := actions(t, db)
		return len(ended) > 0
	})
	return s
}

// waitFor polls cond every 100 ms until it holds, failing the test after
// within.
func (s *onSquid) waitFor(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s; the chat:\n%s\nbeaweb's log:\n%s", within, what, s.world.Chat(), s.logs)
		}
		<-tick.C
	}
}

// distance is how far she stood from Alex in his last sight of her; ok is
// false while he does not see her.
func (s *onSquid) distance() (float64, bool) {
	v, ok := s.world.Latest()
	her, seen := v.Players["Bea"]
	if !ok || !seen {
		return 0, false
	}
	return her.Dist(v.Me), true
}

// actions reads her actions from SQLite: how many of each action and
// result, and the actions that ended with SUCCESS.
func actions(t *testing.T, db *store.Store) (ended map[string]int, succeeded []string) {
	t.Helper()
	recent, err := db.RecentActions(context.Background(), 1000, store.ActionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	ended = map[string]int{}
	for _, r := range recent {
		ended[r.Action+" "+string(r.Result)]++
		if r.Result == "SUCCESS" && !r.Finished.IsZero() && !slices.Contains(succeeded, r.Action) {
			succeeded = append(succeeded, r.Action)
		}
	}
	slices.Sort(succeeded)
	return ended, succeeded
}

// say has Alex say line (a /command too), and returns when he was told.
func (s *onSquid) say(t *testing.T, line string) time.Time {
	t.Helper()
	at, err := s.world.Say(line)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// answer is her first line in the chat after at; ok is false when she has
// said nothing since.
func (s *onSquid) answer(at time.Time) (squidworld.Line, bool) {
	said := s.world.Lines(at, "Bea")
	if len(said) == 0 {
		return squidworld.Line{}, false
	}
	return said[0], true
}

// ask has Alex say line and waits up to 2 s for her answer, which must say
// one of want (what a player would read as about his request).
func (s *onSquid) ask(t *testing.T, line string, want ...string) (time.Time, squidworld.Line) {
	t.Helper()
	at := s.say(t, line)
	s.waitFor(t, 2*time.Second, fmt.Sprintf("her answer to %q", line), func() bool {
		_, ok := s.answer(at)
		return ok
	})
	got, _ := s.answer(at)
	if strings.Contains(got.Message, "Heard you") || !slices.ContainsFunc(want, func(w string) bool { return strings.Contains(got.Message, w) }) {
		t.Errorf("to %q she answered %q (in %s), not a line about it (%q)", line, got.Message, got.At.Sub(at).Round(time.Millisecond), want)
	}
	t.Logf("%q: %q in %s", line, got.Message, got.At.Sub(at).Round(time.Millisecond))
	return at, got
}
