package agent

import (
	"bytes"
	"context"
	"log/slog"

	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/lockstep"
)

// TestWaitStateGivesItsTokenBackWhileItWaits: in lockstep a turn waiting
// for a fresh state holds the world no longer, and runs on its own token,
// under its own name, again once the state (or the wait's end in game time)
// has come; nothing is given back that was not held.
func TestWaitStateGivesItsTokenBackWhileItWaits(t *testing.T) {
	epoch := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	for _, by := range []string{"state", "timeout"} {
		t.Run(by, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var log bytes.Buffer
				clock := lockstep.New(epoch, lockstep.Debug(slog.New(slog.NewTextHandler(&log, nil))))
				l := NewLive("bea", nil, clock)
				clock.Pay(mindHolder, 1) // her mind runs on its door's token
				ctx := lockstep.Named(context.Background(), mindHolder)
				done := make(chan struct{})
				go func() {
					defer close(done)
					l.WaitState(ctx, epoch, 5*time.Second)
				}()
				synctest.Wait()
				if w := clock.Work(); w != 0 {
					t.Fatalf("work %d while she waits for a state, want 0", w)
				}
				if by == "state" {
					l.Update(TopicBody, func(s *Snapshot) { s.StateAt = epoch.Add(time.Second) })
				} else {
					clock.Advance(int64(5 * time.Second / lockstep.TickLength))
				}
				<-done
				want := map[string]int64{mindHolder: 1}
				if got := clock.Holders(); got[mindHolder] != 1 || len(got) != 1 || clock.Work() != 1 {
					t.Errorf("holders %v, work %d after the wait, want %v and 1", got, clock.Work(), want)
				}
				if log.Len() != 0 {
					t.Errorf("the clock logged: %s", log.String())
				}
			})
		})
	}
}
