package practice

import (
	"strings"

	"beaweb/internal/game"
)

// The vertical extent of the practice world, vanilla's overworld cut short
// above: bedrock at -64, deepslate below 0, the surface near 64.
const (
	minY   = -64
	height = 192 // y runs from minY to minY+height-1
)

// grid is the voxel world: one block id per cell, stored column by column so
// a column is contiguous, plus the block states (door halves and facings,
// axes) of the few cells that have one.
type grid struct {
	minX, minZ   int
	sizeX, sizeZ int
	cells        []blockID
	states       map[int32]string
	blocks       *blockTable
	// roofs caches, per column, the y of the highest cell that takes
	// anything from sky light (see roof); set keeps it true.
	roofs []int16
}

func newGrid(sizeX, sizeZ int, blocks *blockTable) *grid {
	g := &grid{
		minX: -sizeX / 2, minZ: -sizeZ / 2,
		sizeX: sizeX, sizeZ: sizeZ,
		cells:  make([]blockID, sizeX*sizeZ*height),
		states: make(map[int32]string),
		blocks: blocks,
		roofs:  make([]int16, sizeX*sizeZ),
	}
	for i := range g.roofs {
		g.roofs[i] = roofUnknown
	}
	return g
}

// inside reports whether p is a cell of the world.
func (g *grid) inside(p game.Pos) bool {
	return p.X >= g.minX && p.X < g.minX+g.sizeX && p.Z >= g.minZ && p.Z < g.minZ+g.sizeZ &&
		p.Y >= minY && p.Y < minY+height
}

func (g *grid) index(p game.Pos) int32 {
	return int32(((p.X-g.minX)*g.sizeZ+(p.Z-g.minZ))*height + (p.Y - minY))
}

// at returns the block in p. Outside the world above the top it is air;
// everywhere else outside it is bedrock, the edge of the world.
func (g *grid) at(p game.Pos) blockID {
	if g.inside(p) {
		return g.cells[g.index(p)]
	}
	if p.Y >= minY+height {
		return air
	}
	return g.blocks.byName["bedrock"]
}

func (g *grid) info(p game.Pos) *blockInfo { return g.blocks.info(g.at(p)) }

func (g *grid) name(p game.Pos) string { return g.blocks.name(g.at(p)) }

// set puts a block in p and forgets the state the cell had.
func (g *grid) set(p game.Pos, id blockID) {
	if !g.inside(p) {
		return
	}
	i := g.index(p)
	g.cells[i] = id
	delete(g.states, i)
	g.noteRoof(p, id)
}

// setState puts a block with its state ("facing=north,half=lower").
func (g *grid) setState(p game.Pos, id blockID, state string) {
	g.set(p, id)
	if state != "" && g.inside(p) {
		g.states[g.index(p)] = state
	}
}

func (g *grid) state(p game.Pos) string {
	if !g.inside(p) {
		return ""
	}
	return g.states[g.index(p)]
}

// stateValue reads one property of a cell's state.
func (g *grid) stateValue(p game.Pos, key string) string {
	for _, kv := range strings.Split(g.state(p), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if ok && k == key {
			return v
		}
	}
	return ""
}

// setStateValue changes one property of a cell's state, keeping the rest.
func (g *grid) setStateValue(p game.Pos, key, value string) {
	if !g.inside(p) {
		return
	}
	var parts []string
	found := false
	for _, kv := range strings.Split(g.state(p), ",") {
		if kv == "" {
			continue
		}
		k, _, _ := strings.Cut(kv, "=")
		if k == key {
			kv = key + "=" + value
			found = true
		}
		parts = append(parts, kv)
	}
	if !found {
		parts = append(parts, key+"="+value)
	}
	g.states[g.index(p)] = strings.Join(parts, ",")
}

// isOpen reports whether a door, gate or trapdoor in p stands open.
func (g *grid) isOpen(p game.Pos) bool { return g.stateValue(p, "open") == "true" }

// passable reports whether she can stand or walk in p: air, plants, torches,
// water, open doors.
func (g *grid) passable(p game.Pos) bool {
	f := g.blocks.flags[g.at(p)]
	if f&flagDoor != 0 {
		return g.isOpen(p)
	}
	return f&flagOpen != 0
}

// standable reports whether p can carry her: a solid block that is not a
// fence or wall, or water she swims in.
func (g *grid) standable(p game.Pos) bool {
	f := g.blocks.flags[g.at(p)]
	if f&flagFloor == 0 {
		return false
	}
	return f&flagDoor == 0 || !g.isOpen(p)
}

// surface is the y of the highest block in the column that carries her
// (solid or water), or minY when the column is empty.
func (g *grid) surface(x, z int) int {
	for y := minY + height - 1; y > minY; y-- {
		p := game.Pos{X: x, Y: y, Z: z}
		b := g.info(p)
		if b.solid || b.liquid {
			return y
		}
	}
	return minY
}

// skyOpen reports whether nothing solid or liquid stands above p.
func (g *grid) skyOpen(p game.Pos) bool {
	for y := p.Y + 1; y < minY+height; y++ {
		b := g.info(game.Pos{X: p.X, Y: y, Z: p.Z})
		if b.solid || b.liquid {
			return false
		}
	}
	return true
}

// levelAhead reports whether the sky is over her head at feet and, in at
// least one direction, the next three blocks are open at her feet and head
// with ground no higher than her feet and no more than one block lower: the
// seed's "the sky is over her head and the ground ahead is no higher than
// her feet". It looks only three blocks ahead; World.openGround adds that
// the ground leads on.
func (g *grid) levelAhead(feet game.Pos) bool {
	if !g.skyOpen(feet.Add(up1)) {
		return false
	}
	walkable := func(p game.Pos) bool {
		if !g.passable(p) || !g.passable(p.Add(up1)) || g.info(p).liquid {
			return false
		}
		below := p.Add(down1)
		return g.standable(below) || g.passable(below) && g.standable(below.Add(down1))
	}
	for _, d := range horizontal[:4] {
		clear := true
		for k := 1; k <= 3 && clear; k++ {
			clear = walkable(game.Pos{X: feet.X + d[0]*k, Y: feet.Y, Z: feet.Z + d[1]*k})
		}
		if clear {
			return true
		}
	}
	return false
}

// perched reports whether feet is the top of a column under the sky: the
// four cells beside her are open at her feet and head, with nothing under
// them for more than a fall she would take. The ground ahead is then far
// below her feet, which is the surface as the seed has it (a pillar she
// built, a tree top), though no walk leads away.
func (g *grid) perched(feet game.Pos) bool {
	if !g.skyOpen(feet.Add(up1)) {
		return false
	}
	for _, d := range horizontal[:4] {
		p := game.Pos{X: feet.X + d[0], Y: feet.Y, Z: feet.Z + d[1]}
		if !g.passable(p) || !g.passable(p.Add(up1)) {
			return false
		}
		for k := 1; k <= maxFall+1; k++ {
			if b := p.Add(game.Pos{Y: -k}); !g.passable(b) || g.info(b).liquid {
				return false
			}
		}
	}
	return true
}

// setDoor opens or shuts the door in p, both halves when it is a door.
func (g *grid) setDoor(p game.Pos, open bool) {
	v := "false"
	if open {
		v = "true"
	}
	g.setStateValue(p, "open", v)
	for _, dy := range []int{-1, 1} {
		q := p.Add(game.Pos{Y: dy})
		if g.at(q) == g.at(p) && strings.HasSuffix(g.name(p), "_door") {
			g.setStateValue(q, "open", v)
		}
	}
}
