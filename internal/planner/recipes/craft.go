package recipes

import (
	"fmt"
	"strings"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// ErrCannotCraft is wrapped by FindCraft's error when what she has does
// not make the item.
var ErrCannotCraft = fault.New(fault.CodeInvalid, "cannot craft")

// Craft is one crafting job, ready to do: a recipe done Times times with
// exactly the items in Uses, making Made and giving back Returns (the
// buckets of a cake).
type Craft struct {
	Recipe     *Recipe
	Times      int
	Made       int
	Uses       map[string]int
	Returns    map[string]int
	NeedsTable bool
}

// FindCraft is what a game does with craft_item(item, count): it picks the
// first recipe for item that what she has covers count times over (count
// items, rounded up to whole crafts), filling tag slots from any member she
// has, largest pile first. It crafts nothing in between. When no recipe is
// covered the error wraps ErrCannotCraft and names, for the recipe she is
// closest to, what it takes and what she is short of.
func (b *Book) FindCraft(item string, count int, have game.Inventory) (*Craft, error) {
	item = Normalize(item)
	if err := b.CheckItem(item); err != nil {
		return nil, err
	}
	if count < 1 {
		return nil, fault.Wrap(fault.CodeInvalid, ErrBadCount, fmt.Sprintf("craft at least 1 %s, not %d", item, count))
	}
	rs := b.crafts[item]
	if len(rs) == 0 {
		if len(b.smelts[item]) > 0 {
			return nil, fault.Wrap(fault.CodeInvalid, ErrCannotCraft, fmt.Sprintf("cannot craft %s: it is smelted, not crafted", item))
		}
		return nil, fault.Wrap(fault.CodeInvalid, ErrCannotCraft, fmt.Sprintf("cannot craft %s: no recipe makes it; you find it in the world", item))
	}
	var closest string
	fewest := -1
	for _, r := range rs {
		times := (count + r.Count - 1) / r.Count
		uses, short, takes, shortBy := b.match(r, times, have)
		if shortBy == 0 {
			c := &Craft{Recipe: r, Times: times, Made: times * r.Count, Uses: uses,
				Returns: map[string]int{}, NeedsTable: !r.FitsInventory()}
			for it, n := range uses {
				if rem := b.remainders[it]; rem != "" {
					c.Returns[rem] += n
				}
			}
			return c, nil
		}
		if fewest < 0 || shortBy < fewest {
			fewest = shortBy
			closest = fmt.Sprintf("takes %s; you are short of %s", game.AndList(takes), game.AndList(short))
		}
	}
	return nil, fault.Wrap(fault.CodeInvalid, ErrCannotCraft, fmt.Sprintf("cannot craft %d %s: %s", count, item, closest))
}

// match fills a recipe's slots times over from have. It returns the items
// used, the shortages and the needs as sentences, and how many items short
// she is in all.
func (b *Book) match(r *Recipe, times int, have game.Inventory) (uses map[string]int, short, takes []string, shortBy int) {
	left := have.Clone()
	uses = map[string]int{}
	for _, s := range r.Slots {
		need := s.Count * times
		name := b.slotName(s, need)
		takes = append(takes, fmt.Sprintf("%d %s", need, name))
		held := 0
		for _, it := range s.Items {
			held += left[it]
		}
		for _, it := range byHeld(left, s.Items) {
			k := min(need, left[it])
			if k <= 0 {
				continue
			}
			left[it] -= k
			uses[it] += k
			need -= k
		}
		if need > 0 {
			short = append(short, fmt.Sprintf("%d %s (you have %d)", need, b.slotName(s, need), held))
			shortBy += need
		}
	}
	return uses, short, takes, shortBy
}

// slotName is how a slot is named to her: the tag's words, the item, or
// its alternatives.
func (b *Book) slotName(s Slot, n int) string {
	if len(s.Ingredient) == 1 {
		return b.SayN(s.Ingredient[0], n)
	}
	return strings.Join(s.Items, " or ")
}
