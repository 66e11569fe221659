package practice

import (
	"math"

	"beaweb/internal/game"
)

// seaLevel is the water level of lakes, as in vanilla.
const seaLevel = 62

// rng is a small deterministic generator (splitmix64). The world owns one;
// nothing in the practice world draws from a global source, so a seed and a
// sequence of requests always give the same game.
type rng struct{ s uint64 }

func newRNG(seed int64, salt uint64) *rng { return &rng{s: uint64(seed)*0x9E3779B97F4A7C15 ^ salt} }

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// intn returns a number in [0, n); n <= 0 gives 0.
func (r *rng) intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(r.next() % uint64(n))
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// hash2 mixes a seed and a lattice point into a number in [0, 1).
func hash2(seed int64, x, z int, salt uint64) float64 {
	r := rng{s: uint64(seed) ^ uint64(int64(x))*0x632BE59BD9B4E019 ^ uint64(int64(z))*0x85157AF5 ^ salt*0xD6E8FEB86659FD93}
	return r.float()
}

// valueNoise is smooth 2D value noise in [0, 1) with the given cell size.
func valueNoise(seed int64, x, z float64, cell float64, salt uint64) float64 {
	fx, fz := x/cell, z/cell
	x0, z0 := math.Floor(fx), math.Floor(fz)
	tx, tz := fx-x0, fz-z0
	tx = tx * tx * (3 - 2*tx)
	tz = tz * tz * (3 - 2*tz)
	ix, iz := int(x0), int(z0)
	a := hash2(seed, ix, iz, salt)
	b := hash2(seed, ix+1, iz, salt)
	c := hash2(seed, ix, iz+1, salt)
	d := hash2(seed, ix+1, iz+1, salt)
	return (a*(1-tx)+b*tx)*(1-tz) + (c*(1-tx)+d*tx)*tz
}

// generated is what generation leaves besides the blocks: where she starts.
type generated struct {
	spawn  game.Pos
	lake   game.Pos
	cave   game.Pos
	hut    hut
	hasHut bool
	// portals are the overworld's nether portal, by the hut, and the
	// nether's, in the cavern; each leads to the other.
	portals [2]portal
	nether  claim // the nether cavern, its bedrock shell included
}

// generate fills g from seed: bedrock, deepslate and stone with ores at
// their vanilla depths, dirt under grass, a lake with sand, gravel and clay
// round it, a cave, oak and birch trees and a few flowers, the hut, a
// nether portal beside it and the nether cavern it leads to.
//
// A stocked world has no hut: its sources (stock) lie round spawn instead.
func generate(g *grid, seed int64, stocked bool) generated {
	r := newRNG(seed, 1)
	// The lake lies between a third and two fifths of the world's side from
	// the middle, in a direction the seed picks, so spawn stays dry.
	angle := r.float() * 2 * math.Pi
	dist := float64(g.sizeX)/3 + r.float()*float64(g.sizeX)/15
	lake := game.Pos{X: int(math.Cos(angle) * dist), Y: seaLevel, Z: int(math.Sin(angle) * dist)}
	fillColumns(g, seed, r, heightMap(g, seed, lake))
	placeOres(g, r)
	cave := carveCave(g, r)
	placeTrees(g, seed, r)
	spawn := findSpawn(g)
	var h hut
	ok := false
	if stocked {
		stock(g, r, spawn, cave)
	} else {
		h, ok = placeHut(g, r, spawn)
	}
	over := placeOverworldPortal(g, h, ok, spawn)
	nether, back := carveNether(g)
	return generated{spawn: spawn, lake: lake, cave: cave, hut: h, hasHut: ok, portals: [2]portal{over, back}, nether: nether}
}

// heightMap is the height of the land in each column of g: rolling noise,
// with a bowl round the lake. Outside the world it answers 70.
func heightMap(g *grid, seed int64, lake game.Pos) func(x, z int) int {
	heights := make([]int, g.sizeX*g.sizeZ)
	for x := g.minX; x < g.minX+g.sizeX; x++ {
		for z := g.minZ; z < g.minZ+g.sizeZ; z++ {
			fx, fz := float64(x), float64(z)
			h := 63 + 10*valueNoise(seed, fx, fz, 40, 2) + 4*valueNoise(seed, fx, fz, 13, 3) + 1.5*valueNoise(seed, fx, fz, 5, 4)
			d := math.Hypot(fx-float64(lake.X), fz-float64(lake.Z))
			if d < 40 {
				// A bowl: deepest in the middle, rising gently to meet the land.
				bowl := 57 + d*0.5
				if d > 14 {
					bowl = 64 + (d-14)*0.7
				}
				h = math.Min(h, bowl)
			}
			heights[(x-g.minX)*g.sizeZ+(z-g.minZ)] = int(h)
		}
	}
	return func(x, z int) int {
		if x < g.minX || x >= g.minX+g.sizeX || z < g.minZ || z >= g.minZ+g.sizeZ {
			return 70
		}
		return heights[(x-g.minX)*g.sizeZ+(z-g.minZ)]
	}
}

