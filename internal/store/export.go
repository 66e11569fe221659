package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// placesFile is the JSON form of one world's places, as ExportPlaces writes
// it and ImportPlaces reads it.
type placesFile struct {
	World    string      `json:"world"`
	Exported time.Time   `json:"exported"`
	Places   []placeJSON `json:"places"`
}

type placeJSON struct {
	Name      string    `json:"name"`
	Dimension string    `json:"dimension"`
	X         int       `json:"x"`
	Y         int       `json:"y"`
	Z         int       `json:"z"`
	Note      string    `json:"note,omitempty"`
	Created   time.Time `json:"created,omitzero"`
	Updated   time.Time `json:"updated,omitzero"`
}

// ExportPlaces writes the places of world as indented JSON that names the
// world, ready for ImportPlaces.
func (s *Store) ExportPlaces(ctx context.Context, world string) ([]byte, error) {
	if world == "" {
		return nil, fmt.Errorf("store: %w", fault.Invalidf("say which world to export: memory is kept per server"))
	}
	places, err := s.Places(ctx, world)
	if err != nil {
		return nil, err
	}
	f := placesFile{World: world, Exported: s.now().UTC(), Places: make([]placeJSON, len(places))}
	for i, p := range places {
		f.Places[i] = placeJSON{
			Name: p.Name, Dimension: p.Dimension, X: p.Pos.X, Y: p.Pos.Y, Z: p.Pos.Z, Note: p.Note,
			Created: p.Created, Updated: p.Updated,
		}
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("store: export places: %w", err)
	}
	return append(data, '\n'), nil
}

// ImportPlaces reads a file written by ExportPlaces into world and returns
// how many places it stored. A place of the file replaces the place of the
// same name. The whole file is checked first: one that is not valid JSON,
// names another world, or holds a bad place changes nothing, and the error
// says why.
func (s *Store) ImportPlaces(ctx context.Context, world string, data []byte) (int, error) {
	f, err := parsePlacesFile(data)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	switch {
	case world == "":
		return 0, fmt.Errorf("store: %w", fault.Invalidf("say which world to import into; nothing was changed"))
	case f.World != world:
		return 0, fmt.Errorf("store: %w", fault.Invalidf("the file holds the places of %q, not of %q; nothing was changed", f.World, world))
	}
	seen := make(map[string]bool, len(f.Places))
	places := make([]game.Place, len(f.Places))
	for i, pj := range f.Places {
		p, err := checkPlace(game.Place{Name: pj.Name, Dimension: pj.Dimension, Pos: game.Pos{X: pj.X, Y: pj.Y, Z: pj.Z}, Note: pj.Note})
		if err != nil {
			return 0, fmt.Errorf("store: %w", fault.Invalidf("place %d of the file: %v; nothing was changed", i+1, err))
		}
		key := strings.ToLower(p.Name)
		if seen[key] {
			return 0, fmt.Errorf("store: %w", fault.Invalidf("the file names the place %q twice; nothing was changed", p.Name))
		}
		seen[key] = true
		p.Created, p.Updated = pj.Created, pj.Updated
		places[i] = p
	}
	wid, err := s.worldID(ctx, world, true)
	if err != nil {
		return 0, err
	}
	err = s.transaction(ctx, "places", func(tx *gorm.DB) error {
		for _, p := range places {
			created, updated := s.stamp(p.Created), s.stamp(p.Updated)
			err := tx.Exec(`INSERT INTO places (world_id, name, dimension, x, y, z, note, created, updated)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (world_id, name) DO UPDATE SET
					name = excluded.name, dimension = excluded.dimension,
					x = excluded.x, y = excluded.y, z = excluded.z,
					note = excluded.note, updated = excluded.updated`,
				wid, p.Name, p.Dimension, p.Pos.X, p.Pos.Y, p.Pos.Z, p.Note, created, updated).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: import places: %w", translate(err))
	}
	return len(places), nil
}

// parsePlacesFile reads an export strictly: an unknown field means it is
// some other file.
func parsePlacesFile(data []byte) (placesFile, error) {
	var f placesFile
	if !json.Valid(data) {
		return f, fault.Invalidf("the file is not valid JSON; nothing was changed")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return f, fault.Invalidf("the file is not an export of places (%v); nothing was changed", err)
	}
	if f.World == "" {
		return f, fault.Invalidf("the file does not say which world its places belong to (its \"world\" is missing); nothing was changed")
	}
	return f, nil
}
