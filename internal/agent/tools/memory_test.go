package tools

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// memory is an in-memory stand-in for the store, for the brain tools.
type memory struct {
	mu     sync.Mutex
	places map[string]game.Place // world/lowercase name
	people map[string]game.Person
	facts  map[string][]string
	blocks []game.KnownBlock
	fail   error // the map's writes fail with it when set
}

func newMemory() *memory {
	return &memory{places: map[string]game.Place{}, people: map[string]game.Person{}, facts: map[string][]string{}}
}

var errNotFound = errors.New("not found")

func (m *memory) RememberPlace(_ context.Context, world string, p game.Place) (*game.Place, error) {
	name, err := game.CheckPlaceName(p.Name)
	if err != nil {
		return nil, err
	}
	p.Name = name
	m.mu.Lock()
	defer m.mu.Unlock()
	key := world + "/" + strings.ToLower(name)
	var prev *game.Place
	if old, ok := m.places[key]; ok {
		prev = &old
	}
	m.places[key] = p
	return prev, nil
}

func (m *memory) Place(_ context.Context, world, name string) (game.Place, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.places[world+"/"+strings.ToLower(name)]
	if !ok {
		return game.Place{}, errNotFound
	}
	return p, nil
}

func (m *memory) DeletePlace(_ context.Context, world, name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := world + "/" + strings.ToLower(strings.TrimSpace(name))
	if _, ok := m.places[key]; !ok {
		return fault.New(fault.CodeNotFound, "There is nothing here.")
	}
	delete(m.places, key)
	return nil
}

func (m *memory) Places(_ context.Context, world string) ([]game.Place, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []game.Place
	for k, p := range m.places {
		if strings.HasPrefix(k, world+"/") {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (m *memory) SeePlayer(_ context.Context, uuid, name string, at time.Time) (game.Person, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := game.Person{UUID: uuid, Name: name, FirstSeen: at, LastSeen: at}
	m.people[uuid] = p
	return p, nil
}

func (m *memory) PersonByName(_ context.Context, name string) (game.Person, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, p := range m.people {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
	}
	return game.Person{}, errNotFound
}

func (m *memory) AddFact(_ context.Context, uuid, text string) (game.Fact, error) {
	t, err := game.CheckFact(text)
	if err != nil {
		return game.Fact{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.facts[uuid] = append(m.facts[uuid], t)
	return game.Fact{UUID: uuid, Text: t}, nil
}

func (m *memory) NearestBlocks(_ context.Context, world, dim, kind string, from game.Pos, radius, limit int) ([]game.KnownBlock, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []game.KnownBlock
	for _, b := range m.blocks {
		if b.World == world && b.Dimension == dim && game.BlockFamily(b.Block) == kind && b.Pos.Dist(from) <= float64(radius) {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos.Dist(from) < out[j].Pos.Dist(from) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (m *memory) RememberBlocks(_ context.Context, world, dim string, seen []game.KnownBlock, gone []game.Pos) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	// One block a position, as in the store: what is seen or gone there
	// replaces what was remembered.
	at := map[game.Pos]bool{}
	for _, p := range gone {
		at[p] = true
	}
	for _, b := range seen {
		at[b.Pos] = true
	}
	m.blocks = slices.DeleteFunc(m.blocks, func(b game.KnownBlock) bool { return b.World == world && b.Dimension == dim && at[b.Pos] })
	for _, b := range seen {
		b.World, b.Dimension = world, dim
		m.blocks = append(m.blocks, b)
	}
	return nil
}

func (m *memory) RememberLook(_ context.Context, world, dim string, look game.Look) error {
	return m.RememberBlocks(context.Background(), world, dim, look.Seen, nil)
}
