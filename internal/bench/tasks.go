package bench

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/recipes"
)

// mindcraft's task files (kolbytn/mindcraft, tasks/*.json) are one JSON
// object of tasks by id. bench --tasks reads them as they are published;
// the fields it uses are these.
type mcTask struct {
	Type           string          `json:"type"`
	Goal           json.RawMessage `json:"goal"`
	Target         json.RawMessage `json:"target"`
	NumberOfTarget int             `json:"number_of_target"`
	Timeout        float64         `json:"timeout"`
	// InitialInventory is per agent ({"0": {"oak_planks": 4}, "1": …})
	// or, in a few older tasks, one inventory ({"oak_planks": 4}).
	InitialInventory json.RawMessage `json:"initial_inventory"`
	Blueprint        *mcBlueprint    `json:"blueprint"`
}

// mcBlueprint is a construction task's blueprint: levels from the
// bottom, each with its origin and its rows of block names ("air" for a
// cell that must be empty).
type mcBlueprint struct {
	Levels []mcLevel `json:"levels"`
}

type mcLevel struct {
	Level       int        `json:"level"`
	Coordinates [3]int     `json:"coordinates"`
	Placement   [][]string `json:"placement"`
}

// defaultTaskTimeout is mindcraft's own when a task gives none, in
// game seconds.
const defaultTaskTimeout = 300

// benchTask is one task as bench plays it: her kit (the agents'
// inventories pooled), the goal she is told, and what counts as done.
type benchTask struct {
	ID      string
	Type    string
	Agents  int
	Kit     game.Inventory
	Timeout float64 // game seconds
	// Goals are what she must hold at the end: a crafting task's one
	// item and how many, a cooking task's every target. She is told them
	// one at a time, the next once she holds the one before.
	Goals []goalItem
	// Blueprint: a construction task's.
	Blueprint *mcBlueprint
	// Undoable, when not empty, says why the task cannot be done as
	// given; it is reported so, not played.
	Undoable string
	// Short, when not empty, says what her kit lacks for the goal: the
	// task is played, and its row says so.
	Short string
}

// inventorySlots is how many stacks she carries, the hotbar included.
const inventorySlots = 36

// readTasks reads a task file and picks the tasks asked for (all of the
// playable types when ids is empty), in the file's order of ids sorted.
func readTasks(path string, ids []string) ([]benchTask, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the task file cannot be read: %w", err)
	}
	var file map[string]mcTask
	if err := json.Unmarshal(raw, &file); err != nil {
		return nil, fmt.Errorf("%s is not a task file as mindcraft publishes them (one object of tasks by id): %w", path, err)
	}
	for _, id := range ids {
		if _, ok := file[id]; !ok {
			return nil, fmt.Errorf("%s has no task %q", path, id)
		}
	}
	if len(ids) == 0 {
		for _, id := range slices.Sorted(maps.Keys(file)) {
			if t := file[id].Type; t == "techtree" || t == "cooking" || t == "construction" {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			return nil, fmt.Errorf("%s has no crafting (techtree), cooking or construction task", path)
		}
	}
	out := make([]benchTask, 0, len(ids))
	for _, id := range ids {
		out = append(out, taskOf(id, file[id]))
	}
	return out, nil
}

// taskOf reads one task; what makes it unplayable goes in Undoable.
func taskOf(id string, t mcTask) benchTask {
	bt := benchTask{ID: id, Type: t.Type, Timeout: t.Timeout}
	if bt.Timeout <= 0 {
		bt.Timeout = defaultTaskTimeout
	}
	kit, agents, err := pooledInventory(t.InitialInventory)
	bt.Kit, bt.Agents = kit, agents
	switch {
	case err != nil:
		bt.Undoable = err.Error()
	case t.Type == "techtree":
		var target string
		if json.Unmarshal(t.Target, &target) != nil || target == "" {
			bt.Undoable = "its target is not one item"
		}
		bt.Goals = []goalItem{{target, max(t.NumberOfTarget, 1)}}
	case t.Type == "cooking":
		bt.Goals, bt.Undoable = cookingGoals(t.Target)
	case t.Type == "construction":
		bt.Blueprint = t.Blueprint
		if t.Blueprint == nil || len(t.Blueprint.Levels) == 0 {
			bt.Undoable = "it has no blueprint"
		}
	default:
		bt.Undoable = fmt.Sprintf("bench plays crafting (techtree), cooking and construction tasks, not %q ones", t.Type)
	}
	return bt
}

