package partials

import (
	"fmt"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// What her reflexes cannot answer while she stands still on the person's
// word: the banner names it, so a stop or a pause never leaves her to die
// without a warning. Reflexes eat, fight back and flee; they do not find
// shelter from the night, food she does not carry, air or a way off lava.
const (
	// hurtWindow is how far back a drop in her health counts as damage
	// she is taking now.
	hurtWindow = 30 * time.Second
	// monsterNear is how close a monster must be to be named.
	monsterNear = 16
	// lavaNear is how close lava must be to be named.
	lavaNear = 2
	// runAt is the food at or under which she is too hungry to run (the
	// dashed line of the health chart), and healAt the food under which
	// she does not heal: the game's thresholds.
	runAt  = 6
	healAt = 18
)

// standing is her standing still by the person's choice, stopped or
// paused, with what her reflexes cannot answer there.
type standing struct {
	Paused  bool     // her mind is switched off; else she was stopped
	Dangers []string // clauses: "she is taking damage at night in the open"
}

// standingOf is her standing still with the dangers beyond her reflexes,
// nil while she plays on her own, is not in the game, or is in no danger
// her reflexes cannot meet.
func standingOf(s agent.Snapshot, now time.Time) *standing {
	if s.Enabled && s.Held == nil || !s.Conn.Connected {
		return nil
	}
	d := dangersOf(s, now)
	if len(d) == 0 {
		return nil
	}
	return &standing{Paused: !s.Enabled, Dangers: d}
}

// How is how she stands still: "is stopped" or "is paused".
func (st standing) How() string {
	if st.Paused {
		return "is paused"
	}
	return "is stopped"
}

// Danger is what threatens her, as the end of a sentence: "she is taking
// damage at night in the open and she is too hungry to run (food 6 of 20) and
// carries nothing to eat".
func (st standing) Danger() string { return joinClauses(st.Dangers) }

// dangersOf lists, as clauses of a sentence, what threatens her that her
// reflexes cannot answer: a night in the open (worse when a monster is near
// or she is being hurt), a monster with nothing to fight it with, hunger
// or wounds with nothing to eat, water over her head, lava beside her.
func dangersOf(s agent.Snapshot, now time.Time) []string {
	b := s.Body
	if b == nil || b.Health <= 0 {
		return nil
	}
	var out []string
	inv := s.Inventory()
	open := b.Dark && (s.World.Dimension == "" || s.World.Dimension == "overworld") && !roofed(b.Overhead)
	hurting := takingDamage(s, now)
	kind, dist := nearestMonster(b)
	armed := inv.BestTier("sword") > game.TierNone || inv.BestTier("axe") > game.TierNone
	switch {
	case hurting && open:
		out = append(out, "she is taking damage at night in the open")
	case open && kind != "":
		out = append(out, fmt.Sprintf("it is night, she stands in the open and %s is %d blocks away", aMonster(kind), dist))
	case open:
		out = append(out, "it is night and she stands in the open, where monsters come")
	case kind != "" && !armed:
		out = append(out, fmt.Sprintf("%s is %d blocks away and she has nothing to fight with", aMonster(kind), dist))
	case hurting:
		out = append(out, "she is taking damage")
	}
	if !carriesFood(inv) {
		switch {
		case b.Food == 0:
			out = append(out, "she is starving and carries nothing to eat")
		case b.Food <= runAt:
			out = append(out, fmt.Sprintf("she is too hungry to run (food %d of 20) and carries nothing to eat", b.Food))
		case b.Health <= 10 && b.Food < healAt:
			out = append(out, fmt.Sprintf("she is hurt (health %s of 20) and cannot heal without food", num(b.Health)))
		}
	}
	if b.InWater && b.Overhead == "water" {
		out = append(out, "her head is under water")
	}
	if nearLava(b) {
		out = append(out, "she is next to lava")
	}
	return out
}

// roofed reports whether the block over her head is a roof: solid, not
// a tree's leaves, which keep no monster off.
func roofed(overhead string) bool {
	return overhead != "" && !game.Passable(overhead) && !strings.HasSuffix(overhead, "_leaves")
}

// takingDamage reports whether her health now is lower than it was at some
// moment of the last half minute.
func takingDamage(s agent.Snapshot, now time.Time) bool {
	for _, v := range s.Vitals {
		if now.Sub(v.At) <= hurtWindow && v.Health > s.Body.Health {
			return true
		}
	}
	return false
}

// nearestMonster is the kind of the nearest hostile mob within
// monsterNear blocks and how far it is, "" for none.
func nearestMonster(b *agent.Body) (kind string, dist int) {
	best := -1.0
	for _, e := range b.Entities {
		if e.Hostile && e.Distance <= monsterNear && (best < 0 || e.Distance < best) {
			best, kind = e.Distance, e.Type
		}
	}
	return kind, int(best + 0.5)
}

// aMonster is a mob's kind with its article, as a sentence says it: "a
// zombie", "an enderman".
func aMonster(kind string) string {
	name := strings.ReplaceAll(kind, "_", " ")
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// carriesFood reports whether she carries food the eat reflex would eat.
func carriesFood(inv game.Inventory) bool {
	for item, n := range inv {
		if f, ok := game.FoodOf(item); ok && n > 0 && !f.Bad {
			return true
		}
	}
	return false
}

// nearLava reports whether she stands in lava or within lavaNear blocks
// of it.
func nearLava(b *agent.Body) bool {
	if b.Underfoot == "lava" {
		return true
	}
	for _, bl := range b.Blocks {
		if bl.Block == "lava" && bl.Distance <= lavaNear {
			return true
		}
	}
	return false
}

// joinClauses joins clauses as a sentence does: "a", "a and b", "a, b
// and c".
func joinClauses(cs []string) string {
	if len(cs) < 2 {
		return strings.Join(cs, "")
	}
	return strings.Join(cs[:len(cs)-1], ", ") + " and " + cs[len(cs)-1]
}
