package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// The nearest queries never sort the whole map: they look in a box around
// her that grows fourfold until it holds enough blocks of the kind (or
// reaches the radius asked for), which the indexes answer as a range on x.
// Only when the box spans every x the map holds does a query go without
// one.
const firstBox = 16

// knownRow is a remembered block with its squared distance, as the nearest
// queries read it.
type knownRow struct {
	Dimension string
	X, Y, Z   int
	Block     string
	Family    string
	Placed    bool
	LastSeen  int64
	D2        int64 `gorm:"column:d2"`
}

// NearestBlocks lists the remembered blocks of kind nearest to from, nearest
// first: at most limit (limit <= 0 means 10, never more than 100), within
// radius blocks (radius <= 0 means anywhere in the dimension). kind is a
// block id (oak_log, deepslate_iron_ore), a family (log, iron_ore, bed; see
// game.BlockFamily), or "ore" for every ore.
func (s *Store) NearestBlocks(ctx context.Context, world, dimension, kind string, from game.Pos, radius, limit int) ([]game.KnownBlock, error) {
	kind = game.BlockName(kind)
	if kind == "" {
		return nil, fmt.Errorf("store: %w", fault.Invalidf("say which kind of block to recall, such as iron_ore, log or chest"))
	}
	wid, err := s.worldID(ctx, world, false)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	reach, ok, err := s.reach(ctx, wid, dimension, from)
	if err != nil {
		return nil, fmt.Errorf("store: recall blocks: %w", translate(err))
	}
	if !ok {
		return nil, nil
	}
	rows, err := s.nearestRows(ctx, wid, dimension, kind, from, radius, clampLimit(limit, 10, 100), reach)
	if err != nil {
		return nil, fmt.Errorf("store: recall %s: %w", kind, translate(err))
	}
	return knownBlocks(world, rows), nil
}

// NearestKinds lists, for every useful family (game.UsefulBlock) she
// remembers in this world and dimension, the nearest block of it to from,
// nearest first, within radius blocks (radius <= 0 means anywhere).
func (s *Store) NearestKinds(ctx context.Context, world, dimension string, from game.Pos, radius int) ([]game.KnownBlock, error) {
	wid, err := s.worldID(ctx, world, false)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	reach, ok, err := s.reach(ctx, wid, dimension, from)
	if err != nil {
		return nil, fmt.Errorf("store: recall blocks: %w", translate(err))
	}
	if !ok {
		return nil, nil
	}
	// The families present, one index probe each (a skip scan).
	var families []string
	err = s.r.WithContext(ctx).Raw(`WITH RECURSIVE f (family) AS (
			SELECT min(family) FROM known_blocks INDEXED BY known_blocks_family WHERE world_id = @w AND dimension = @dim
			UNION ALL
			SELECT (SELECT min(family) FROM known_blocks INDEXED BY known_blocks_family
				WHERE world_id = @w AND dimension = @dim AND family > f.family)
			FROM f WHERE f.family IS NOT NULL)
		SELECT family FROM f WHERE family IS NOT NULL`,
		map[string]any{"w": wid, "dim": dimension}).Scan(&families).Error
	if err != nil {
		return nil, fmt.Errorf("store: recall kinds: %w", translate(err))
	}
	var nearest []knownRow
	for _, f := range families {
		if !game.UsefulBlock(f) {
			continue
		}
		rows, err := s.nearestRows(ctx, wid, dimension, f, from, radius, 1, reach)
		if err != nil {
			return nil, fmt.Errorf("store: recall %s: %w", f, translate(err))
		}
		nearest = append(nearest, rows...)
	}
	sortRows(nearest)
	return knownBlocks(world, nearest), nil
}

