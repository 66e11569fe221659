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

func TestActionsInWords(t *testing.T) {
	for _, tc := range []struct{ action, params, want string }{
		{"find_block", `{"block":"iron_ore","count":3}`, "finding 3 iron ore"},
		{"craft_item", `{"item":"torch","count":8}`, "crafting 8 torch"},
		{"move_to", `{"x":3,"y":64,"z":-2}`, "walking to 3 64 -2"},
		{"give_item", `{"item":"bread","player":"Alex"}`, "giving bread to Alex"},
		{"eat_food", `{}`, "eating"},
		{"find_block", ``, "find block"},
		{"teleport", `{}`, "teleport"},
	} {
		if got := Doing(tc.action, tc.params); got != tc.want {
			t.Errorf("Doing(%s, %s) = %q, want %q", tc.action, tc.params, got, tc.want)
		}
	}
	if got := Outcome(protocol.FailFurnaceBusy, ""); got != "Failed (the furnace is busy)" {
		t.Errorf("furnace busy reads %q", got)
	}
	if got := Outcome(protocol.Interrupted, "defending against a zombie"); got != "Interrupted: defending against a zombie" {
		t.Errorf("interrupted reads %q", got)
	}
	if got := progressNote(10, 53, "collected 10/53 dirt"); got != "collected dirt" {
		t.Errorf("the progress note repeats the bar: %q", got)
	}
}

func html(t *testing.T, r func(*strings.Builder) error) string {
	t.Helper()
	var b strings.Builder
	if err := r(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestAlertsSayWhatIsWrongAndWhatToDo(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	ctx := context.Background()
	s := agent.Snapshot{Name: "Bea", Conn: protocol.ConnStatus{URL: "ws://127.0.0.1:8080", Attempts: 3,
		LastError: "dial tcp 127.0.0.1:8080: connect: connection refused"}}
	out := html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	for _, want := range []string{"She is not in the game", "ws://127.0.0.1:8080", "--practice", "BeaCraft", `data-link="down"`, `data-title="⚠ Game link down · Bea"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the link-down banner lacks %q:\n%s", want, out)
		}
	}
	s.Conn = protocol.ConnStatus{Connected: true}
	s.Body = &agent.Body{Health: 5, Inventory: []protocol.Slot{{Slot: 0, Item: "bread", Count: 2}}}
	s.Deaths = []agent.DeathNote{{At: now.Add(-time.Minute), Cause: "slain by Zombie", Position: game.Vec3{X: 1, Y: 64, Z: 2},
		Dimension: "overworld", Carried: []game.Stack{{Item: "oak_log", Count: 4}}}}
	s.Reflexes = []agent.ReflexNote{{At: now, Reflex: "defend", Event: "started", Message: "defending against a zombie"}}
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	for _, want := range []string{"She died</strong> 1 min ago: slain by Zombie", "4 oak log", "Her health is low", "5 of 20",
		"A reflex is fighting for her", `data-title="⚠ She died · Bea"`, `data-link="up"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the banner lacks %q:\n%s", want, out)
		}
	}
	s.Body.Health, s.Deaths, s.Reflexes = 20, nil, append(s.Reflexes, agent.ReflexNote{Reflex: "defend", Event: "finished"})
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	if strings.Contains(out, "alert") && strings.Contains(out, "role=") || !strings.Contains(out, `data-title=""`) {
		t.Errorf("a healthy, connected, safe Bea has a banner:\n%s", out)
	}
}

func TestInventoryMarksTheHeldStackAndArmour(t *testing.T) {
	chest := "iron_chestplate"
	b := &agent.Body{Held: &game.Stack{Item: "stone_pickaxe", Count: 1}, Armor: protocol.Armor{Chest: &chest},
		Inventory: []protocol.Slot{{Slot: 12, Item: "<script>x</script>", Count: 3}, {Slot: 1, Item: "stone_pickaxe", Count: 1}}}
	out := html(t, func(w *strings.Builder) error { return Inventory(b).Render(context.Background(), w) })
	for _, want := range []string{"iron chestplate", `class="slot held"`, "in hand", "stone pickaxe", "34 of 36 slots free", "&lt;script&gt;"} {
		if !strings.Contains(out, want) {
			t.Errorf("the inventory lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "<script>") {
		t.Errorf("an item name reached the page unescaped")
	}
	if strings.Index(out, "stone pickaxe") > strings.Index(out, "Pack") {
		t.Errorf("the hotbar is not first:\n%s", out)
	}
}
