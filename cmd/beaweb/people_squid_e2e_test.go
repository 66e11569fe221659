package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"beaweb/internal/squidworld"
	"beaweb/internal/store"
)

// TestAPlayerAsksAndSheDoesThroughTheBody: on flying-squid, through the
// body, with no model, Alex (a scripted player who joined before her) asks
// her in game chat to come, follow, stop, say what she is doing and give
// him a stick. Each line gets an answer about it in the game chat within
// 2 s, and she does it: she comes to him, follows him when he steps
// away, stands still once stopped, and hands the stick over (her give_item
// ends with SUCCESS in SQLite; flying-squid drops nothing thrown out of an
// inventory window, so that he holds it is proven only against the fakes).
func TestAPlayerAsksAndSheDoesThroughTheBody(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 8*time.Minute)
	defer cancel()
	s := startOnSquid(t, ctx, true)
	s.say(t, "/give Bea stick")

	// Alex steps 10 blocks away from her; she comes.
	v, _ := s.world.Latest()
	her := v.Players["Bea"]
	to := fmt.Sprintf("%d 5 %d", int(math.Floor(her.X))+10, int(math.Floor(her.Z)))
	s.say(t, "/tp Alex "+to)
	s.waitFor(t, 10*time.Second, "Alex to stand 10 blocks from her", func() bool {
		d, ok := s.distance()
		return ok && d > 8
	})
	far, _ := s.distance()
	at, _ := s.ask(t, "Bea, come here", "Coming")
	s.waitFor(t, 40*time.Second, fmt.Sprintf("her to come from %.1f blocks away and say so", far), func() bool {
		d, ok := s.distance()
		return ok && d <= 4 && slices.ContainsFunc(s.world.Lines(at, "Bea"), func(l squidworld.Line) bool { return l.Message == "Here I am!" })
	})
	t.Logf("she came from %.1f blocks to 4 or nearer in %s", far, time.Since(at).Round(100*time.Millisecond))

	// He asks her to follow, then steps 6 blocks on (a step, not a teleport).
	s.ask(t, "Bea, follow me", "Following")
	v, _ = s.world.Latest()
	s.say(t, fmt.Sprintf("/tp Alex %d 5 %d", int(math.Floor(v.Me.X)), int(math.Floor(v.Me.Z))+6))
	s.waitFor(t, 10*time.Second, "Alex to step 6 blocks on", func() bool {
		d, ok := s.distance()
		return ok && d > 5
	})
	s.waitFor(t, 30*time.Second, "her to follow him", func() bool {
		d, ok := s.distance()
		return ok && d <= 4
	})

	// Stopped, she stands still.
	_, stopped := s.ask(t, "Bea, stop", "stay")
	from := stopped.At.Add(time.Second)
	s.waitFor(t, 15*time.Second, "7 s of her standing", func() bool {
		v, ok := s.world.Latest()
		return ok && v.At.After(from.Add(6*time.Second))
	})
	var first, moved = (*squidworld.Sight)(nil), 0.0
	for _, v := range s.world.Sights(from, from.Add(6*time.Second)) {
		if first == nil {
			first = &v
		}
		if p, ok := v.Players["Bea"]; ok {
			moved = max(moved, p.Dist(first.Players["Bea"]))
		}
	}
	if first == nil || moved > 1.5 {
		t.Errorf("told to stop, she moved %.1f blocks in the 6 s after her answer; the chat:\n%s", moved, s.world.Chat())
	}

	s.ask(t, "Bea, what are you doing?", "I'm ", "Nothing in my hands")
	s.ask(t, "Bea, give me a stick", "Bringing you 1 stick")
	db, err := store.Open(context.Background(), s.a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s.waitFor(t, 40*time.Second, "her give_item to end with SUCCESS", func() bool {
		ended, _ := actions(t, db)
		return ended["give_item SUCCESS"] > 0
	})
	ended, succeeded := actions(t, db)
	for _, want := range []string{"goto_player", "follow_player", "give_item"} {
		if !slices.Contains(succeeded, want) {
			t.Errorf("no %s ended with SUCCESS in SQLite: %v", want, ended)
		}
	}
	t.Logf("the chat:\n%s\nher actions by result: %v", s.world.Chat(), ended)
	db.Close()
	s.stop()
}
