package agent

import (
	"context"
	"log/slog"
	"time"

	"beaweb/internal/game"
)

// MapStore is where her spatial map is kept. The store satisfies it.
type MapStore interface {
	RememberLook(ctx context.Context, world, dimension string, look game.Look) error
	RememberBlocks(ctx context.Context, world, dimension string, seen []game.KnownBlock, gone []game.Pos) error
}

// mapWrite bounds one write of her spatial map: a write that takes longer
// is given up and logged, never waited on by a turn or the senses.
const mapWrite = 5 * time.Second

// MapWriter is the one writer of her spatial map: what the survey and her scans
// saw, and the blocks she placed, built or broke, in the world and
// dimension her live snapshot puts her in. Every write runs under its
// caller's context, bounded by mapWrite, and goes on after the caller is
// cancelled only until that bound: what she saw is worth keeping while the
// program stops. A write that fails is logged and never fails an action.
type MapWriter struct {
	store  MapStore
	live   Snapshots
	logger *slog.Logger
}

// Snapshots give the live snapshot of the moment; *Live does.
type Snapshots interface {
	Snapshot() Snapshot
}

// NewMapWriter returns the writer of her map into store, placing what she saw by
// the snapshot live gives; a nil store keeps no map.
func NewMapWriter(store MapStore, live Snapshots, logger *slog.Logger) *MapWriter {
	return &MapWriter{store: store, live: live, logger: logger}
}

// where is the world and dimension she is in; ok is false before the game
// has said.
func (m *MapWriter) where() (world, dim string, ok bool) {
	s := m.live.Snapshot()
	if s.Body == nil {
		return "", "", false
	}
	return s.World.Server, orDefault(s.World.Dimension, "overworld"), true
}

// Look records a look around her (a survey or a scan). A look without a
// center is only added: what it did not see is not forgotten.
func (m *MapWriter) Look(ctx context.Context, look game.Look, centered bool) {
	if m == nil || m.store == nil {
		return
	}
	if world, dim, ok := m.where(); ok {
		m.lookIn(ctx, world, dim, look, centered)
	}
}

// lookIn records a look in a world and dimension the caller already knows.
func (m *MapWriter) lookIn(ctx context.Context, world, dim string, look game.Look, centered bool) {
	if m == nil || m.store == nil {
		return
	}
	m.write(ctx, func(ctx context.Context) error {
		if centered {
			return m.store.RememberLook(ctx, world, dim, look)
		}
		return m.store.RememberBlocks(ctx, world, dim, look.Seen, nil)
	})
}

// Change records blocks she placed and cells she emptied, where she is now.
func (m *MapWriter) Change(ctx context.Context, placed []game.KnownBlock, gone []game.Pos) {
	if m == nil || m.store == nil || len(placed)+len(gone) == 0 {
		return
	}
	world, dim, ok := m.where()
	if !ok {
		return
	}
	m.write(ctx, func(ctx context.Context) error { return m.store.RememberBlocks(ctx, world, dim, placed, gone) })
}

func (m *MapWriter) write(ctx context.Context, f func(context.Context) error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), mapWrite)
	defer cancel()
	if err := f(ctx); err != nil {
		m.logger.Warn("agent: the spatial map was not updated", slog.Any("error", err))
	}
}
