package practice

import (
	"slices"
	"sort"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// A scan looks through a cube of up to 129 blocks a side: over two million
// cells at radius 64, some milliseconds of work. Done inside the tick it
// was asked in, a client sending scans as fast as it may (twenty a tick)
// would hold the whole world up, and every other client with it. So a
// scan is queued and worked in slices: each tick searches at most
// scanCellsPerTick cells (plus the rest of the column it is in), shared
// evenly between the clients that have scans waiting, so one client's
// flood cannot starve another's one scan. A small scan (radius 32 and less
// fits) is still answered in the tick it was asked in. A client may have
// scansPerClient scans waiting; one more is refused FAILURE_BUSY at once,
// with a sentence that says so, rather than waiting behind a queue it
// could grow without end. A scan still unfinished when its budget runs out
// answers FAILURE_TIMEOUT, so every scan is answered exactly once.
//
// The cube is centred where she stood when the scan was asked, and a
// block is counted as it is when its column is searched: a scan spread
// over a few ticks sees the world of those ticks, as the mod's does.
const (
	scanCellsPerTick = 1 << 17
	scansPerClient   = 8
	scanBudgetTicks  = 10 * ticksPerSecond // protocol.Budget("scan"), which the hello gives; a test holds the two together
)

// scanJob is one queued scan.
type scanJob struct {
	c      *client
	id     string
	block  string
	radius int
	center game.Pos // her feet when it was asked
	eye    game.Pos // the cell distances are measured from
	asked  int64
	match  func(string) bool
	memo   []uint8 // per block id: 0 not yet asked, 1 matches, 2 does not
	next   int     // the next column of the cube to search
	count  int
	counts map[blockID]int
	near   []scanHit // the ten nearest hits, nearest first
}

// scanHit is one block a scan found.
type scanHit struct {
	p  game.Pos
	id blockID
	d  float64
}

// scanNearest is how many of the nearest hits an answer lists.
const scanNearest = 10

func prepScan(w *World, p *params) (runFunc, error) {
	block := p.block(w.land)
	radius := p.optInt("radius", 32, 1, 64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		waiting := 0
		for _, s := range w.scans.queue {
			if s.c == a.client {
				waiting++
			}
		}
		if waiting >= scansPerClient {
			return fail(protocol.FailBusy, "you already have %d scans waiting to be worked through; wait for their answers before you send another", waiting)
		}
		feet := w.bea.feet()
		w.scans.queue = append(w.scans.queue, &scanJob{
			c: a.client, id: a.id, block: block, radius: radius, center: feet, eye: feet.Add(up1), asked: w.tick,
			match: blockMatcher(block), memo: make([]uint8, len(w.blocks.infos)), counts: map[blockID]int{},
		})
		return outcome{deferred: true}
	}, nil
}

// scans are the scans waiting to be worked, oldest first, over the
// terrain; they are answered through her hands.
type scans struct {
	land  *terrain
	hands *hands
	queue []*scanJob
	// lastCells is how many cells the last tick's scans searched, for the
	// test that holds them to their budget.
	lastCells int
}

// step works the queued scans for one tick's budget of cells and
// answers each one that is done or out of time. It returns how many cells
// it searched.
func (q *scans) step(now int64) int {
	worked := 0
	for len(q.queue) > 0 && worked < scanCellsPerTick {
		// Each client's oldest scan gets an equal share of what is left.
		var heads []*scanJob
		seen := map[*client]bool{}
		for _, s := range q.queue {
			if !seen[s.c] {
				seen[s.c] = true
				heads = append(heads, s)
			}
		}
		share := max((scanCellsPerTick-worked)/len(heads), 1)
		for _, s := range heads {
			worked += s.work(q.land.grid, min(share, scanCellsPerTick-worked))
			if s.finished() {
				q.end(s, q.land.scanOutcome(s), "")
			}
			if worked >= scanCellsPerTick {
				break
			}
		}
	}
	for _, s := range slices.Clone(q.queue) {
		if now-s.asked >= scanBudgetTicks {
			q.end(s, fail(protocol.FailTimeout, "the scan for %s ran out of its %d s budget with %d%% of the %d-block cube searched; too many scans were waiting, so ask again with fewer at once or a smaller radius",
				s.block, scanBudgetTicks/ticksPerSecond, s.percent(), s.radius), "")
		}
	}
	q.lastCells = worked
	return worked
}

// end answers a scan (INTERRUPTED ones with their reason) and takes it
// off the queue.
func (q *scans) end(s *scanJob, o outcome, reason string) {
	q.hands.answer(s.c, s.id, "scan", o, reason, nil)
	if i := slices.Index(q.queue, s); i >= 0 {
		q.queue = slices.Delete(q.queue, i, i+1)
	}
}

// drop forgets the scans a client that went had waiting: nobody is
// left to hear their answers.
func (q *scans) drop(c *client) {
	kept := q.queue[:0]
	for _, s := range q.queue {
		if s.c != c {
			kept = append(kept, s)
		}
	}
	clear(q.queue[len(kept):])
	q.queue = kept
}

func (s *scanJob) side() int { return 2*s.radius + 1 }

func (s *scanJob) finished() bool { return s.next >= s.side()*s.side() }

func (s *scanJob) percent() int { return s.next * 100 / (s.side() * s.side()) }

// work searches whole columns of the cube until about limit cells are
// done, and returns how many it searched (at most one column more).
func (s *scanJob) work(g *grid, limit int) int {
	side := s.side()
	done := 0
	for s.next < side*side && done < limit {
		x := s.center.X + s.next/side - s.radius
		z := s.center.Z + s.next%side - s.radius
		s.next++
		done++ // a column outside the world costs a little too
		lo, hi := max(s.center.Y-s.radius, minY), min(s.center.Y+s.radius, minY+height-1)
		if x < g.minX || x >= g.minX+g.sizeX || z < g.minZ || z >= g.minZ+g.sizeZ || lo > hi {
			continue
		}
		done += hi - lo + 1
		base := int(g.index(game.Pos{X: x, Y: minY, Z: z})) - minY
		for y := lo; y <= hi; y++ {
			id := g.cells[base+y]
			if id == air {
				continue
			}
			if int(id) >= len(s.memo) {
				s.memo = append(s.memo, make([]uint8, len(g.blocks.infos)-len(s.memo))...)
			}
			m := s.memo[id]
			if m == 0 {
				m = 2
				if s.match(g.blocks.name(id)) {
					m = 1
				}
				s.memo[id] = m
			}
			if m == 1 {
				s.hit(game.Pos{X: x, Y: y, Z: z}, id)
			}
		}
	}
	return done
}

// hit counts a matching block and keeps it when it is among the nearest;
// of hits as near as each other, the first found comes first.
func (s *scanJob) hit(p game.Pos, id blockID) {
	s.count++
	s.counts[id]++
	d := p.Dist(s.eye)
	if len(s.near) == scanNearest && d >= s.near[scanNearest-1].d {
		return
	}
	i := sort.Search(len(s.near), func(i int) bool { return s.near[i].d > d })
	if len(s.near) < scanNearest {
		s.near = append(s.near, scanHit{})
	}
	copy(s.near[i+1:], s.near[i:len(s.near)-1])
	s.near[i] = scanHit{p: p, id: id, d: d}
}

// scanOutcome is a finished scan's answer: how many it found of each kind
// and the nearest ones, with the hits in data.
func (t *terrain) scanOutcome(s *scanJob) outcome {
	type hit struct {
		Block    string  `json:"block"`
		X        int     `json:"x"`
		Y        int     `json:"y"`
		Z        int     `json:"z"`
		Distance float64 `json:"distance"`
	}
	near := make([]hit, 0, len(s.near))
	for _, h := range s.near {
		near = append(near, hit{Block: t.blocks.name(h.id), X: h.p.X, Y: h.p.Y, Z: h.p.Z, Distance: round1(h.d)})
	}
	counts := game.Inventory{}
	for id, n := range s.counts {
		counts[t.blocks.name(id)] += n
	}
	data := map[string]any{"block": s.block, "radius": s.radius, "count": s.count, "counts": counts, "hits": near}
	if s.count == 0 {
		return succeed("there is no %s within %d blocks of you", s.block, s.radius).with(data)
	}
	n := near[0]
	return succeed("found %d %s within %d blocks (%s); the nearest is %s at (%d, %d, %d), %.1f blocks away",
		s.count, s.block, s.radius, describeInventory(counts), n.Block, n.X, n.Y, n.Z, n.Distance).with(data)
}
