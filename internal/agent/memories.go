package agent

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"beaweb/internal/game"
)

// Recall is what her live state reads of her memory: the places of this
// world, the nearest remembered block of each useful kind, and the facts
// she keeps on people. The store satisfies it.
type Recall interface {
	Places(ctx context.Context, world string) ([]game.Place, error)
	NearestKinds(ctx context.Context, world, dimension string, from game.Pos, radius int) ([]game.KnownBlock, error)
	Facts(ctx context.Context, uuid string) ([]game.Fact, error)
}

// How often her memories are read again for the live state, and how far
// beyond the survey remembered blocks are worth naming.
const (
	memoryRefresh = 5 * time.Second
	recallRadius  = 256
	surveyRadius  = 20
)

// memoryCache reads her memories for the live state at most every few
// seconds: a model call must not wait on the database, and places and
// remembered blocks do not change between two steps of a turn.
type memoryCache struct {
	recall Recall
	logger *slog.Logger

	mu    sync.Mutex
	at    time.Time
	key   string // world, dimension and the block she stood on
	mem   *Memories
	facts map[string][]string // by uuid
}

// memories returns what she remembers that belongs in her live state now.
func (c *memoryCache) memories(ctx context.Context, v SurfaceView) *Memories {
	if c == nil || c.recall == nil || v.State == nil {
		return nil
	}
	world, dim := v.World.Server, v.State.Player.Dimension
	if dim == "" {
		dim = v.World.Dimension
	}
	at := v.State.Player.Position.Block()
	key := world + "\x00" + dim + "\x00" + at.String()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.mem != nil && c.key == key && time.Since(c.at) < memoryRefresh {
		return c.withPeople(ctx, c.mem, v)
	}
	mem := &Memories{}
	places, err := c.recall.Places(ctx, world)
	if err != nil {
		c.logger.Warn("agent: her places could not be read", slog.Any("error", err))
	}
	game.NearestFirst(places, dim, at)
	for _, p := range places {
		d := -1.0
		if p.Dimension == dim {
			d = p.Pos.Dist(at)
		}
		mem.Places = append(mem.Places, PlaceNote{Name: p.Name, Pos: p.Pos, Dimension: p.Dimension, Distance: d})
	}
	known, err := c.recall.NearestKinds(ctx, world, dim, at, recallRadius)
	if err != nil {
		c.logger.Warn("agent: her map could not be read", slog.Any("error", err))
	}
	for _, k := range known {
		// Within the survey she sees them anyway; name only what is further.
		if d := k.Pos.Dist(at); d > surveyRadius {
			mem.Known = append(mem.Known, KnownNote{Block: k.Block, Pos: k.Pos, Distance: d})
		}
	}
	c.mem, c.key, c.at, c.facts = mem, key, time.Now(), map[string][]string{}
	return c.withPeople(ctx, mem, v)
}

// withPeople adds what she knows of the players near her; c.mu is held.
func (c *memoryCache) withPeople(ctx context.Context, base *Memories, v SurfaceView) *Memories {
	if len(v.State.Players) == 0 {
		return base
	}
	out := *base
	out.People = nil
	for _, p := range v.State.Players {
		if p.UUID == "" {
			continue
		}
		facts, ok := c.facts[p.UUID]
		if !ok {
			fs, err := c.recall.Facts(ctx, p.UUID)
			if err != nil {
				c.logger.Debug("agent: facts could not be read", slog.String("player", p.Name), slog.Any("error", err))
			}
			for _, f := range fs {
				facts = append(facts, f.Text)
			}
			c.facts[p.UUID] = facts
		}
		if len(facts) > 0 {
			out.People = append(out.People, PersonNote{Name: p.Name, Facts: facts})
		}
	}
	return &out
}
