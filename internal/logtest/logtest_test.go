package logtest

import (
	"strings"
	"sync"
	"testing"
)

// TestBufferIsSharedSafely: goroutines log while the test reads, and every
// line arrives whole (run with -race).
func TestBufferIsSharedSafely(t *testing.T) {
	var b Buffer
	log := b.Logger()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for range 50 {
				log.Debug("step", "writer", i)
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if n := strings.Count(b.String(), "level=DEBUG msg=step writer="); n != 200 {
		t.Errorf("%d lines of 200 arrived:\n%s", n, b.String())
	}
}
