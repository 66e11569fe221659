package main

import (
	"time"

	"beaweb/internal/agent"
)

// brainTimers are the timers of her mind that stand for game time: how long
// she stands around before she is nudged, how often she hears about a long
// action, how long a reflex counts as recent, and a game minute (the
// commentary comes at most once in one).
type brainTimers struct {
	IdleNudge, Commentary, ReflexMemory, Minute time.Duration
}

// brainTimers are c's timers on the wall clock. In a real game wall time is
// game time. The practice world at speed X runs its clock X times as fast,
// so there each timer is divided by X: at speed 20 the 30 s idle nudge comes
// after 1.5 s, which is 30 s of her game, and a sped-up run plays as a real
// one would. A timer that is off (0) stays off; none is shorter than a
// millisecond. In lockstep (bench) her clock is the world's ticks, so the
// timers stand as they are.
func (c config) brainTimers(lockstep bool) brainTimers {
	t := brainTimers{IdleNudge: c.IdleNudge, Commentary: c.Commentary, ReflexMemory: agent.DefaultReflexMemory, Minute: time.Minute}
	speed := c.PracticeWorld.Speed
	if !c.Practice || lockstep || speed <= 0 || speed == 1 {
		return t
	}
	scale := func(d time.Duration) time.Duration {
		if d <= 0 {
			return d
		}
		return max(time.Duration(float64(d)/speed), time.Millisecond)
	}
	return brainTimers{IdleNudge: scale(t.IdleNudge), Commentary: scale(t.Commentary), ReflexMemory: scale(t.ReflexMemory), Minute: scale(t.Minute)}
}
