package store

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gorm.io/gorm"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// upsertBatch is how many blocks one INSERT carries: 9 values each keeps a
// statement far below SQLite's limit on bound variables.
const upsertBatch = 400

// RememberBlocks updates the map of world and dimension: the seen blocks
// are stored (or refreshed) where they are, and the gone positions are
// forgotten. A seen block she did not place is kept only when it is useful
// (game.UsefulBlock): stone and dirt would only fill the map. The World and
// Dimension fields of seen are ignored in favour of the arguments.
func (s *Store) RememberBlocks(ctx context.Context, world, dimension string, seen []game.KnownBlock, gone []game.Pos) error {
	keep, err := s.checkBlocks(dimension, seen)
	if err != nil {
		return err
	}
	if len(keep) == 0 && len(gone) == 0 {
		return nil
	}
	wid, err := s.worldID(ctx, world, true)
	if err != nil {
		return err
	}
	err = s.transaction(ctx, "known_blocks", func(tx *gorm.DB) error {
		if err := deleteBlocks(tx, wid, dimension, gone); err != nil {
			return err
		}
		return upsertBlocks(tx, wid, dimension, keep)
	})
	if err != nil {
		return fmt.Errorf("store: remember blocks: %w", translate(err))
	}
	return nil
}

// RememberLook updates the map of world and dimension from one look at it
// (see game.Look): what it saw is stored, and every remembered block of the
// kinds it looked for, within its radius, that it should have seen and did
// not is forgotten: any not listed when the look is complete, else any
// clearly nearer to her than the nearest one of its kind that was seen.
func (s *Store) RememberLook(ctx context.Context, world, dimension string, look game.Look) error {
	if look.Radius <= 0 {
		return fmt.Errorf("store: %w", fault.Invalidf("a look needs the radius of the cube it covered"))
	}
	for i := range look.Seen {
		if look.Seen[i].LastSeen.IsZero() {
			look.Seen[i].LastSeen = look.At
		}
	}
	keep, err := s.checkBlocks(dimension, look.Seen)
	if err != nil {
		return err
	}
	wid, err := s.worldID(ctx, world, true)
	if err != nil {
		return err
	}
	c, r := look.Center, look.Radius
	err = s.transaction(ctx, "known_blocks", func(tx *gorm.DB) error {
		var inCube []knownBlockRecord
		err := tx.Select("x", "y", "z", "block", "family").
			Where("world_id = ? AND dimension = ? AND x BETWEEN ? AND ? AND z BETWEEN ? AND ? AND y BETWEEN ? AND ?",
				wid, dimension, c.X-r, c.X+r, c.Z-r, c.Z+r, c.Y-r, c.Y+r).
			Find(&inCube).Error
		if err != nil {
			return err
		}
		if err := deleteBlocks(tx, wid, dimension, goneFromLook(look, keep, inCube)); err != nil {
			return err
		}
		return upsertBlocks(tx, wid, dimension, keep)
	})
	if err != nil {
		return fmt.Errorf("store: remember look: %w", translate(err))
	}
	return nil
}

// lookSlack is how much nearer than the nearest seen block of its kind a
// remembered block must be to count as gone: the game measures from where
// she stands inside her block, the map from the block itself.
const lookSlack = 2.0

