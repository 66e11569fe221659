package agent

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"beaweb/internal/game"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var t0 = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

func str(s string) *string { return &s }

// busyState is a crowded moment: a row of torches, ores, a fight, people.
func busyState() Snapshot {
	st := &Body{
		Health: 13, Food: 9, XPLevel: 4, Position: game.Vec3{X: 100.5, Y: 12, Z: -20.3}, Yaw: 271, OnGround: true,
		Held:      &game.Stack{Item: "stone_pickaxe", Count: 1},
		Armor:     game.Armor{Chest: str("leather_chestplate"), Head: str("iron_helmet")},
		Craftable: []string{"oak_planks", "crafting_table", "stick", "torch", "chest", "furnace", "oak_slab", "oak_stairs", "ladder", "oak_door", "oak_fence", "bowl", "wooden_shovel", "stone_axe"},
		Underfoot: "stone", Overhead: "stone",
		Time: 18000, Dark: true, Weather: "rain", Light: 0, Biome: "plains",
	}
	for i := 0; i < 12; i++ {
		st.Blocks = append(st.Blocks, game.SeenBlock{Block: "torch", X: 101 + i%4, Y: 12, Z: -20 + i/4, Distance: 1 + float64(i)/4})
	}
	st.Blocks = append(st.Blocks,
		game.SeenBlock{Block: "iron_ore", X: 103, Y: 11, Z: -19, Distance: 3.2},
		game.SeenBlock{Block: "coal_ore", X: 99, Y: 13, Z: -22, Distance: 2.4},
		game.SeenBlock{Block: "coal_ore", X: 98, Y: 13, Z: -22, Distance: 3.1},
		game.SeenBlock{Block: "crafting_table", X: 100, Y: 12, Z: -18, Distance: 2.3},
	)
	for i, kind := range []string{"zombie", "skeleton", "creeper", "spider", "zombie", "cow", "pig", "item"} {
		st.Entities = append(st.Entities, game.Entity{ID: 300 + i, Type: kind, X: 105 + float64(i), Y: 12, Z: -20, Distance: 5 + float64(i), Hostile: i < 5})
	}
	st.Players = []game.NearPlayer{{Name: "Alex", UUID: "u-alex", X: 98, Y: 12, Z: -22, Distance: 3.1}, {Name: "Steve", UUID: "u-steve", X: 120, Y: 12, Z: -5, Distance: 24}}
	inv := game.Inventory{"cobblestone": 143, "oak_log": 12, "oak_planks": 7, "stick": 9, "torch": 23, "coal": 14, "raw_iron": 5,
		"bread": 3, "stone_pickaxe": 1, "wooden_axe": 1, "dirt": 64, "andesite": 22, "diorite": 9, "granite": 31, "flint": 2, "gravel": 11, "bone": 3, "string": 4}
	for item, n := range inv {
		st.Inventory = append(st.Inventory, game.Slot{Item: item, Count: n})
	}
	sort.Slice(st.Inventory, func(i, j int) bool { return st.Inventory[i].Item < st.Inventory[j].Item })
	survey := &Survey{Radius: 20}
	for i, k := range []string{"stone", "deepslate", "iron_ore", "coal_ore", "gold_ore", "water", "lava", "gravel", "diamond_ore", "copper_ore", "redstone_ore"} {
		spot := &game.Spot{X: 90 + i, Y: 10, Z: -30, Distance: 8 + float64(i)}
		var reach *game.Spot
		if i%3 != 0 {
			reach = &game.Spot{X: 92 + i, Y: 11, Z: -28, Distance: 9 + float64(i)}
		}
		survey.Kinds = append(survey.Kinds, game.SurveyKind{Kind: k, Count: 400 - 30*i, Nearest: spot, Reachable: reach})
	}
	return Snapshot{Body: st, Tick: 123456, Survey: survey, World: game.WorldID{Server: "play.example.net:25565", Dimension: "overworld"},
		Reflexes: []ReflexNote{
			{At: t0.Add(-40 * time.Second), Reflex: "eat", Event: "finished", Message: "ate 1 bread"},
			{At: t0.Add(-5 * time.Second), Reflex: "defend", Event: "started", Message: "defending against Zombie after taking 2.0 damage"},
		}}
}

