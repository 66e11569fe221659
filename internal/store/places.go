package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// maxNote bounds a place's note, in characters.
const maxNote = 200

// RememberPlace stores p under its name in world, replacing a place of the
// same name (names compare without regard to case). When it replaces one, it
// returns where that place was, so she can be told. The name is stored
// without the spaces around it; p.Created and p.Updated are ignored.
func (s *Store) RememberPlace(ctx context.Context, world string, p game.Place) (previous *game.Place, err error) {
	p, err = checkPlace(p)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	wid, err := s.worldID(ctx, world, true)
	if err != nil {
		return nil, err
	}
	now := ms(s.now())
	err = s.transaction(ctx, "places", func(tx *gorm.DB) error {
		var old placeRecord
		err := tx.Where("world_id = ? AND name = ?", wid, p.Name).Take(&old).Error
		switch translate(err) {
		case nil:
			prev := old.place()
			previous = &prev
			return tx.Model(&old).Updates(map[string]any{
				"name": p.Name, "dimension": p.Dimension, "x": p.Pos.X, "y": p.Pos.Y, "z": p.Pos.Z,
				"note": p.Note, "updated": now,
			}).Error
		case ErrNotFound:
			rec := placeRecordOf(wid, p)
			rec.Created, rec.Updated = now, now
			return tx.Create(&rec).Error
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: remember place %q: %w", p.Name, translate(err))
	}
	return previous, nil
}

// checkPlace is p as it is stored, or the sentence that says why it cannot be.
func checkPlace(p game.Place) (game.Place, error) {
	name, err := game.CheckPlaceName(p.Name)
	if err != nil {
		return p, err
	}
	p.Name = name
	p.Dimension = strings.TrimSpace(p.Dimension)
	if p.Dimension == "" {
		return p, fault.Invalidf("the place %q needs the dimension it is in (overworld, the_nether, the_end)", name)
	}
	p.Note = strings.TrimSpace(p.Note)
	if n := utf8.RuneCountInString(p.Note); n > maxNote {
		return p, fault.Invalidf("the note of %q has %d characters; keep it to %d", name, n, maxNote)
	}
	return p, nil
}

// Place is the place named name in world (without regard to case), or
// ErrNotFound.
func (s *Store) Place(ctx context.Context, world, name string) (game.Place, error) {
	wid, err := s.worldID(ctx, world, false)
	if errors.Is(err, ErrNotFound) {
		return game.Place{}, fmt.Errorf("store: place %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return game.Place{}, err
	}
	var rec placeRecord
	if err := s.r.WithContext(ctx).Where("world_id = ? AND name = ?", wid, strings.TrimSpace(name)).Take(&rec).Error; err != nil {
		return game.Place{}, fmt.Errorf("store: place %q: %w", name, translate(err))
	}
	return rec.place(), nil
}

// Places lists the places of world by name; a world she never played has
// none.
func (s *Store) Places(ctx context.Context, world string) ([]game.Place, error) {
	wid, err := s.worldID(ctx, world, false)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []placeRecord
	if err := s.r.WithContext(ctx).Where("world_id = ?", wid).Order("name COLLATE NOCASE").Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: places: %w", translate(err))
	}
	out := make([]game.Place, len(recs))
	for i, r := range recs {
		out[i] = r.place()
	}
	return out, nil
}

// RenamePlace gives the place named from the name to. It is ErrNotFound
// when there is no such place, and ErrConflict when another place is
// already called to.
func (s *Store) RenamePlace(ctx context.Context, world, from, to string) (game.Place, error) {
	name, err := game.CheckPlaceName(to)
	if err != nil {
		return game.Place{}, fmt.Errorf("store: %w", err)
	}
	wid, err := s.worldID(ctx, world, false)
	if err != nil {
		return game.Place{}, err
	}
	var rec placeRecord
	err = s.transaction(ctx, "places", func(tx *gorm.DB) error {
		if err := tx.Where("world_id = ? AND name = ?", wid, strings.TrimSpace(from)).Take(&rec).Error; err != nil {
			return err
		}
		rec.Name, rec.Updated = name, ms(s.now())
		return tx.Model(&rec).Updates(map[string]any{"name": rec.Name, "updated": rec.Updated}).Error
	})
	if err != nil {
		return game.Place{}, fmt.Errorf("store: rename place %q to %q: %w", from, name, translate(err))
	}
	return rec.place(), nil
}

// DeletePlace forgets the place named name, or is ErrNotFound.
func (s *Store) DeletePlace(ctx context.Context, world, name string) error {
	wid, err := s.worldID(ctx, world, false)
	if err != nil {
		return err
	}
	res := s.w.WithContext(ctx).Where("world_id = ? AND name = ?", wid, strings.TrimSpace(name)).Delete(&placeRecord{})
	if res.Error != nil {
		return fmt.Errorf("store: delete place %q: %w", name, translate(res.Error))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: place %q: %w", name, ErrNotFound)
	}
	return nil
}

// RecordDeath stores a death and, in the same transaction, moves the place
// game.LastDeathPlace to where it happened, with the cause as its note.
func (s *Store) RecordDeath(ctx context.Context, world string, d game.Death) error {
	d.Dimension = strings.TrimSpace(d.Dimension)
	if d.Dimension == "" {
		return fmt.Errorf("store: %w", fault.Invalidf("a death needs the dimension it happened in"))
	}
	wid, err := s.worldID(ctx, world, true)
	if err != nil {
		return err
	}
	at := s.stamp(d.At)
	note := d.Cause
	if utf8.RuneCountInString(note) > maxNote {
		note = string([]rune(note)[:maxNote])
	}
	err = s.transaction(ctx, "deaths", func(tx *gorm.DB) error {
		rec := deathRecord{WorldID: wid, At: at, Cause: d.Cause, Dimension: d.Dimension, X: d.Pos.X, Y: d.Pos.Y, Z: d.Pos.Z}
		if err := tx.Create(&rec).Error; err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO places (world_id, name, dimension, x, y, z, note, created, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (world_id, name) DO UPDATE SET
				dimension = excluded.dimension, x = excluded.x, y = excluded.y, z = excluded.z,
				note = excluded.note, updated = excluded.updated`,
			wid, game.LastDeathPlace, d.Dimension, d.Pos.X, d.Pos.Y, d.Pos.Z, note, at, at).Error
	})
	if err != nil {
		return fmt.Errorf("store: record death: %w", translate(err))
	}
	return nil
}

// Deaths lists her deaths in world, newest first, at most limit of them
// (limit <= 0 means 50).
func (s *Store) Deaths(ctx context.Context, world string, limit int) ([]game.Death, error) {
	wid, err := s.worldID(ctx, world, false)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []deathRecord
	if err := s.r.WithContext(ctx).Where("world_id = ?", wid).Order("at DESC, id DESC").Limit(clampLimit(limit, 50, 1000)).Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: deaths: %w", translate(err))
	}
	out := make([]game.Death, len(recs))
	for i, r := range recs {
		out[i] = game.Death{At: fromMS(r.At), Cause: r.Cause, Dimension: r.Dimension, Pos: game.Pos{X: r.X, Y: r.Y, Z: r.Z}}
	}
	return out, nil
}

func placeRecordOf(worldID int64, p game.Place) placeRecord {
	return placeRecord{WorldID: worldID, Name: p.Name, Dimension: p.Dimension, X: p.Pos.X, Y: p.Pos.Y, Z: p.Pos.Z, Note: p.Note}
}

func (r placeRecord) place() game.Place {
	return game.Place{
		Name: r.Name, Dimension: r.Dimension, Pos: game.Pos{X: r.X, Y: r.Y, Z: r.Z}, Note: r.Note,
		Created: fromMS(r.Created), Updated: fromMS(r.Updated),
	}
}

// clampLimit is limit, or def when it is not positive, and never above max.
func clampLimit(limit, def, max int) int {
	if limit <= 0 {
		return def
	}
	return min(limit, max)
}
