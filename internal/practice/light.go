package practice

import (
	"math"
	"strings"

	"beaweb/internal/game"
)

// The light model, close enough to the game's for the state's light field
// and for monster spawning:
//
//   - Sky light comes straight down at 15 through air, glass, doors and the
//     like; leaves and water take 1 from it each, any other solid block all
//     of it. From there it spreads sideways (and up and down) through every
//     cell that is not opaque, losing 1 a block, so the cell beside an open
//     column still gets 14 and the shade of a tree is barely darker than the
//     field round it.
//   - Block light spreads the same way from torches, lanterns, glowstone,
//     fire and lava, and never through an opaque block.
//   - What a cell shows is the brighter of the two, the sky's dimmed by the
//     time of day and the weather.
//
// Nothing is stored per cell: each question is a search outward from the
// cell asked about, nearest first, which stops as soon as nothing further
// away could be brighter or it knows what the question needs (at night the
// sky gives at most 4, so three blocks round settle it), after 14 blocks
// (where any light is spent) or after lightSearchCells cells. Block light
// is only searched for when a look at the cells round p finds a source in
// reach. The worst case, a dark hall at night with a torch a dozen blocks
// off, costs under 0.1 ms (BenchmarkLightInADarkHall); an open field by
// day costs next to nothing. The cap is the model's one departure that can
// matter: in a huge open cave, light more than a few thousand cells of air
// away is not found. A column's roof is cached (grid.roofs) so the
// straight-down part is a short walk from the top of the column.

// maxLight is the brightest light there is.
const maxLight = 15

// lightSearchCells bounds one light search, so a question about a cell in a
// vast cave costs a bounded time.
const lightSearchCells = 4096

// roofUnknown marks a column whose roof must be found again.
const roofUnknown = math.MinInt16

// lightOpacity is how much a block takes from light passing through it:
// nothing for open cells and the see-through solids, 1 for leaves and
// water, everything for the rest.
func lightOpacity(b blockInfo) uint8 {
	switch {
	case b.name == "water":
		return 1
	case b.liquid:
		return maxLight
	case !b.solid:
		return 0
	case strings.HasSuffix(b.name, "_leaves"):
		return 1
	case b.door || b.ironDoor || b.tall || strings.Contains(b.name, "glass") || strings.HasSuffix(b.name, "_bed") ||
		b.name == "chest" || strings.HasSuffix(b.name, "lantern"):
		return 0
	}
	return maxLight
}

// column is the index of the column of x, z in roofs; the caller checks
// that it is inside the world.
func (g *grid) column(x, z int) int { return (x-g.minX)*g.sizeZ + (z - g.minZ) }

// roof is the y of the highest cell of the column that takes anything from
// sky light, minY-1 when there is none.
func (g *grid) roof(x, z int) int {
	col := g.column(x, z)
	if r := g.roofs[col]; r != roofUnknown {
		return int(r)
	}
	base := col * height
	y := minY + height - 1
	for ; y >= minY; y-- {
		if g.blocks.opacity[g.cells[base+y-minY]] > 0 {
			break
		}
	}
	g.roofs[col] = int16(y)
	return y
}

// noteRoof keeps the cached roof of p's column true after id went into p.
func (g *grid) noteRoof(p game.Pos, id blockID) {
	col := g.column(p.X, p.Z)
	r := g.roofs[col]
	if r == roofUnknown {
		return
	}
	switch op := g.blocks.opacity[id]; {
	case op > 0 && p.Y > int(r):
		g.roofs[col] = int16(p.Y)
	case op == 0 && p.Y == int(r):
		g.roofs[col] = roofUnknown
	}
}

// skyDirect is the sky light that comes straight down into p, as at noon
// on a clear day: 15 less what every cell from the roof down to p itself
// takes from it.
func (g *grid) skyDirect(p game.Pos) int {
	if p.Y >= minY+height {
		return maxLight
	}
	if !g.inside(p) {
		return 0 // the bedrock round the world
	}
	top := g.roof(p.X, p.Z)
	if p.Y > top {
		return maxLight
	}
	base := int(g.index(game.Pos{X: p.X, Y: minY, Z: p.Z}))
	lost := 0
	for y := top; y >= p.Y; y-- {
		lost += int(g.blocks.opacity[g.cells[base+y-minY]])
		if lost >= maxLight {
			return 0
		}
	}
	return maxLight - lost
}

// lighting answers how much light reaches a cell of the grid: from the
// sky at noon on a clear day, and from the blocks that glow. The time and
// the weather that dim the sky are the world's (World.lightAt).
type lighting struct {
	grid *grid
	// The search's marks (a cube of side 29 round the cell asked about,
	// made on first use), their generation, and its queue.
	stamp []uint32
	gen   uint32
	queue []game.Pos
}

// lightSource is what a light search looks for.
type lightSource uint8

const (
	fromSky    lightSource = iota // sky light coming straight down somewhere
	fromBlocks                    // torches, lanterns, glowstone, fire, lava
)

// faceOffsets are the six neighbours of a cell.
var faceOffsets = [6]game.Pos{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}}