// reach is how far a box around from must reach along x to hold every
// block of the map; ok is false when the map of the dimension is empty.
func (s *Store) reach(ctx context.Context, wid int64, dimension string, from game.Pos) (reach int, ok bool, err error) {
	var ext struct{ MinX, MaxX *int }
	err = s.r.WithContext(ctx).Raw(`SELECT
			(SELECT min(x) FROM known_blocks WHERE world_id = @w AND dimension = @dim) AS min_x,
			(SELECT max(x) FROM known_blocks WHERE world_id = @w AND dimension = @dim) AS max_x`,
		map[string]any{"w": wid, "dim": dimension}).Scan(&ext).Error
	if err != nil || ext.MinX == nil || ext.MaxX == nil {
		return 0, false, err
	}
	return max(abs(from.X-*ext.MinX), abs(from.X-*ext.MaxX)), true, nil
}

// nearestRows is the limit blocks of kind nearest to from, within radius
// (<= 0: anywhere), nearest first; reach is as reach returns it.
func (s *Store) nearestRows(ctx context.Context, wid int64, dimension, kind string, from game.Pos, radius, limit, reach int) ([]knownRow, error) {
	db := s.r.WithContext(ctx)
	args := map[string]any{
		"w": wid, "dim": dimension, "x": from.X, "y": from.Y, "z": from.Z, "limit": limit,
	}
	cond, index := kindCondition(kind)
	args["kind"] = kind
	query := `SELECT dimension, x, y, z, block, family, placed, last_seen, ` + d2SQL + ` AS d2
		FROM known_blocks ` + index + ` WHERE world_id = @w AND dimension = @dim AND ` + cond
	ordered := " ORDER BY d2, x, z, y LIMIT @limit"
	for r := firstBox; ; r *= 4 {
		var rows []knownRow
		if radius <= 0 && r >= reach {
			err := db.Raw(query+ordered, args).Scan(&rows).Error
			return rows, err
		}
		last := radius > 0 && (r >= radius || r >= reach)
		if last {
			r = radius
		}
		args["r"], args["r2"] = r, int64(r)*int64(r)
		if err := db.Raw(query+" AND "+boxSQL+" AND "+d2SQL+" <= @r2"+ordered, args).Scan(&rows).Error; err != nil {
			return nil, err
		}
		if last || len(rows) >= limit {
			return rows, nil
		}
	}
}

// The SQL pieces of the nearest queries: the squared distance to @x @y @z,
// and the box of @r around it.
const (
	d2SQL  = "((x - @x) * (x - @x) + (y - @y) * (y - @y) + (z - @z) * (z - @z))"
	boxSQL = "x BETWEEN @x - @r AND @x + @r AND z BETWEEN @z - @r AND @z + @r AND y BETWEEN @y - @r AND @y + @r"
)

// kindCondition is the SQL that picks the blocks of kind (bound as @kind),
// and the index that answers it. The index is named because the planner,
// without statistics, would rather walk the primary key.
func kindCondition(kind string) (cond, index string) {
	switch {
	case kind == "ore":
		return "(family GLOB '*_ore' OR family = 'ancient_debris')", ""
	case game.BlockFamily(kind) == kind:
		return "family = @kind", "INDEXED BY known_blocks_family"
	}
	return "block = @kind", "INDEXED BY known_blocks_block"
}

// matchKind is kindCondition in Go.
func matchKind(kind, block, family string) bool {
	switch {
	case kind == "ore":
		return strings.HasSuffix(family, "_ore") || family == "ancient_debris"
	case game.BlockFamily(kind) == kind:
		return family == kind
	}
	return block == kind
}

// sortRows orders rows nearest first, then by family for a steady order.
func sortRows(rows []knownRow) {
	slices.SortFunc(rows, func(a, b knownRow) int {
		return cmp.Or(cmp.Compare(a.D2, b.D2), cmp.Compare(a.Family, b.Family))
	})
}

func knownBlocks(world string, rows []knownRow) []game.KnownBlock {
	out := make([]game.KnownBlock, len(rows))
	for i, r := range rows {
		out[i] = game.KnownBlock{
			World: world, Dimension: r.Dimension, Pos: game.Pos{X: r.X, Y: r.Y, Z: r.Z},
			Block: r.Block, Placed: r.Placed, LastSeen: fromMS(r.LastSeen),
		}
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
