package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/store"
	"beaweb/web"
)

// fullBody is her body with every slot filled, armour on, and a crowd
// around her.
func fullBody() *agent.Body {
	head, chest := "iron_helmet", "iron_chestplate"
	b := &agent.Body{Health: 14, Food: 17, Position: game.Vec3{X: 50.5, Y: 64, Z: 50.5},
		Held: &game.Stack{Item: "iron_pickaxe", Count: 1}, Armor: game.Armor{Head: &head, Chest: &chest}}
	items := []string{"oak_log", "cobblestone", "iron_ore", "coal", "torch", "bread", "dirt", "oak_planks", "stick"}
	for i := range 36 {
		b.Inventory = append(b.Inventory, game.Slot{Slot: i, Item: items[i%len(items)], Count: 1 + i})
	}
	for i := range 10 {
		b.Players = append(b.Players, game.NearPlayer{Name: "Player" + strconv.Itoa(i), X: 40 + float64(i), Z: 45})
		b.Entities = append(b.Entities, game.Entity{Type: "zombie", X: 60, Z: 40 + float64(i), Hostile: true})
	}
	return b
}

// BenchmarkLivePageFullInventoryAndMap renders the live page with a full
// inventory, a 10-minute trail and a crowd on the map, and then the map's
// blocks layer for what a desktop map shows (96 × 60 blocks and its
// margin) over a real SQLite map of 10,000 remembered blocks: the layer
// sends what is in view, never the whole map.
func BenchmarkLivePageFullInventoryAndMap(b *testing.B) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(b.TempDir(), "bea.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	var blocks []game.KnownBlock
	for x := range 100 {
		for z := range 100 {
			kind := []string{"iron_ore", "oak_log", "water", "coal_ore"}[(x+z)%4]
			blocks = append(blocks, game.KnownBlock{Pos: game.Pos{X: x*4 - 150, Y: 60, Z: z*4 - 150}, Block: kind, LastSeen: clock})
		}
	}
	if err := db.RememberBlocks(ctx, "practice", "overworld", blocks, nil); err != nil {
		b.Fatal(err)
	}
	l := newFakeLive()
	l.Update(agent.TopicBody, func(s *agent.Snapshot) {
		s.Body, s.World.Dimension = fullBody(), "overworld"
		for i := range 120 {
			s.Trail = append(s.Trail, agent.TrailPoint{At: clock.Add(time.Duration(i-120) * 5 * time.Second), X: float64(i % 40), Z: float64(i / 3), Dimension: "overworld"})
		}
		for i := range 120 {
			s.Vitals = append(s.Vitals, agent.Vital{At: clock.Add(time.Duration(i-120) * 10 * time.Second), Health: float64(i % 21), Food: 20 - i%21})
		}
	})
	srv, err := web.New(web.Config{}, web.Deps{Live: l, Changes: l.hub, Actions: &fakeHistory{}, Ask: &fakeAsker{},
		Map: db, Now: func() time.Time { return clock }})
	if err != nil {
		b.Fatal(err)
	}
	h := srv.Handler()
	page := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
	layer := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/map/blocks?dim=overworld&x0=-46&z0=-10&x1=146&z1=110", nil)
	var pageSize, layerSize int
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, page)
		if rec.Code != http.StatusOK {
			b.Fatalf("live page: %d", rec.Code)
		}
		pageSize = rec.Body.Len()
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, layer)
		if rec.Code != http.StatusOK {
			b.Fatalf("blocks layer: %d %s", rec.Code, rec.Body)
		}
		layerSize = rec.Body.Len()
	}
	b.ReportMetric(float64(pageSize), "bytes/page")
	b.ReportMetric(float64(layerSize), "bytes/layer")
}
