package agent

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// objectivesWait bounds the read of her objectives for an idle nudge.
const objectivesWait = 2 * time.Second

// nudgeTick is how often the nudges are looked at: every second, or a
// quarter of the shortest nudge where that is shorter (a sped-up practice
// world divides them by its speed), so a nudge comes late by a quarter of
// itself at most. Never under 50 ms. A change of the nudges at run time
// (SetNudges) keeps the tick Run started with.
func nudgeTick(cfg MindConfig) time.Duration {
	every := time.Second
	for _, d := range []time.Duration{cfg.IdleNudge, cfg.Commentary} {
		if d > 0 {
			every = min(every, d/4)
		}
	}
	return max(every, 50*time.Millisecond)
}

// nudge decides whether one of the two silences worth breaking is due, and
// returns its perception. At most one is due per tick: the idle nudge while
// her hands are free, the commentary while they are busy. Her objectives
// are read under ctx with no lock held.
func (m *Mind) nudge(ctx context.Context, now time.Time) (Perception, bool) {
	if !m.Enabled() || !m.live.Snapshot().Conn.Connected {
		return Perception{}, false
	}
	if d, busy := m.hands.Busy(); busy {
		return m.commentary(now, d)
	}
	if m.live.Snapshot().Held != nil {
		return Perception{}, false // told to stop: she stays put until asked
	}
	idle, due := m.idleDue(now)
	if !due {
		return Perception{}, false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You have been standing around for %s with nothing in your hands.", seconds(idle))
	if open := m.openObjectives(ctx); len(open) > 0 {
		b.WriteString(" Your open objectives:")
		for i, o := range open {
			fmt.Fprintf(&b, "\n%d. %s", i+1, o)
		}
		b.WriteString("\nIt is your game: pick the next step and do it.")
	} else {
		b.WriteString(" Nobody has set you an objective, and that is fine: a player in a field is still a player. It is your game; pick something worth doing and do it.")
	}
	return Perception{Source: SourceGame, Kind: KindIdle, Addressed: true, At: now, Text: b.String()}, true
}

// idleDue reports whether the idle nudge is due at now, and how long her
// hands have been free; a nudge that is due is marked given.
func (m *Mind) idleDue(now time.Time) (time.Duration, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if end := m.hands.LastEnd(); end.After(m.idleSince) {
		m.idleSince = end // her hands came free then
	}
	if m.cfg.IdleNudge <= 0 {
		return 0, false
	}
	since := m.idleSince
	if m.lastNudge.After(since) {
		since = m.lastNudge
	}
	if now.Sub(since) < m.cfg.IdleNudge {
		return 0, false
	}
	m.lastNudge = now
	return now.Sub(m.idleSince), true
}

// commentary is due at most every Commentary while an action runs, and
// only when something changed since she last heard: new progress or a
// different inventory. Her model hears it only for an audience, at most
// once a game minute (route); the autopilot, free, hears every one.
func (m *Mind) commentary(now time.Time, d Doing) (Perception, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.idleSince = now
	if m.cfg.Commentary <= 0 || now.Sub(m.lastComment) < m.cfg.Commentary || now.Sub(d.Started) < m.cfg.Commentary {
		return Perception{}, false
	}
	progress := ""
	if d.Progress != nil {
		progress = progressText(d.Progress)
	}
	v := m.live.Snapshot()
	if progress == m.heardProgress && !v.InvAt.After(m.heardInv) {
		return Perception{}, false
	}
	m.lastComment, m.heardProgress, m.heardInv = now, progress, v.InvAt
	var b strings.Builder
	fmt.Fprintf(&b, "You have been at %s for %s.", d.Call, seconds(now.Sub(d.Started)))
	if progress != "" {
		fmt.Fprintf(&b, " Last progress: %s.", progress)
	}
	if inv := v.Inventory(); len(inv) > 0 {
		fmt.Fprintf(&b, " You carry %s.", inventoryLine(inv, 12))
	}
	b.WriteString(" If there is something worth saying about it, say it; staying quiet is fine too.")
	return Perception{Source: SourceGame, Kind: KindCommentary, Addressed: true, At: now, Text: b.String()}, true
}

// openObjectives lists the objectives not yet done. A store error leaves
// the list empty: a nudge is never worth failing over.
func (m *Mind) openObjectives(ctx context.Context) []string {
	if m.objectives == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, objectivesWait)
	defer cancel()
	all, err := m.objectives.Objectives(ctx)
	if err != nil {
		m.logger.Warn("agent: the objectives could not be read", slog.Any("error", err))
		return nil
	}
	var open []string
	for _, o := range all {
		if !o.Done {
			open = append(open, o.Text)
		}
	}
	return open
}
