package practice

import (
	"sort"
	"strconv"
	"strings"

	"beaweb/internal/game"
)

// slotCount is the main inventory: nine hotbar slots and 27 above them.
const slotCount = 36

// stackSize is how many of an item fit in one slot, guessed from its name
// when the world has no recipe book to ask.
func stackSize(item string) int {
	switch {
	case isTool(item) || isArmor(item) || strings.HasSuffix(item, "_bucket") ||
		strings.HasSuffix(item, "_bed") || item == "shield" || item == "bow" || item == "shears" || item == "flint_and_steel":
		return 1
	case item == "bucket" || item == "ender_pearl" || item == "egg" || item == "snowball" ||
		strings.HasSuffix(item, "_sign") || item == "honey_bottle":
		return 16
	}
	return 64
}

func isTool(item string) bool { return kindOfTool(item) != toolNone }

func isArmor(item string) bool {
	return armorSlot(item) != ""
}

// armorSlot is the armour slot an item is worn in, or "".
func armorSlot(item string) string { return game.ArmourSlot(item) }

// inventory is what she carries, slot by slot, as the game keeps it.
type inventory struct {
	slots    [slotCount]game.Stack
	selected int               // the hotbar slot in her hand, 0..8
	armor    map[string]string // head, chest, legs, feet → item
	offhand  game.Stack
	stackOf  func(item string) int
}

func newInventory() *inventory {
	return &inventory{armor: map[string]string{}, stackOf: stackSize}
}

// count is how many of item she carries in the main inventory.
func (inv *inventory) count(item string) int {
	n := 0
	for _, s := range inv.slots {
		if s.Item == item {
			n += s.Count
		}
	}
	return n
}

// room is how many more of item would fit.
func (inv *inventory) room(item string) int {
	max := inv.stackOf(item)
	n := 0
	for _, s := range inv.slots {
		switch {
		case s.Count == 0:
			n += max
		case s.Item == item:
			n += max - s.Count
		}
	}
	return n
}

// add puts up to n of item in, topping up stacks first, and returns how
// many went in.
func (inv *inventory) add(item string, n int) int {
	if n <= 0 || item == "" {
		return 0
	}
	max := inv.stackOf(item)
	added := 0
	for i := range inv.slots {
		s := &inv.slots[i]
		if s.Item == item && s.Count > 0 && s.Count < max {
			k := min(max-s.Count, n-added)
			s.Count += k
			added += k
		}
	}
	for i := range inv.slots {
		if added == n {
			break
		}
		s := &inv.slots[i]
		if s.Count == 0 {
			k := min(max, n-added)
			*s = game.Stack{Item: item, Count: k}
			added += k
		}
	}
	return added
}

// remove takes up to n of item out, from the last slots first so the
// hotbar keeps what she holds, and returns how many came out.
func (inv *inventory) remove(item string, n int) int {
	return takeFrom(inv.slots[:], item, n)
}

// takeFrom takes up to n of item out of slots, the last slots first, and
// says how many it took: a chest and her inventory give up items alike.
func takeFrom(slots []game.Stack, item string, n int) int {
	taken := 0
	for i := len(slots) - 1; i >= 0 && taken < n; i-- {
		s := &slots[i]
		if s.Item != item || s.Count == 0 {
			continue
		}
		k := min(s.Count, n-taken)
		s.Count -= k
		taken += k
		if s.Count == 0 {
			*s = game.Stack{}
		}
	}
	return taken
}

// held is the stack in her main hand.
func (inv *inventory) held() game.Stack { return inv.slots[inv.selected] }

// holdItem brings item into her hand: selects the hotbar slot holding it,
// or swaps it into the selected slot. It reports whether she carries it.
func (inv *inventory) holdItem(item string) bool {
	for i := 0; i < 9; i++ {
		if inv.slots[i].Item == item && inv.slots[i].Count > 0 {
			inv.selected = i
			return true
		}
	}
	for i := 9; i < slotCount; i++ {
		if inv.slots[i].Item == item && inv.slots[i].Count > 0 {
			inv.slots[i], inv.slots[inv.selected] = inv.slots[inv.selected], inv.slots[i]
			return true
		}
	}
	return false
}

// totals counts every item she carries, armour and offhand left out.
func (inv *inventory) totals() game.Inventory {
	out := game.Inventory{}
	for _, s := range inv.slots {
		if s.Count > 0 {
			out[s.Item] += s.Count
		}
	}
	return out
}

// bestTool is the tool of the given kind she carries that breaks fastest,
// or "" when she has none.
func (inv *inventory) bestTool(kind toolKind) string {
	best, speed := "", 0.0
	for _, s := range inv.slots {
		if s.Count > 0 && kindOfTool(s.Item) == kind && toolSpeed(s.Item) > speed {
			best, speed = s.Item, toolSpeed(s.Item)
		}
	}
	return best
}

// bestTier is the highest harvest tier among the tools of a kind she carries.
func (inv *inventory) bestTier(kind toolKind) int {
	t := 0
	for _, s := range inv.slots {
		if s.Count > 0 && kindOfTool(s.Item) == kind && toolTier(s.Item) > t {
			t = toolTier(s.Item)
		}
	}
	return t
}

// describe lists what she carries as "3 oak_log, 1 stone_pickaxe", sorted
// by name, or "nothing".
func describeInventory(inv game.Inventory) string {
	if len(inv) == 0 {
		return "nothing"
	}
	names := make([]string, 0, len(inv))
	for k := range inv {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, 0, len(names))
	for _, k := range names {
		parts = append(parts, strconv.Itoa(inv[k])+" "+k)
	}
	return strings.Join(parts, ", ")
}
