package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Reflex thresholds, as the seed gives them.
const (
	respawnDelay   = 20  // ticks she lies dead before the respawn reflex
	eatAtFood      = 14  // she eats when idle at this food or less
	healAtFood     = 18  // under this food she does not heal: hurt, she eats
	fleeBelow      = 6.0 // she flees under this health with nothing to fight with
	playerHits     = 3   // a player is fought back after this many hits...
	playerHitTicks = 200 // ...within ten seconds
	eatRetryTicks  = 200 // after a failed meal she waits before trying again
)

// blow is one hit she took.
type blow struct {
	tick int64
	by   int // entity id
}

// stepReflex runs the reflex in her hands, respawns her when she is dead,
// and otherwise starts a reflex when waiting would hurt her.
func (w *World) stepReflex() {
	if w.bea.dead {
		if w.tick-w.bea.diedAt >= respawnDelay {
			w.respawn()
		}
		return
	}
	if j := w.hands.reflex; j != nil {
		if w.hands.advance(j) {
			ev := protocol.EventFinished
			if !j.out.result.OK() {
				ev = protocol.EventFailed
			}
			w.hands.reflex = nil
			w.hub.broadcast(j.about.packet(j.reflex, ev, j.out.message))
		}
		return
	}
	w.considerEating()
}

// considerEating starts the eat reflex, with only food worth eating, when
// she is hurt and too hungry to heal: with her hands idle (standing still
// after a stop, or paused, she still mends), or lately struck. Idle, she
// also eats at food 14 or less.
func (w *World) considerEating() {
	b := w.bea
	if w.tick < w.eatRetry {
		return
	}
	hurtHungry := b.health < 20 && b.food < healAtFood
	idle := w.hands.job == nil && (b.food <= eatAtFood || hurtHungry)
	struck := hurtHungry && w.tick-b.lastHurt < 200
	if !idle && !struck {
		return
	}
	item := bestFood(b.inv, true)
	if item == "" {
		w.eatRetry = w.tick + eatRetryTicks
		return
	}
	w.eatRetry = w.tick + eatRetryTicks
	w.startReflex(protocol.ReflexEat, reasonReflex("eat"),
		fmt.Sprintf("eating %s at food %d/20", item, b.food), about{item: item},
		func(a *act) outcome { return eat(a, item, true) })
}

// noteAttack decides what a blow makes her do: flee under 6 health with
// nothing to fight with (giving up a fight she is losing), fight back
// against a monster, and against a player only after three hits in ten
// seconds.
func (w *World) noteAttack(by *entity, amount float64) {
	b := w.bea
	if b.dead || b.health <= 0 {
		return
	}
	w.blows = append(w.blows, blow{tick: w.tick, by: by.id})
	if len(w.blows) > 32 {
		w.blows = w.blows[len(w.blows)-32:]
	}
	j := w.hands.reflex
	losing := b.health < fleeBelow && bestWeapon(b.inv) == ""
	if j != nil && (j.reflex == protocol.ReflexFlee || j.reflex == protocol.ReflexDefend && !losing) {
		return
	}
	name := by.displayName()
	if losing {
		w.startReflex(protocol.ReflexFlee, reasonReflex("flee from "+name),
			fmt.Sprintf("fleeing from %s at %.0f health with nothing to fight with", name, b.health), aboutEntity(by),
			func(a *act) outcome { return flee(a, by) })
		return
	}
	if by.kind == "player" {
		hits := 0
		for _, bl := range w.blows {
			if bl.by == by.id && w.tick-bl.tick <= playerHitTicks {
				hits++
			}
		}
		if hits < playerHits {
			return
		}
	} else if !by.hostile {
		return
	}
	// Defend is started by a blow only: an attacker she gave up on (out of
	// reach, no blow landed for 10 s) is left alone until it strikes again.
	w.startReflex(protocol.ReflexDefend, reasonReflex("defend against "+name),
		fmt.Sprintf("defending against %s after taking %.1f damage", name, amount), aboutEntity(by),
		func(a *act) outcome { return fight(a, by, 30*ticksPerSecond) })
}

// flee runs from an attacker until it is 16 blocks behind her.
func flee(a *act, from *entity) outcome {
	w := a.w
	for try := 0; try < 4; try++ {
		if from.removed || from.pos.Dist(w.bea.pos) >= 16 {
			return succeed("you got away from %s", from.displayName())
		}
		d := horizontalDist(w.bea.pos, from.pos)
		if d < 0.1 {
			d = 0.1
		}
		dx, dz := (w.bea.pos.X-from.pos.X)/d, (w.bea.pos.Z-from.pos.Z)/d
		t := game.Vec3{X: w.bea.pos.X + dx*16, Y: w.bea.pos.Y, Z: w.bea.pos.Z + dz*16}.Block()
		t.X = max(w.grid.minX+1, min(t.X, w.grid.minX+w.grid.sizeX-2))
		t.Z = max(w.grid.minZ+1, min(t.Z, w.grid.minZ+w.grid.sizeZ-2))
		t.Y = w.grid.surface(t.X, t.Z) + 1
		if err := a.goTo(t, 3, false); err == errStopped {
			return err.outcome()
		}
	}
	if from.removed || from.pos.Dist(w.bea.pos) >= 12 {
		return succeed("you got away from %s", from.displayName())
	}
	return fail(protocol.Failure, "%s is still %.0f blocks behind you", from.displayName(), from.pos.Dist(w.bea.pos))
}

// startReflex takes her hands for a reflex: the running action is
// interrupted with the reflex's reason and the reflex packet names it.
func (w *World) startReflex(kind, reason, message string, what about, run runFunc) {
	interrupted := ""
	if w.hands.job != nil {
		interrupted = w.hands.job.id
		w.hands.interrupt(reason)
	}
	if w.hands.reflex != nil {
		w.endReflex(protocol.EventFailed, "gave way to "+kind)
	}
	j := newJob(w, nil, "", kind, 0, run)
	j.reflex, j.about = kind, what
	w.hands.reflex = j
	p := what.packet(kind, protocol.EventStarted, message)
	p.InterruptedID = interrupted
	w.hub.broadcast(p)
}

// endReflex ends the running reflex and says how it ended.
func (w *World) endReflex(event, message string) {
	j := w.hands.reflex
	if j == nil {
		return
	}
	w.hands.reflex = nil
	w.hands.halt(j)
	w.hub.broadcast(j.about.packet(j.reflex, event, message))
}

// about is whom a reflex fights or flees from, or what it eats: the
// packet says so in fields, beside its sentence.
type about struct {
	target *protocol.Attacker
	item   string
}

func aboutEntity(e *entity) about {
	return about{target: &protocol.Attacker{Type: e.kind, Name: e.displayName(), UUID: e.uuid}}
}

// packet is the reflex packet of one event of the reflex.
func (a about) packet(kind, event, message string) protocol.Reflex {
	return protocol.Reflex{Reflex: kind, Event: event, Message: message, Target: a.target, Item: a.item}
}
