package recipes

import (
	"fmt"
	"maps"
	"slices"

	"beaweb/internal/game"
)

// fresh is a copy of start to play steps in: the planner checks many
// trials per plan, so each is played in one inventory of its own, emptied
// every time, rather than a new one.
func (p *planner) fresh(start game.Inventory) game.Inventory {
	if p.scratch == nil {
		p.scratch = game.Inventory{}
	}
	clear(p.scratch)
	maps.Copy(p.scratch, start)
	return p.scratch
}

// play plays steps in inv, changing it; it refuses a step that takes
// what is not there or lacks its station. The planner uses it to check
// each change it makes to a finished plan, and the finished plan.
func (p *planner) play(inv game.Inventory, steps []Step) error {
	takeOut := func(i int, it string, k int) error {
		if inv[it] < k {
			return fmt.Errorf("step %d takes %d %s, only %d there", i+1, k, it, inv[it])
		}
		inv[it] -= k
		if inv[it] == 0 {
			delete(inv, it)
		}
		return nil
	}
	for i, s := range steps {
		for it, k := range s.Uses {
			if err := takeOut(i, it, k); err != nil {
				return err
			}
		}
		if s.Fuel != nil {
			if err := takeOut(i, s.Fuel.Item, s.Fuel.Count); err != nil {
				return err
			}
		}
		// The station is checked once the ingredients are out of her
		// inventory: a placed table is not also in the grid.
		switch s.Station {
		case StationTable:
			if inv[StationTable] < 1 && !p.near.CraftingTable {
				return fmt.Errorf("step %d needs a crafting table", i+1)
			}
		case StationFurnace:
			if inv[StationFurnace] < 1 && !p.near.Furnace {
				return fmt.Errorf("step %d needs a furnace", i+1)
			}
		}
		if s.Kind == KindCraft {
			for it, k := range s.Uses {
				if rem := p.b.remainders[it]; rem != "" {
					inv[rem] += k
				}
			}
		}
		if s.Fuel != nil {
			if rem := p.b.remainders[s.Fuel.Item]; rem != "" {
				inv[rem] += s.Fuel.Count
			}
		}
		inv[s.Item] += s.Count
	}
	return nil
}

// sameShape reports whether two steps make the same item in the same
// station from the same things, whatever the counts.
func sameShape(a, b Step) bool {
	if a.Kind != b.Kind || a.Item != b.Item || a.Station != b.Station || len(a.Uses) != len(b.Uses) {
		return false
	}
	for k := range a.Uses {
		if _, ok := b.Uses[k]; !ok {
			return false
		}
	}
	return true
}

// mergeSteps folds a later step into an earlier one that makes the same
// item from the same things (planks for the table, then planks for the
// sticks) whenever the plan still plays through: one craft of 8 rather
// than two of 4. start is the plan's startInventory, which it leaves as
// it is.
func (p *planner) mergeSteps(plan *Plan, start game.Inventory) {
	for i := 0; i < len(plan.Steps); i++ {
		for j := i + 1; j < len(plan.Steps); j++ {
			a, b := plan.Steps[i], plan.Steps[j]
			if !sameShape(a, b) {
				continue
			}
			merged := a
			merged.Count += b.Count
			merged.Times += b.Times
			merged.Uses = maps.Clone(a.Uses)
			for k, v := range b.Uses {
				merged.Uses[k] += v
			}
			trial := slices.Concat(plan.Steps[:i], []Step{merged}, plan.Steps[i+1:j], plan.Steps[j+1:])
			if p.play(p.fresh(start), trial) == nil {
				plan.Steps = trial
				j--
			}
		}
	}
}

