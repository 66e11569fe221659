package partials

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestStoppedOrPausedTheBannerNamesWhatReflexesCannotMeet: while she stands
// still on the person's word, the banner says in a sentence what her
// reflexes cannot answer (the night in the open, a monster with nothing to
// fight it, hunger with nothing to eat, water over her head, lava), and
// nothing while she plays, is safe, or is not in the game.
func TestStoppedOrPausedTheBannerNamesWhatReflexesCannotMeet(t *testing.T) {
	now := time.Date(2026, 12, 4, 22, 0, 0, 0, time.UTC)
	carrying := func(items ...string) []game.Slot {
		var out []game.Slot
		for i, it := range items {
			out = append(out, game.Slot{Slot: i, Item: it, Count: 1})
		}
		return out
	}
	zombie := func(d float64) []game.Entity {
		return []game.Entity{{ID: 7, Type: "zombie", Distance: d, Hostile: true}}
	}
	night := func(b agent.Body) *agent.Body { b.Dark, b.Overhead = true, "air"; return &b }
	held := &agent.Hold{Since: now.Add(-time.Minute), By: "the dashboard"}
	for _, tc := range []struct {
		name    string
		enabled bool
		held    *agent.Hold
		body    *agent.Body
		vitals  []agent.Vital
		down    bool
		want    string // the banner's words after her name, "" for none
		title   string
	}{
		{name: "paused, hurt at night in the open", body: night(agent.Body{Health: 12, Food: 17, Entities: zombie(3), Inventory: carrying("stone_sword", "bread")}),
			vitals: []agent.Vital{{At: now.Add(-20 * time.Second), Health: 20, Food: 17}},
			want:   "Bea is paused:</strong> she still eats, fights back and flees, but she is taking damage at night in the open.", title: "⚠ In danger, paused · Bea"},
		{name: "playing, the same night is hers to meet", enabled: true, body: night(agent.Body{Health: 12, Food: 17, Entities: zombie(3)}),
			vitals: []agent.Vital{{At: now.Add(-20 * time.Second), Health: 20}}},
		{name: "stopped at dusk in the open", enabled: true, held: held, body: night(agent.Body{Health: 20, Food: 20, Inventory: carrying("bread")}),
			want: "Bea is stopped:</strong> she still eats, fights back and flees, but it is night and she stands in the open, where monsters come.", title: "⚠ In danger, stopped · Bea"},
		{name: "stopped at night under a tree", enabled: true, held: held,
			body: &agent.Body{Health: 20, Food: 20, Dark: true, Overhead: "oak_leaves", Inventory: carrying("bread")},
			want: "but it is night and she stands in the open, where monsters come."},
		{name: "stopped at night with a zombie coming", enabled: true, held: held, body: night(agent.Body{Health: 20, Food: 20, Entities: zombie(11.6), Inventory: carrying("bread")}),
			want: "but it is night, she stands in the open and a zombie is 12 blocks away."},
		{name: "stopped by day, unarmed and hungry with nothing to eat", enabled: true, held: held,
			body: &agent.Body{Health: 20, Food: 6, Overhead: "air", Entities: zombie(8), Inventory: carrying("dirt", "rotten_flesh")},
			want: "but a zombie is 8 blocks away and she has nothing to fight with and she is too hungry to run (food 6 of 20) and carries nothing to eat."},
		{name: "paused, peckish with nothing to eat but whole", body: &agent.Body{Health: 20, Food: 12, Overhead: "air"}},
		{name: "paused, wounded and unable to heal", body: &agent.Body{Health: 8, Food: 16, Overhead: "air"},
			want: "but she is hurt (health 8 of 20) and cannot heal without food."},
		{name: "paused, starving", body: &agent.Body{Health: 20, Food: 0, Overhead: "air"},
			want: "but she is starving and carries nothing to eat."},
		{name: "paused under water beside lava", body: &agent.Body{Health: 20, Food: 20, InWater: true, Overhead: "water",
			Blocks: []game.SeenBlock{{Block: "lava", X: 1, Y: 60, Z: 0, Distance: 1.4}}, Inventory: carrying("bread")},
			want: "but her head is under water and she is next to lava."},
		{name: "paused at night under a roof, fed and armed", body: &agent.Body{Health: 20, Food: 20, Dark: true, Overhead: "oak_planks",
			Inventory: carrying("iron_sword", "bread"), Entities: zombie(20)}},
		{name: "paused with no game", down: true, body: night(agent.Body{Health: 3, Food: 0})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := agent.Snapshot{Name: "Bea", Enabled: tc.enabled, Held: tc.held, Body: tc.body, Vitals: tc.vitals,
				Conn: protocol.ConnStatus{Connected: !tc.down}, World: game.WorldID{Server: "practice", Dimension: "overworld"}}
			out := html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(context.Background(), b) })
			banner := strings.Contains(out, "data-standing")
			switch {
			case tc.want == "" && banner:
				t.Fatalf("a banner where her reflexes or her mind meet what comes:\n%s", out)
			case tc.want == "":
				return
			case !banner || !strings.Contains(out, tc.want):
				t.Fatalf("the banner lacks %q:\n%s", tc.want, out)
			}
			if !strings.Contains(out, `hx-post="/live/play"`) {
				t.Errorf("the banner has no way to let her play:\n%s", out)
			}
			if tc.title != "" && !strings.Contains(out, `data-title="`+tc.title+`"`) {
				t.Errorf("the tab title is not %q:\n%s", tc.title, out)
			}
		})
	}
}
