package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// The dimensions she can be in. The practice world has no second grid: its
// nether is a sealed cavern in the deep underground of a far corner of the
// overworld's grid, and a body's dimension is what she was told when she
// last went through a portal or respawned.
const (
	overworld = "overworld"
	theNether = "the_nether"
)

// portalTicks is how long she stands in a portal before it takes her: 80
// ticks, as for a player in survival.
const portalTicks = 80

// portal is one of the two nether portals: a vanilla frame of obsidian four
// wide and five high round a 2x3 sheet of nether_portal blocks, its axis
// along z.
type portal struct {
	dimension string   // the dimension it stands in
	min, max  game.Pos // the nether_portal cells, inclusive
	frame     claim    // the obsidian frame, protected ground
	exit      game.Pos // the cell a traveller coming through it arrives in: one step out, in front
}

// contains reports whether p is one of the portal's nether_portal cells.
func (pt *portal) contains(p game.Pos) bool {
	return p.X >= pt.min.X && p.X <= pt.max.X && p.Y >= pt.min.Y && p.Y <= pt.max.Y && p.Z >= pt.min.Z && p.Z <= pt.max.Z
}

// buildPortal stands a portal with the bottom of its frame at y floor, the
// frame in the plane x = fx and the sheet in z cz and cz+1. It first levels
// a patch three wide round the frame (clearing any tree above it) so she can walk in from either
// side.
// The exit is on side exitDX (-1 west, +1 east).
func buildPortal(g *grid, dimension string, fx, cz, floor, exitDX int) portal {
	bt := g.blocks
	obsidian, sheet := bt.id("obsidian"), bt.id("nether_portal")
	grass, dirt, top := bt.id("grass_block"), bt.id("dirt"), floor+12
	if dimension == theNether {
		// The cavern's roof is close: clear no higher than the frame.
		grass, dirt, top = bt.id("netherrack"), bt.id("netherrack"), floor+5
	}
	for x := fx - 1; x <= fx+1; x++ {
		for z := cz - 2; z <= cz+3; z++ {
			for y := floor - 3; y <= top; y++ {
				p := game.Pos{X: x, Y: y, Z: z}
				switch {
				case y < floor && !g.info(p).solid:
					g.set(p, dirt)
				case y == floor:
					g.set(p, grass)
				case y > floor:
					g.set(p, air)
				}
			}
		}
	}
	for z := cz - 1; z <= cz+2; z++ {
		for y := floor; y <= floor+4; y++ {
			p := game.Pos{X: fx, Y: y, Z: z}
			if z == cz-1 || z == cz+2 || y == floor || y == floor+4 {
				g.set(p, obsidian)
			} else {
				g.setState(p, sheet, "axis=z")
			}
		}
	}
	return portal{
		dimension: dimension,
		min:       game.Pos{X: fx, Y: floor + 1, Z: cz},
		max:       game.Pos{X: fx, Y: floor + 3, Z: cz + 1},
		frame:     claim{min: game.Pos{X: fx, Y: floor, Z: cz - 1}, max: game.Pos{X: fx, Y: floor + 4, Z: cz + 2}},
		exit:      game.Pos{X: fx + exitDX, Y: floor + 1, Z: cz},
	}
}

// placeOverworldPortal stands the overworld's portal two blocks east of the
// hut's wall, or west where the world ends first; without a hut, four
// blocks east of spawn.
func placeOverworldPortal(g *grid, h hut, hasHut bool, spawn game.Pos) portal {
	if !hasHut {
		return buildPortal(g, overworld, spawn.X+4, spawn.Z, spawn.Y-1, -1)
	}
	cx, cz := h.min.X+2, h.min.Z+2
	if cx+7 < g.minX+g.sizeX {
		return buildPortal(g, overworld, cx+5, cz, h.min.Y, -1)
	}
	return buildPortal(g, overworld, cx-5, cz, h.min.Y, +1)
}

// The nether cavern: a box of netherrack sealed in bedrock, so no digging
// leads out of it, lit by glowstone so no monster rises in it.
const (
	netherSide  = 13  // the box's side, shell included
	netherFloor = -51 // the netherrack she stands on
	netherRoom  = 6   // the air above the floor
)

