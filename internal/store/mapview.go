package store

import (
	"context"
	"errors"
	"fmt"

	"beaweb/internal/game"
)

// BlocksIn lists the remembered blocks of world and dimension whose x and z
// lie in the box (inclusive), one per column: the topmost she remembers
// there, as a top-down map shows it. At most limit columns are listed
// (limit <= 0 means 1000); more says the box held more. An unknown world
// has no blocks. The primary key answers the range on x.
func (s *Store) BlocksIn(ctx context.Context, world, dimension string, x0, z0, x1, z1, limit int) ([]game.KnownBlock, bool, error) {
	wid, err := s.worldID(ctx, world, false)
	if errors.Is(err, ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if limit <= 0 {
		limit = 1000
	}
	var rows []knownRow
	// SQLite gives the other columns of the row that holds max(y).
	err = s.r.WithContext(ctx).Raw(`SELECT dimension, x, max(y) AS y, z, block, placed, last_seen
		FROM known_blocks WHERE world_id = @w AND dimension = @dim
			AND x BETWEEN @x0 AND @x1 AND z BETWEEN @z0 AND @z1
		GROUP BY x, z LIMIT @n`,
		map[string]any{"w": wid, "dim": dimension, "x0": x0, "x1": x1, "z0": z0, "z1": z1, "n": limit + 1}).
		Scan(&rows).Error
	if err != nil {
		return nil, false, fmt.Errorf("store: map blocks: %w", translate(err))
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	return knownBlocks(world, rows), more, nil
}