// fillColumns fills every column up to its height: bedrock, deepslate and
// stone, dirt under grass; under water a floor of sand, gravel or clay,
// and sand on the shore.
func fillColumns(g *grid, seed int64, r *rng, heightAt func(x, z int) int) {
	bt := g.blocks
	id := func(name string) blockID { return bt.id(name) }
	var (
		bedrock, stone, deepslate = id("bedrock"), id("stone"), id("deepslate")
		dirt, grass, sand         = id("dirt"), id("grass_block"), id("sand")
		gravel, clay, water       = id("gravel"), id("clay"), id("water")
	)
	nearWater := func(x, z int) bool {
		for dx := -3; dx <= 3; dx++ {
			for dz := -3; dz <= 3; dz++ {
				if heightAt(x+dx, z+dz) < seaLevel {
					return true
				}
			}
		}
		return false
	}
	for x := g.minX; x < g.minX+g.sizeX; x++ {
		for z := g.minZ; z < g.minZ+g.sizeZ; z++ {
			h := heightAt(x, z)
			for y := minY; y <= h; y++ {
				p := game.Pos{X: x, Y: y, Z: z}
				var b blockID
				switch {
				case y == minY || y < minY+4 && r.intn(minY+5-y) == 0:
					b = bedrock
				case y < 0 || y < 8 && r.intn(8) > y:
					b = deepslate
				case y < h-3:
					b = stone
				case y < h:
					b = dirt
				default:
					b = grass
				}
				g.set(p, b)
			}
			if h < seaLevel {
				floor := []blockID{sand, gravel, clay}[int(hash2(seed, x, z, 5)*3)]
				g.set(game.Pos{X: x, Y: h, Z: z}, floor)
				g.set(game.Pos{X: x, Y: h - 1, Z: z}, sand)
				for y := h + 1; y <= seaLevel; y++ {
					g.set(game.Pos{X: x, Y: y, Z: z}, water)
				}
			} else if h <= seaLevel+2 && nearWater(x, z) {
				g.set(game.Pos{X: x, Y: h, Z: z}, sand)
				g.set(game.Pos{X: x, Y: h - 1, Z: z}, sand)
			}
		}
	}
}

type oreSpec struct {
	name, deep   string
	minY, maxY   int
	veins, vsize int
}

// placeOres scatters veins of each ore between the depths vanilla gives it
// most often; below y 0 an ore takes its deepslate variant.
func placeOres(g *grid, r *rng) {
	bt := g.blocks
	stone, deepslate := bt.id("stone"), bt.id("deepslate")
	area := g.sizeX * g.sizeZ / (128 * 128)
	if area < 1 {
		area = 1
	}
	specs := []oreSpec{
		{"coal_ore", "deepslate_coal_ore", 0, 90, 90, 8},
		{"copper_ore", "deepslate_copper_ore", -16, 80, 50, 6},
		{"iron_ore", "deepslate_iron_ore", -40, 64, 80, 5},
		{"gold_ore", "deepslate_gold_ore", -60, 30, 25, 4},
		{"redstone_ore", "deepslate_redstone_ore", -60, 14, 30, 5},
		{"lapis_ore", "deepslate_lapis_ore", -60, 30, 16, 4},
		{"diamond_ore", "deepslate_diamond_ore", -60, -40, 14, 4},
	}
	for _, s := range specs {
		ore, deep := bt.id(s.name), bt.id(s.deep)
		for v := 0; v < s.veins*area; v++ {
			p := game.Pos{
				X: g.minX + r.intn(g.sizeX),
				Y: s.minY + r.intn(s.maxY-s.minY+1),
				Z: g.minZ + r.intn(g.sizeZ),
			}
			n := 1 + r.intn(s.vsize)
			for i := 0; i < n; i++ {
				switch g.at(p) {
				case stone:
					g.set(p, ore)
				case deepslate:
					g.set(p, deep)
				}
				p = p.Add([]game.Pos{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}}[r.intn(6)])
			}
		}
	}
}

