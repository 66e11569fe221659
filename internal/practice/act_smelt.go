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
func (t *terrain) stepFurnaces(book kitchen) {
	for p, f := range t.furnaces {
		if t.grid.name(p) != "furnace" {
			delete(t.furnaces, p)
			continue
		}
		if f.input.Count == 0 {
			f.progress = 0
			if f.burnLeft > 0 {
				f.burnLeft--
			}
			continue
		}
		result, ok := book.smeltResult(f.input.Item)
		if !ok || (f.output.Count > 0 && f.output.Item != result) {
			continue
		}
		if f.burnLeft == 0 {
			if f.fuel.Count == 0 {
				f.progress = 0
				continue
			}
			f.burnLeft = book.burnTicks(f.fuel.Item)
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
	return func(a *act) outcome { return smelt(a, item, count, fuel) }, nil
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

// smeltPlan is what a smelt puts into the furnace: count of input that
// become result, and fuelN of fuel.
type smeltPlan struct {
	input, result, fuel string
	count, fuelN        int
}

// planSmelt works out what to put in for count of item (an input, or a
// result to smelt from what she carries) with fuel, or the plain fuel that
// wastes least when fuel is empty. It fails with the sentence that says
// what is missing.
func planSmelt(book kitchen, inv game.Inventory, item string, count int, fuel string) (smeltPlan, outcome) {
	input := item
	result, ok := book.smeltResult(item)
	if !ok {
		// A result was named: smelt what she carries that becomes it.
		for _, in := range book.smeltInputs(item) {
			if inv[in] > 0 {
				input, result, ok = in, item, true
				break
			}
		}
		if !ok {
			if ins := book.smeltInputs(item); len(ins) > 0 {
				return smeltPlan{}, fail(protocol.Failure, "%s is smelted from %s, and you carry none", item, joinAnd(ins[:min(len(ins), 4)]))
			}
			return smeltPlan{}, fail(protocol.Failure, "%s cannot be smelted in a furnace", item)
		}
	}
	if inv[input] < count {
		return smeltPlan{}, fail(protocol.Failure, "smelting %d %s takes %d %s; you are short of %d (you have %d)",
			count, result, count, input, count-inv[input], inv[input])
	}
	need := count * smeltTicks
	fuelN := 0
	if fuel != "" {
		burn := book.burnTicks(fuel)
		fuelN = (need + burn - 1) / burn
		have := inv[fuel]
		if fuel == input {
			have -= count
		}
		if have < fuelN {
			return smeltPlan{}, fail(protocol.Failure, "smelting %d %s takes %d %s as fuel; you are short of %d (you have %d)",
				count, input, fuelN, fuel, fuelN-max(have, 0), max(have, 0))
		}
	} else {
		spare := inv.Clone()
		spare[input] -= count
		fuel, fuelN = pickFuel(book, need, spare, "")
		if fuel == "" {
			return smeltPlan{}, fail(protocol.Failure, "you carry no single kind of fuel that burns long enough for %d %s (%d s of fire); coal, charcoal or planks will do",
				count, input, need/ticksPerSecond)
		}
	}
	return smeltPlan{input: input, result: result, fuel: fuel, count: count, fuelN: fuelN}, succeed("")
}

// smelt puts exactly count items and just enough of one fuel into the
// nearest furnace within 16 blocks (or the one she carries, set down and
// picked back up), waits, and takes out what comes out. It stops when all
// is done or nothing came out for 11 seconds; what was not used comes back.
func smelt(a *act, item string, count int, fuel string) outcome {
	w := a.w
	inv := w.bea.inv.totals()
	pl, o := planSmelt(w.book, inv, item, count, fuel)
	if !o.result.OK() {
		return o
	}
	at, placed, o := a.furnaceFor(inv["furnace"] > 0)
	if !o.result.OK() {
		return o
	}
	f := w.land.furnaceAt(at)
	if f.input.Count > 0 && f.input.Item != pl.input || f.output.Count > 0 && f.output.Item != pl.result || f.fuel.Count > 0 && f.fuel.Item != pl.fuel {
		return fail(protocol.FailFurnaceBusy, "the furnace at %s is busy (%s); you left it alone", at, f.describe())
	}
	a.face(at.Center())
	if !a.wait(8) {
		return errStopped.outcome()
	}
	w.bea.inv.remove(pl.input, count)
	w.bea.inv.remove(pl.fuel, pl.fuelN)
	f.input = game.Stack{Item: pl.input, Count: f.input.Count + count}
	f.fuel = game.Stack{Item: pl.fuel, Count: f.fuel.Count + pl.fuelN}
	a.logf("put %d %s and %d %s into the furnace at %s", count, pl.input, pl.fuelN, pl.fuel, at)
	start := w.tick
	got, ok := a.tend(f, count, pl.result)
	if !ok {
		return errStopped.outcome()
	}
	// What she put in and was not used comes back out, before she picks
	// up a furnace of her own.
	back := w.bea.takeBack(f)
	extra := a.leaveFurnace(f, placed)
	secs := int(math.Round(float64(w.tick-start) / ticksPerSecond))
	if len(back) > 0 {
		extra = "; took back " + describeInventory(back) + extra
	}
	if got < count {
		return fail(protocol.Failure, "smelted only %d of %d %s: nothing came out for 11 s%s", got, count, pl.result, extra)
	}
	return succeed("smelted %d %s into %d %s with %d %s in %d s%s", count, pl.input, got, pl.result, pl.fuelN, pl.fuel, secs, extra)
}

// furnaceFor puts her at the nearest furnace within 16 blocks when she can
// reach it, else sets down the one she carries (carried), as a player
// would, and as craft does with a table. It returns the furnace, where she
// set hers down (nil for one of the world's), and a failed outcome when
// there is none she can use.
func (a *act) furnaceFor(carried bool) (game.Pos, *game.Pos, outcome) {
	at, err := a.reachNearest("furnace")
	switch {
	case at == nil:
		// None within 16 blocks: hers, below.
	case err == nil:
		return *at, nil, succeed("")
	case err == errStopped:
		return game.Pos{}, nil, err.outcome()
	case !carried:
		return game.Pos{}, nil, fail(err.result, "you could not reach the furnace at %s: %s", at, err.message)
	default:
		a.logf("you could not reach the furnace at %s (%s); setting yours down", at, err.message)
	}
	if !carried {
		return game.Pos{}, nil, fail(protocol.Failure, "there is no furnace within 16 blocks and you carry none; craft one from 8 cobblestone")
	}
	spot, ok := a.setDown("furnace")
	if a.stopped {
		return game.Pos{}, nil, errStopped.outcome()
	}
	if !ok {
		return game.Pos{}, nil, fail(protocol.Failure, "you found no free spot beside you to set your furnace down")
	}
	a.logf("set your furnace down at %s", spot)
	return spot, &spot, succeed("")
}

// tend takes out what the furnace smelts until count of result came out or
// nothing did for 11 seconds. It returns how many came out and false when
// the action was stopped.
func (a *act) tend(f *furnace, count int, result string) (got int, ok bool) {
	w := a.w
	idle := 0
	for got < count && idle < 11*ticksPerSecond {
		if !a.wait(20) {
			return got, false
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
	return got, true
}

// takeBack takes what she put in the furnace and was not used back out,
// as far as her inventory has room, and returns it.
func (b *body) takeBack(f *furnace) game.Inventory {
	back := game.Inventory{}
	for _, s := range []*game.Stack{&f.input, &f.fuel} {
		if s.Count > 0 {
			k := b.inv.add(s.Item, s.Count)
			back[s.Item] += k
			s.Count -= k
			if s.Count == 0 {
				*s = game.Stack{}
			}
		}
	}
	return back
}

// leaveFurnace picks up the furnace she set down at placed (nil: none)
// when it is empty and she has a pickaxe, and otherwise says where she
// left it, for the answer.
func (a *act) leaveFurnace(f *furnace, placed *game.Pos) string {
	w := a.w
	if placed == nil {
		return ""
	}
	switch {
	case f.input.Count > 0 || f.fuel.Count > 0 || f.output.Count > 0:
		return fmt.Sprintf("; you left your furnace at %s, it still holds something", placed)
	case w.bea.inv.bestTier(toolPickaxe) < 1:
		return fmt.Sprintf("; you left your furnace at %s: picking it up needs a pickaxe", placed)
	}
	if _, err := a.breakBlock(*placed); err == nil {
		a.collect("furnace", *placed)
		a.logf("picked your furnace back up")
	}
	return ""
}
