package agent

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game"
)

// stuckMap is a map store that answers only when its caller gives up, and
// says where it was asked to write.
type stuckMap struct {
	world, dim string
	deadline   bool
}

func (s *stuckMap) RememberLook(ctx context.Context, world, dim string, _ game.Look) error {
	return s.wait(ctx, world, dim)
}

func (s *stuckMap) RememberBlocks(ctx context.Context, world, dim string, _ []game.KnownBlock, _ []game.Pos) error {
	return s.wait(ctx, world, dim)
}

func (s *stuckMap) wait(ctx context.Context, world, dim string) error {
	s.world, s.dim = world, dim
	_, s.deadline = ctx.Deadline()
	<-ctx.Done()
	return ctx.Err()
}

// TestEveryMapWriteHasADeadline: a write of her map runs in the world and
// dimension her snapshot puts her in, under a deadline, and goes on for that
// long even when its caller is cancelled; then it is given up.
func TestEveryMapWriteHasADeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		live := NewLive("Bea", nil, nil)
		live.Update(TopicBody, func(s *Snapshot) {
			s.World = game.WorldID{Server: "w", Dimension: "the_nether"}
			s.Body = &Body{}
		})
		store := &stuckMap{}
		m := NewMapWriter(store, live, discard())
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		start := time.Now()
		m.Change(ctx, []game.KnownBlock{{Pos: game.Pos{X: 1}, Block: "chest"}}, nil)
		if took := time.Since(start); took != mapWrite {
			t.Errorf("the write took %v, want its bound %v", took, mapWrite)
		}
		if !store.deadline || store.world != "w" || store.dim != "the_nether" {
			t.Errorf("written with deadline %v in %q/%q", store.deadline, store.world, store.dim)
		}
	})
}