func busyMemories() *Memories {
	return &Memories{
		Places: []PlaceNote{{Name: "home", Pos: game.Pos{X: 120, Y: 64, Z: 40}, Dimension: "overworld", Distance: 80.2},
			{Name: "mine", Pos: game.Pos{X: 96, Y: 12, Z: -25}, Dimension: "overworld", Distance: 6.4},
			{Name: "portal", Pos: game.Pos{X: 10, Y: 70, Z: 10}, Dimension: "the_nether", Distance: -1}},
		Known:  []KnownNote{{Block: "diamond_ore", Pos: game.Pos{X: 60, Y: -58, Z: 0}, Distance: 82}},
		People: []PersonNote{{Name: "Alex", Facts: []string{"lives by the lake", "owes you 3 iron"}}},
	}
}

func busyDoing() *Doing {
	return &Doing{ID: "r41-3fa2c1", Action: "find_block", Call: "find_block(block=iron_ore, count=5)", Started: t0.Add(-40 * time.Second),
		Progress: &Progress{Done: 2, Total: 5, Message: "mining iron_ore at (103, 11, -19)"}}
}

func TestLiveStateGolden(t *testing.T) {
	doing := busyDoing()
	idle := Snapshot{
		GameSide: &GameSide{Version: "26.1"}, World: game.WorldID{Dimension: "overworld"},
		Body: &Body{Health: 20, Food: 20, Position: game.Vec3{X: 0.5, Y: 70, Z: 0.5}, Yaw: 0, OnGround: true,
			Underfoot: "grass_block", Overhead: "air", Time: 1200, Weather: "clear", Light: 15, Biome: "forest"},
	}
	falling := idle
	fs := *idle.Body
	fs.Underfoot, fs.OnGround = "air", false
	falling.Body = &fs
	cases := []struct {
		name  string
		view  Snapshot
		doing *Doing
		mem   *Memories
	}{
		{"disconnected", Snapshot{}, nil, nil},
		{"idle", idle, nil, nil},
		{"falling", falling, nil, nil},
		{"busy", busyState(), doing, busyMemories()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := renderWith(c.view, c.doing, c.mem, t0)
			path := filepath.Join("testdata", "livestate", c.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("live state differs from %s:\n%s", path, got)
			}
		})
	}
}

// TestBusyStateFitsTheBudget: a crowded moment renders in at most 2,000
// characters, and the caps keep the ore visible behind the torches.
func TestBusyStateFitsTheBudget(t *testing.T) {
	got := renderWith(busyState(), busyDoing(), busyMemories(), t0)
	if n := len(got); n > 2000 {
		t.Errorf("a busy state renders in %d characters, over the 2,000 budget:\n%s", n, got)
	}
	for _, want := range []string{"iron_ore (103, 11, -19)", "you are doing: find_block", "night, monsters are about", "Alex", "owes you 3 iron", "defend started", "diamond_ore"} {
		if !contains(got, want) {
			t.Errorf("the busy state lacks %q:\n%s", want, got)
		}
	}
}

// TestLiveStateSizes reports the size distribution over generated states,
// and holds every one to the budget.
func TestLiveStateSizes(t *testing.T) {
	var sizes []int
	base := busyState()
	for blocks := 0; blocks <= 60; blocks += 15 {
		for ents := 0; ents <= 20; ents += 5 {
			for kinds := 0; kinds <= 12; kinds += 4 {
				v := base
				st := *base.Body
				st.Blocks = nil
				for i := 0; i < blocks; i++ {
					st.Blocks = append(st.Blocks, game.SeenBlock{Block: fmt.Sprintf("block_%d", i%7), X: i, Y: 1, Z: 2, Distance: float64(i) / 10})
				}
				st.Entities = nil
				for i := 0; i < ents; i++ {
					st.Entities = append(st.Entities, game.Entity{Type: "zombie", X: float64(i), Distance: float64(i)})
				}
				v.Body = &st
				sv := *base.Survey
				if kinds < len(sv.Kinds) {
					sv.Kinds = sv.Kinds[:kinds]
				}
				v.Survey = &sv
				sizes = append(sizes, len(renderWith(v, busyDoing(), busyMemories(), t0)))
			}
		}
	}
	sort.Ints(sizes)
	if max := sizes[len(sizes)-1]; max > 2000 {
		t.Errorf("the largest state renders in %d characters", max)
	}
	t.Logf("live state sizes over %d states: min %d, median %d, p90 %d, max %d characters",
		len(sizes), sizes[0], sizes[len(sizes)/2], sizes[len(sizes)*9/10], sizes[len(sizes)-1])
}

func contains(s, sub string) bool {
	return len(sub) == 0 || (len(s) >= len(sub) && indexOf(s, sub) >= 0)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// renderWith renders v with her hands on doing.
func renderWith(v Snapshot, doing *Doing, mem *Memories, now time.Time) string {
	v.Doing = doing
	return RenderLiveState(v, mem, now)
}
