package practice

import (
	"fmt"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func prepChat(w *World, p *params) (runFunc, error) {
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
		w.hub.broadcast(protocol.Chat{UUID: beaUUID, Name: "Bea", Message: msg, Self: true})
		w.creatures.hearChat(msg)
		return
	}
	c := protocol.Chat{UUID: from.uuid, Name: from.name, Message: msg}
	if d := from.pos.Dist(w.bea.pos); d <= 64 {
		v := round1(d)
		c.Distance = &v
	}
	w.hub.broadcast(c)
}

func prepDeathLog(w *World, p *params) (runFunc, error) {
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

func prepLookAt(w *World, p *params) (runFunc, error) {
	// A block to look at, as the contract has it: whole numbers, and up to
	// 64 blocks past the edge of the world, where she can still look.
	g := w.grid
	b := game.Pos{
		X: p.reqInt("x", g.minX-64, g.minX+g.sizeX+63),
		Y: p.reqInt("y", minY-64, minY+height+63),
		Z: p.reqInt("z", g.minZ-64, g.minZ+g.sizeZ+63),
	}
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		w.bea.lookAt(blockCenter(b)) // the middle of the block
		return succeed("you look at %s (%s); yaw %.0f, pitch %.0f", b, w.grid.name(b), w.bea.yaw, w.bea.pitch)
	}, nil
}

func prepLookAtPlayer(w *World, p *params) (runFunc, error) {
	name := p.reqString("player", nil)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		e := w.ents.playerNamed(name)
		if e == nil || e.pos.Dist(w.bea.pos) > playerView {
			return fail(protocol.Failure, "no player named %s is in sight%s", name, w.ents.playersInSight(w.bea.pos))
		}
		w.bea.lookAt(addVec(e.pos, 0, 1.62, 0))
		return succeed("you look at %s, %.1f blocks away", e.name, e.pos.Dist(w.bea.pos))
	}, nil
}

func prepSelectSlot(w *World, p *params) (runFunc, error) {
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

func prepScreenshot(w *World, p *params) (runFunc, error) {
	return func(a *act) outcome {
		return fail(protocol.Failure, "the practice world draws no picture, so there is no screenshot to take; the state and the survey describe what you see")
	}, nil
}
