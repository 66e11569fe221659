package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/store"
)

// TestPlaysOnFlyingSquidThroughTheBody: beaweb on the rules autopilot with
// --server starts the body, which joins flying-squid on loopback in a flat
// world with a ring of log trunks round the spawn (serve-squid.js --grove)
// and Alex, a scripted player, in it. Alex hands her a crafting table as an
// op would (flying-squid crafts nothing, so she could never make one there)
// and asks her once to come. SQLite then holds actions of at least four
// kinds she finished with SUCCESS: she fetches logs, places the table,
// walks, comes to him. It needs Node.js 22 and the body's packages; without
// Node it says so and skips.
func TestPlaysOnFlyingSquidThroughTheBody(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 6*time.Minute)
	defer cancel()
	s := startOnSquid(t, ctx, true)
	for _, line := range []string{"/give Bea crafting_table", "Bea, come here"} {
		if _, err := s.world.say(line); err != nil {
			t.Fatal(err)
		}
	}
	db, err := store.Open(context.Background(), s.a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// She plays until actions of four kinds have ended with SUCCESS, or
	// four minutes with fewer.
	began := time.Now()
	var ended map[string]int // action and result: how many
	var kinds []string       // the actions that ended with SUCCESS
	s.waitFor(t, 4*time.Minute, "actions of four kinds to end with SUCCESS in SQLite", func() bool {
		ended, kinds = actions(t, db)
		if time.Since(began) > 4*time.Minute-time.Second {
			t.Logf("actions that ended with SUCCESS: %v; all of them by action and result: %v", kinds, ended)
		}
		return len(kinds) >= 4
	})
	db.Close() // before stop, which checks that no goroutine is left
	s.stop()
	t.Logf("actions of %d kinds succeeded on flying-squid in %s (%s); all of them by action and result: %v",
		len(kinds), time.Since(began).Round(time.Second), strings.Join(kinds, ", "), ended)
}
