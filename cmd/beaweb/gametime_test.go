package main

import (
	"testing"
	"time"

	"beaweb/internal/agent"
)

func TestBrainTimersCountGameTime(t *testing.T) {
	for _, c := range []struct {
		name     string
		practice bool
		speed    float64
		idle     time.Duration
		want     brainTimers
	}{
		{"a real game", false, 20, 30 * time.Second, brainTimers{30 * time.Second, 20 * time.Second, time.Minute, time.Minute}},
		{"practice at speed 1", true, 1, 30 * time.Second, brainTimers{30 * time.Second, 20 * time.Second, time.Minute, time.Minute}},
		{"practice at speed 20", true, 20, 30 * time.Second, brainTimers{1500 * time.Millisecond, time.Second, 3 * time.Second, 3 * time.Second}},
		{"practice at speed 0.5", true, 0.5, 30 * time.Second, brainTimers{time.Minute, 40 * time.Second, 2 * time.Minute, 2 * time.Minute}},
		{"an idle nudge that is off stays off", true, 20, 0, brainTimers{0, time.Second, 3 * time.Second, 3 * time.Second}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := defaults()
			cfg.Practice, cfg.PracticeWorld.Speed = c.practice, c.speed
			cfg.IdleNudge, cfg.Commentary = c.idle, 20*time.Second
			if got := cfg.brainTimers(false); got != c.want {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
	if agent.DefaultReflexMemory != time.Minute {
		t.Fatalf("the reflex memory's default is %v; the cases above assume a minute", agent.DefaultReflexMemory)
	}
}