// goneFromLook is the remembered blocks (inCube) that the look shows gone.
// seen is the look's blocks as they are kept (normalised names). Only
// blocks within Radius-1 of the centre are judged, a sphere inside whatever
// shape the game looked through.
func goneFromLook(look game.Look, seen []game.KnownBlock, inCube []knownBlockRecord) []game.Pos {
	at := make(map[game.Pos]bool, len(seen))
	for _, b := range seen {
		at[b.Pos] = true
	}
	reach := float64(look.Radius - 1)
	dist := func(p game.Pos) float64 { return look.Center.Dist(p) }
	// nearest[i] is the distance of the nearest seen block of kind i, or
	// +Inf when the look saw none.
	var kinds []func(block, family string) bool
	if len(look.Kinds) == 0 {
		// A survey covers every useful family, each on its own.
		families := map[string]int{}
		for _, rec := range inCube {
			if _, ok := families[rec.Family]; !ok && game.UsefulBlock(rec.Block) {
				f := rec.Family
				families[f] = len(kinds)
				kinds = append(kinds, func(_, family string) bool { return family == f })
			}
		}
	} else {
		for _, k := range look.Kinds {
			k = game.BlockName(k)
			kinds = append(kinds, func(block, family string) bool { return matchKind(k, block, family) })
		}
	}
	nearest := make([]float64, len(kinds))
	for i, match := range kinds {
		nearest[i] = math.Inf(1)
		for _, b := range seen {
			if match(b.Block, game.BlockFamily(b.Block)) {
				nearest[i] = min(nearest[i], dist(b.Pos))
			}
		}
	}
	var gone []game.Pos
	for _, rec := range inCube {
		p := rec.pos()
		if at[p] || dist(p) > reach {
			continue
		}
		for i, match := range kinds {
			if match(rec.Block, rec.Family) && (look.Complete || dist(p) < nearest[i]-lookSlack) {
				gone = append(gone, p)
				break
			}
		}
	}
	return gone
}

// checkBlocks is seen as it is kept: names without namespace, only what
// she placed or what is useful, each stamped with when it was seen.
func (s *Store) checkBlocks(dimension string, seen []game.KnownBlock) ([]game.KnownBlock, error) {
	if strings.TrimSpace(dimension) == "" {
		return nil, fmt.Errorf("store: %w", fault.Invalidf("remembered blocks need the dimension they are in"))
	}
	keep := make([]game.KnownBlock, 0, len(seen))
	for _, b := range seen {
		b.Block = game.BlockName(b.Block)
		if b.Block == "" {
			return nil, fmt.Errorf("store: %w", fault.Invalidf("the block at %s has no name", b.Pos))
		}
		if !b.Placed && !game.UsefulBlock(b.Block) {
			continue
		}
		if b.LastSeen.IsZero() {
			b.LastSeen = s.now()
		}
		keep = append(keep, b)
	}
	return keep, nil
}

func upsertBlocks(tx *gorm.DB, worldID int64, dimension string, blocks []game.KnownBlock) error {
	for start := 0; start < len(blocks); start += upsertBatch {
		batch := blocks[start:min(start+upsertBatch, len(blocks))]
		var q strings.Builder
		q.WriteString("INSERT INTO known_blocks (world_id, dimension, x, y, z, block, family, placed, last_seen) VALUES ")
		args := make([]any, 0, 9*len(batch))
		for i, b := range batch {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, worldID, dimension, b.Pos.X, b.Pos.Y, b.Pos.Z, b.Block, game.BlockFamily(b.Block), b.Placed, ms(b.LastSeen))
		}
		// A block seen again where she placed it stays hers; an older
		// sighting arriving late does not undo a newer one.
		q.WriteString(` ON CONFLICT (world_id, dimension, x, z, y) DO UPDATE SET
			placed = CASE WHEN excluded.block = known_blocks.block
				THEN max(known_blocks.placed, excluded.placed) ELSE excluded.placed END,
			block = excluded.block, family = excluded.family, last_seen = excluded.last_seen
			WHERE excluded.last_seen >= known_blocks.last_seen`)
		if err := tx.Exec(q.String(), args...).Error; err != nil {
			return err
		}
	}
	return nil
}

func deleteBlocks(tx *gorm.DB, worldID int64, dimension string, gone []game.Pos) error {
	for _, p := range gone {
		err := tx.Exec("DELETE FROM known_blocks WHERE world_id = ? AND dimension = ? AND x = ? AND z = ? AND y = ?",
			worldID, dimension, p.X, p.Z, p.Y).Error
		if err != nil {
			return err
		}
	}
	return nil
}

func (r knownBlockRecord) pos() game.Pos { return game.Pos{X: r.X, Y: r.Y, Z: r.Z} }
