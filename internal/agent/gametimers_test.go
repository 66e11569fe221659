package agent

import (
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// A sped-up practice world shortens how long a reflex counts as recent
// (MindConfig.ReflexMemory); left at 0 it is a minute. The autopilot and
// her live state read the same snapshot, so both follow it.
func TestReflexMemoryFollowsTheMindsSetting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		short, _ := newTestMind(nil, &gametest.Game{}, MindConfig{ReflexMemory: 3 * time.Second})
		long, _ := newTestMind(nil, &gametest.Game{}, MindConfig{})
		for _, m := range []*testMind{short, long} {
			m.Senses.Handle(t.Context(), protocol.Reflex{Reflex: "defend", Event: "started", Message: "a zombie"})
		}
		recent := func(m *testMind) int { return len(m.live.Snapshot().RecentReflexes(time.Now())) }
		time.Sleep(2 * time.Second)
		if recent(short) != 1 {
			t.Fatal("a reflex 2 s old is gone from a 3 s memory")
		}
		time.Sleep(2 * time.Second)
		if n := recent(short); n != 0 {
			t.Fatalf("a reflex 4 s old is still in a 3 s memory (%d)", n)
		}
		if recent(long) != 1 {
			t.Fatal("a reflex 4 s old is gone from the default minute")
		}
		time.Sleep(57 * time.Second)
		if n := recent(long); n != 0 {
			t.Fatalf("a reflex past a minute old is still recent (%d)", n)
		}
	})
}

func TestNudgesAreLookedAtOftenEnoughForTheirLength(t *testing.T) {
	for _, c := range []struct {
		idle, commentary, want time.Duration
	}{
		{30 * time.Second, 20 * time.Second, time.Second},
		{1500 * time.Millisecond, time.Second, 250 * time.Millisecond},
		{0, 0, time.Second},
		{0, 2 * time.Second, 500 * time.Millisecond},
		{10 * time.Millisecond, 0, 50 * time.Millisecond},
	} {
		if got := nudgeTick(MindConfig{IdleNudge: c.idle, Commentary: c.commentary}); got != c.want {
			t.Errorf("idle %v, commentary %v: every %v, want %v", c.idle, c.commentary, got, c.want)
		}
	}
}

// At speed 20 the 30 s idle nudge comes after 1.5 s, not the second the
// tick used to wait for at least.
func TestAShortIdleNudgeComesOnTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{IdleNudge: 1500 * time.Millisecond})
		go func() { _ = m.Run(t.Context()) }()
		time.Sleep(1400 * time.Millisecond)
		synctest.Wait()
		if n := len(model.requests()); n != 0 {
			t.Fatalf("%d turns after 1.4 s with a 1.5 s idle nudge, want none yet", n)
		}
		time.Sleep(500 * time.Millisecond)
		synctest.Wait()
		if n := len(model.requests()); n == 0 {
			t.Fatal("no turn after 1.9 s with a 1.5 s idle nudge")
		}
	})
}
