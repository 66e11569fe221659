package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// The clock of a day, in ticks, as vanilla counts it.
const (
	dayLength  = game.DayTicks
	startTime  = 1000 // the world opens in the morning unless Options.StartTime says otherwise
	nightStart = game.NightStart
	nightEnd   = game.NightEnd
)

// timeOfDay is the time the state reports, 0 to 23999.
func (w *World) timeOfDay() int64 { return (w.opts.StartTime + w.tick + w.timeShift) % dayLength }

// dark reports whether it is night.
func (w *World) dark() bool {
	t := w.timeOfDay()
	return t >= nightStart && t < nightEnd
}

// biome names the land under p.
func (t *terrain) biome(p game.Pos) string {
	if t.inNether(p) {
		return "nether_wastes"
	}
	if d := p.Sub(t.gen.lake); abs(d.X) < 16 && abs(d.Z) < 16 {
		return "river"
	}
	if valueNoise(t.seed, float64(p.X), float64(p.Z), 30, 9) >= 0.35 {
		return "forest"
	}
	return "plains"
}

// simulate is everything the game does on its own in a tick.
func (w *World) simulate() {
	w.sky.step(w.tick, w.rng)
	w.land.stepFurnaces(w.book)
	if w.bea.dead {
		return
	}
	if got := w.pickUp(); got != nil && w.hands.job != nil {
		w.hands.job.act.logf("picked up %s", describeInventory(got))
	}
	w.stepBody()
	w.creatures.stepMobs()
	w.creatures.stepPlayers()
}

// sky is the weather over the world.
type sky struct{ weather string }

// step turns rain on and off every few game minutes.
func (s *sky) step(tick int64, r *rng) {
	if tick%1200 != 0 {
		return
	}
	switch {
	case s.weather == "clear" && r.intn(6) == 0:
		s.weather = "rain"
	case s.weather == "rain" && r.intn(3) == 0:
		s.weather = "clear"
	case s.weather == "rain" && r.intn(8) == 0:
		s.weather = "thunder"
	case s.weather == "thunder" && r.intn(2) == 0:
		s.weather = "rain"
	}
}

// exert adds exhaustion: walking, jumping, breaking and fighting all cost
// food, as in vanilla.
func (b *body) exert(amount float64) { b.exhaustion += amount }

// stepBody drains food, heals her when fed and hurts her when starving.
func (w *World) stepBody() {
	b := w.bea
	b.exhaustion += 0.002 // being alive costs a little
	for b.exhaustion >= 4 {
		b.exhaustion -= 4
		if b.saturation > 0 {
			b.saturation = max(b.saturation-1, 0)
		} else if b.food > 0 {
			b.food--
		}
	}
	b.regenTicks++
	switch {
	case b.food >= 20 && b.saturation > 0 && b.health < 20:
		// The game's quick healing on a full stomach: every half second
		// while saturation lasts, paid for with it.
		if b.regenTicks >= 10 {
			b.regenTicks = 0
			f := min(b.saturation, 6)
			b.health = min(b.health+f/6, 20)
			b.exhaustion += f
		}
	case b.food >= 18 && b.health < 20 && b.regenTicks >= 80:
		b.regenTicks = 0
		b.health = min(b.health+1, 20)
		b.exhaustion += 6
	case b.food == 0 && b.regenTicks >= 80:
		b.regenTicks = 0
		if b.health > 1 {
			w.hurt(1, "starvation", nil)
		}
	}
	w.fall()
	if b.pos.Y < minY-8 {
		w.hurt(100, "fell out of the world", nil)
	}
	if w.grid.name(b.feet()) == "lava" {
		w.hurt(4, "lava", nil)
	}
}

