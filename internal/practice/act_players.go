package practice

import (
	"strings"

	"beaweb/internal/game/protocol"
)

// attackRange is how far her blows reach.
const attackRange = 3.0

func prepAttack(w *World, p *params) (runFunc, error) {
	target := p.reqString("entity", nil)
	id := p.optInt("id", 0, 0, 1<<31-1)
	if p.err != nil {
		return nil, p.err
	}
	target = strings.ToLower(strings.TrimPrefix(target, "minecraft:"))
	return func(a *act) outcome {
		e := w.ents.findTarget(target, id, w.bea.pos)
		if e == nil {
			return fail(protocol.Failure, "there is no %s within 32 blocks of you%s", target, w.ents.mobsInSight(w.bea.pos))
		}
		return fight(a, e, 60*ticksPerSecond)
	}, nil
}

// fight chases e and strikes it with her best weapon until it dies. It
// gives up when e gets more than 32 blocks away or no blow has landed for
// ten seconds. What a dead mob drops is picked up.
func fight(a *act, e *entity, limit int) outcome {
	w := a.w
	name := e.displayName()
	if wp := bestWeapon(w.bea.inv); wp != "" {
		w.bea.inv.holdItem(wp)
	}
	dmg, cool := weapon(w.bea.inv.held().Item)
	blows, lastBlow, start := 0, w.tick, w.tick
	a.doing = "fighting " + name
	for !e.removed && e.health > 0 {
		if w.tick-lastBlow > 10*ticksPerSecond {
			return fail(protocol.Failure, "no blow landed on %s for 10 s (%d blows in all); it is out of your reach", name, blows)
		}
		if w.tick-start > int64(limit) {
			return fail(protocol.Failure, "you fought %s for %d s without killing it", name, limit/ticksPerSecond)
		}
		d := e.pos.Dist(w.bea.pos)
		if d > 32 {
			return fail(protocol.Failure, "%s got away (%.0f blocks off) after %d blows", name, d, blows)
		}
		if d > attackRange {
			res := w.findPath(pathQuery{start: w.bea.feet(), target: e.pos.Block(), rng: 2, maxNodes: 3000})
			if len(res.steps) == 0 {
				if !a.wait(5) {
					return errStopped.outcome()
				}
				continue
			}
			// A few steps, then look again: it moves too.
			steps := res.steps[:min(2, len(res.steps))]
			if err := a.follow(steps); err == errStopped {
				return err.outcome()
			}
			continue
		}
		a.face(addVec(e.pos, 0, 1, 0))
		if !a.wait(cool) {
			return errStopped.outcome()
		}
		if e.removed || e.pos.Dist(w.bea.pos) > attackRange {
			continue
		}
		w.creatures.hurtMob(e, dmg, w.bea)
		w.bea.exert(0.1)
		blows++
		lastBlow = w.tick
	}
	if e.kind == "player" {
		return succeed("you knocked %s out with %d blows", name, blows)
	}
	spot := e.pos.Block()
	// Counted before the drops land: standing over them she picks them up
	// while she waits.
	before := w.bea.inv.totals()
	if !a.wait(12) {
		return errStopped.outcome()
	}
	for _, it := range w.ents.near(spot.Center(), 4, func(x *entity) bool { return x.kind == "item" }) {
		if err := a.goTo(it.pos.Block(), 1, false); err == errStopped {
			return err.outcome()
		}
		if !a.wait(3) {
			return errStopped.outcome()
		}
	}
	got := gained(before, w.bea.inv.totals())
	if len(got) == 0 {
		return succeed("killed the %s with %d blows; it dropped nothing", e.kind, blows)
	}
	return succeed("killed the %s with %d blows and picked up %s", e.kind, blows, describeInventory(got))
}

func prepGotoPlayer(w *World, p *params) (runFunc, error) {
	name := p.reqString("player", nil)
	rng := p.optFloat("range", 2, 1, 32)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		e := w.ents.playerNamed(name)
		if e == nil {
			return fail(protocol.Failure, "no player named %s is in this world%s", name, w.ents.playersInSight(w.bea.pos))
		}
		for try := 0; try < 6; try++ {
			if e.pos.Dist(w.bea.pos) <= rng+0.5 {
				return succeed("you are beside %s at %s, %.1f blocks away", e.name, w.bea.feet(), e.pos.Dist(w.bea.pos))
			}
			a.doing = "walking to " + e.name
			err := a.goToClimbing(e.pos.Block(), rng)
			if err == errStopped {
				return err.outcome()
			}
			if err != nil && try >= 2 {
				return fail(err.result, "you could not reach %s: %s", e.name, err.message)
			}
		}
		return fail(protocol.Failure, "%s kept moving; you are %.1f blocks away", e.name, e.pos.Dist(w.bea.pos))
	}, nil
}

