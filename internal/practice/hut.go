package practice

import (
	"math"

	"beaweb/internal/game"
)

// hut is the small cobblestone house generation puts near spawn: a door to
// walk through, a chest, a crafting table and a furnace to use, and ground
// the server protects, where a broken block is put back.
type hut struct {
	min, max game.Pos // the claimed box
	door     game.Pos // the lower half
	chest    game.Pos
}

// placeHut levels a 7x7 patch between 14 and 22 blocks from spawn and
// builds a 5x5 hut on it: cobblestone walls three high, a plank roof, an
// oak door facing south, a chest, a crafting table, a furnace and a torch
// inside.
func placeHut(g *grid, r *rng, spawn game.Pos) (hut, bool) {
	bt := g.blocks
	for try := 0; try < 24; try++ {
		ang := r.float() * 2 * math.Pi
		d := 14 + r.float()*8
		cx, cz := spawn.X+int(math.Cos(ang)*d), spawn.Z+int(math.Sin(ang)*d)
		if cx-4 < g.minX || cx+4 >= g.minX+g.sizeX || cz-4 < g.minZ || cz+4 >= g.minZ+g.sizeZ {
			continue
		}
		// Only on dry land within two blocks of level.
		lo, hi, dry := 1000, -1000, true
		for x := cx - 3; x <= cx+3; x++ {
			for z := cz - 3; z <= cz+3; z++ {
				y := g.surface(x, z)
				b := g.info(game.Pos{X: x, Y: y, Z: z})
				if b.liquid || b.name == "sand" {
					dry = false
				}
				if !b.solid || b.name == "oak_leaves" || b.name == "birch_leaves" || b.name == "oak_log" || b.name == "birch_log" {
					// A tree stands here: its trunk or crown.
					y = groundUnder(g, x, z)
				}
				lo, hi = min(lo, y), max(hi, y)
			}
		}
		if !dry || hi-lo > 2 {
			continue
		}
		floor := hi
		cobble, planks, grass := bt.id("cobblestone"), bt.id("oak_planks"), bt.id("grass_block")
		dirt := bt.id("dirt")
		// Level the patch, clearing trees and their crowns above it.
		for x := cx - 3; x <= cx+3; x++ {
			for z := cz - 3; z <= cz+3; z++ {
				for y := floor - 3; y <= floor+12; y++ {
					p := game.Pos{X: x, Y: y, Z: z}
					switch {
					case y < floor && g.at(p) == air:
						g.set(p, dirt)
					case y == floor:
						g.set(p, grass)
					case y > floor:
						g.set(p, air)
					}
				}
			}
		}
		y0 := floor + 1
		for x := cx - 2; x <= cx+2; x++ {
			for z := cz - 2; z <= cz+2; z++ {
				g.set(game.Pos{X: x, Y: floor, Z: z}, cobble)
				edge := x == cx-2 || x == cx+2 || z == cz-2 || z == cz+2
				for y := y0; y < y0+3; y++ {
					if edge {
						g.set(game.Pos{X: x, Y: y, Z: z}, cobble)
					}
				}
				g.set(game.Pos{X: x, Y: y0 + 3, Z: z}, planks)
			}
		}
		door := game.Pos{X: cx, Y: y0, Z: cz + 2}
		oakDoor := bt.id("oak_door")
		g.setState(door, oakDoor, "facing=south,half=lower,open=false")
		g.setState(door.Add(up1), oakDoor, "facing=south,half=upper,open=false")
		chest := game.Pos{X: cx - 1, Y: y0, Z: cz - 1}
		g.setState(chest, bt.id("chest"), "facing=south")
		g.set(game.Pos{X: cx + 1, Y: y0, Z: cz - 1}, bt.id("crafting_table"))
		g.setState(game.Pos{X: cx, Y: y0, Z: cz - 1}, bt.id("furnace"), "facing=south")
		g.set(game.Pos{X: cx - 1, Y: y0, Z: cz + 1}, bt.id("torch"))
		return hut{
			min:  game.Pos{X: cx - 2, Y: floor, Z: cz - 2},
			max:  game.Pos{X: cx + 2, Y: y0 + 3, Z: cz + 2},
			door: door, chest: chest,
		}, true
	}
	return hut{}, false
}

// groundUnder is the highest soil or stone in a column, under any tree.
func groundUnder(g *grid, x, z int) int {
	for y := minY + height - 1; y > minY; y-- {
		switch g.name(game.Pos{X: x, Y: y, Z: z}) {
		case "grass_block", "dirt", "stone", "sand", "gravel", "clay", "deepslate":
			return y
		}
	}
	return minY
}
