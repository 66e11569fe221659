package rules

import (
	"maps"
	"time"
)

// People come first: for a while after a player near her asked her
// something, her own routine keeps to short work where she stands. She
// takes no walk to look elsewhere, no walk or chase for animals to lay by,
// no trip down her mine, and searches for blocks only close by; what keeps
// her alive (eating, a hunt when she is hungry with nothing to eat, a pack
// to walk away from, her shelter at night) is never held back.
const (
	// attendRange is how near a player must stand when they speak for her
	// to stay.
	attendRange = 16.0
	// attendFor is how long after their last line she stays.
	attendFor = time.Minute
	// attendRadius is how far she searches for blocks meanwhile.
	attendRadius = 16
)

// attend notes that a player near her asked her something now: a request
// or a question she understood (small talk in passing does not hold her).
// The person at the dashboard is not in the game.
func (m *Model) attend(from asker) {
	if from.dashboard {
		return
	}
	m.heardAt[from.key()] = m.now()
}

// attending reports whether a player near her asked her something in the
// last attendFor.
func (m *Model) attending() bool {
	now := m.now()
	maps.DeleteFunc(m.heardAt, func(_ string, at time.Time) bool { return now.Sub(at) >= attendFor })
	return len(m.heardAt) > 0
}

// nearby are the steps of the routine that keep her where she is: walks
// away and food laid by left out, searches for blocks kept within
// attendRadius.
func nearby(steps []step) []step {
	var out []step
	for _, s := range steps {
		switch {
		case s.tool == "move_away" && s.goal != goalEvade, s.goal == goalDiamonds, s.goal == goalExplore:
			continue
		case s.tool == "attack_entity" && (s.goal == goalFood || s.goal == goalForage):
			continue // a chase for food to lay by can wait
		case s.tool == "mine_down" && s.args["direction"] != nil:
			continue // a staircase down is a trip away
		case s.tool == "find_block":
			if r, ok := s.args["radius"].(int); !ok || r > attendRadius {
				args := maps.Clone(s.args)
				args["radius"] = attendRadius
				s.args = args
			}
		}
		out = append(out, s)
	}
	return out
}