// brightest searches outward from p, nearest first, through the cells light
// passes, for the brightest light of the source that reaches p: a cell at d
// steps that holds light l gives p l-d, and no cell holds more than
// ceiling. The answer is never below floor; the search stops once nothing
// further away could beat what it has, or once it has enough.
func (l *lighting) brightest(p game.Pos, src lightSource, floor, ceiling, enough int) int {
	g := l.grid
	const r = maxLight - 1
	const side = 2*r + 1
	if l.stamp == nil {
		l.stamp = make([]uint32, side*side*side)
	}
	l.gen++
	if l.gen == 0 {
		clear(l.stamp)
		l.gen = 1
	}
	gen := l.gen
	opacity, emits := g.blocks.opacity, g.blocks.emits
	level := func(q game.Pos, id blockID) int {
		switch {
		case src == fromBlocks:
			return int(emits[id])
		case opacity[id] >= maxLight:
			return 0
		}
		return g.skyDirect(q)
	}
	// Every cell the search reaches is at most r steps from p, so each of
	// its coordinates is within r of p's: the marks are a cube round p.
	mark := func(q game.Pos) int {
		d := q.Sub(p)
		return ((d.X+r)*side+(d.Y+r))*side + d.Z + r
	}
	best := max(floor, level(p, g.at(p)))
	queue := append(l.queue[:0], p)
	l.stamp[mark(p)] = gen
	head := 0
	for d := 1; d <= r && head < len(queue) && ceiling-d > best && best < enough; d++ {
		end := len(queue)
		for ; head < end; head++ {
			c := queue[head]
			for _, off := range faceOffsets {
				n := c.Add(off)
				i := mark(n)
				if l.stamp[i] == gen {
					continue
				}
				l.stamp[i] = gen
				id := g.at(n) // bedrock round the world, air above it
				if v := level(n, id) - d; v > best {
					best = v
				}
				if opacity[id] < maxLight && len(queue) < lightSearchCells {
					queue = append(queue, n)
				}
			}
		}
	}
	l.queue = queue
	return best
}

// skyOver is the sky light of p when it is above floor, else floor; it
// stops looking once it knows the light is at least enough.
func (l *lighting) skyOver(p game.Pos, floor, enough int) int {
	g := l.grid
	if g.blocks.opacity[g.at(p)] >= maxLight {
		return floor
	}
	return l.brightest(p, fromSky, floor, maxLight, enough)
}

// blockLight is the light torches, lanterns, glowstone, fire and lava give
// p; monsters spawn only where it is 0.
func (l *lighting) blockLight(p game.Pos) int { return l.blockLightOver(p, 0) }

// blockLightOver is the block light of p, or floor when that is brighter.
func (l *lighting) blockLightOver(p game.Pos, floor int) int {
	// Most cells have no light source within reach: a look at the bytes
	// of the cells round p settles those without a search, and bounds the
	// search for the others.
	bound, brightest := l.sourceBound(p)
	if bound <= floor {
		return floor
	}
	return l.brightest(p, fromBlocks, floor, brightest, bound)
}

// sourceBound is the most light any source within 14 blocks of p could
// give it, walls aside (its light less its distance), and the light of the
// brightest of them.
func (l *lighting) sourceBound(p game.Pos) (bound, brightest int) {
	g := l.grid
	emits := g.blocks.emits
	const r = maxLight - 1
	best := 0
	for dx := -r; dx <= r; dx++ {
		x := p.X + dx
		if x < g.minX || x >= g.minX+g.sizeX {
			continue
		}
		for dz := -(r - abs(dx)); dz <= r-abs(dx); dz++ {
			z := p.Z + dz
			if z < g.minZ || z >= g.minZ+g.sizeZ {
				continue
			}
			reach := r - abs(dx) - abs(dz)
			lo, hi := max(p.Y-reach, minY), min(p.Y+reach, minY+height-1)
			base := int(g.index(game.Pos{X: x, Y: minY, Z: z})) - minY
			for y := lo; y <= hi; y++ {
				if e := int(emits[g.cells[base+y]]); e > 0 {
					brightest = max(brightest, e)
					if v := e - abs(dx) - abs(dz) - abs(y-p.Y); v > best {
						best = v
					}
				}
			}
		}
	}
	return best, brightest
}

// light is what the sky gives a cell open to it now: 15 by day, 4 at
// night (dark), 3 less in rain or thunder.
func (s *sky) light(dark bool) int {
	l := maxLight
	if dark {
		l = 4
	}
	if s.weather != "clear" {
		l -= 3
	}
	return max(l, 0)
}

// lightAt is the light in a cell now: the brighter of its block light and
// the sky light reaching it, dimmed by the time and the weather.
func (w *World) lightAt(p game.Pos) int {
	// What the sky gives less than the dimming is no light at all, so the
	// search need not look for it: at night it looks three blocks round.
	dim := maxLight - w.sky.light(w.dark())
	sky := w.light.skyOver(p, dim, maxLight) - dim
	if sky >= maxLight {
		return sky
	}
	return w.light.blockLightOver(p, sky)
}

// darkEnoughToSpawn reports whether a monster may rise in p: no block
// light at all, and by day no sky light reaching it either.
func (w *World) darkEnoughToSpawn(p game.Pos) bool {
	if !w.dark() && w.light.skyOver(p, 0, 1) > 0 {
		return false
	}
	return w.light.blockLight(p) == 0
}
