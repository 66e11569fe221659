package practice

import (
	"fmt"
	"math"
	"sort"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// bestFood is the food she carries that restores the most, bad food only
// when worthOnly is false; "" when she has none.
func bestFood(inv *inventory, worthOnly bool) string {
	best, score := "", -1.0
	for item, n := range inv.totals() {
		f, ok := game.FoodOf(item)
		if !ok || n == 0 || (worthOnly && f.Bad) {
			continue
		}
		s := float64(f.Hunger) + f.Saturation
		if f.Bad {
			s -= 100
		}
		if s > score || s == score && item < best {
			best, score = item, s
		}
	}
	return best
}

func prepEat(w *World, p *params) (runFunc, error) {
	item := p.itemName("item", false)
	if p.err != nil {
		return nil, p.err
	}
	if item != "" && !game.IsFood(item) {
		return nil, fmt.Errorf("item %q is not food; foods include bread, apple, cooked_beef and carrot", item)
	}
	return func(a *act) outcome { return eat(a, item, false) }, nil
}

// eat eats one of item, or of the best food she carries.
func eat(a *act, item string, worthOnly bool) outcome {
	w := a.w
	b := w.bea
	if item == "" {
		item = bestFood(b.inv, worthOnly)
		if item == "" {
			return fail(protocol.Failure, "you carry nothing to eat")
		}
	}
	if b.inv.count(item) == 0 {
		return fail(protocol.Failure, "you carry no %s%s", item, foodHint(b.inv))
	}
	if b.food >= 20 && item != "golden_apple" {
		return fail(protocol.Failure, "you are not hungry (food 20/20); you can only eat when your food is below 20")
	}
	b.inv.holdItem(item)
	a.doing = "eating " + item
	if !a.wait(32) {
		return errStopped.outcome()
	}
	if b.inv.remove(item, 1) != 1 {
		return fail(protocol.Failure, "the %s was gone before you finished eating it", item)
	}
	f, _ := game.FoodOf(item)
	b.food = min(b.food+f.Hunger, 20)
	b.saturation = math.Min(b.saturation+f.Saturation, float64(b.food))
	if item == "golden_apple" {
		b.health = math.Min(b.health+4, 20)
	}
	if f.Bad && item != "spider_eye" && w.rng.intn(10) < 8 {
		b.exhaustion += 3 // hunger effect
	}
	return succeed("you ate 1 %s; food is %d/20, health %.0f/20", item, b.food, b.health)
}

func foodHint(inv *inventory) string {
	if f := bestFood(inv, false); f != "" {
		return "; you do have " + f
	}
	return "; you carry no food at all"
}

// equipSlots are the places equip_item puts an item.
var equipSlots = []string{"hand", "offhand", "head", "chest", "legs", "feet"}

func prepEquip(w *World, p *params) (runFunc, error) {
	item := p.itemName("item", true)
	slot := p.optString("slot", "hand", equipSlots)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return equip(a, item, slot) }, nil
}

// equip puts an item she carries into her hand, her offhand or an armour
// slot; what was there goes back into her inventory.
func equip(a *act, item, slot string) outcome {
	inv := a.w.bea.inv
	if inv.count(item) == 0 {
		return fail(protocol.Failure, "you carry no %s to equip", item)
	}
	if !a.wait(2) {
		return errStopped.outcome()
	}
	switch slot {
	case "hand":
		inv.holdItem(item)
		return succeed("you hold %s in your hand", item)
	case "offhand":
		old := inv.offhand
		n := inv.remove(item, inv.stackOf(item))
		inv.offhand = game.Stack{Item: item, Count: n}
		if old.Count > 0 {
			inv.add(old.Item, old.Count)
		}
		return succeed("you hold %d %s in your offhand", n, item)
	}
	if want := armorSlot(item); want != slot {
		if want == "" {
			return fail(protocol.Failure, "%s is not armour; it can go in your hand or offhand", item)
		}
		return fail(protocol.Failure, "%s is worn on the %s, not the %s", item, want, slot)
	}
	inv.remove(item, 1)
	if old := inv.armor[slot]; old != "" {
		inv.add(old, 1)
	}
	inv.armor[slot] = item
	return succeed("you wear %s on your %s", item, slot)
}

