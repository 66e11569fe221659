package bench

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/recipes"
)

// goalItem is one item a crafting or cooking task wants her to hold, and
// how many.
type goalItem struct {
	Item  string
	Count int
}

// line is the goal as a person at the dashboard asks it.
func (g goalItem) line() string { return fmt.Sprintf("craft %d %s", g.Count, g.Item) }

// cookingGoals reads a cooking task's target, {"bread": 1, "cake": 1}, as
// its goals in the order of their names; the second result says why the
// target cannot be read.
func cookingGoals(raw json.RawMessage) ([]goalItem, string) {
	var m map[string]int
	if err := json.Unmarshal(raw, &m); err != nil || len(m) == 0 {
		return nil, "its target is not a set of items with their counts"
	}
	var out []goalItem
	for _, item := range slices.Sorted(maps.Keys(m)) {
		out = append(out, goalItem{item, max(m[item], 1)})
	}
	return out, ""
}

// unstocked says, of an item the practice world does not give as it is,
// where the game gives it: the reason a task that needs it is not doable.
var unstocked = map[string]string{
	"gunpowder":    "gunpowder drops from creepers, which a quiet, peaceful practice world never spawns",
	"honey_bottle": "honey is bottled from a bees' nest, which the practice world does not have",
	"milk_bucket":  "milk is drawn from a cow into a bucket, which the practice world does not do",
	"egg":          "eggs are laid by chickens over minutes, which the practice world's chickens do not do",
	"slime_ball":   "slime balls drop from slimes, which the practice world does not have",
	"bone_meal":    "bone meal comes from a skeleton's bones, and skeletons do not come to a quiet practice world",
	"bone":         "bones drop from skeletons, which do not come to a quiet practice world",
	"ink_sac":      "ink sacs drop from squid, which the practice world does not have",
	"cocoa_beans":  "cocoa beans grow on jungle trees, which the practice world does not have",
	"apple":        "apples fall from oak leaves one break in 200, which the autopilot does not set out to do",
}

// checkGoals plans each goal from her kit in the stocked world: what the
// kit lacks and the world gives she gathers (the row says what); an item
// neither the kit nor the world gives makes the task not doable, said
// with the reason.
func (t *benchTask) checkGoals(book *recipes.Book) {
	short := map[string]int{}
	for _, g := range t.Goals {
		if !book.Known(g.Item) {
			t.Undoable = fmt.Sprintf("its target, %s, is not an item of Minecraft %s", g.Item, book.Version())
			return
		}
		p, err := book.Plan(g.Item, g.Count, t.Kit)
		if err != nil {
			t.Undoable = err.Error()
			return
		}
		for item, n := range p.Missing {
			short[item] += n
		}
	}
	for _, item := range slices.Sorted(maps.Keys(short)) {
		if strings.HasPrefix(item, "#") || game.Findable(item) {
			continue
		}
		why, ok := unstocked[item]
		if !ok {
			why = fmt.Sprintf("%s is neither in her kit nor anywhere the practice world gives it", item)
		}
		t.Undoable = fmt.Sprintf("her kit is short of %d %s, and %s", short[item], item, why)
		return
	}
	if len(short) > 0 {
		t.Short = fmt.Sprintf("her kit is short of %s for %s: she gathers the rest", missingList(short), t.goalWords())
	}
}

// goalWords names the goals, "1 bread and 1 cake".
func (t *benchTask) goalWords() string {
	var parts []string
	for _, g := range t.Goals {
		parts = append(parts, fmt.Sprintf("%d %s", g.Count, g.Item))
	}
	return strings.Join(parts, " and ")
}
