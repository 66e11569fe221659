package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// clutchDepth is the fall beyond which she lands it in water.
const clutchDepth = 3

// dropBelow is how many open cells lie under her feet before something
// carries her, and the cell she would land in.
func (t *terrain) dropBelow(feet game.Pos) (int, game.Pos) {
	g := t.grid
	p := feet
	n := 0
	for p.Y > minY && !g.standable(p.Add(down1)) && !g.info(p.Add(down1)).liquid && !g.info(p).liquid {
		p = p.Add(down1)
		n++
	}
	return n, p
}

// hotbarHas reports whether one of the nine hotbar slots holds item.
func (inv *inventory) hotbarHas(item string) bool {
	for i := 0; i < 9; i++ {
		if inv.slots[i].Item == item && inv.slots[i].Count > 0 {
			return true
		}
	}
	return false
}

// considerClutch starts the clutch reflex when she begins a fall of more
// than three blocks with a water bucket in the hotbar.
func (w *World) considerClutch() {
	b := w.bea
	if b.dead || b.fallen > 0 || (w.hands.reflex != nil && w.hands.reflex.reflex == protocol.ReflexClutch) || !b.inv.hotbarHas("water_bucket") {
		return
	}
	depth, land := w.land.dropBelow(w.bea.feet())
	if depth <= clutchDepth || w.grid.info(land).liquid {
		return
	}
	w.startReflex(protocol.ReflexClutch, reasonReflex("clutch"),
		fmt.Sprintf("landing a fall of %d blocks in water", depth), about{},
		func(a *act) outcome { return clutch(a, land) })
}

// clutch places water where she will land just before she gets there,
// lands in it and takes the water back. It owns her hands until she is
// down: a request meanwhile is answered FAILURE_BUSY.
func clutch(a *act, land game.Pos) outcome {
	w := a.w
	g := w.grid
	b := w.bea
	placed := false
	for t := 0; t < 200; t++ {
		if b.dead {
			return fail(protocol.Failure, "you died before you landed")
		}
		if !placed && b.feet().Y-land.Y <= 2 {
			if !w.land.replaceable(land) || !b.inv.holdItem("water_bucket") {
				return fail(protocol.Failure, "you found nowhere to pour the water at %s", land)
			}
			b.inv.remove("water_bucket", 1)
			b.inv.add("bucket", 1)
			g.set(land, w.blocks.id("water"))
			placed = true
		}
		if placed && b.feet() == land {
			break
		}
		if !a.wait(1) {
			if placed && g.name(land) == "water" {
				g.set(land, air)
			}
			return errStopped.outcome()
		}
	}
	if !placed {
		return fail(protocol.Failure, "you landed before you could pour the water")
	}
	if !a.wait(4) {
		return errStopped.outcome()
	}
	if g.name(land) == "water" && b.inv.count("bucket") > 0 {
		g.set(land, air)
		b.inv.remove("bucket", 1)
		b.inv.add("water_bucket", 1)
	}
	return succeed("you landed in water at %s and took the water back", land)
}
