package practice

import (
	"math"

	"beaweb/internal/game"
)

// Search limits. The walk that breaks nothing is tried first; a way that
// digs only when there is none. Both are larger than the mod's 5,000 steps
// because the practice world answers a search within one tick anyway.
const (
	walkNodes = 12000
	digNodes  = 30000
	maxFall   = 3
	// towerCost is a tower step's cost in blocks walked: the jump, the
	// block spent and the moment it takes to aim.
	towerCost = 4
	// maxTowers bounds the blocks one way may climb on: a node counts them
	// in a byte.
	maxTowers = 200
)

// moveKind says how one step of a path is taken.
type moveKind uint8

const (
	moveFlat moveKind = iota
	moveUp
	moveDown
	moveSwim
	moveDigDown
	// moveTower jumps and puts a block under her feet: one block up where
	// nothing stands to step onto, as mineflayer's pathfinder towers.
	moveTower
)

// pathStep is one step: where her feet end up, how she gets there, and the
// cells she must break first (dig mode only).
type pathStep struct {
	to   game.Pos
	kind moveKind
	dig  []game.Pos
}

// pathQuery is one search: from a standing spot to any spot within rng of
// target.
type pathQuery struct {
	start, target game.Pos
	rng           float64
	dig           bool
	maxNodes      int
	// towers is how many blocks she may put under her feet to climb where
	// no step leads up (0: none); each node counts those its way has used.
	towers int
	// avoid marks cells she must not enter (a build's cells, lava's edge).
	avoid func(game.Pos) bool
	// goal, when set, replaces reaching target: the search ends at the
	// first spot it accepts, and without a target it is a plain Dijkstra.
	goal func(game.Pos) bool
	// guided keeps the heuristic towards target (minus rng) with a goal:
	// every spot the goal accepts must lie within rng of target.
	guided bool
}

// pathResult is what a search found.
type pathResult struct {
	steps    []pathStep
	nodes    int  // nodes expanded
	found    bool // a way reaching the goal
	closest  game.Pos
	exhausts bool // stopped at maxNodes
}

// pathNode is a search node, indexed by its position in the node list.
type pathNode struct {
	pos    game.Pos
	g      float32
	parent int32
	kind   moveKind
	dig    [3]game.Pos
	ndig   uint8
	placed uint8 // blocks its way has put under her to climb
	closed bool
}

type heapItem struct {
	f    float32
	node int32
}

// nodeHeap is a binary min-heap on f, written out rather than through
// container/heap to keep interface calls out of the search's inner loop.
type nodeHeap []heapItem

func (h *nodeHeap) push(it heapItem) {
	*h = append(*h, it)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s[p].f <= s[i].f {
			break
		}
		s[p], s[i] = s[i], s[p]
		i = p
	}
}

