package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"beaweb/internal/squidworld"
	"beaweb/internal/store"
)

// TestPlaysOnFlyingSquidThroughTheBody: beaweb on the rules autopilot with
// --server starts the body, which joins flying-squid on loopback in a flat
// world with a ring of log trunks round the spawn (serve-squid.js --grove)
// and Alex, a scripted player, in it. She plays on her own, and Alex hands
// her a stick (/give, as an op would), asks her to come and to give it
// back. SQLite then holds actions of at least four kinds she finished with
// SUCCESS: she fetches logs, steps about, comes to him, hands the stick
// over. (flying-squid crafts nothing and opens no crafting table, so her
// crafts fail there whatever she does.) It needs Node.js 22 and the body's
// packages; without Node it says so and skips.
func TestPlaysOnFlyingSquidThroughTheBody(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 6*time.Minute)
	defer cancel()
	s := startOnSquid(t, ctx, true)
	s.say(t, "/give Bea stick")
	at := s.say(t, "Bea, come here")
	s.waitFor(t, time.Minute, "her to come", func() bool {
		return slices.ContainsFunc(s.world.Lines(at, "Bea"), func(l squidworld.Line) bool { return l.Message == "Here I am!" })
	})
	s.say(t, "Bea, give me a stick")
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
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for len(kinds) < 4 {
		if time.Since(began) > 4*time.Minute {
			t.Fatalf("after 4 minutes on flying-squid, actions of %d kinds ended with SUCCESS (%v), not 4; all of them by action and result: %v; the chat:\n%s\nbeaweb's log:\n%s",
				len(kinds), kinds, ended, s.world.Chat(), s.logs)
		}
		<-tick.C
		ended, kinds = actions(t, db)
	}
	db.Close() // before stop, which checks that no goroutine is left
	s.stop()
	t.Logf("actions of %d kinds succeeded on flying-squid in %s (%s); all of them by action and result: %v",
		len(kinds), time.Since(began).Round(time.Second), strings.Join(kinds, ", "), ended)
}
