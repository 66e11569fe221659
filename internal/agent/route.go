package agent

import "time"

// Which brain takes a perception: her model, for what is worth a model
// call, or the autopilot, for what it plays (a goal her model set). While
// the autopilot plays everything (no model chosen, her model out, the
// spend cap), it takes every perception, as it always did.

// wakesModel reports whether a perception is worth a call of her model: a
// line said to her, a question from the dashboard, a death, a blow that is
// news (a new attacker, her health across a mark: the gate says), the end
// of her goal, and her commentary when someone hears it (saidNow); while
// no goal is set, her own play besides (an action's end, a nudge, a reflex,
// a line in the chat under the gate's cooldown).
func (m *Mind) wakesModel(p Perception, goal bool) bool {
	switch p.Kind {
	case KindTell, KindAsk, KindDeath:
		return true
	case KindChat:
		return p.Addressed || !goal
	case KindFight:
		return p.Hit == nil || p.Hit.News
	case KindGoal:
		return p.Goal != nil && p.Goal.End != nil
	case KindCommentary:
		return m.saidNow(p.At)
	}
	return !goal
}

// forAutopilot reports whether the autopilot playing a goal reads a
// perception: all but what is said to her and her goal's end, which are
// her model's (a fight and a death go to both).
func forAutopilot(p Perception) bool {
	switch p.Kind {
	case KindTell, KindAsk:
		return false
	case KindChat:
		return !p.Addressed
	case KindGoal:
		return p.Goal != nil && p.Goal.End == nil
	}
	return true
}

// route splits a turn's perceptions between the autopilot playing her goal
// and her model; what neither takes wakes no one.
func (m *Mind) route(ps []Perception) (auto, model []Perception) {
	goal := m.live.Snapshot().Goal != nil
	for _, p := range ps {
		if goal && forAutopilot(p) {
			auto = append(auto, p)
		}
		if m.wakesModel(p, goal) {
			model = append(model, p)
		}
	}
	return auto, model
}

// saidNow reports whether her commentary at at reaches her model: someone
// hears it, and her model's last one was a game minute ago or more. It
// notes the one it lets through. Only Run's goroutine calls it.
func (m *Mind) saidNow(at time.Time) bool {
	if at.Sub(m.lastSaid) < m.cfg.Minute || !m.heard(m.live.Snapshot()) {
		return false
	}
	m.lastSaid = at
	return true
}

// Audience says how many people watch her on the dashboard now: the
// dashboard's live stream knows its viewers.
type Audience interface {
	Viewers() int
}

// SetAudience tells her mind who watches her on the dashboard; until it is
// set, nobody does.
func (m *Mind) SetAudience(a Audience) {
	m.mu.Lock()
	m.audience = a
	m.mu.Unlock()
}

// nearPlayer is how close a player must stand to hear what she says of her
// work: within sight, a little beyond earshot for a request.
const nearPlayer = 16.0

// heard reports whether anyone would hear her comment: a viewer of the
// dashboard, or a player within nearPlayer blocks.
func (m *Mind) heard(v Snapshot) bool {
	m.mu.Lock()
	a := m.audience
	m.mu.Unlock()
	if a != nil && a.Viewers() > 0 {
		return true
	}
	if v.Body == nil {
		return false
	}
	for _, p := range v.Body.Players {
		if p.Distance <= nearPlayer {
			return true
		}
	}
	return false
}
