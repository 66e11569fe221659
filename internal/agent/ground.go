package agent

import (
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Ground is what the map draws under everything else: for each column the
// game side has shown her (the terrain packet), the map colour of its top
// block (an index of game.MapColours), kept in chunks of 16×16 columns per
// world and dimension. A Ground never changes once made: With answers a new
// one that shares the chunks it did not touch, so the live snapshot can
// carry it and a reader never sees half of a change. The zero of *Ground,
// nil, is empty.
type Ground struct {
	version uint64
	places  map[groundPlace]map[ChunkAt]*GroundChunk
}

// groundPlace is a world (the server her hello names) and a dimension.
type groundPlace struct{ world, dimension string }

// ChunkAt is a chunk's place: its column coordinates divided by 16.
type ChunkAt struct{ X, Z int }

// GroundChunk is 16×16 columns, row by row from the north-west (x along a
// row), and the Ground version that last changed it.
type GroundChunk struct {
	At      ChunkAt
	Version uint64
	Colours [256]uint8
}

// maxGroundChunks bounds the chunks kept per world and dimension (about
// 1 MB): past it, those farthest from the newest square are forgotten.
const maxGroundChunks = 4096

// Version counts the changes of the ground; 0 is an empty ground.
func (g *Ground) Version() uint64 {
	if g == nil {
		return 0
	}
	return g.version
}

// With is the ground with a terrain square of world laid on it, and
// whether anything changed. Columns the square does not know keep what
// they had.
func (g *Ground) With(world string, t protocol.Terrain) (*Ground, bool) {
	place := groundPlace{world, orDefault(t.Dimension, "overworld")}
	var old map[ChunkAt]*GroundChunk
	if g != nil {
		old = g.places[place]
	}
	next := g.Version() + 1
	var changed []*GroundChunk
	for cz := floorDiv16(t.Z); cz <= floorDiv16(t.Z+t.Size-1); cz++ {
		for cx := floorDiv16(t.X); cx <= floorDiv16(t.X+t.Size-1); cx++ {
			at := ChunkAt{cx, cz}
			c := &GroundChunk{At: at, Version: next}
			if o := old[at]; o != nil {
				c.Colours = o.Colours
			}
			if layChunk(c, t) {
				changed = append(changed, c)
			}
		}
	}
	if len(changed) == 0 {
		return g, false
	}
	out := &Ground{version: next, places: make(map[groundPlace]map[ChunkAt]*GroundChunk, len(g.placesOrNil())+1)}
	for k, v := range g.placesOrNil() {
		out.places[k] = v
	}
	chunks := make(map[ChunkAt]*GroundChunk, len(old)+len(changed))
	for k, v := range old {
		chunks[k] = v
	}
	for _, c := range changed {
		chunks[c.At] = c
	}
	forgetFar(chunks, ChunkAt{floorDiv16(t.X + t.Size/2), floorDiv16(t.Z + t.Size/2)})
	out.places[place] = chunks
	return out, true
}

func (g *Ground) placesOrNil() map[groundPlace]map[ChunkAt]*GroundChunk {
	if g == nil {
		return nil
	}
	return g.places
}

// layChunk writes the square's columns into c and says whether one changed.
func layChunk(c *GroundChunk, t protocol.Terrain) bool {
	changed := false
	for dz := range 16 {
		for dx := range 16 {
			x, z := c.At.X*16+dx, c.At.Z*16+dz
			b := t.Top(x, z)
			if b == "" {
				continue
			}
			v := uint8(game.MapColourOf(b))
			if c.Colours[dz*16+dx] != v {
				c.Colours[dz*16+dx] = v
				changed = true
			}
		}
	}
	return changed
}

// forgetFar drops the chunks farthest from centre while there are more
// than maxGroundChunks.
func forgetFar(chunks map[ChunkAt]*GroundChunk, centre ChunkAt) {
	for len(chunks) > maxGroundChunks {
		var far ChunkAt
		best := -1
		for at := range chunks {
			if d := max(abs(at.X-centre.X), abs(at.Z-centre.Z)); d > best {
				far, best = at, d
			}
		}
		delete(chunks, far)
	}
}

// Chunks are the chunks of world and dimension that overlap the columns
// x0..x1, z0..z1 (inclusive) and changed after version since.
func (g *Ground) Chunks(world, dimension string, x0, z0, x1, z1 int, since uint64) []GroundChunk {
	if g == nil {
		return nil
	}
	chunks := g.places[groundPlace{world, orDefault(dimension, "overworld")}]
	var out []GroundChunk
	for cz := floorDiv16(z0); cz <= floorDiv16(z1); cz++ {
		for cx := floorDiv16(x0); cx <= floorDiv16(x1); cx++ {
			if c := chunks[ChunkAt{cx, cz}]; c != nil && c.Version > since {
				out = append(out, *c)
			}
		}
	}
	return out
}

func floorDiv16(v int) int {
	if v < 0 {
		return -((-v + 15) / 16)
	}
	return v / 16
}
