package recipes

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"sync"
	"testing"

	"beaweb/internal/game"
)

// The books are read once per test binary: they are read-only.
var (
	booksOnce sync.Once
	books     map[string]*Book
	booksErr  error
)

func book(t testing.TB, version string) *Book {
	t.Helper()
	booksOnce.Do(func() {
		books = map[string]*Book{}
		for _, v := range []string{"26.1", "1.21.4", "1.21.1"} {
			b, err := Load(os.DirFS("../../../data"), v)
			if err != nil {
				booksErr = err
				return
			}
			books[v] = b
		}
	})
	if booksErr != nil {
		t.Fatal(booksErr)
	}
	return books[version]
}

// simulate plays a plan's steps the way the game would, checked against
// the book independently of the planner: she starts with what she has plus
// what the plan says is missing, every craft must match a recipe of the
// book with the items it names, every smelt a smelting recipe, every fuel
// must cover its smelts without a spare unit, every station must be at
// hand. It returns the inventory at the end.
func simulate(b *Book, p *Plan, near Nearby) (game.Inventory, error) {
	inv, err := gathered(b, p)
	if err != nil {
		return nil, err
	}
	for i, s := range p.Steps {
		where := fmt.Sprintf("step %d (%s %d %s)", i+1, s.Kind, s.Count, s.Item)
		for it, n := range s.Uses {
			if n <= 0 || inv[it] < n {
				return nil, fmt.Errorf("%s: takes %d %s, has %d", where, n, it, inv[it])
			}
			inv[it] -= n
		}
		// The station stands placed while the ingredients are in the
		// grid, so it must be there besides them.
		switch s.Station {
		case StationTable:
			if inv["crafting_table"] < 1 && !near.CraftingTable {
				return nil, fmt.Errorf("%s: no crafting table at hand", where)
			}
		case StationFurnace:
			if inv["furnace"] < 1 && !near.Furnace {
				return nil, fmt.Errorf("%s: no furnace at hand", where)
			}
		}
		switch s.Kind {
		case KindCraft:
			if err := matchCraft(b, s); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			for it, n := range s.Uses {
				if r := b.Remainder(it); r != "" {
					inv[r] += n
				}
			}
		case KindSmelt:
			if err := burnSmelt(b, s, inv); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
		default:
			return nil, fmt.Errorf("%s: unknown kind", where)
		}
		inv[s.Item] += s.Count
	}
	for k, v := range inv {
		if v == 0 {
			delete(inv, k)
		}
	}
	return inv, nil
}

// gathered is what she has once she has gathered what the plan names as
// missing, each tag as the member the plan stands it for.
func gathered(b *Book, p *Plan) (game.Inventory, error) {
	inv := p.Have()
	for k, n := range p.Missing {
		if n <= 0 {
			return nil, fmt.Errorf("missing %s is %d", k, n)
		}
		if k[0] == '#' {
			rep, ok := p.Any[k]
			if !ok || !slices.Contains(b.Tag(k), rep) {
				return nil, fmt.Errorf("missing %s has no member to stand for it (any = %q)", k, rep)
			}
			inv[rep] += n
			continue
		}
		if !b.Known(k) {
			return nil, fmt.Errorf("missing names unknown %q", k)
		}
		inv[k] += n
	}
	return inv, nil
}

// burnSmelt checks a smelt step (one kind of input in a furnace, one per
// item, just enough of one fuel) and burns its fuel out of inv.
func burnSmelt(b *Book, s Step, inv game.Inventory) error {
	if len(s.Uses) != 1 || s.Station != StationFurnace || s.Times != s.Count {
		return fmt.Errorf("a smelt takes one kind of input in a furnace, one per item")
	}
	for it, n := range s.Uses {
		if out, ok := b.SmeltResult(it); !ok || out != s.Item || n != s.Count {
			return fmt.Errorf("%d %s does not smelt into %d %s", n, it, s.Count, s.Item)
		}
	}
	if s.Fuel == nil {
		return fmt.Errorf("no fuel")
	}
	burn, need := b.BurnTicks(s.Fuel.Item), s.Times*SmeltTicks
	if burn <= 0 || s.Fuel.Count*burn < need || (s.Fuel.Count-1)*burn >= need {
		return fmt.Errorf("%d %s is not just enough fuel for %d ticks", s.Fuel.Count, s.Fuel.Item, need)
	}
	if inv[s.Fuel.Item] < s.Fuel.Count {
		return fmt.Errorf("burns %d %s, has %d", s.Fuel.Count, s.Fuel.Item, inv[s.Fuel.Item])
	}
	inv[s.Fuel.Item] -= s.Fuel.Count
	if r := b.Remainder(s.Fuel.Item); r != "" {
		inv[r] += s.Fuel.Count
	}
	return nil
}

// matchCraft checks that a craft step is some recipe of the book done
// Times times with exactly the items it uses.
func matchCraft(b *Book, s Step) error {
	for _, r := range b.Recipes(s.Item) {
		if r.Count*s.Times != s.Count || r.Station() != s.Station {
			continue
		}
		left := maps.Clone(s.Uses)
		ok := true
		for _, slot := range r.Slots {
			need := slot.Count * s.Times
			for _, it := range slot.Items {
				k := min(need, left[it])
				left[it] -= k
				need -= k
			}
			if need > 0 {
				ok = false
				break
			}
		}
		for _, v := range left {
			if v != 0 {
				ok = false
			}
		}
		if ok {
			return nil
		}
	}
	return fmt.Errorf("no recipe for %s takes %v %d times at %s", s.Item, s.Uses, s.Times, s.Station)
}

// checkPlan simulates the plan and holds it to its own claims: the goal is
// reached (counting what she gathers) and the leftovers are exactly what it
// says.
func checkPlan(t *testing.T, b *Book, p *Plan, near Nearby) game.Inventory {
	t.Helper()
	final, err := simulate(b, p, near)
	if err != nil {
		t.Fatalf("%d %s from %v: %v\n%s", p.Count, p.Item, p.Have(), err, p.Text())
	}
	start := p.Have()
	for k, n := range p.Missing {
		if rep, ok := p.Any[k]; ok {
			k = rep
		}
		start[k] += n
	}
	if got := final[p.Item] - p.Have()[p.Item]; got < p.Count {
		t.Fatalf("%d %s: the steps make %d\n%s", p.Count, p.Item, got, p.Text())
	}
	left := map[string]int{}
	for k, v := range final {
		d := v - start[k]
		if k == p.Item {
			d -= p.Count
		}
		if d > 0 {
			left[k] = d
		}
	}
	if !maps.Equal(left, p.Leftovers) {
		t.Fatalf("%d %s: leftovers are %v, the plan says %v\n%s", p.Count, p.Item, left, p.Leftovers, p.Text())
	}
	return final
}
