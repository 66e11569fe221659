package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Recall is what her live state reads of her memory: the places of this
// world, the nearest remembered block of each useful kind, and the facts
// she keeps on people. The store satisfies it.
type Recall interface {
	Places(ctx context.Context, world string) ([]game.Place, error)
	NearestKinds(ctx context.Context, world, dimension string, from game.Pos, radius int) ([]game.KnownBlock, error)
	Facts(ctx context.Context, uuid string) ([]game.Fact, error)
}

// How often her memories are read again for the live state, how far
// remembered blocks are worth naming, and the half side of the cube the
// survey covers when it does not say.
const (
	memoryRefresh = 5 * time.Second
	recallRadius  = 256
	surveyRadius  = 20
)

// memoryCache reads her memories for the live state at most every
// memoryRefresh, however she moves: a model call must not wait on the
// database, and places and remembered blocks do not change between two
// steps of a turn. What it keeps is what was read; the distances and the
// order are worked out from where she stands at each call. It is read
// again at once in another world or dimension, or after forget. The reads
// run outside its lock: only the bookkeeping is under it.
type memoryCache struct {
	recall Recall
	logger *slog.Logger
	now    func() time.Time // her game's clock

	mu    sync.Mutex
	at    time.Time
	key   string // world and dimension
	read  *recalled
	gen   int                 // counts forget calls, so a read begun before one is not kept
	facts map[string][]string // by uuid
}

// recalled is what one read of her memory found.
type recalled struct {
	places []game.Place
	known  []game.KnownBlock // nearest first from where she stood then
}

// memories returns what she remembers that belongs in her live state now:
// the places of this world (those in her dimension nearest first, then the
// others by name), the nearest remembered block of each useful kind that
// the survey does not already show her, and the facts on the players near
// her. It is nil before the game has said where she is.
func (c *memoryCache) memories(ctx context.Context, v Snapshot) *Memories {
	if c == nil || c.recall == nil || v.Body == nil {
		return nil
	}
	world := v.World.Server
	if world == "" {
		return nil // memory is kept per server, and none is named yet
	}
	dim := orDefault(v.World.Dimension, "overworld")
	at := v.Body.Position.Block()
	r := c.recalled(ctx, world, dim, at)
	mem := notes(r, dim, at)
	mem.Known = beyondSurvey(mem.Known, at, v.Survey)
	mem.People = c.people(ctx, v)
	return mem
}

// recalled answers what was read of her memory of world and dim, reading
// it again when it is older than memoryRefresh, of another world or
// dimension, or forgotten.
func (c *memoryCache) recalled(ctx context.Context, world, dim string, at game.Pos) *recalled {
	key := world + "\x00" + dim
	c.mu.Lock()
	r, gen := c.read, c.gen
	fresh := r != nil && c.key == key && c.now().Sub(c.at) < memoryRefresh
	c.mu.Unlock()
	if fresh {
		return r
	}
	r = c.readMemory(ctx, world, dim, at)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen == gen { // nothing changed her memory while it was read
		c.read, c.key, c.at, c.facts = r, key, c.now(), map[string][]string{}
	}
	return r
}

// forget drops what was read, so the next live state reads her memory
// again: she has just changed it.
func (c *memoryCache) forget() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read = nil
	c.gen++
}

// readMemory asks her memory for the places of world and the nearest block
// of each useful kind around at. A read that fails is logged and leaves its
// part empty.
func (c *memoryCache) readMemory(ctx context.Context, world, dim string, at game.Pos) *recalled {
	places, err := c.recall.Places(ctx, world)
	if err != nil {
		c.logger.Warn("agent: her places could not be read", slog.Any("error", err))
	}
	known, err := c.recall.NearestKinds(ctx, world, dim, at, recallRadius)
	if err != nil {
		c.logger.Warn("agent: her map could not be read", slog.Any("error", err))
	}
	return &recalled{places: places, known: known}
}

// notes are what was read as her live state shows it from at in dim: the
// places nearest first, those of other dimensions without a distance, and
// the remembered blocks nearest first.
func notes(r *recalled, dim string, at game.Pos) *Memories {
	mem := &Memories{}
	places := slices.Clone(r.places)
	game.NearestFirst(places, dim, at)
	for _, p := range places {
		d := -1.0 // another dimension: no distance
		if p.Dimension == dim {
			d = p.Pos.Dist(at)
		}
		mem.Places = append(mem.Places, PlaceNote{Name: p.Name, Pos: p.Pos, Dimension: p.Dimension, Distance: d})
	}
	for _, k := range r.known {
		mem.Known = append(mem.Known, KnownNote{Block: k.Block, Pos: k.Pos, Distance: k.Pos.Dist(at)})
	}
	slices.SortStableFunc(mem.Known, func(a, b KnownNote) int { return cmp.Compare(a.Distance, b.Distance) })
	return mem
}

// beyondSurvey keeps the remembered blocks outside the cube the survey
// covers around at: within it the survey names the nearest of each kind
// anyway. Before any survey has come every one is kept.
func beyondSurvey(known []KnownNote, at game.Pos, s *Survey) []KnownNote {
	if s == nil {
		return known
	}
	r := s.Radius
	if r <= 0 {
		r = surveyRadius
	}
	var out []KnownNote
	for _, k := range known {
		d := k.Pos.Sub(at)
		if max(abs(d.X), abs(d.Y), abs(d.Z)) > r {
			out = append(out, k)
		}
	}
	return out
}

