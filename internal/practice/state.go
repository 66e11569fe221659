package practice

import (
	"math"
	"sort"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// The reaches of her senses.
const (
	closeView    = 4  // the state's blocks and census
	surveyRadius = 20 // the survey's cube
	entityView   = 24 // mobs and items in the state
	playerView   = 64 // other players in the state
)

// scratch holds buffers the senses reuse every tick, so a state or a
// survey allocates little.
type scratch struct {
	stamp []uint32 // per cell of the survey cube: the survey that reached it
	gen   uint32
	queue []game.Pos
}

func newScratch() *scratch {
	side := 2*surveyRadius + 1
	return &scratch{stamp: make([]uint32, side*side*side)}
}

// statePacket is her whole situation now.
func (w *World) statePacket() protocol.State {
	b := w.bea
	inv := b.inv
	s := protocol.State{
		Tick: w.tick,
		Player: protocol.PlayerState{
			Health: round1(b.health), Food: b.food, Saturation: round1(b.saturation), XPLevel: b.xpLevel,
			Position: game.Vec3{X: round2(b.pos.X), Y: round2(b.pos.Y), Z: round2(b.pos.Z)},
			Yaw:      round1(b.yaw), Pitch: round1(b.pitch), Dimension: b.dimension,
			OnGround: !w.bea.dead && w.grid.standable(b.feet().Add(game.Pos{Y: -1})),
			InWater:  w.grid.info(b.feet()).name == "water",
		},
		Inventory: []protocol.Slot{},
		Craftable: w.craftableNow(),
		Census:    map[string]int{},
		Entities:  []protocol.Entity{},
		Players:   []protocol.NearPlayer{},
	}
	if h := inv.held(); h.Count > 0 {
		s.Held = &game.Stack{Item: h.Item, Count: h.Count}
	}
	armor := func(slot string) *string {
		if v, ok := inv.armor[slot]; ok && v != "" {
			return &v
		}
		return nil
	}
	s.Armor = protocol.Armor{Head: armor("head"), Chest: armor("chest"), Legs: armor("legs"), Feet: armor("feet")}
	for i, st := range inv.slots {
		if st.Count > 0 {
			s.Inventory = append(s.Inventory, protocol.Slot{Slot: i, Item: st.Item, Count: st.Count})
		}
	}
	feet := b.feet()
	s.Blocks, s.Census = w.land.closeView(feet)
	s.Underfoot = w.grid.name(feet.Add(game.Pos{Y: -1}))
	s.Overhead = w.grid.name(feet.Add(game.Pos{Y: 2}))
	// She sees only what shares her dimension: the nether cavern and the
	// overworld round it are one grid.
	here := func(e *entity) bool { return w.land.dimensionAt(e.pos.Block()) == b.dimension }
	for _, e := range w.ents.near(b.pos, entityView, func(e *entity) bool { return e.kind != "player" && here(e) }) {
		s.Entities = append(s.Entities, protocol.Entity{
			ID: e.id, Type: entityType(e), X: round2(e.pos.X), Y: round2(e.pos.Y), Z: round2(e.pos.Z),
			Distance: round1(e.pos.Dist(b.pos)), Hostile: e.hostile,
		})
	}
	for _, e := range w.ents.near(b.pos, playerView, func(e *entity) bool { return e.kind == "player" && here(e) }) {
		s.Players = append(s.Players, protocol.NearPlayer{
			Name: e.name, UUID: e.uuid, X: round2(e.pos.X), Y: round2(e.pos.Y), Z: round2(e.pos.Z),
			Distance: round1(e.pos.Dist(b.pos)),
		})
	}
	s.World = protocol.WorldState{
		Time: w.timeOfDay(), Dark: w.dark(), Weather: w.sky.weather, Light: w.lightAt(feet),
		Biome: w.land.biome(feet), Dimension: b.dimension, Server: w.opts.Server,
	}
	if b.dimension == theNether {
		s.World.Weather = "clear" // no rain falls in the nether
	}
	return s
}

// entityType is the type the state gives an entity; a dropped item says
// what it is ("item:oak_log").
func entityType(e *entity) string {
	if e.kind == "item" {
		return "item:" + e.item.Item
	}
	return e.kind
}

// closeView lists every block she can see within closeView blocks (a block
// with a face open to the air), nearest first, and counts every block of
// the cube by kind.
func (t *terrain) closeView(feet game.Pos) ([]protocol.SeenBlock, map[string]int) {
	g := t.grid
	census := map[string]int{}
	var seen []protocol.SeenBlock
	eye := feet.Add(game.Pos{Y: 1})
	for dx := -closeView; dx <= closeView; dx++ {
		for dy := -closeView; dy <= closeView; dy++ {
			for dz := -closeView; dz <= closeView; dz++ {
				p := feet.Add(game.Pos{X: dx, Y: dy, Z: dz})
				if !g.inside(p) {
					continue
				}
				id := g.at(p)
				if id == air {
					continue
				}
				name := g.blocks.name(id)
				census[name]++
				if !t.exposed(p) {
					continue
				}
				seen = append(seen, protocol.SeenBlock{Block: name, X: p.X, Y: p.Y, Z: p.Z, Distance: round1(p.Dist(eye))})
			}
		}
	}
	sort.SliceStable(seen, func(i, j int) bool {
		if seen[i].Distance != seen[j].Distance {
			return seen[i].Distance < seen[j].Distance
		}
		a, b := seen[i], seen[j]
		if a.Y != b.Y {
			return a.Y > b.Y
		}
		if a.X != b.X {
			return a.X < b.X
		}
		return a.Z < b.Z
	})
	if seen == nil {
		seen = []protocol.SeenBlock{}
	}
	return seen, census
}

// exposed reports whether a block has a face open to a cell she could see
// it through.
func (t *terrain) exposed(p game.Pos) bool {
	for _, f := range game.Faces {
		d, _ := f.Offset()
		if q := p.Add(d); t.grid.inside(q) && !t.grid.info(q).solid {
			return true
		}
	}
	return false
}

// usefulKind reports whether the survey reports a kind of block.
func usefulKind(name string) bool {
	switch name {
	case "stone", "cobblestone", "deepslate", "sand", "gravel", "clay", "water", "lava",
		"crafting_table", "furnace", "chest", "barrel", "wheat":
		return true
	}
	return strings.HasSuffix(name, "_log") || strings.HasSuffix(name, "_leaves") ||
		strings.HasSuffix(name, "_ore") || strings.HasSuffix(name, "_bed")
}

// surveyPacket counts each useful kind of block in the cube round her, with
// the nearest one and the nearest she can reach without digging.
func (w *World) surveyPacket() protocol.Survey {
	g := w.grid
	feet := w.bea.feet()
	eye := feet.Add(game.Pos{Y: 1})
	reach := w.reachable(feet)
	type acc struct {
		count     int
		nearest   *protocol.Spot
		reachable *protocol.Spot
	}
	kinds := map[blockID]*acc{}
	// useful[id] is 0 when not yet known, 1 for a kind the survey reports,
	// 2 for one it does not.
	useful := make([]uint8, len(g.blocks.infos))
	spot := func(p game.Pos, d2 int) *protocol.Spot {
		return &protocol.Spot{X: p.X, Y: p.Y, Z: p.Z, Distance: float64(d2)}
	}
	yLo, yHi := max(eye.Y-surveyRadius-1, minY), min(eye.Y+surveyRadius-1, minY+height-1)
	for x := feet.X - surveyRadius; x <= feet.X+surveyRadius; x++ {
		for z := feet.Z - surveyRadius; z <= feet.Z+surveyRadius; z++ {
			if !g.inside(game.Pos{X: x, Y: yLo, Z: z}) {
				continue
			}
			base := g.index(game.Pos{X: x, Y: minY, Z: z})
			for y := yLo; y <= yHi; y++ {
				id := g.cells[int(base)+y-minY]
				if id == air {
					continue
				}
				u := useful[id]
				if u == 0 {
					u = 2
					if usefulKind(g.blocks.name(id)) {
						u = 1
					}
					useful[id] = u
				}
				if u != 1 {
					continue
				}
				k := kinds[id]
				if k == nil {
					k = &acc{}
					kinds[id] = k
				}
				k.count++
				dx, dy, dz := x-eye.X, y-eye.Y, z-eye.Z
				d2 := dx*dx + dy*dy + dz*dz
				p := game.Pos{X: x, Y: y, Z: z}
				if k.nearest == nil || float64(d2) < k.nearest.Distance {
					k.nearest = spot(p, d2)
				}
				if (k.reachable == nil || float64(d2) < k.reachable.Distance) && reach(p) {
					k.reachable = spot(p, d2)
				}
			}
		}
	}
	out := protocol.Survey{Radius: surveyRadius, Kinds: []protocol.SurveyKind{}}
	for id, k := range kinds {
		sk := protocol.SurveyKind{Kind: g.blocks.name(id), Count: k.count, Nearest: k.nearest, Reachable: k.reachable}
		// The distances were squared while they were compared.
		if sk.Nearest != nil {
			sk.Nearest.Distance = round1(math.Sqrt(sk.Nearest.Distance))
		}
		if sk.Reachable != nil {
			sk.Reachable.Distance = round1(math.Sqrt(sk.Reachable.Distance))
		}
		out.Kinds = append(out.Kinds, sk)
	}
	sort.Slice(out.Kinds, func(i, j int) bool { return out.Kinds[i].Kind < out.Kinds[j].Kind })
	return out
}

// reachable floods the open cells of the survey cube she can walk or reach
// into from her feet without digging (no higher than four blocks over the
// ground under them) and returns a test: a block is reachable when one of
// its faces opens onto a flooded cell.
func (w *World) reachable(feet game.Pos) func(game.Pos) bool {
	g := w.grid
	s := w.scratch
	s.gen++
	if s.gen == 0 {
		clear(s.stamp)
		s.gen = 1
	}
	side := 2*surveyRadius + 1
	idx := func(p game.Pos) int {
		d := p.Sub(feet)
		if abs(d.X) > surveyRadius || abs(d.Y) > surveyRadius || abs(d.Z) > surveyRadius {
			return -1
		}
		return ((d.X+surveyRadius)*side+(d.Y+surveyRadius))*side + d.Z + surveyRadius
	}
	nearGround := func(p game.Pos) bool {
		for dy := 1; dy <= 5; dy++ {
			q := p.Add(game.Pos{Y: -dy})
			if g.standable(q) || g.info(q).liquid {
				return true
			}
		}
		return false
	}
	open := func(p game.Pos) bool {
		b := g.info(p)
		return g.inside(p) && (!b.solid || (b.door && !b.ironDoor)) && b.name != "lava"
	}
	s.queue = s.queue[:0]
	for _, start := range []game.Pos{feet, feet.Add(game.Pos{Y: 1})} {
		if i := idx(start); i >= 0 && open(start) {
			s.stamp[i] = s.gen
			s.queue = append(s.queue, start)
		}
	}
	for head := 0; head < len(s.queue); head++ {
		p := s.queue[head]
		for _, f := range game.Faces {
			d, _ := f.Offset()
			q := p.Add(d)
			i := idx(q)
			if i < 0 || s.stamp[i] == s.gen || !open(q) || !nearGround(q) {
				continue
			}
			s.stamp[i] = s.gen
			s.queue = append(s.queue, q)
		}
	}
	gen := s.gen
	return func(p game.Pos) bool {
		for _, f := range game.Faces {
			d, _ := f.Offset()
			if i := idx(p.Add(d)); i >= 0 && s.stamp[i] == gen {
				return true
			}
		}
		return false
	}
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
func round2(v float64) float64 { return math.Round(v*100) / 100 }