// pooledInventory adds up the agents' inventories into one kit: she plays
// a task alone, with everything the team was given.
func pooledInventory(raw json.RawMessage) (game.Inventory, int, error) {
	kit := game.Inventory{}
	if len(raw) == 0 || string(raw) == "null" {
		return kit, 1, nil
	}
	var perAgent map[string]map[string]int
	if err := json.Unmarshal(raw, &perAgent); err == nil {
		for _, inv := range perAgent {
			for item, n := range inv {
				kit[item] += n
			}
		}
		return dropEmpty(kit), max(len(perAgent), 1), nil
	}
	var one map[string]int
	if err := json.Unmarshal(raw, &one); err != nil {
		return kit, 1, fmt.Errorf("its initial inventory is neither one inventory nor one per agent")
	}
	for item, n := range one {
		kit[item] += n
	}
	return dropEmpty(kit), 1, nil
}

func dropEmpty(inv game.Inventory) game.Inventory {
	maps.DeleteFunc(inv, func(_ string, n int) bool { return n <= 0 })
	return inv
}

// checkDoable marks a task that cannot be done as given: an item the
// book does not know, a kit she cannot carry, a crafting or cooking goal
// that needs what neither her kit nor the stocked world gives, or a
// blueprint no world matches.
func (t *benchTask) checkDoable(book *recipes.Book) {
	if t.Undoable != "" {
		return
	}
	stacks := 0
	for _, item := range slices.Sorted(maps.Keys(t.Kit)) {
		if !book.Known(item) {
			t.Undoable = fmt.Sprintf("her kit names %s, which Minecraft %s does not have", item, book.Version())
			return
		}
		stacks += (t.Kit[item] + book.StackSize(item) - 1) / book.StackSize(item)
	}
	if stacks > inventorySlots {
		t.Undoable = fmt.Sprintf("her kit takes %d stacks; she carries %d", stacks, inventorySlots)
		return
	}
	switch t.Type {
	case "techtree", "cooking":
		t.checkGoals(book.WithWorld(game.Findable))
	case "construction":
		if why := t.Blueprint.clash(); why != "" {
			t.Undoable = why
			return
		}
		for _, name := range t.Blueprint.blocks() {
			if !book.Known(name) {
				t.Undoable = fmt.Sprintf("its blueprint has %s, which Minecraft %s does not have", name, book.Version())
				return
			}
		}
		short := map[string]int{}
		for item, n := range t.Blueprint.materials() {
			if d := n - t.Kit[item]; d > 0 {
				short[item] = d
			}
		}
		if len(short) > 0 {
			t.Short = fmt.Sprintf("her kit is short of %s for the blueprint: she must find the rest", missingList(short))
		}
	}
}

// materials are the items the blueprint takes: one a cell, but one door
// or bed for its two cells.
func (b *mcBlueprint) materials() map[string]int {
	cells := map[string]int{}
	for _, l := range b.Levels {
		for _, row := range l.Placement {
			for _, c := range row {
				if c != "" && c != "air" {
					cells[c]++
				}
			}
		}
	}
	for item, n := range cells {
		if strings.HasSuffix(item, "_door") || strings.HasSuffix(item, "_bed") {
			cells[item] = (n + 1) / 2
		}
	}
	return cells
}

func missingList(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	return strings.Join(parts, ", ")
}

// blocks are the blueprint's block names, air apart, once each.
func (b *mcBlueprint) blocks() []string {
	seen := map[string]bool{}
	for _, l := range b.Levels {
		for _, row := range l.Placement {
			for _, c := range row {
				if c != "" && c != "air" {
					seen[c] = true
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// goalLine is what she is told, as a person at the dashboard would say it.
func (t *benchTask) goalLine(template string, origin game.Pos) string {
	if t.Type == "construction" {
		return fmt.Sprintf("build %s at %d %d %d", template, origin.X, origin.Y, origin.Z)
	}
	return t.Goals[0].line()
}

// taskBook is the book the tasks are checked against: the one her
// practice world crafts from.
func taskBook(fsys fs.FS, version string) (*recipes.Book, error) {
	return recipes.Load(fsys, version)
}

// origin is where a construction task's blueprint starts: its lowest
// level's coordinates.
func (t *benchTask) origin() game.Pos {
	if t.Blueprint == nil || len(t.Blueprint.Levels) == 0 {
		return game.Pos{}
	}
	c := t.Blueprint.Levels[0].Coordinates
	return game.Pos{X: c[0], Y: c[1], Z: c[2]}
}

// removeDir removes the temporary folder of a task's database.
func removeDir(db string) { _ = os.RemoveAll(filepath.Dir(db)) }
