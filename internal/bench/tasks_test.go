package bench

import (
	"strings"
	"testing"

	"beaweb/data"
)

// taskFile is a mindcraft task file in both of mindcraft's inventory
// shapes, with a task of each kind bench refuses; cmd/beaweb's end-to-end
// tests play some of its tasks by name.
const taskFile = "../../testdata/mindcraft_tasks.json"

// TestTasksAreReadAsPublished: the agents' inventories are pooled into
// her kit, in both of mindcraft's shapes, and a task that cannot be done
// as given says why.
func TestTasksAreReadAsPublished(t *testing.T) {
	tasks, err := readTasks(taskFile, []string{"team_shears", "short_kit", "old_name", "flat_house", "dinner", "big_house", "heavy", "nuggets", "rocket", "cake"})
	if err != nil {
		t.Fatal(err)
	}
	book, err := taskBook(data.FS, "26.1")
	if err != nil {
		t.Fatal(err)
	}
	for i := range tasks {
		tasks[i].checkDoable(book)
	}
	want := []struct {
		kit             string
		agents          int
		undoable, short string
	}{
		{"2 iron_ingot", 2, "", ""},
		{"1 iron_ingot", 1, "", "her kit is short of 1 #logs, 1 #logs_that_burn, 8 #stone_crafting_materials, 1 raw_iron for 1 shears: she gathers the rest"},
		{"1 rose_red, 1 white_wool", 1, "her kit names rose_red, which Minecraft 26.1 does not have", ""},
		{"1 oak_door, 40 oak_planks", 1, "", ""},
		{"", 1, "", "her kit is short of 1 #logs, 3 wheat for 1 bread: she gathers the rest"},
		{"2 oak_planks", 1, "", "her kit is short of 1 oak_planks for the blueprint: she must find the rest"},
		{"2560 dirt", 2, "her kit takes 40 stacks; she carries 36", ""},
		// mindcraft's golden apple: 8 gold nuggets where the recipe takes 8
		// ingots. A mindcraft agent mines the gold; so does she.
		{"1 apple, 1 crafting_table, 8 gold_nugget", 2, "", "her kit is short of 8 #stone_crafting_materials, 1 coal, 8 raw_gold for 1 golden_apple: she gathers the rest"},
	}
	want = append(want, []struct {
		kit             string
		agents          int
		undoable, short string
	}{
		// What neither the kit nor the stocked world gives: not doable,
		// with where the game gives it.
		{"1 paper", 1, "her kit is short of 1 gunpowder, and gunpowder drops from creepers, which a quiet, peaceful practice world never spawns", ""},
		{"1 egg, 2 milk_bucket", 2, "her kit is short of 1 milk_bucket, and milk is drawn from a cow into a bucket, which the practice world does not do", ""},
	}...)
	for i, w := range want {
		got := tasks[i]
		if missingList(got.Kit) != w.kit || got.Agents != w.agents || got.Undoable != w.undoable || got.Short != w.short {
			t.Errorf("%s: kit %q, %d agents, undoable %q, short %q; want %q, %d, %q, %q", got.ID, missingList(got.Kit), got.Agents,
				got.Undoable, got.Short, w.kit, w.agents, w.undoable, w.short)
		}
	}
	if got := tasks[3].goalLine("flat_house", tasks[3].origin()); got != "build flat_house at 142 -60 -179" {
		t.Errorf("construction goal %q", got)
	}
	if got := tasks[0].goalLine("", tasks[0].origin()); got != "craft 1 shears" {
		t.Errorf("crafting goal %q", got)
	}
	if _, err := readTasks(taskFile, []string{"nope"}); err == nil || !strings.Contains(err.Error(), `no task "nope"`) {
		t.Errorf("an unknown task id: %v", err)
	}
}