// assignFuel gives each smelt step one kind of fuel: of what she has at
// that point (and keeps no use for later), the kind that leaves the least
// burn unused; with none enough, the kind that leaves the fewest to gather.
//
// start is the plan's startInventory, which it plays forward: before is
// what she has as step i begins, played from one smelt to the next rather
// than from the start each time.
func (p *planner) assignFuel(plan *Plan, start game.Inventory) error {
	before, played := start, 0
	for i := range plan.Steps {
		if plan.Steps[i].Kind != KindSmelt {
			continue
		}
		ticks := plan.Steps[i].Times * SmeltTicks
		if err := p.play(before, plan.Steps[played:i]); err != nil {
			return fmt.Errorf("recipes: %w", err)
		}
		played = i
		var cands []fuelChoice
		add := func(item, key string) {
			burn := p.b.fuels[item]
			if burn <= 0 || !p.b.PlainFuel(item) {
				return
			}
			for _, c := range cands {
				if c.item == item {
					return
				}
			}
			u := (ticks + burn - 1) / burn
			cands = append(cands, fuelChoice{item: item, key: key, units: u, waste: u*burn - ticks})
		}
		for _, it := range p.plainFuelsIn(before) {
			add(it, it)
		}
		add("coal", "coal")
		if logs := p.b.tags["logs_that_burn"].Items; len(logs) > 0 {
			rep := logs[0]
			if r, ok := plan.Any["#logs_that_burn"]; ok {
				rep = r
			}
			add(rep, "#logs_that_burn")
		}
		// For each kind, the fewest she would have to gather for the
		// plan to play through with it.
		var best *fuelChoice
		for ci := range cands {
			c := &cands[ci]
			// She needs the units in hand at step i, so no fewer
			// than those she lacks there will do.
			lo, hi := max(0, c.units-before[c.item]), c.units
			if !p.fuelFits(plan, i, before, *c, hi) {
				continue
			}
			if lo < hi && p.fuelFits(plan, i, before, *c, lo) {
				hi = lo // the common case: what she lacks at step i is all
			}
			for lo < hi {
				mid := (lo + hi) / 2
				if p.fuelFits(plan, i, before, *c, mid) {
					hi = mid
				} else {
					lo = mid + 1
				}
			}
			c.short = lo
			if best == nil || c.short < best.short ||
				(c.short == best.short && (c.waste < best.waste || (c.waste == best.waste && c.units < best.units))) {
				best = c
			}
		}
		if best == nil {
			return fmt.Errorf("recipes: no fuel fits step %d", i+1)
		}
		plan.Steps[i].Fuel = &Fuel{Item: best.item, Count: best.units}
		if best.short > 0 {
			plan.Missing[best.key] += best.short
			if best.key != best.item {
				plan.Any[best.key] = best.item
			}
			// Gathered at the start, it is still there at step i.
			before[best.item] += best.short
		}
	}
	return nil
}

// plainFuelsIn is, in name order, what inv holds that burns as plain
// fuel: the kinds assignFuel weighs first.
func (p *planner) plainFuelsIn(inv game.Inventory) []string {
	var out []string
	for it := range inv {
		if p.b.fuels[it] > 0 && p.b.PlainFuel(it) {
			out = append(out, it)
		}
	}
	slices.Sort(out)
	return out
}

// PlainFuel reports whether the item is one she burns without a second
// thought (game's plain fuel): by its name, or as a member of one of
// game.PlainFuelTags in this book.
func (b *Book) PlainFuel(item string) bool {
	if b.Known(item) {
		return b.plainFuel[item]
	}
	return isPlainFuel(b, item)
}

// plainFuels is the items of the book PlainFuel is true of, worked out
// once: a plan asks it for everything she holds at every smelt.
func plainFuels(b *Book) map[string]bool {
	set := map[string]bool{}
	for _, tag := range game.PlainFuelTags() {
		for _, it := range b.tags[tag].Items {
			set[it] = true
		}
	}
	for _, it := range b.items {
		if game.PlainFuelByName(it) {
			set[it] = true
		}
	}
	return set
}

func isPlainFuel(b *Book, item string) bool {
	if game.PlainFuelByName(item) {
		return true
	}
	for _, tag := range game.PlainFuelTags() {
		if slices.Contains(b.tags[tag].Items, item) {
			return true
		}
	}
	return false
}

// fuelChoice is one kind of fuel weighed for a smelt step.
type fuelChoice struct {
	item, key    string // key is what Missing names it by
	units, waste int    // units burnt, ticks left unused
	short        int    // units she would have to gather
}

// fuelFits reports whether step i can burn c with short of it gathered
// beforehand, the rest of the plan still playing through. before is what
// she has when step i begins; what she gathers at the start is still
// there, since the steps before i take exactly what they name.
func (p *planner) fuelFits(plan *Plan, i int, before game.Inventory, c fuelChoice, short int) bool {
	step := &plan.Steps[i]
	was := step.Fuel
	step.Fuel = &Fuel{Item: c.item, Count: c.units}
	defer func() { step.Fuel = was }()
	inv := p.fresh(before)
	inv[c.item] += short
	return p.play(inv, plan.Steps[i:]) == nil
}
