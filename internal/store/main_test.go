package store

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	// The crash test runs this binary again as the child it kills.
	if len(os.Args) == 3 && os.Args[1] == crashChildArg {
		os.Exit(crashChild(os.Args[2]))
	}
	goleak.VerifyTestMain(m)
}

// clock is a settable time for the store under test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// t0 is when the tests' clock starts.
var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// openTest opens a store on a new file in t.TempDir() with a clock that
// starts at t0, closed when the test ends.
func openTest(t testing.TB) (*Store, *clock) {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "bea.db"), testLogger(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	c := &clock{t: t0}
	s.now = c.now
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s, c
}

func testLogger(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}