// people is what she knows of the players near her. The facts of a
// player are read once per read of her memory, outside the lock.
func (c *memoryCache) people(ctx context.Context, v Snapshot) []PersonNote {
	var out []PersonNote
	for _, p := range v.Body.Players {
		if p.UUID == "" {
			continue
		}
		c.mu.Lock()
		facts, ok := c.facts[p.UUID]
		c.mu.Unlock()
		if !ok {
			fs, err := c.recall.Facts(ctx, p.UUID)
			if err != nil {
				c.logger.Debug("agent: facts could not be read", slog.String("player", p.Name), slog.Any("error", err))
			}
			for _, f := range fs {
				facts = append(facts, f.Text)
			}
			c.mu.Lock()
			if c.facts != nil {
				c.facts[p.UUID] = facts
			}
			c.mu.Unlock()
		}
		if len(facts) > 0 {
			out = append(out, PersonNote{Name: p.Name, Facts: facts})
		}
	}
	return out
}

// surveySlack is how far the distances a survey gives may stray from those
// measured from where the last state put her before that position is
// taken for stale. The game measures from her eyes, perhaps to the middle
// of a block; the check measures between blocks.
const surveySlack = 4.0

// onSurvey keeps the survey for the live state and writes what it saw into
// her spatial map. A survey says where its blocks are but not where she
// stood, so it may forget remembered blocks it should have seen only when
// her position is known: a state has come since the last hello, respawn or
// change of world, and the distances the survey gives agree with it.
// Otherwise what it saw is only added. later runs the write; one that
// fails is logged.
func (s *Senses) onSurvey(ctx context.Context, p protocol.Survey, now time.Time, later func(func())) {
	var (
		world, dim string
		at         *game.Pos
	)
	s.live.Update(TopicBody, func(snap *Snapshot) {
		snap.Survey = &Survey{Kinds: p.Kinds, Radius: p.Radius}
		world, dim = snap.World.Server, orDefault(snap.World.Dimension, "overworld")
		if snap.Body != nil && !snap.Lost {
			b := snap.Body.Position.Block()
			at = &b
		}
	})
	look := surveyLook(p, now)
	centered := at != nil && look.Radius > 0 && surveyFrom(p, *at)
	if centered {
		look.Center = *at
	}
	if s.mapWriter == nil || s.mapWriter.store == nil {
		return
	}
	later(func() { s.mapWriter.lookIn(ctx, world, dim, look, centered) })
}

// surveyLook turns a survey into a look at the world for the spatial map:
// for each useful kind the nearest block and the nearest reachable one. Its
// Center is left for the caller.
func surveyLook(p protocol.Survey, now time.Time) game.Look {
	look := game.Look{Radius: p.Radius, At: now}
	for _, k := range p.Kinds {
		if !game.UsefulBlock(k.Kind) {
			continue
		}
		for i, spot := range []*game.Spot{k.Nearest, k.Reachable} {
			if spot == nil || (i == 1 && k.Nearest != nil && spot.Pos() == k.Nearest.Pos()) {
				continue // none, or the nearest one again
			}
			look.Seen = append(look.Seen, game.KnownBlock{Pos: spot.Pos(), Block: k.Kind, LastSeen: now})
		}
	}
	return look
}

// surveyFrom reports whether every distance the survey gives agrees with
// her standing in the block at, her eyes one block up.
func surveyFrom(p protocol.Survey, at game.Pos) bool {
	eye := at.Add(game.Pos{Y: 1})
	for _, k := range p.Kinds {
		for _, spot := range []*game.Spot{k.Nearest, k.Reachable} {
			if spot != nil && math.Abs(eye.Dist(spot.Pos())-spot.Distance) > surveySlack {
				return false
			}
		}
	}
	return true
}

// BuiltCells is what a build's answer shows she changed, for her spatial
// map: the cells she placed (marked placed, seen at) and the cells she
// emptied. cells are the build's cells as planned, air included. Whatever
// the answer names still wrong (its data's "wrong" cells) is left out: what
// holds such a cell is not known. A success did every other cell; a failure
// did so only when its data lists the cells still wrong, and an answer that
// does not (an interruption, a timeout) shows nothing for certain, so
// nothing is returned.
func BuiltCells(cells []game.KnownBlock, a protocol.Answer, at time.Time) (placed []game.KnownBlock, cleared []game.Pos) {
	var data struct {
		Wrong *[]game.Pos `json:"wrong"`
	}
	if len(a.Data) > 0 && json.Unmarshal(a.Data, &data) != nil {
		data.Wrong = nil // data that does not read says nothing
	}
	if !a.Result.OK() && data.Wrong == nil {
		return nil, nil
	}
	wrong := map[game.Pos]bool{}
	if data.Wrong != nil {
		for _, p := range *data.Wrong {
			wrong[p] = true
		}
	}
	for _, c := range cells {
		if wrong[c.Pos] {
			continue
		}
		block := game.BlockName(c.Block)
		switch {
		case block == "":
			continue
		case game.IsAir(block):
			cleared = append(cleared, c.Pos)
		default:
			placed = append(placed, game.KnownBlock{Pos: c.Pos, Block: block, Placed: true, LastSeen: at})
		}
	}
	return placed, cleared
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
