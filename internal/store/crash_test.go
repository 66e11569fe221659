package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// crashChildArg makes the test binary run crashChild instead of the tests.
const crashChildArg = "store-crash-child"

const crashWorld = "crash.example:25565"

// crashChild writes a place and an action, again and again, and prints
// "committed N" once both of round N are committed, until it is killed.
// It stops by itself after a minute so that it never outlives a parent
// that failed to kill it.
func crashChild(path string) int {
	ctx := context.Background()
	s, err := Open(ctx, path, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	deadline := time.Now().Add(time.Minute)
	for i := 0; time.Now().Before(deadline); i++ {
		p := game.Place{Name: fmt.Sprintf("p%d", i), Dimension: "overworld", Pos: game.Pos{X: i, Y: 64, Z: -i}}
		if _, err := s.RememberPlace(ctx, crashWorld, p); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		a := agent.ActionRecord{ID: fmt.Sprintf("r%d-c0ffee", i), Action: "move_to", Params: `{"x":1}`, Started: time.Now()}
		if err := s.StartAction(ctx, a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		a.Finished, a.Result, a.Message, a.Log = time.Now(), "SUCCESS", "arrived", []string{"walked"}
		if err := s.FinishAction(ctx, a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		// One write(2) per line, straight to the pipe: what the parent
		// reads was committed before it was printed.
		fmt.Fprintf(os.Stdout, "committed %d\n", i)
	}
	s.Close()
	return 0
}

// TestCrashKeepsCommittedWrites kills a writing child with SIGKILL in the
// middle of its stream; every write it reported committed must be there and
// the database must open clean.
func TestCrashKeepsCommittedWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	cmd := exec.Command(os.Args[0], crashChildArg, path)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	kill := func() { once.Do(func() { cmd.Process.Signal(syscall.SIGKILL) }) }
	defer kill()

	last := -1
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		n, err := strconv.Atoi(strings.TrimPrefix(lines.Text(), "committed "))
		if err != nil {
			t.Fatalf("child said %q", lines.Text())
		}
		if n != last+1 {
			t.Fatalf("child committed %d after %d", n, last)
		}
		last = n
		if last == 150 {
			kill()
		}
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child ended with %v, not killed; stderr: %s", err, stderr.String())
	}
	if last < 150 {
		t.Fatalf("child committed only %d rounds before it ended; stderr: %s", last+1, stderr.String())
	}

	ctx := context.Background()
	s, err := Open(ctx, path, testLogger(t))
	if err != nil {
		t.Fatalf("reopen after the crash: %v", err)
	}
	defer s.Close()
	var check []string
	if err := s.r.Raw("PRAGMA integrity_check").Scan(&check).Error; err != nil || len(check) != 1 || check[0] != "ok" {
		t.Fatalf("integrity_check = %v, %v", check, err)
	}
	var fk []map[string]any
	if err := s.r.Raw("PRAGMA foreign_key_check").Scan(&fk).Error; err != nil || len(fk) != 0 {
		t.Fatalf("foreign_key_check = %v, %v", fk, err)
	}
	for i := 0; i <= last; i++ {
		p, err := s.Place(ctx, crashWorld, fmt.Sprintf("p%d", i))
		if err != nil || p.Pos != (game.Pos{X: i, Y: 64, Z: -i}) {
			t.Fatalf("place p%d reported committed: %+v, %v", i, p, err)
		}
	}
	acts, err := s.RecentActions(ctx, 1000, ActionFilter{Result: "SUCCESS"})
	if err != nil {
		t.Fatal(err)
	}
	ids := make(map[string]bool, len(acts))
	for _, a := range acts {
		ids[a.ID] = true
	}
	for i := 0; i <= last; i++ {
		if !ids[fmt.Sprintf("r%d-c0ffee", i)] {
			t.Fatalf("finished action r%d reported committed is missing", i)
		}
	}
	// The store still takes writes after the crash.
	if _, err := s.RememberPlace(ctx, crashWorld, game.Place{Name: "after", Dimension: "overworld"}); err != nil {
		t.Fatalf("write after the crash: %v", err)
	}
	t.Logf("child committed %d rounds before SIGKILL", last+1)
}
