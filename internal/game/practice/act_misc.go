package practice

import (
	"fmt"
	"sort"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func (w *World) prepChat(p *params) (runFunc, error) {
	msg := p.reqString("message", nil)
	if p.err != nil {
		return nil, p.err
	}
	if len(msg) > 256 {
		return nil, fmt.Errorf("message must be at most 256 characters, as the game's chat allows; got %d", len(msg))
	}
	if strings.ContainsAny(msg, "\n\r") {
		return nil, fmt.Errorf("message must be one line; the game's chat takes no line breaks")
	}
	return func(a *act) outcome {
		w.say(nil, msg)
		return succeed("you said in chat: %s", msg)
	}, nil
}

// say puts a chat line on every client: hers (from nil) with self true, or
// a player's with the distance between them.
func (w *World) say(from *entity, msg string) {
	if from == nil {
		w.broadcast(protocol.Chat{UUID: beaUUID, Name: "Bea", Message: msg, Self: true})
		w.hearChat(msg)
		return
	}
	c := protocol.Chat{UUID: from.uuid, Name: from.name, Message: msg}
	if d := from.pos.Dist(w.bea.pos); d <= 64 {
		v := round1(d)
		c.Distance = &v
	}
	w.broadcast(c)
}

func (w *World) prepDeathLog(p *params) (runFunc, error) {
	return func(a *act) outcome {
		type death struct {
			Tick     int64          `json:"tick"`
			Cause    string         `json:"cause"`
			Position game.Vec3      `json:"position"`
			Lost     game.Inventory `json:"lost"`
		}
		list := make([]death, 0, len(w.deaths))
		var lines []string
		for _, d := range w.deaths {
			list = append(list, death{Tick: d.tick, Cause: d.cause, Position: roundVec(d.pos), Lost: d.lost})
			lines = append(lines, fmt.Sprintf("%s at %s, %d s ago, losing %s", d.cause, d.pos,
				(w.tick-d.tick)/ticksPerSecond, describeInventory(d.lost)))
		}
		if len(list) == 0 {
			return succeed("you have not died in this world").with(map[string]any{"deaths": list})
		}
		return succeed("you died %d time(s): %s", len(list), strings.Join(lines, "; ")).with(map[string]any{"deaths": list})
	}, nil
}

func (w *World) prepScan(p *params) (runFunc, error) {
	block := p.itemName("block", true)
	radius := p.optInt("radius", 32, 1, 64)
	if p.err != nil {
		return nil, p.err
	}
	if !w.knownBlock(block) {
		return nil, fmt.Errorf("block %q is not a block of the practice world; try a block id such as oak_log, log, stone or iron_ore", block)
	}
	return func(a *act) outcome {
		hits := w.candidates(blockMatcher(block), radius)
		eye := w.bea.feet().Add(up1)
		type hit struct {
			Block    string  `json:"block"`
			X        int     `json:"x"`
			Y        int     `json:"y"`
			Z        int     `json:"z"`
			Distance float64 `json:"distance"`
		}
		// candidates sorts buried blocks after open ones; a scan reports
		// plain distance.
		near := make([]hit, 0, 10)
		for _, p := range hits {
			near = append(near, hit{Block: w.grid.name(p), X: p.X, Y: p.Y, Z: p.Z, Distance: round1(p.Dist(eye))})
		}
		sortHits := func(i, j int) bool { return near[i].Distance < near[j].Distance }
		sort.SliceStable(near, sortHits)
		counts := game.Inventory{}
		for _, h := range near {
			counts[h.Block]++
		}
		if len(near) > 10 {
			near = near[:10]
		}
		data := map[string]any{"block": block, "radius": radius, "count": len(hits), "counts": counts, "hits": near}
		if len(hits) == 0 {
			return succeed("there is no %s within %d blocks of you", block, radius).with(data)
		}
		n := near[0]
		return succeed("found %d %s within %d blocks (%s); the nearest is %s at (%d, %d, %d), %.1f blocks away",
			len(hits), block, radius, describeInventory(counts), n.Block, n.X, n.Y, n.Z, n.Distance).with(data)
	}, nil
}

func (w *World) prepLookAt(p *params) (runFunc, error) {
	g := w.grid
	x := p.reqFloat("x", float64(g.minX)-64, float64(g.minX+g.sizeX)+64)
	y := p.reqFloat("y", minY-64, minY+height+64)
	z := p.reqFloat("z", float64(g.minZ)-64, float64(g.minZ+g.sizeZ)+64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		target := game.Vec3{X: x, Y: y, Z: z}
		if target == target.Block().Center() || (x == float64(int(x)) && z == float64(int(z))) {
			// Whole coordinates name a block: look at its middle.
			target = addVec(target.Block().Center(), 0, 0.5, 0)
		}
		w.bea.lookAt(target)
		return succeed("you look at %s (%s); yaw %.0f, pitch %.0f", target.Block(), w.grid.name(target.Block()), w.bea.yaw, w.bea.pitch)
	}, nil
}

func (w *World) prepLookAtPlayer(p *params) (runFunc, error) {
	name := p.reqString("player", nil)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		e := w.playerNamed(name)
		if e == nil || e.pos.Dist(w.bea.pos) > playerView {
			return fail(protocol.Failure, "no player named %s is in sight%s", name, w.playersInSight())
		}
		w.bea.lookAt(addVec(e.pos, 0, 1.62, 0))
		return succeed("you look at %s, %.1f blocks away", e.name, e.pos.Dist(w.bea.pos))
	}, nil
}

// playerNamed finds another player by name, ignoring case.
func (w *World) playerNamed(name string) *entity {
	for _, e := range w.ents.list {
		if !e.removed && e.kind == "player" && strings.EqualFold(e.name, name) {
			return e
		}
	}
	return nil
}

// playersInSight is "; players in sight: Alex, Steve" or "; nobody else is
// in sight", for an answer that names the wrong one.
func (w *World) playersInSight() string {
	var names []string
	for _, e := range w.ents.near(w.bea.pos, playerView, func(e *entity) bool { return e.kind == "player" }) {
		names = append(names, e.name)
	}
	if len(names) == 0 {
		return "; nobody else is in sight"
	}
	return "; players in sight: " + strings.Join(names, ", ")
}

func (w *World) prepSelectSlot(p *params) (runFunc, error) {
	slot := p.reqInt("slot", 0, 8)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		w.bea.inv.selected = slot
		if h := w.bea.inv.held(); h.Count > 0 {
			return succeed("hotbar slot %d selected; you hold %d %s", slot, h.Count, h.Item)
		}
		return succeed("hotbar slot %d selected; your hand is empty", slot)
	}, nil
}

func (w *World) prepScreenshot(p *params) (runFunc, error) {
	return func(a *act) outcome {
		return fail(protocol.Failure, "the practice world draws no picture, so there is no screenshot to take; the state and the survey describe what you see")
	}, nil
}