// carveNether builds the nether cavern two blocks in from the world's
// north-west corner, deep underground, with its return portal by the west
// wall. It returns the cavern's box (shell included) and the portal.
func carveNether(g *grid) (claim, portal) {
	bt := g.blocks
	bedrock, rack, glow := bt.id("bedrock"), bt.id("netherrack"), bt.id("glowstone")
	x0, z0 := g.minX+2, g.minZ+2
	y0 := netherFloor - 1
	box := claim{
		min: game.Pos{X: x0, Y: y0, Z: z0},
		max: game.Pos{X: x0 + netherSide - 1, Y: netherFloor + netherRoom + 2, Z: z0 + netherSide - 1},
	}
	for x := box.min.X; x <= box.max.X; x++ {
		for z := box.min.Z; z <= box.max.Z; z++ {
			for y := box.min.Y; y <= box.max.Y; y++ {
				p := game.Pos{X: x, Y: y, Z: z}
				shell := x == box.min.X || x == box.max.X || z == box.min.Z || z == box.max.Z || y == box.min.Y || y == box.max.Y
				room := x > box.min.X+1 && x < box.max.X-1 && z > box.min.Z+1 && z < box.max.Z-1 &&
					y > netherFloor && y <= netherFloor+netherRoom
				switch {
				case shell:
					g.set(p, bedrock)
				case room:
					g.set(p, air)
				default:
					g.set(p, rack)
				}
			}
		}
	}
	ceiling := netherFloor + netherRoom + 1
	for _, d := range [][2]int{{4, 4}, {8, 4}, {4, 8}, {8, 8}} {
		g.set(game.Pos{X: x0 + d[0], Y: ceiling, Z: z0 + d[1]}, glow)
	}
	return box, buildPortal(g, theNether, x0+3, z0+5, netherFloor, +1)
}

// portalAt returns the portal whose sheet holds p, or nil. A cell whose
// sheet is gone is no portal.
func (t *terrain) portalAt(p game.Pos) *portal {
	if t.grid.name(p) != "nether_portal" {
		return nil
	}
	for i := range t.gen.portals {
		if t.gen.portals[i].contains(p) {
			return &t.gen.portals[i]
		}
	}
	return nil
}

// inNether reports whether p lies in the nether cavern.
func (t *terrain) inNether(p game.Pos) bool {
	b := t.gen.nether
	return p.X >= b.min.X && p.X <= b.max.X && p.Y >= b.min.Y && p.Y <= b.max.Y && p.Z >= b.min.Z && p.Z <= b.max.Z
}

// dimensionAt is the dimension a cell belongs to.
func (t *terrain) dimensionAt(p game.Pos) string {
	if t.inNether(p) {
		return theNether
	}
	return overworld
}

// travel takes her through the portal she stands in: she waits in it until
// it takes her, arrives at the exit of the other portal, and every client
// hears that her dimension changed.
func travel(a *act, from *portal) outcome {
	w := a.w
	in := w.bea.feet()
	to := &w.land.gen.portals[0]
	if to == from {
		to = &w.land.gen.portals[1]
	}
	a.doing = "standing in the nether portal at " + in.String()
	a.logf("you stand in the nether portal at %s; it swirls round you", in)
	if !a.wait(portalTicks) {
		return errStopped.outcome()
	}
	if w.land.portalAt(w.bea.feet()) != from {
		return fail(protocol.Failure, "you were moved out of the nether portal at %s before it took you; you are at %s, still in the %s",
			in, w.bea.feet(), w.bea.dimension)
	}
	w.bea.placeAt(to.exit)
	w.bea.fallen = 0
	w.bea.dimension = to.dimension
	a.face(to.exit.Add(to.exit.Sub(to.min)).Center())
	w.hub.broadcast(protocol.WorldChange{Server: w.opts.Server, Dimension: to.dimension})
	w.log.Info("practice: she went through a portal", "dimension", to.dimension, "tick", w.tick)
	return succeed("you walked into the nether portal at %s and came out in %s at %s, beside its portal at %s; "+
		"to go back, move_to one of that portal's cells (%s)", in, dimensionName(to.dimension), to.exit, to.min, portalCells(to))
}

// dimensionName is how an answer names a dimension.
func dimensionName(d string) string {
	if d == theNether {
		return "the nether (the_nether)"
	}
	return "the overworld"
}

// portalCells lists a portal's sheet for an answer.
func portalCells(pt *portal) string {
	return fmt.Sprintf("x %d, y %d to %d, z %d to %d", pt.min.X, pt.min.Y, pt.max.Y, pt.min.Z, pt.max.Z)
}

// leaveNether puts her back in the overworld after a death there; every
// client hears the change of dimension.
func (w *World) leaveNether() {
	if w.bea.dimension == overworld {
		return
	}
	w.bea.dimension = overworld
	w.hub.broadcast(protocol.WorldChange{Server: w.opts.Server, Dimension: overworld})
}
