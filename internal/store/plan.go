package store

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
)

// maxObjective bounds the text of an objective, in characters.
const maxObjective = 500

// Objectives lists her plan in order, done ones included.
func (s *Store) Objectives(ctx context.Context) ([]agent.Objective, error) {
	var recs []objectiveRecord
	if err := s.r.WithContext(ctx).Order("sort_order, id").Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: objectives: %w", translate(err))
	}
	out := make([]agent.Objective, len(recs))
	for i, r := range recs {
		out[i] = agent.Objective{ID: r.ID, Text: r.Text, Done: r.Done, Order: r.SortOrder}
	}
	return out, nil
}

// SaveObjective writes an objective: a new one (ID 0) gets its ID set, and
// goes last when its Order is 0; an existing one is replaced, or is
// ErrNotFound when there is none with its ID.
func (s *Store) SaveObjective(ctx context.Context, o *agent.Objective) error {
	text := strings.TrimSpace(o.Text)
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return fmt.Errorf("store: %w", fault.Invalidf("an objective needs words: say what you mean to do"))
	case n > maxObjective:
		return fmt.Errorf("store: %w", fault.Invalidf("that objective has %d characters; keep it to %d", n, maxObjective))
	}
	rec := objectiveRecord{ID: o.ID, Text: text, Done: o.Done, SortOrder: o.Order}
	err := s.transaction(ctx, "objectives", func(tx *gorm.DB) error {
		if o.ID == 0 {
			if rec.SortOrder == 0 {
				var last int
				if err := tx.Model(&objectiveRecord{}).Select("coalesce(max(sort_order), 0)").Scan(&last).Error; err != nil {
					return err
				}
				rec.SortOrder = last + 1
			}
			return tx.Create(&rec).Error
		}
		res := tx.Select("*").Updates(&rec)
		if res.Error == nil && res.RowsAffected == 0 {
			return ErrNotFound
		}
		return res.Error
	})
	if err != nil {
		return fmt.Errorf("store: save objective: %w", translate(err))
	}
	o.ID, o.Text, o.Order = rec.ID, rec.Text, rec.SortOrder
	return nil
}

// SetObjectiveDone marks an objective done or open again, or is ErrNotFound.
func (s *Store) SetObjectiveDone(ctx context.Context, id int64, done bool) error {
	res := s.w.WithContext(ctx).Model(&objectiveRecord{}).Where("id = ?", id).Update("done", done)
	if res.Error != nil {
		return fmt.Errorf("store: objective %d: %w", id, translate(res.Error))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: objective %d: %w", id, ErrNotFound)
	}
	return nil
}

// DeleteObjective removes an objective from the plan, or is ErrNotFound.
func (s *Store) DeleteObjective(ctx context.Context, id int64) error {
	res := s.w.WithContext(ctx).Delete(&objectiveRecord{}, id)
	if res.Error != nil {
		return fmt.Errorf("store: delete objective %d: %w", id, translate(res.Error))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: objective %d: %w", id, ErrNotFound)
	}
	return nil
}

// Setting is the saved value of key, or ErrNotFound when none was saved.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var rec settingRecord
	if err := s.r.WithContext(ctx).Take(&rec, "key = ?", key).Error; err != nil {
		return "", fmt.Errorf("store: setting %q: %w", key, translate(err))
	}
	return rec.Value, nil
}

// SetSetting saves value under key, replacing what was there.
func (s *Store) SetSetting(ctx context.Context, key, value string) error {
	if strings.TrimSpace(key) == "" {
		return fmt.Errorf("store: %w", fault.Invalidf("a setting needs a name"))
	}
	err := s.w.WithContext(ctx).Exec(
		"INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
		key, value).Error
	if err != nil {
		return fmt.Errorf("store: set %q: %w", key, translate(err))
	}
	return nil
}

// DeleteSetting forgets the saved value of key, so its default applies
// again; a key never saved is no error.
func (s *Store) DeleteSetting(ctx context.Context, key string) error {
	if err := s.w.WithContext(ctx).Delete(&settingRecord{}, "key = ?", key).Error; err != nil {
		return fmt.Errorf("store: delete setting %q: %w", key, translate(err))
	}
	return nil
}

// SaveSettings saves set and forgets the keys of forget in one
// transaction: a form is kept whole or not at all.
func (s *Store) SaveSettings(ctx context.Context, set map[string]string, forget []string) error {
	for key := range set {
		if strings.TrimSpace(key) == "" {
			return fmt.Errorf("store: %w", fault.Invalidf("a setting needs a name"))
		}
	}
	err := s.transaction(ctx, "settings", func(tx *gorm.DB) error {
		for _, key := range slices.Sorted(maps.Keys(set)) {
			err := tx.Exec("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, set[key]).Error
			if err != nil {
				return fmt.Errorf("set %q: %w", key, err)
			}
		}
		for _, key := range forget {
			if err := tx.Delete(&settingRecord{}, "key = ?", key).Error; err != nil {
				return fmt.Errorf("delete %q: %w", key, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: save settings: %w", translate(err))
	}
	return nil
}

// Settings is every saved setting by key.
func (s *Store) Settings(ctx context.Context) (map[string]string, error) {
	var recs []settingRecord
	if err := s.r.WithContext(ctx).Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: settings: %w", translate(err))
	}
	out := make(map[string]string, len(recs))
	for _, r := range recs {
		out[r.Key] = r.Value
	}
	return out, nil
}