// fall drops her a block a tick while nothing carries her, and hurts her
// on landing after more than three blocks, unless she lands in water.
func (w *World) fall() {
	b := w.bea
	g := w.grid
	feet := b.feet()
	below := feet.Add(down1)
	if !g.info(feet).liquid && !g.standable(below) && below.Y > minY-64 {
		w.considerClutch()
		b.pos.Y--
		b.fallen++
		return
	}
	if b.fallen > 3 && !g.info(feet).liquid {
		w.hurt(float64(b.fallen-3), "fall", nil)
	}
	b.fallen = 0
}

// hurt takes health from her, tells every client and kills her when
// nothing is left.
func (w *World) hurt(amount float64, source string, by *entity) {
	b := w.bea
	if b.dead || amount <= 0 {
		return
	}
	if by != nil {
		amount *= armorFactor(b.inv.armor)
	}
	b.health = max(b.health-amount, 0)
	b.lastHurt = w.tick
	p := protocol.Damage{Amount: round1(amount), Health: round1(b.health), Source: source}
	if by != nil {
		p.Attacker = &protocol.Attacker{Type: by.kind, Name: by.displayName(), UUID: by.uuid}
	}
	w.hub.broadcast(p)
	if by != nil {
		w.noteAttack(by, amount)
	}
	if b.health <= 0 {
		cause := source
		if by != nil {
			cause = "slain by " + by.displayName()
		}
		w.die(cause)
	}
}

// displayName is how a player or mob is named in packets and answers.
func (e *entity) displayName() string {
	if e.name != "" {
		return e.name
	}
	if e.kind == "" {
		return "something"
	}
	return string(e.kind[0]-'a'+'A') + e.kind[1:]
}

// armorFactor is how much of a blow gets through what she wears.
func armorFactor(armor map[string]string) float64 {
	points := 0
	for _, item := range armor {
		switch {
		case item == "":
		case len(item) > 8 && item[:8] == "leather_":
			points += 1
		case len(item) > 5 && item[:5] == "iron_":
			points += 4
		case len(item) > 8 && item[:8] == "diamond_":
			points += 5
		default:
			points += 2
		}
	}
	return 1 - float64(min(points, 20))*0.04
}

// die drops what she carries where she fell, records the death, ends
// whatever she was doing and starts the respawn.
func (w *World) die(cause string) {
	b := w.bea
	b.dead = true
	b.diedAt = w.tick
	lost := b.inv.totals()
	for i, s := range b.inv.slots {
		if s.Count > 0 {
			w.dropItem(b.pos, s.Item, s.Count)
			b.inv.slots[i] = game.Stack{}
		}
	}
	w.deaths = append(w.deaths, deathRecord{tick: w.tick, cause: cause, pos: b.pos, lost: lost})
	w.hub.broadcast(protocol.Death{Cause: cause, Position: roundVec(b.pos), Dimension: b.dimension})
	if w.hands.reflex != nil {
		w.endReflex(protocol.EventFailed, "you died")
	}
	w.hands.interrupt(protocol.ReasonDeath)
	w.log.Info("practice: she died", "cause", cause, "tick", w.tick)
}

// respawn brings her back at her spawn point, in the overworld, with full
// health and food.
func (w *World) respawn() {
	b := w.bea
	b.dead = false
	b.health, b.food, b.saturation, b.exhaustion = 20, 20, 5, 0
	b.pos = b.spawn.Center()
	b.regenTicks = 0
	w.hub.broadcast(protocol.Reflex{Reflex: protocol.ReflexRespawn, Event: protocol.EventStarted, Message: "you respawn"})
	// A death in the nether respawns her in the overworld, where her spawn
	// point always is.
	w.leaveNether()
	w.hub.broadcast(protocol.Respawn{Position: roundVec(b.pos), Dimension: "overworld"})
	w.hub.broadcast(protocol.Reflex{Reflex: protocol.ReflexRespawn, Event: protocol.EventFinished,
		Message: fmt.Sprintf("you are back at your spawn point %s", b.spawn)})
}

func roundVec(v game.Vec3) game.Vec3 {
	return game.Vec3{X: round2(v.X), Y: round2(v.Y), Z: round2(v.Z)}
}
