package agent

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Policy is whom she takes requests from and how much of her model the
// players may use. The zero Policy obeys everyone and limits nothing.
type Policy struct {
	// Obey names the players whose requests she does; empty is everyone.
	// The person at the dashboard is always obeyed.
	Obey []string
	// TurnsPerMinute bounds the turns one player's lines start in a
	// minute; lines beyond it wait for the next turn, never dropped. 0 is
	// no limit.
	TurnsPerMinute int
	// SpendCap bounds what her model may cost in an hour, in the prices'
	// currency: at the cap she plays on the offline autopilot until the
	// last hour's spend is under it again. 0 is no cap; without prices
	// nothing is counted.
	SpendCap float64
}

// obeys reports whether she takes requests from the named player.
func (p Policy) obeys(name string) bool {
	return len(p.Obey) == 0 || slices.ContainsFunc(p.Obey, func(o string) bool { return strings.EqualFold(o, name) })
}

// SetPolicy changes whom she obeys and what the players may spend; it
// applies from her next turn.
func (m *Mind) SetPolicy(p Policy) {
	m.mu.Lock()
	m.policy = p
	m.mu.Unlock()
}

func (m *Mind) currentPolicy() Policy {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.policy
}

// markObeyed says on each line said to her whether she takes requests from
// its speaker, in its fields and in the words a model reads. Only Run's
// goroutine calls it, on perceptions no one else holds.
func markObeyed(ps []Perception, pol Policy) {
	for i := range ps {
		p := &ps[i]
		if p.Kind != KindChat || p.Chat == nil || !p.Addressed {
			continue
		}
		heard := *p.Chat
		heard.Obeyed = pol.obeys(heard.Author.Name)
		p.Chat = &heard
		if !heard.Obeyed {
			p.Text += "\n(" + heard.Author.Name + " is not one of the players you take requests from: answer kindly, but do not do what they ask.)"
		}
	}
}

// playerWindow is the window the per-player turn limit counts in.
const playerWindow = time.Minute

// limitPlayers takes out of ps the chat lines of players who have had
// their turns this minute and keeps them for a later turn; the lines kept
// from before whose players may speak again are put back first. It
// returns what this turn reads. The limit holds for every brain, the
// offline autopilot too: a burst of lines gets a turn or two, not one
// answer a line. A player whose lines begin to wait is told so once, by a
// KindPaced perception in the turn, so that she can say a word on the pace
// rather than nothing. Only Run's goroutine calls it.
func (m *Mind) limitPlayers(ps []Perception, now time.Time) []Perception {
	limit := m.currentPolicy().TurnsPerMinute
	waiting := m.waiting
	m.waiting = nil
	all := append(waiting, ps...)
	if limit <= 0 {
		return all
	}
	var out []Perception
	counted := map[string]bool{}
	waited := map[string]bool{} // players with lines waiting from before this turn
	for _, p := range waiting {
		waited[speaker(p)] = true
	}
	paced := map[string]bool{}
	for _, p := range all {
		who := speaker(p)
		if who == "" {
			out = append(out, p)
			continue
		}
		if !counted[who] && m.turnsOf(who, now) >= limit {
			m.waiting = append(m.waiting, p)
			if !waited[who] && !paced[who] {
				paced[who] = true
				out = append(out, pacedBy(p, limit))
			}
			continue
		}
		if !counted[who] {
			counted[who] = true
			m.playerTurns[who] = append(m.playerTurns[who], now)
		}
		out = append(out, p)
	}
	if n := len(m.waiting); n > 0 && len(waiting) == 0 {
		m.logger.Info(fmt.Sprintf("agent: a player spoke faster than %d turns a minute; %d lines wait for the next turn", limit, n))
	}
	return out
}

// pacedBy is the perception that says a player's line p waits for a later
// turn, for her to say a word on the pace.
func pacedBy(p Perception, limit int) Perception {
	heard := *p.Chat
	return Perception{Source: p.Source, Kind: KindPaced, At: p.At, Addressed: true, Chat: &heard,
		Text: fmt.Sprintf("%s is talking faster than you take turns for one player (%d a minute): their latest lines wait for a later turn, "+
			"where you will read them together. Tell them in one short sentence that you will get to it.", heard.Author.Name, limit)}
}

// speaker is who said a game chat line to her, "" for anything else.
func speaker(p Perception) string {
	if p.Kind != KindChat || p.Chat == nil || p.Source != SourceChat {
		return ""
	}
	if p.Chat.Author.UUID != "" {
		return p.Chat.Author.UUID
	}
	return p.Chat.Author.Name
}

// turnsOf counts the turns who's lines started in the last window, and
// forgets older ones.
func (m *Mind) turnsOf(who string, now time.Time) int {
	ts := m.playerTurns[who]
	cut := 0
	for cut < len(ts) && now.Sub(ts[cut]) >= playerWindow {
		cut++
	}
	ts = ts[cut:]
	if len(ts) == 0 {
		delete(m.playerTurns, who)
		return 0
	}
	m.playerTurns[who] = ts
	return len(ts)
}

// modelFor is the model her next turn thinks with: the one of the moment,
// or the offline autopilot while the last hour's spend is at the cap. It
// shows the cap on the live panel while it holds.
func (m *Mind) modelFor(now time.Time) Model {
	model := m.model()
	pol := m.currentPolicy()
	var capped *SpendCap
	if pol.SpendCap > 0 && m.fallback != nil && m.prices != nil {
		if spent := m.ledger.spent(now, m.prices); spent >= pol.SpendCap {
			capped = &SpendCap{Spent: spent, Cap: pol.SpendCap}
			model = m.fallback
		}
	}
	if was := m.live.Snapshot().Model.Capped; (was == nil) != (capped == nil) || was != nil && *was != *capped {
		if capped != nil && was == nil {
			m.logger.Warn(fmt.Sprintf("agent: her model spent %.2f in the last hour, at the cap of %.2f; she plays on the offline autopilot until it is under",
				capped.Spent, capped.Cap))
		}
		m.live.Update(TopicModel, func(s *Snapshot) { s.Model.Capped = capped })
	}
	return model
}
