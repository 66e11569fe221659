package practice

import "beaweb/internal/game"

// flatGround is the y of the grass of a flat world: the game's superflat
// preset (bedrock, two of dirt, grass), so a blueprint written for a
// superflat server at y -60 stands on it where the task says.
const flatGround = minY + 3

// faraway is a box no play reaches: where a flat world keeps the lake,
// the cave and the portals it has none of.
var faraway = game.Pos{X: 1 << 24, Y: minY, Z: 1 << 24}

// newFlatTerrain is a flat world of size×size columns round centre: no
// trees, ores, cave, hut, lake or portals, only the ground to build on.
// She starts at centre, on the grass.
func newFlatTerrain(blocks *blockTable, size int, centre game.Pos) *terrain {
	g := newGrid(size, size, blocks)
	g.minX, g.minZ = centre.X-size/2, centre.Z-size/2
	layers := []blockID{blocks.id("bedrock"), blocks.id("dirt"), blocks.id("dirt"), blocks.id("grass_block")}
	for x := g.minX; x < g.minX+g.sizeX; x++ {
		for z := g.minZ; z < g.minZ+g.sizeZ; z++ {
			for i, b := range layers {
				g.set(game.Pos{X: x, Y: minY + i, Z: z}, b)
			}
		}
	}
	far := claim{min: faraway, max: faraway}
	gen := generated{spawn: game.Pos{X: centre.X, Y: flatGround + 1, Z: centre.Z}, lake: faraway, cave: faraway, nether: far}
	for i := range gen.portals {
		gen.portals[i] = portal{dimension: overworld, min: faraway, max: faraway, frame: far, exit: faraway}
	}
	return &terrain{blocks: blocks, grid: g, gen: gen, containers: map[game.Pos]*container{}, furnaces: map[game.Pos]*furnace{}}
}
