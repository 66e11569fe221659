package practice

import (
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// This file draws the ground for the dashboard's map: the terrain packet,
// the top block of each column in the three-by-three chunks around her,
// with its height.

// terrainSide is the square's side in columns: her chunk and the eight
// around it, so the square moves only when she changes chunk.
const terrainSide = 48

// terrainPacket is the square around her now. Columns outside the world
// are unknown.
func (w *World) terrainPacket() protocol.Terrain {
	feet := w.bea.feet()
	x0 := floorDiv(feet.X, 16)*16 - 16
	z0 := floorDiv(feet.Z, 16)*16 - 16
	t := protocol.Terrain{Dimension: w.bea.dimension, X: x0, Z: z0, Size: terrainSide}
	if t.Dimension == "" {
		t.Dimension = "overworld"
	}
	index := map[blockID]int{}
	var tops, heights strings.Builder
	tops.Grow(terrainSide * terrainSide)
	heights.Grow(2 * terrainSide * terrainSide)
	unknown := func() {
		tops.WriteByte(protocol.TopUnknown)
		heights.WriteString(string([]byte{protocol.TopUnknown, protocol.TopUnknown}))
	}
	for z := z0; z < z0+terrainSide; z++ {
		for x := x0; x < x0+terrainSide; x++ {
			id, y, ok := w.grid.top(x, z)
			if !ok {
				unknown()
				continue
			}
			i, seen := index[id]
			if !seen {
				if len(t.Palette) == len(protocol.TopsAlphabet) {
					unknown()
					continue
				}
				i = len(t.Palette)
				index[id] = i
				t.Palette = append(t.Palette, w.blocks.name(id))
			}
			tops.WriteByte(protocol.TopChar(i))
			heights.WriteString(protocol.HeightChars(y))
		}
	}
	t.Tops, t.Heights = tops.String(), heights.String()
	return t
}

// top is the highest block of a column that is not air, and its y; ok is
// false outside the world or for a column of air.
func (g *grid) top(x, z int) (id blockID, y int, ok bool) {
	if !g.inside(game.Pos{X: x, Y: minY, Z: z}) {
		return air, 0, false
	}
	base := g.index(game.Pos{X: x, Y: minY, Z: z})
	for dy := height - 1; dy >= 0; dy-- {
		if id := g.cells[base+int32(dy)]; id != air {
			return id, minY + dy, true
		}
	}
	return air, 0, false
}

// sendTerrain broadcasts the square around her when it differs from the
// last one sent. A new connection forgets the last one (connect), so that
// it gets the ground with the next survey.
func (w *World) sendTerrain() {
	t := w.terrainPacket()
	key := terrainKey(t)
	if key == w.terrainSent {
		return
	}
	w.terrainSent = key
	w.hub.broadcast(t)
}

func terrainKey(t protocol.Terrain) string {
	return t.Dimension + " " + game.Pos{X: t.X, Z: t.Z}.String() + " " + strings.Join(t.Palette, ",") + " " + t.Tops
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
