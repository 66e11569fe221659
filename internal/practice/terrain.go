package practice

import "beaweb/internal/game"

// terrain is the world's ground: the grid of blocks, what New generated in
// it (spawn, hut, lake, portals, the nether cavern), the ground the server
// protects, and the chests and furnaces placed in it. It answers questions
// about blocks and changes none of her state; the creatures, her body and
// her actions read and change it through the World.
type terrain struct {
	blocks *blockTable
	grid   *grid
	gen    generated
	seed   int64 // for the biomes' noise
	claims []claim

	containers map[game.Pos]*container
	furnaces   map[game.Pos]*furnace
}

// newTerrain generates the terrain of seed in a square of side size.
func newTerrain(blocks *blockTable, size int, seed int64, stocked bool) *terrain {
	g := newGrid(size, size, blocks)
	t := &terrain{blocks: blocks, grid: g, gen: generate(g, seed, stocked), seed: seed,
		containers: map[game.Pos]*container{}, furnaces: map[game.Pos]*furnace{}}
	if t.gen.hasHut {
		h := t.gen.hut
		t.claims = append(t.claims, claim{min: h.min, max: h.max})
		c := t.containerAt(h.chest)
		c.add("bread", 3, 64)
		c.add("torch", 4, 64)
		c.add("iron_ingot", 2, 64)
	}
	for _, pt := range t.gen.portals {
		t.claims = append(t.claims, pt.frame)
	}
	return t
}