// carveCave digs one winding tunnel from the surface down into the stone,
// so there is a cave with ore in its walls to find. It returns its mouth.
func carveCave(g *grid, r *rng) game.Pos {
	x := float64(g.minX + g.sizeX/8 + r.intn(g.sizeX*3/4))
	z := float64(g.minZ + g.sizeZ/8 + r.intn(g.sizeZ*3/4))
	if math.Abs(x) < 12 && math.Abs(z) < 12 {
		x -= 30
	}
	mouth := game.Pos{X: int(x), Y: g.surface(int(x), int(z)), Z: int(z)}
	y := float64(mouth.Y)
	dir := r.float() * 2 * math.Pi
	water, bedrock := g.blocks.id("water"), g.blocks.id("bedrock")
	for step := 0; step < 140; step++ {
		rad := 1.6 + r.float()
		for dx := -3; dx <= 3; dx++ {
			for dy := -3; dy <= 3; dy++ {
				for dz := -3; dz <= 3; dz++ {
					if float64(dx*dx+dy*dy+dz*dz) > rad*rad {
						continue
					}
					p := game.Pos{X: int(x) + dx, Y: int(y) + dy, Z: int(z) + dz}
					if !g.inside(p) || p.Y <= minY+4 {
						continue
					}
					if b := g.at(p); b == water || b == bedrock || g.at(p.Add(game.Pos{Y: 1})) == water {
						continue
					}
					g.set(p, air)
				}
			}
		}
		dir += (r.float() - 0.5) * 0.6
		x += math.Cos(dir) * 1.2
		z += math.Sin(dir) * 1.2
		if y > 10 {
			y -= 0.55
		} else {
			y += (r.float() - 0.5) * 0.8
		}
		x = math.Max(float64(g.minX+4), math.Min(float64(g.minX+g.sizeX-5), x))
		z = math.Max(float64(g.minZ+4), math.Min(float64(g.minZ+g.sizeZ-5), z))
	}
	return mouth
}

// placeTrees plants oak and birch trees on grass on a jittered lattice,
// with a few flowers and tufts of grass between them.
func placeTrees(g *grid, seed int64, r *rng) {
	bt := g.blocks
	grass := bt.id("grass_block")
	const cell = 7
	for cx := g.minX; cx < g.minX+g.sizeX; cx += cell {
		for cz := g.minZ; cz < g.minZ+g.sizeZ; cz += cell {
			if valueNoise(seed, float64(cx), float64(cz), 30, 9) < 0.35 {
				continue // a clearing
			}
			x, z := cx+1+r.intn(cell-2), cz+1+r.intn(cell-2)
			y := g.surface(x, z)
			if g.at(game.Pos{X: x, Y: y, Z: z}) != grass {
				continue
			}
			kind := "oak"
			if r.intn(3) == 0 {
				kind = "birch"
			}
			growTree(g, game.Pos{X: x, Y: y + 1, Z: z}, kind, 4+r.intn(3))
		}
	}
	plants := []blockID{bt.id("short_grass"), bt.id("short_grass"), bt.id("short_grass"), bt.id("dandelion"), bt.id("poppy")}
	for i := 0; i < g.sizeX*g.sizeZ/24; i++ {
		x, z := g.minX+r.intn(g.sizeX), g.minZ+r.intn(g.sizeZ)
		y := g.surface(x, z)
		p := game.Pos{X: x, Y: y + 1, Z: z}
		if g.at(game.Pos{X: x, Y: y, Z: z}) == grass && g.at(p) == air {
			g.set(p, plants[r.intn(len(plants))])
		}
	}
}

// growTree puts a trunk of the given height on base and a crown of leaves
// round its top, leaves only where there is air.
func growTree(g *grid, base game.Pos, kind string, trunk int) {
	logID, leaves := g.blocks.id(kind+"_log"), g.blocks.id(kind+"_leaves")
	top := base.Y + trunk - 1
	for y := top - 2; y <= top+1; y++ {
		rad := 2
		if y >= top {
			rad = 1
		}
		for dx := -rad; dx <= rad; dx++ {
			for dz := -rad; dz <= rad; dz++ {
				if rad == 2 && abs(dx) == 2 && abs(dz) == 2 {
					continue // round the corners
				}
				if y == top+1 && abs(dx)+abs(dz) > 1 {
					continue
				}
				p := game.Pos{X: base.X + dx, Y: y, Z: base.Z + dz}
				if g.at(p) == air {
					g.set(p, leaves)
				}
			}
		}
	}
	for y := base.Y; y <= top; y++ {
		g.setState(game.Pos{X: base.X, Y: y, Z: base.Z}, logID, "axis=y")
	}
}

// findSpawn is the dry standing spot nearest the middle of the world.
func findSpawn(g *grid) game.Pos {
	for r := 0; r < g.sizeX/2; r++ {
		for dx := -r; dx <= r; dx++ {
			for dz := -r; dz <= r; dz++ {
				if abs(dx) != r && abs(dz) != r {
					continue
				}
				y := g.surface(dx, dz)
				floor := game.Pos{X: dx, Y: y, Z: dz}
				feet := floor.Add(game.Pos{Y: 1})
				if g.standable(floor) && !g.info(floor).liquid && g.passable(feet) && g.passable(feet.Add(game.Pos{Y: 1})) &&
					g.name(floor) != "oak_leaves" && g.name(floor) != "birch_leaves" {
					return feet
				}
			}
		}
	}
	return game.Pos{X: 0, Y: g.surface(0, 0) + 1, Z: 0}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
