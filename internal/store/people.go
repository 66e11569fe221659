package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// SeePlayer notes that the player with this UUID was seen under name at
// at: a new person is created, a new name is added to the names they have
// gone by, and they were last seen now. It returns the person as stored.
func (s *Store) SeePlayer(ctx context.Context, uuid, name string, at time.Time) (game.Person, error) {
	return s.seePlayer(ctx, uuid, name, at, 0)
}

// CountMessage is SeePlayer for a chat line of theirs: it also counts the
// message.
func (s *Store) CountMessage(ctx context.Context, uuid, name string, at time.Time) (game.Person, error) {
	return s.seePlayer(ctx, uuid, name, at, 1)
}

func (s *Store) seePlayer(ctx context.Context, uuid, name string, at time.Time, messages int) (game.Person, error) {
	uuid, name = strings.TrimSpace(uuid), strings.TrimSpace(name)
	if uuid == "" || name == "" {
		return game.Person{}, fmt.Errorf("store: %w", fault.Invalidf("a player is known by UUID and name; this one lacks one (uuid %q, name %q)", uuid, name))
	}
	t := s.stamp(at)
	err := s.transaction(ctx, "people", func(tx *gorm.DB) error {
		err := tx.Exec(`INSERT INTO people (uuid, name, first_seen, last_seen, messages) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (uuid) DO UPDATE SET
				name = CASE WHEN excluded.last_seen >= last_seen THEN excluded.name ELSE name END,
				last_seen = max(last_seen, excluded.last_seen),
				first_seen = min(first_seen, excluded.first_seen),
				messages = messages + excluded.messages`,
			uuid, name, t, t, messages).Error
		if err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO person_names (uuid, name, first_seen, last_seen) VALUES (?, ?, ?, ?)
			ON CONFLICT (uuid, name) DO UPDATE SET
				first_seen = min(first_seen, excluded.first_seen),
				last_seen = max(last_seen, excluded.last_seen)`,
			uuid, name, t, t).Error
	})
	if err != nil {
		return game.Person{}, fmt.Errorf("store: see player %s: %w", name, translate(err))
	}
	return s.person(ctx, s.w, uuid)
}

// Person is the person with this UUID, or ErrNotFound.
func (s *Store) Person(ctx context.Context, uuid string) (game.Person, error) {
	return s.person(ctx, s.r, uuid)
}

// PersonByName is the person who goes by name now (without regard to case),
// or else the one who went by it most recently, or ErrNotFound.
func (s *Store) PersonByName(ctx context.Context, name string) (game.Person, error) {
	name = strings.TrimSpace(name)
	db := s.r.WithContext(ctx)
	var uuids []string
	err := db.Model(&personRecord{}).Where("name = ? COLLATE NOCASE", name).
		Order("last_seen DESC").Limit(1).Pluck("uuid", &uuids).Error
	if err == nil && len(uuids) == 0 {
		err = db.Model(&personNameRecord{}).Where("name = ? COLLATE NOCASE", name).
			Order("last_seen DESC").Limit(1).Pluck("uuid", &uuids).Error
	}
	if err != nil {
		return game.Person{}, fmt.Errorf("store: person %q: %w", name, translate(err))
	}
	if len(uuids) == 0 {
		return game.Person{}, fmt.Errorf("store: person %q: %w", name, ErrNotFound)
	}
	uuid := uuids[0]
	return s.person(ctx, s.r, uuid)
}

func (s *Store) person(ctx context.Context, db *gorm.DB, uuid string) (game.Person, error) {
	var rec personRecord
	if err := db.WithContext(ctx).Take(&rec, "uuid = ?", uuid).Error; err != nil {
		return game.Person{}, fmt.Errorf("store: person %s: %w", uuid, translate(err))
	}
	var names []string
	err := db.WithContext(ctx).Model(&personNameRecord{}).Where("uuid = ?", uuid).
		Order("first_seen, name").Pluck("name", &names).Error
	if err != nil {
		return game.Person{}, fmt.Errorf("store: names of %s: %w", uuid, translate(err))
	}
	return rec.person(names), nil
}

// People lists everyone she has met, the most recently seen first, at most
// limit (limit <= 0 means 100, and never more than 1000).
func (s *Store) People(ctx context.Context, limit int) ([]game.Person, error) {
	db := s.r.WithContext(ctx)
	var recs []personRecord
	if err := db.Order("last_seen DESC, uuid").Limit(clampLimit(limit, 100, 1000)).Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: people: %w", translate(err))
	}
	if len(recs) == 0 {
		return nil, nil
	}
	uuids := make([]string, len(recs))
	for i, r := range recs {
		uuids[i] = r.UUID
	}
	var names []personNameRecord
	if err := db.Where("uuid IN ?", uuids).Order("first_seen, name").Find(&names).Error; err != nil {
		return nil, fmt.Errorf("store: people's names: %w", translate(err))
	}
	byUUID := make(map[string][]string, len(recs))
	for _, n := range names {
		byUUID[n.UUID] = append(byUUID[n.UUID], n.Name)
	}
	out := make([]game.Person, len(recs))
	for i, r := range recs {
		out[i] = r.person(byUUID[r.UUID])
	}
	return out, nil
}

func (r personRecord) person(names []string) game.Person {
	return game.Person{
		UUID: r.UUID, Name: r.Name, Names: names, FirstSeen: fromMS(r.FirstSeen), LastSeen: fromMS(r.LastSeen),
		Messages: r.Messages, Card: r.Card,
	}
}

// SetCard says whether she keeps a card on the person (the facts she
// remembers about them are shown when they are near).
func (s *Store) SetCard(ctx context.Context, uuid string, card bool) error {
	res := s.w.WithContext(ctx).Model(&personRecord{}).Where("uuid = ?", uuid).Update("card", card)
	if res.Error != nil {
		return fmt.Errorf("store: card of %s: %w", uuid, translate(res.Error))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: person %s: %w", uuid, ErrNotFound)
	}
	return nil
}

// AddFact remembers one thing about a person she has met, which gives them
// a card. A fact over game.MaxFact characters is refused with a sentence;
// an unknown person is ErrNotFound.
func (s *Store) AddFact(ctx context.Context, uuid, text string) (game.Fact, error) {
	text, err := game.CheckFact(text)
	if err != nil {
		return game.Fact{}, fmt.Errorf("store: %w", err)
	}
	rec := factRecord{UUID: uuid, Text: text, Created: ms(s.now())}
	err = s.transaction(ctx, "facts", func(tx *gorm.DB) error {
		res := tx.Model(&personRecord{}).Where("uuid = ?", uuid).Update("card", true)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		return tx.Create(&rec).Error
	})
	if err != nil {
		return game.Fact{}, fmt.Errorf("store: fact about %s: %w", uuid, translate(err))
	}
	return rec.fact(), nil
}

// Facts lists what she remembers about a person, oldest first.
func (s *Store) Facts(ctx context.Context, uuid string) ([]game.Fact, error) {
	var recs []factRecord
	if err := s.r.WithContext(ctx).Where("uuid = ?", uuid).Order("id").Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: facts about %s: %w", uuid, translate(err))
	}
	out := make([]game.Fact, len(recs))
	for i, r := range recs {
		out[i] = r.fact()
	}
	return out, nil
}

// DeleteFact forgets one fact, or is ErrNotFound.
func (s *Store) DeleteFact(ctx context.Context, id int64) error {
	res := s.w.WithContext(ctx).Delete(&factRecord{}, id)
	if err := res.Error; err != nil {
		return fmt.Errorf("store: delete fact %d: %w", id, translate(err))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: fact %d: %w", id, ErrNotFound)
	}
	return nil
}

func (r factRecord) fact() game.Fact {
	return game.Fact{ID: r.ID, UUID: r.UUID, Text: r.Text, Created: fromMS(r.Created)}
}