func prepFollowPlayer(w *World, p *params) (runFunc, error) {
	name := p.reqString("player", nil)
	rng := p.optFloat("range", 3, 1, 32)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return followPlayer(a, name, rng) }, nil
}

// followPlayer answers as soon as she is on her way and keeps following
// until her next action or stop_moving; when she loses them, follow_ended
// says so.
func followPlayer(a *act, name string, rng float64) outcome {
	w := a.w
	e := w.ents.playerNamed(name)
	if e == nil || e.pos.Dist(w.bea.pos) > playerView {
		return fail(protocol.Failure, "no player named %s is in sight%s", name, w.ents.playersInSight(w.bea.pos))
	}
	who := e.name
	a.answerNow(succeed("you are following %s (%.1f blocks away); you keep following until your next action or stop_moving", who, e.pos.Dist(w.bea.pos)),
		func(reason string) { w.hub.broadcast(protocol.FollowEnded{Player: who, Reason: reason}) })
	a.doing = "following " + who
	lostFor := 0
	for {
		e = w.ents.playerNamed(who)
		if e == nil || e.pos.Dist(w.bea.pos) > playerView {
			return fail(protocol.Failure, "lost sight of %s", who)
		}
		if horizontalDist(e.pos, w.bea.pos) <= rng+0.5 {
			lostFor = 0
			if !a.wait(10) {
				return errStopped.outcome()
			}
			continue
		}
		q := pathQuery{start: w.bea.feet(), target: e.pos.Block(), rng: rng, maxNodes: walkNodes}
		res := w.findPath(q)
		if !res.found {
			// Up where no slope goes: she climbs after them on her blocks.
			q.towers = min(w.bea.inv.towerBlocks(), maxTowers)
			if r2 := w.findPath(q); q.towers > 0 && r2.found {
				res = r2
			}
		}
		if len(res.steps) == 0 {
			lostFor += 10
			if lostFor > 10*ticksPerSecond {
				return fail(protocol.Failure, "lost %s: no way to them for 10 s", who)
			}
			if !a.wait(10) {
				return errStopped.outcome()
			}
			continue
		}
		lostFor = 0
		if err := a.follow(res.steps[:min(4, len(res.steps))]); err == errStopped {
			return err.outcome()
		}
	}
}

func prepGive(w *World, p *params) (runFunc, error) {
	name := p.reqString("player", nil)
	item := p.itemName("item", true)
	count := p.optInt("count", 0, 1, slotCount*64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		have := w.bea.inv.count(item)
		if have == 0 {
			return fail(protocol.Failure, "you carry no %s to give", item)
		}
		n := count
		if n == 0 {
			n = have
		}
		if n > have {
			return fail(protocol.Failure, "you carry only %d %s, fewer than the %d to give", have, item, n)
		}
		e := w.ents.playerNamed(name)
		if e == nil {
			return fail(protocol.Failure, "no player named %s is in this world%s", name, w.ents.playersInSight(w.bea.pos))
		}
		a.doing = "walking to " + e.name
		if horizontalDist(e.pos, w.bea.pos) > 2.5 {
			if err := a.goToClimbing(e.pos.Block(), 2); err != nil && horizontalDist(e.pos, w.bea.pos) > 4 {
				if err == errStopped {
					return err.outcome()
				}
				return fail(err.result, "you could not reach %s: %s", e.name, err.message)
			}
		}
		a.face(addVec(e.pos, 0, 1.6, 0))
		if !a.wait(6) {
			return errStopped.outcome()
		}
		had := e.player.inv[item]
		w.bea.inv.remove(item, n)
		w.dropItem(e.pos, item, n)
		for _, it := range w.ents.near(e.pos, 0.5, func(x *entity) bool { return x.kind == "item" && x.item.Item == item }) {
			it.giftTo = e.id // it lands at their feet; they pick it up, not she
		}
		// The hand-over counts once their count rose: she watches a while
		// for them to pick it up, as a player waits for a thanks.
		got := func() int { return max(0, e.player.inv[item]-had) }
		for i := 0; i < handoverWait && got() < n; i++ {
			if !a.wait(1) {
				break
			}
		}
		h := protocol.Handover{Dropped: n, Received: min(got(), n), Checked: true}
		if h.Received == 0 {
			return fail(protocol.Failure, "you dropped %d %s at %s's feet, but %s did not pick them up", n, item, e.name, e.name).with(h)
		}
		return succeed("you dropped %d %s at %s's feet and %s picked up %d", n, item, e.name, e.name, h.Received).with(h)
	}, nil
}

// handoverWait is how many ticks she watches for a player to pick up what
// she dropped at their feet: a player picks up at once what lies within
// reach, and a game side may take its time to show it.
const handoverWait = 5 * ticksPerSecond