func prepDiscard(w *World, p *params) (runFunc, error) {
	item := p.itemName("item", true)
	count := p.optInt("count", 0, 1, slotCount*64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		inv := w.bea.inv
		have := inv.count(item)
		if have == 0 {
			return fail(protocol.Failure, "you carry no %s to discard", item)
		}
		n := count
		if n == 0 || n > have {
			n = have
		}
		if !a.wait(4) {
			return errStopped.outcome()
		}
		inv.remove(item, n)
		w.throw(item, n)
		return succeed("you dropped %d %s on the ground in front of you; you have %d left", n, item, inv.count(item))
	}, nil
}

// throw drops items two blocks in front of her, where she will not pick
// them straight back up.
func (w *World) throw(item string, n int) {
	b := w.bea
	rad := b.yaw * math.Pi / 180
	at := game.Vec3{X: b.pos.X - math.Sin(rad)*2, Y: b.pos.Y, Z: b.pos.Z + math.Cos(rad)*2}
	if !w.grid.passable(at.Block()) {
		at = b.pos
	}
	before := len(w.ents.list)
	w.dropItem(at, item, n)
	for _, e := range w.ents.list[before:] {
		e.born = w.tick + 40 // thrown items wait two seconds before anyone picks them up
	}
}

func prepPickup(w *World, p *params) (runFunc, error) {
	item := p.itemName("item", false)
	radius := p.optInt("radius", 16, 1, 32)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return pickupItems(a, item, radius) }, nil
}

// pickupItems walks over every item of a kind lying within radius.
func pickupItems(a *act, item string, radius int) outcome {
	w := a.w
	start := w.bea.inv.totals()
	what := "items"
	if item != "" {
		what = item
	}
	skipped := map[int]bool{}
	for round := 0; round < 64; round++ {
		list := w.ents.near(w.bea.pos, float64(radius), func(e *entity) bool {
			return e.kind == "item" && (item == "" || e.item.Item == item) && !skipped[e.id]
		})
		if len(list) == 0 {
			break
		}
		e := list[0]
		if w.bea.inv.room(e.item.Item) == 0 {
			skipped[e.id] = true
			if got := gained(start, w.bea.inv.totals()); len(got) == 0 {
				return fail(protocol.FailInventoryFull, "your inventory is full; you cannot pick up %s", e.item.Item)
			}
			continue
		}
		a.doing = fmt.Sprintf("walking to %d %s at %s", e.item.Count, e.item.Item, e.pos.Block())
		if err := a.goTo(e.pos.Block(), 1, false); err != nil {
			if err == errStopped {
				return err.outcome()
			}
			skipped[e.id] = true
			a.logf("could not reach %s at %s", e.item.Item, e.pos.Block())
			continue
		}
		if !a.wait(4) {
			return errStopped.outcome()
		}
		if !e.removed {
			skipped[e.id] = true
		}
	}
	got := gained(start, w.bea.inv.totals())
	if len(got) == 0 {
		return fail(protocol.Failure, "there were no %s within %d blocks that you could pick up", what, radius)
	}
	return succeed("picked up %s", describeInventory(got))
}

// gained is what after holds beyond before.
func gained(before, after game.Inventory) game.Inventory {
	out := game.Inventory{}
	for k, v := range after {
		if d := v - before[k]; d > 0 {
			out[k] = d
		}
	}
	return out
}

// sortedNames lists the keys of an inventory in order.
func sortedNames(inv game.Inventory) []string {
	out := make([]string, 0, len(inv))
	for k := range inv {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
