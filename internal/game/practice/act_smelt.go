package practice

import (
	"fmt"
	"math"
	"sort"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// smeltTicks is one item's time in a furnace.
const smeltTicks = 200

// furnace is a furnace's three slots and its fire. The world ticks every
// furnace, whoever filled it.
type furnace struct {
	input, fuel, output game.Stack
	burnLeft            int // ticks the current fuel item still burns
	progress            int // ticks the current input item has cooked
}

func (f *furnace) describe() string {
	if f.input.Count == 0 && f.output.Count == 0 && f.fuel.Count == 0 {
		return "it is empty"
	}
	inv := game.Inventory{}
	for _, s := range []game.Stack{f.input, f.fuel, f.output} {
		if s.Count > 0 {
			inv[s.Item] += s.Count
		}
	}
	return "it holds " + describeInventory(inv)
}

// stepFurnaces cooks one tick in every furnace.
func (w *World) stepFurnaces() {
	for p, f := range w.land.furnaces {
		if w.grid.name(p) != "furnace" {
			delete(w.land.furnaces, p)
			continue
		}
		if f.input.Count == 0 {
			f.progress = 0
			if f.burnLeft > 0 {
				f.burnLeft--
			}
			continue
		}
		result, ok := w.book.smeltResult(f.input.Item)
		if !ok || (f.output.Count > 0 && f.output.Item != result) {
			continue
		}
		if f.burnLeft == 0 {
			if f.fuel.Count == 0 {
				f.progress = 0
				continue
			}
			f.burnLeft = w.book.burnTicks(f.fuel.Item)
			f.fuel.Count--
			if f.fuel.Count == 0 {
				f.fuel = game.Stack{}
			}
		}
		f.burnLeft--
		f.progress++
		if f.progress >= smeltTicks {
			f.progress = 0
			f.input.Count--
			if f.input.Count == 0 {
				f.input = game.Stack{}
			}
			f.output = game.Stack{Item: result, Count: f.output.Count + 1}
		}
	}
}

// furnaceAt is the state of the furnace block in p.
func (t *terrain) furnaceAt(p game.Pos) *furnace {
	f := t.furnaces[p]
	if f == nil {
		f = &furnace{}
		t.furnaces[p] = f
	}
	return f
}

func prepSmelt(w *World, p *params) (runFunc, error) {
	item := p.itemName("item", true)
	count := p.optInt("count", 1, 1, 10)
	fuel := p.itemName("fuel", false)
	if p.err != nil {
		return nil, p.err
	}
	if fuel != "" && w.book.burnTicks(fuel) == 0 {
		return nil, fmt.Errorf("fuel %q does not burn; use coal, charcoal, planks, logs or sticks", fuel)
	}
	return func(a *act) outcome { return a.smelt(item, count, fuel) }, nil
}

// pickFuel chooses one kind of fuel she carries enough of for need ticks:
// the plain fuel that leaves the least burn unused, as the planner picks
// (never her crafting table or tools, though they burn).
func pickFuel(book kitchen, need int, inv game.Inventory, exclude string) (string, int) {
	type choice struct {
		item      string
		n, unused int
	}
	var choices []choice
	for item, have := range inv {
		burn := book.burnTicks(item)
		if burn == 0 || item == exclude || !book.plainFuel(item) {
			continue
		}
		n := (need + burn - 1) / burn
		if n > have {
			continue
		}
		choices = append(choices, choice{item, n, n*burn - need})
	}
	if len(choices) == 0 {
		return "", 0
	}
	sort.Slice(choices, func(i, j int) bool {
		if choices[i].unused != choices[j].unused {
			return choices[i].unused < choices[j].unused
		}
		return choices[i].item < choices[j].item
	})
	return choices[0].item, choices[0].n
}

// smelt puts exactly count items and just enough of one fuel into the
// nearest furnace within 16 blocks (or the one she carries, set down and
// picked back up), waits, and takes out what comes out. It stops when all
// is done or nothing came out for 11 seconds; what was not used comes back.
func (a *act) smelt(item string, count int, fuel string) outcome {
	w := a.w
	inv := w.bea.inv.totals()
	input := item
	result, ok := w.book.smeltResult(item)
	if !ok {
		// A result was named: smelt what she carries that becomes it.
		for _, in := range w.book.smeltInputs(item) {
			if inv[in] > 0 {
				input, result, ok = in, item, true
				break
			}
		}
		if !ok {
			if ins := w.book.smeltInputs(item); len(ins) > 0 {
				return fail(protocol.Failure, "%s is smelted from %s, and you carry none", item, joinAnd(ins[:min(len(ins), 4)]))
			}
			return fail(protocol.Failure, "%s cannot be smelted in a furnace", item)
		}
	}
	if inv[input] < count {
		return fail(protocol.Failure, "smelting %d %s takes %d %s; you are short of %d (you have %d)",
			count, result, count, input, count-inv[input], inv[input])
	}
	need := count * smeltTicks
	fuelN := 0
	if fuel != "" {
		burn := w.book.burnTicks(fuel)
		fuelN = (need + burn - 1) / burn
		have := inv[fuel]
		if fuel == input {
			have -= count
		}
		if have < fuelN {
			return fail(protocol.Failure, "smelting %d %s takes %d %s as fuel; you are short of %d (you have %d)",
				count, input, fuelN, fuel, fuelN-max(have, 0), max(have, 0))
		}
	} else {
		spare := inv.Clone()
		spare[input] -= count
		fuel, fuelN = pickFuel(w.book, need, spare, "")
		if fuel == "" {
			return fail(protocol.Failure, "you carry no single kind of fuel that burns long enough for %d %s (%d s of fire); coal, charcoal or planks will do",
				count, input, need/ticksPerSecond)
		}
	}
	var placed *game.Pos
	at := w.land.nearestBlock(w.bea.feet(), "furnace", 16)
	switch {
	case at != nil:
		if err := a.approach(*at, false); err != nil {
			if err == errStopped {
				return err.outcome()
			}
			return fail(err.result, "you could not reach the furnace at %s: %s", at, err.message)
		}
	case inv["furnace"] > 0:
		spot, ok := a.setDown("furnace")
		if !ok {
			return fail(protocol.Failure, "you found no free spot beside you to set your furnace down")
		}
		at, placed = &spot, &spot
		a.logf("set your furnace down at %s", spot)
	default:
		return fail(protocol.Failure, "there is no furnace within 16 blocks and you carry none; craft one from 8 cobblestone")
	}
	f := w.land.furnaceAt(*at)
	if f.input.Count > 0 && f.input.Item != input || f.output.Count > 0 && f.output.Item != result || f.fuel.Count > 0 && f.fuel.Item != fuel {
		return fail(protocol.FailFurnaceBusy, "the furnace at %s is busy (%s); you left it alone", at, f.describe())
	}
	a.face(at.Center())
	if !a.wait(8) {
		return errStopped.outcome()
	}
	w.bea.inv.remove(input, count)
	w.bea.inv.remove(fuel, fuelN)
	f.input = game.Stack{Item: input, Count: f.input.Count + count}
	f.fuel = game.Stack{Item: fuel, Count: f.fuel.Count + fuelN}
	a.logf("put %d %s and %d %s into the furnace at %s", count, input, fuelN, fuel, at)
	got, idle := 0, 0
	start := w.tick
	for got < count && idle < 11*ticksPerSecond {
		if !a.wait(20) {
			return errStopped.outcome()
		}
		if f.output.Count > 0 {
			k := w.bea.inv.add(f.output.Item, f.output.Count)
			f.output.Count -= k
			if f.output.Count == 0 {
				f.output = game.Stack{}
			}
			got += k
			idle = 0
			a.progress(got, count, "smelted %d/%d %s", got, count, result)
		} else {
			idle += 20
		}
	}
	// What she put in and was not used comes back out.
	back := game.Inventory{}
	for _, s := range []*game.Stack{&f.input, &f.fuel} {
		if s.Count > 0 {
			k := w.bea.inv.add(s.Item, s.Count)
			back[s.Item] += k
			s.Count -= k
			if s.Count == 0 {
				*s = game.Stack{}
			}
		}
	}
	extra := ""
	if placed != nil {
		switch {
		case f.input.Count > 0 || f.fuel.Count > 0 || f.output.Count > 0:
			extra = fmt.Sprintf("; you left your furnace at %s, it still holds something", placed)
		case w.bea.inv.bestTier(toolPickaxe) < 1:
			extra = fmt.Sprintf("; you left your furnace at %s: picking it up needs a pickaxe", placed)
		default:
			if _, err := a.breakBlock(*placed); err == nil {
				a.collect("furnace", *placed)
				a.logf("picked your furnace back up")
			}
		}
	}
	secs := int(math.Round(float64(w.tick-start) / ticksPerSecond))
	if len(back) > 0 {
		extra = "; took back " + describeInventory(back) + extra
	}
	if got < count {
		return fail(protocol.Failure, "smelted only %d of %d %s: nothing came out for 11 s%s", got, count, result, extra)
	}
	return succeed("smelted %d %s into %d %s with %d %s in %d s%s", count, input, got, result, fuelN, fuel, secs, extra)
}
