package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// TestConcurrentWritersNeverLocked has the mind and the dashboard write
// through one store from many goroutines, while a second store on the same
// file (the places command next to a running beaweb) writes too. No write
// may fail, "database is locked" least of all.
func TestConcurrentWritersNeverLocked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "busy.db")
	a, err := Open(ctx, path, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, path, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()

	const writers, rounds = 6, 40
	errs := make(chan error, writers*rounds*3)
	var wg sync.WaitGroup
	for w := range writers {
		s := a
		if w%3 == 2 {
			s = b
		}
		wg.Go(func() {
			for i := range rounds {
				id := fmt.Sprintf("r%d-%06x", i, w)
				errs <- s.StartAction(ctx, agent.ActionRecord{ID: id, Action: "scan"})
				_, err := s.RememberPlace(ctx, "busy:1", game.Place{Name: fmt.Sprintf("w%d-%d", w, i), Dimension: "overworld"})
				errs <- err
				errs <- s.SetSetting(ctx, fmt.Sprintf("k%d", w), id)
				if _, err := s.RecentActions(ctx, 10, ActionFilter{}); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			if strings.Contains(err.Error(), "locked") || strings.Contains(err.Error(), "busy") {
				t.Fatalf("a writer saw the lock: %v", err)
			}
			t.Fatal(err)
		}
	}
	places, err := a.Places(ctx, "busy:1")
	if err != nil || len(places) != writers*rounds {
		t.Fatalf("%d places, %v; want %d", len(places), err, writers*rounds)
	}
	acts, err := b.RecentActions(ctx, 1000, ActionFilter{})
	if err != nil || len(acts) != writers*rounds {
		t.Fatalf("%d actions, %v; want %d", len(acts), err, writers*rounds)
	}
}