func (h *nodeHeap) pop() heapItem {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(s) {
			break
		}
		m := l
		if r := l + 1; r < len(s) && s[r].f < s[l].f {
			m = r
		}
		if s[i].f <= s[m].f {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}

var horizontal = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// search is one A* search in progress over standing spots: the nodes it
// has seen, the open heap and how it weighs and accepts them. It reads the
// world through the grid and, in dig mode, digCost.
type search struct {
	g       *grid
	q       pathQuery
	digCost func(game.Pos) (float32, bool)
	h       func(game.Pos) float32
	goal    func(game.Pos) bool
	nodes   []pathNode
	index   map[int32]int32
	open    nodeHeap
	digBuf  [3]game.Pos
}

// findPath runs A* over standing spots. Costs are in blocks walked: a flat
// step 1, a diagonal 1.41, a jump up 2, a fall 1 plus its height, a swim 3,
// and in dig mode each broken cell 2 plus its breaking time in seconds.
func (w *World) findPath(q pathQuery) pathResult {
	if q.maxNodes == 0 {
		q.maxNodes = walkNodes
		if q.dig {
			q.maxNodes = digNodes
		}
	}
	s := &search{g: w.grid, q: q, digCost: w.digCost,
		nodes: make([]pathNode, 0, 1024), index: make(map[int32]int32, 1024)}
	s.h, s.goal = q.weighing()
	return s.run()
}

// weighing is the search's heuristic and its goal. Digging costs several
// blocks of walking per block broken, so a dig search weighs its heuristic
// up to stay headed for the target: the way it finds may be a little longer
// than the cheapest, never a flood.
func (q pathQuery) weighing() (h func(game.Pos) float32, goal func(game.Pos) bool) {
	target := q.target.Center()
	weight := float32(1)
	if q.dig {
		weight = 3
	}
	rng := q.rng
	h = func(p game.Pos) float32 {
		d := p.Center().Dist(target) - rng
		if d < 0 {
			return 0
		}
		return weight * float32(d)
	}
	goal = func(p game.Pos) bool { return p.Center().Dist(target) <= rng+1e-9 }
	if q.goal != nil {
		goal = q.goal
		if !q.guided {
			h = func(game.Pos) float32 { return 0 }
		}
	}
	return h, goal
}

// add opens p at cost gcost reached from parent, or lowers the cost of a
// node still open.
func (s *search) add(p game.Pos, gcost float32, parent int32, kind moveKind, dig []game.Pos) {
	if !s.g.inside(p) {
		return
	}
	key := s.g.index(p)
	placed := uint8(0)
	if parent >= 0 {
		placed = s.nodes[parent].placed
	}
	if kind == moveTower {
		placed++
	}
	if i, ok := s.index[key]; ok {
		n := &s.nodes[i]
		if n.closed || gcost >= n.g {
			return
		}
		n.g, n.parent, n.kind, n.placed = gcost, parent, kind, placed
		n.ndig = uint8(copy(n.dig[:], dig))
		s.open.push(heapItem{gcost + s.h(p), i})
		return
	}
	n := pathNode{pos: p, g: gcost, parent: parent, kind: kind, placed: placed}
	n.ndig = uint8(copy(n.dig[:], dig))
	s.nodes = append(s.nodes, n)
	i := int32(len(s.nodes) - 1)
	s.index[key] = i
	s.open.push(heapItem{gcost + s.h(p), i})
}

// run works the search until it reaches the goal, empties its heap or
// has expanded maxNodes nodes.
func (s *search) run() pathResult {
	q := s.q
	if !s.g.inside(q.start) {
		return pathResult{closest: q.start}
	}
	s.add(q.start, 0, -1, moveFlat, nil)
	res := pathResult{closest: q.start}
	best := s.h(q.start)
	expanded := 0
	for len(s.open) > 0 {
		it := s.open.pop()
		cur := &s.nodes[it.node]
		if cur.closed {
			continue
		}
		cur.closed = true
		p, gc := cur.pos, cur.g
		expanded++
		if hv := s.h(p); hv < best {
			best, res.closest = hv, p
		}
		if s.goal(p) {
			res.found, res.closest = true, p
			res.steps = unwind(s.nodes, it.node)
			res.nodes = expanded
			return res
		}
		if expanded >= q.maxNodes {
			res.exhausts = true
			break
		}
		s.expand(p, gc, it.node)
	}
	res.nodes = expanded
	return res
}

// expand opens every spot one move from p, which cost gc to reach.
func (s *search) expand(p game.Pos, gc float32, from int32) {
	g, q := s.g, s.q
	swimming := g.info(p).liquid
	for di, d := range horizontal {
		diagonal := di >= 4
		nx := game.Pos{X: p.X + d[0], Y: p.Y, Z: p.Z + d[1]}
		if !g.inside(nx) || (q.avoid != nil && q.avoid(nx)) {
			continue
		}
		if diagonal && !s.cornerOpen(p, d) {
			continue
		}
		step := float32(1)
		if diagonal {
			step = 1.41
		}
		feetOK := s.walkOrFall(p, nx, gc, step, swimming, from)
		if diagonal {
			continue
		}
		// A jump up one block onto something solid that is not a fence.
		upTo := nx.Add(up1)
		if !feetOK && g.standable(nx) && g.walkable(upTo) && g.walkable(upTo.Add(up1)) && g.walkable(p.Add(up2)) {
			s.add(upTo, gc+2+g.doorCost(upTo)+g.doorCost(upTo.Add(up1)), from, moveUp, nil)
		}
		if q.dig {
			s.digAcross(p, nx, gc, step, feetOK, from)
		}
	}
	if q.towers > 0 && !swimming && int(s.nodes[from].placed) < q.towers && g.walkable(p.Add(up2)) {
		// Jump and put a block under her feet. Weighed as several steps, so
		// a way round or up a slope wins where there is one.
		s.add(p.Add(up1), gc+towerCost, from, moveTower, nil)
	}
	if q.dig && !swimming {
		// Dig straight down through the block she stands on.
		below := p.Add(down1)
		if t, can := s.digCost(below); can && g.standable(below.Add(down1)) && (q.avoid == nil || !q.avoid(below)) {
			s.add(below, gc+1+t, from, moveDigDown, []game.Pos{below})
		}
	}
}

// cornerOpen reports whether a diagonal step from p in direction d cuts no
// corner: both sides must be open at feet and head.
func (s *search) cornerOpen(p game.Pos, d [2]int) bool {
	g := s.g
	a := game.Pos{X: p.X + d[0], Y: p.Y, Z: p.Z}
	b := game.Pos{X: p.X, Y: p.Y, Z: p.Z + d[1]}
	return g.walkable(a) && g.walkable(a.Add(up1)) && g.walkable(b) && g.walkable(b.Add(up1))
}

// walkOrFall opens a flat step (or a swim) from p into nx, or the fall
// that follows when nothing is under nx. It reports whether nx is open at
// her feet.
func (s *search) walkOrFall(p, nx game.Pos, gc, step float32, swimming bool, from int32) bool {
	g := s.g
	feetOK, headOK := g.walkable(nx), g.walkable(nx.Add(up1))
	if !feetOK || !headOK {
		return feetOK
	}
	extra := g.doorCost(nx) + g.doorCost(nx.Add(up1))
	if g.standable(nx.Add(down1)) || g.info(nx).liquid {
		kind, c := moveFlat, step
		if g.info(nx).liquid || swimming {
			kind, c = moveSwim, 3*step
		}
		s.add(nx, gc+c+extra, from, kind, nil)
		return true
	}
	// Nothing under it: she drops until something carries her.
	for k := 1; k <= 24; k++ {
		land := nx.Add(game.Pos{Y: -k})
		if !g.inside(land) || !g.walkable(land) {
			break
		}
		if g.info(land).liquid {
			s.add(land, gc+step+float32(k)+extra, from, moveDown, nil)
			break
		}
		if g.standable(land.Add(down1)) {
			if k <= maxFall && g.name(land) != "lava" {
				s.add(land, gc+step+float32(k)+extra, from, moveDown, nil)
			}
			break
		}
	}
	return true
}

// digAcross opens, in dig mode, a step up onto nx breaking what is in the
// way of the jump, and a flat step into nx breaking its feet and head cells.
func (s *search) digAcross(p, nx game.Pos, gc, step float32, feetOK bool, from int32) {
	g := s.g
	upTo := nx.Add(up1)
	if g.standable(nx) {
		if cost, dig, ok := s.breakAll(upTo, upTo.Add(up1), p.Add(up2)); ok && len(dig) > 0 {
			s.add(upTo, gc+2+cost, from, moveUp, dig)
		}
	}
	headOK := g.walkable(nx.Add(up1))
	if g.standable(nx.Add(down1)) && (!feetOK || !headOK) {
		if cost, dig, ok := s.breakAll(nx, nx.Add(up1)); ok {
			s.add(nx, gc+step+cost, from, moveFlat, dig)
		}
	}
}

// breakAll is what breaking the cells in the way costs, the cells to
// break, and whether a path may break them all.
func (s *search) breakAll(cells ...game.Pos) (float32, []game.Pos, bool) {
	dig := s.digBuf[:0]
	cost := float32(0)
	for _, c := range cells {
		if s.g.walkable(c) {
			continue
		}
		t, can := s.digCost(c)
		if !can {
			return 0, nil, false
		}
		cost += t
		dig = append(dig, c)
	}
	return cost, dig, true
}

var (
	up1   = game.Pos{Y: 1}
	up2   = game.Pos{Y: 2}
	down1 = game.Pos{Y: -1}
)

// walkable reports whether she can be in p: open, or a wooden door she can
// open on the way.
func (g *grid) walkable(p game.Pos) bool {
	f := g.blocks.flags[g.at(p)]
	switch {
	case f&flagHandDoor != 0:
		return true
	case f&flagDoor != 0:
		return g.isOpen(p)
	}
	return f&flagOpen != 0
}

// doorCost is the extra cost of opening a closed door in p.
func (g *grid) doorCost(p game.Pos) float32 {
	b := g.info(p)
	if b.door && !g.isOpen(p) {
		return 1
	}
	return 0
}

// digCost is what breaking p costs a path, and whether a path may break it
// at all: never a protected block, bedrock, a liquid, or a block with lava
// or water next to it.
func (w *World) digCost(p game.Pos) (float32, bool) {
	g := w.grid
	b := g.info(p)
	if !g.inside(p) || b.hardness < 0 || b.protected || b.liquid || b.door || b.ironDoor || w.land.claimed(p) {
		return 0, false
	}
	for _, f := range game.Faces {
		d, _ := f.Offset()
		if g.info(p.Add(d)).liquid {
			return 0, false
		}
	}
	if g.info(p.Add(up1)).gravity {
		return 0, false
	}
	t := w.land.breakTicks(p, w.bea.inv)
	return 2 + float32(t)/ticksPerSecond, true
}

// unwind turns the parent chain ending at i into steps from the start.
func unwind(nodes []pathNode, i int32) []pathStep {
	var rev []pathStep
	for i >= 0 && nodes[i].parent >= 0 {
		n := nodes[i]
		st := pathStep{to: n.pos, kind: n.kind}
		if n.ndig > 0 {
			st.dig = append([]game.Pos(nil), n.dig[:n.ndig]...)
		}
		rev = append(rev, st)
		i = n.parent
	}
	for l, r := 0, len(rev)-1; l < r; l, r = l+1, r-1 {
		rev[l], rev[r] = rev[r], rev[l]
	}
	return rev
}

// breakTicks is how long she takes to break p with the best tool she
// carries for it, as vanilla times it, plus the moment it takes to aim.
func (t *terrain) breakTicks(p game.Pos, inv *inventory) int {
	b := t.grid.info(p)
	return breakTicksFor(b, inv)
}

func breakTicksFor(b *blockInfo, inv *inventory) int {
	if b.hardness < 0 {
		return math.MaxInt32
	}
	if b.hardness == 0 {
		return 2
	}
	speed := 1.0
	tier := 0
	if b.tool != toolNone {
		if t := inv.bestTool(b.tool); t != "" {
			speed = toolSpeed(t)
			tier = toolTier(t)
		}
	}
	harvest := b.tier == 0 || tier >= b.tier
	secs := b.hardness * 1.5 / speed
	if !harvest {
		secs = b.hardness * 5 / speed
	}
	return int(math.Ceil(secs*ticksPerSecond)) + 2
}
