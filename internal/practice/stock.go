package practice

import (
	"beaweb/internal/game"
)

// A stocked world (Options.Stocked) is the default one without the hut,
// holding near spawn what a Minecraft world gives round a player who sets
// out to make something: ripe crops on farmland, sugar cane by water,
// pumpkins, mushrooms, every flower a dye comes from, cobwebs for string,
// and a few of each animal. Trees, sand, water and the ores at their
// depths are the default world's.

// stockedCrops are the patches laid round spawn, each a 3 by 3 of its
// block on its ground ("" keeps the grass).
var stockedCrops = []struct{ block, ground string }{
	{"wheat", "farmland"}, {"potatoes", "farmland"}, {"carrots", "farmland"}, {"beetroots", "farmland"},
	{"sugar_cane", ""}, {"pumpkin", ""}, {"red_mushroom", ""}, {"brown_mushroom", ""},
}

// stockedFlowers are the flowers a dye comes from, planted five each.
var stockedFlowers = []string{"dandelion", "poppy", "cornflower", "blue_orchid", "allium", "azure_bluet",
	"red_tulip", "orange_tulip", "white_tulip", "pink_tulip", "oxeye_daisy", "lily_of_the_valley"}

// stockedAnimals are the kinds put near spawn, four each.
var stockedAnimals = []string{"cow", "pig", "sheep", "chicken", "rabbit"}

// stockedBlocks are the block infos a stocked world needs beyond the
// default table: plants broken at a touch, each dropping its item.
func stockedBlocks() []blockInfo {
	plant := func(name string) blockInfo {
		return blockInfo{name: name, hardness: 0, drop: game.DropOf(name), replace: true}
	}
	out := []blockInfo{
		{name: "pumpkin", solid: true, hardness: 1, tool: toolAxe},
		{name: "cobweb", hardness: 4, tool: toolSword, drop: "string"},
	}
	for _, c := range stockedCrops {
		if c.block != "pumpkin" {
			out = append(out, plant(c.block))
		}
	}
	for _, f := range stockedFlowers {
		if f != "dandelion" && f != "poppy" {
			out = append(out, plant(f))
		}
	}
	return out
}

// stock lays the stocked world's sources round spawn: the crop patches on
// a ring 6 to 14 blocks out (so that all of them lie within a find's 32 blocks of anywhere she goes for another), the flowers between them, cobwebs at the
// cave's mouth (or, with no cave, beside spawn).
func stock(g *grid, r *rng, spawn, cave game.Pos) {
	bt := g.blocks
	for i, c := range stockedCrops {
		for try := 0; try < 400; try++ {
			x, z := spawn.X-14+r.intn(29), spawn.Z-14+r.intn(29)
			if abs(x-spawn.X)+abs(z-spawn.Z) < 6 || !patchFits(g, x, z) {
				continue
			}
			layPatch(g, x, z, c.block, c.ground, i)
			break
		}
	}
	for _, f := range stockedFlowers {
		for n, try := 0, 0; n < 5 && try < 200; try++ {
			x, z := spawn.X-16+r.intn(33), spawn.Z-16+r.intn(33)
			y := g.surface(x, z)
			top := game.Pos{X: x, Y: y + 1, Z: z}
			if g.inside(top) && bt.name(g.at(game.Pos{X: x, Y: y, Z: z})) == "grass_block" && g.at(top) == bt.id("air") {
				g.set(top, bt.id(f))
				n++
			}
		}
	}
	web := bt.id("cobweb")
	placed := 0
	for _, at := range []game.Pos{cave, spawn} {
		for dx := -4; dx <= 4 && placed < 4; dx++ {
			for dz := -4; dz <= 4 && placed < 4; dz++ {
				x, z := at.X+dx, at.Z+dz
				p := game.Pos{X: x, Y: g.surface(x, z) + 1, Z: z}
				if at == cave {
					p.Y = at.Y
				}
				if (dx != 0 || dz != 0) && g.inside(p) && g.at(p) == bt.id("air") && bt.info(g.at(p.Add(down1))).solid && (dx+dz)%3 == 0 {
					g.set(p, web)
					placed++
				}
			}
		}
	}
}

// patchFits reports whether a 3 by 3 patch at x, z lies on level grass
// with air above.
func patchFits(g *grid, x, z int) bool {
	y := g.surface(x, z)
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			p := game.Pos{X: x + dx, Y: y, Z: z + dz}
			if !g.inside(p) || g.surface(p.X, p.Z) != y || g.blocks.name(g.at(p)) != "grass_block" || g.at(p.Add(up1)) != g.blocks.id("air") {
				return false
			}
		}
	}
	return true
}

// layPatch lays one patch: sugar cane round a block of water, as it grows;
// anything else on a 3 by 3 of its ground.
func layPatch(g *grid, x, z int, block, ground string, _ int) {
	bt := g.blocks
	y := g.surface(x, z)
	if block == "sugar_cane" {
		g.set(game.Pos{X: x, Y: y, Z: z}, bt.id("water"))
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			g.set(game.Pos{X: x + d[0], Y: y + 1, Z: z + d[1]}, bt.id(block))
		}
		return
	}
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			p := game.Pos{X: x + dx, Y: y, Z: z + dz}
			if ground != "" {
				g.set(p, bt.id(ground))
			}
			g.set(p.Add(up1), bt.id(block))
		}
	}
}

// populateStocked puts four of each stocked animal on grass within 16
// blocks of spawn.
func (c *creatures) populateStocked(spawn game.Pos) {
	g := c.grid
	grass := c.blocks.id("grass_block")
	for _, kind := range stockedAnimals {
		for n, tries := 0, 0; n < 4 && tries < 200; tries++ {
			x, z := spawn.X-16+c.rng.intn(33), spawn.Z-16+c.rng.intn(33)
			floor := game.Pos{X: x, Y: g.surface(x, z), Z: z}
			if !g.inside(floor) || g.at(floor) != grass || !g.passable(floor.Add(up1)) || !g.passable(floor.Add(up2)) {
				continue
			}
			c.ents.add(&entity{kind: kind, pos: floor.Add(up1).Center(), health: mobHealth(kind), born: c.world.now()})
			n++
		}
	}
}
