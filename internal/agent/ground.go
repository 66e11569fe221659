package agent

import (
	"math"
	"slices"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Ground is what the map draws under everything else: for each column the
// game side has shown her (the terrain packet), the map colour of its top
// block (an index of game.MapColours), and for the 3D view the top block
// itself and its height, kept in chunks of 16×16 columns per world and
// dimension. A Ground never changes once made: With answers a new one that
// shares the chunks it did not touch, so the live snapshot can carry it and
// a reader never sees half of a change. The zero of *Ground, nil, is empty.
type Ground struct {
	version uint64
	places  map[groundPlace]map[ChunkAt]*GroundChunk
	// names are the top blocks by the index GroundChunk.Tops holds, "" at
	// 0; index finds a name's. Both are copied, never written, when a
	// newer Ground learns a name.
	names []string
	index map[string]uint16
}

// groundPlace is a world (the server her hello names) and a dimension.
type groundPlace struct{ world, dimension string }

// ChunkAt is a chunk's place: its column coordinates divided by 16.
type ChunkAt struct{ X, Z int }

// GroundChunk is 16×16 columns, row by row from the north-west (x along a
// row), and the Ground version that last changed it: each column's map
// colour, its top block (an index of the Ground's names, 0 when not known)
// and that block's y (NoHeight when the game side did not say).
type GroundChunk struct {
	At      ChunkAt
	Version uint64
	Colours [256]uint8
	Tops    [256]uint16
	Heights [256]int16
}

// NoHeight is the height of a column whose terrain square carried none.
const NoHeight = math.MinInt16

// maxGroundChunks bounds the chunks kept per world and dimension (about
// 5 MB): past it, those farthest from the newest square are forgotten.
// maxGroundNames bounds the kinds of top block it names (the game has about
// a thousand); a column of a kind past it is kept by its colour alone.
const (
	maxGroundChunks = 4096
	maxGroundNames  = 4096
)

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
	names := g.learn(t.Palette)
	var changed []*GroundChunk
	for cz := floorDiv16(t.Z); cz <= floorDiv16(t.Z+t.Size-1); cz++ {
		for cx := floorDiv16(t.X); cx <= floorDiv16(t.X+t.Size-1); cx++ {
			at := ChunkAt{cx, cz}
			c := &GroundChunk{At: at, Version: next}
			if o := old[at]; o != nil {
				c.Colours, c.Tops, c.Heights = o.Colours, o.Tops, o.Heights
			} else {
				c.Heights = noHeights
			}
			if layChunk(c, t, names) {
				changed = append(changed, c)
			}
		}
	}
	if len(changed) == 0 {
		return g, false
	}
	out := &Ground{version: next, places: make(map[groundPlace]map[ChunkAt]*GroundChunk, len(g.placesOrNil())+1)}
	out.names, out.index = names.names, names.index
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

// noHeights is a chunk's heights before any square said one.
var noHeights = func() (h [256]int16) {
	for i := range h {
		h[i] = NoHeight
	}
	return h
}()

// groundNames are the names of a Ground being made, and the index of each
// name of the square being laid.
type groundNames struct {
	names   []string
	index   map[string]uint16
	palette []uint16 // the square's palette, by its own index
}

// learn answers the names with those of palette added, copying the
// Ground's only when one is new.
func (g *Ground) learn(palette []string) groundNames {
	n := groundNames{names: []string{""}, index: map[string]uint16{}, palette: make([]uint16, len(palette))}
	if g != nil && g.names != nil {
		n.names, n.index = g.names, g.index
	}
	copied := false
	for i, b := range palette {
		b = game.BlockName(b)
		id, ok := n.index[b]
		if !ok && len(n.names) < maxGroundNames {
			if !copied {
				index := make(map[string]uint16, len(n.index)+len(palette))
				for k, v := range n.index {
					index[k] = v
				}
				n.names, n.index = slices.Clone(n.names), index
				copied = true
			}
			id = uint16(len(n.names))
			n.names, n.index[b] = append(n.names, b), id
		}
		n.palette[i] = id
	}
	return n
}

// layChunk writes the square's columns into c and says whether one changed.
func layChunk(c *GroundChunk, t protocol.Terrain, names groundNames) bool {
	changed := false
	for dz := range 16 {
		for dx := range 16 {
			x, z := c.At.X*16+dx, c.At.Z*16+dz
			i, ok := t.TopIndex(x, z)
			if !ok {
				continue
			}
			v := uint8(game.MapColourOf(t.Palette[i]))
			top := names.palette[i]
			h := int16(NoHeight)
			if y, ok := t.Height(x, z); ok {
				h = int16(y)
			}
			at := dz*16 + dx
			if c.Colours[at] != v || c.Tops[at] != top || c.Heights[at] != h {
				c.Colours[at], c.Tops[at], c.Heights[at] = v, top, h
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
