package practice

import (
	"fmt"
	"sort"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// ingredient is one kind of input of a recipe: any one of the items it
// lists (a tag such as #planks lists every planks), n of them per craft.
type ingredient struct {
	label string   // how an answer names it ("planks", "stick")
	items []string // the items that fill it
	n     int
}

// recipe is one way of making an item.
type recipe struct {
	result string
	count  int // items one craft makes
	inputs []ingredient
	// width and height of the shape; a shapeless recipe with at most four
	// inputs fits the 2x2 grid.
	width, height int
}

// fits2x2 reports whether the recipe can be made in her inventory grid.
func (r recipe) fits2x2() bool { return r.width <= 2 && r.height <= 2 }

// cookbook answers which recipes make an item.
type cookbook interface {
	recipesFor(item string) []recipe
	// craftable lists the items she could craft now from inv, with a table
	// when table is true.
	craftable(inv game.Inventory, table bool) []string
}

// basicBook is the handful of recipes the practice world knows without the
// recipe book: planks from any log (four of its wood, as the real book
// says), sticks, the crafting table, the wooden and stone tools, the
// furnace, the chest and torches.
type basicBook struct{ byResult map[string][]recipe }

func newBasicBook() *basicBook {
	b := &basicBook{byResult: map[string][]recipe{}}
	add := func(r recipe) { b.byResult[r.result] = append(b.byResult[r.result], r) }
	var planks []string
	for _, wd := range game.Woods() {
		planks = append(planks, wd+"_planks")
		add(recipe{result: wd + "_planks", count: 4, width: 1, height: 1,
			inputs: []ingredient{{label: wd + "_log", items: []string{wd + "_log"}, n: 1}}})
	}
	pl := func(n int) ingredient { return ingredient{label: "planks", items: planks, n: n} }
	stick := func(n int) ingredient { return ingredient{label: "stick", items: []string{"stick"}, n: n} }
	cobble := func(n int) ingredient {
		return ingredient{label: "cobblestone", items: []string{"cobblestone", "cobbled_deepslate", "blackstone"}, n: n}
	}
	add(recipe{result: "stick", count: 4, width: 1, height: 2, inputs: []ingredient{pl(2)}})
	add(recipe{result: "crafting_table", count: 1, width: 2, height: 2, inputs: []ingredient{pl(4)}})
	add(recipe{result: "chest", count: 1, width: 3, height: 3, inputs: []ingredient{pl(8)}})
	add(recipe{result: "furnace", count: 1, width: 3, height: 3, inputs: []ingredient{cobble(8)}})
	add(recipe{result: "torch", count: 4, width: 1, height: 2, inputs: []ingredient{
		{label: "coal", items: []string{"coal", "charcoal"}, n: 1}, stick(1)}})
	for _, t := range []struct {
		material string
		in       func(int) ingredient
	}{{"wooden", pl}, {"stone", cobble},
		{"iron", func(n int) ingredient { return ingredient{label: "iron_ingot", items: []string{"iron_ingot"}, n: n} }},
		{"diamond", func(n int) ingredient { return ingredient{label: "diamond", items: []string{"diamond"}, n: n} }}} {
		add(recipe{result: t.material + "_pickaxe", count: 1, width: 3, height: 3, inputs: []ingredient{t.in(3), stick(2)}})
		add(recipe{result: t.material + "_axe", count: 1, width: 2, height: 3, inputs: []ingredient{t.in(3), stick(2)}})
		add(recipe{result: t.material + "_shovel", count: 1, width: 1, height: 3, inputs: []ingredient{t.in(1), stick(2)}})
		add(recipe{result: t.material + "_sword", count: 1, width: 1, height: 3, inputs: []ingredient{t.in(2), stick(1)}})
		add(recipe{result: t.material + "_hoe", count: 1, width: 2, height: 3, inputs: []ingredient{t.in(2), stick(2)}})
	}
	return b
}

func (b *basicBook) recipesFor(item string) []recipe { return b.byResult[item] }

func (b *basicBook) craftable(inv game.Inventory, table bool) []string {
	var out []string
	for item, rs := range b.byResult {
		for _, r := range rs {
			if (table || r.fits2x2()) && len(shortages(r, 1, inv)) == 0 {
				out = append(out, item)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// shortage is how much of one ingredient is missing.
type shortage struct {
	label      string
	need, have int
}

// shortages lists what crafts crafts of r lack from inv.
func shortages(r recipe, crafts int, inv game.Inventory) []shortage {
	var out []shortage
	for _, in := range r.inputs {
		have := 0
		for _, it := range in.items {
			have += inv[it]
		}
		if need := in.n * crafts; have < need {
			out = append(out, shortage{label: in.label, need: need, have: have})
		}
	}
	return out
}

// craftableNow is the state's craftable list: what she can make from what
// she carries, with a table when one is within reach or in her pack.
func (w *World) craftableNow() []string {
	inv := w.bea.inv.totals()
	table := inv["crafting_table"] > 0 || w.land.nearestBlock(w.bea.feet(), "crafting_table", 4) != nil
	out := w.book.craftable(inv, table)
	if out == nil {
		out = []string{}
	}
	return out
}

// nearestBlock is the block of that exact name nearest feet within radius.
func (t *terrain) nearestBlock(feet game.Pos, name string, radius int) *game.Pos {
	id, ok := t.blocks.lookup(name)
	if !ok {
		return nil
	}
	var best *game.Pos
	bestD := 1e9
	for dx := -radius; dx <= radius; dx++ {
		for dy := -radius; dy <= radius; dy++ {
			for dz := -radius; dz <= radius; dz++ {
				p := feet.Add(game.Pos{X: dx, Y: dy, Z: dz})
				if t.grid.at(p) != id {
					continue
				}
				if d := p.Dist(feet); d < bestD {
					q := p
					best, bestD = &q, d
				}
			}
		}
	}
	return best
}

func prepCraft(w *World, p *params) (runFunc, error) {
	item := p.itemName("item", true)
	count := p.optInt("count", 1, 1, 2304)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return craft(a, item, count) }, nil
}

// craft makes count items (not crafts): in her inventory when the shape
// fits 2x2, else at the nearest crafting table within 16 blocks, else at the
// table she carries, which she sets down and picks back up.
func craft(a *act, item string, count int) outcome {
	w := a.w
	rs := w.book.recipesFor(item)
	if len(rs) == 0 {
		return fail(protocol.Failure, "there is no crafting recipe for %s", item)
	}
	inv := w.bea.inv.totals()
	// The recipe with the fewest missing items wins.
	best, bestMissing := rs[0], -1
	for _, r := range rs {
		crafts := (count + r.count - 1) / r.count
		missing := 0
		for _, s := range shortages(r, crafts, inv) {
			missing += s.need - s.have
		}
		if bestMissing < 0 || missing < bestMissing {
			best, bestMissing = r, missing
		}
	}
	r := best
	crafts := (count + r.count - 1) / r.count
	if short := shortages(r, crafts, inv); len(short) > 0 {
		return fail(protocol.Failure, "%s", shortageSentence(r, crafts, short))
	}
	made := crafts * r.count
	if w.bea.inv.room(item) < made {
		return fail(protocol.FailInventoryFull, "your inventory has no room for %d %s", made, item)
	}
	var placed *game.Pos
	if !r.fits2x2() {
		var o outcome
		if placed, o = a.tableFor(item, r, inv["crafting_table"] > 0); !o.result.OK() {
			return o
		}
	}
	a.doing = fmt.Sprintf("crafting %d %s", made, item)
	if !a.wait(8 + 5*crafts) {
		return errStopped.outcome()
	}
	used := game.Inventory{}
	for _, in := range r.inputs {
		need := in.n * crafts
		// Take from what she has most of first, so the leftovers stay tidy.
		items := append([]string(nil), in.items...)
		sort.SliceStable(items, func(i, j int) bool { return w.bea.inv.count(items[i]) > w.bea.inv.count(items[j]) })
		for _, it := range items {
			k := w.bea.inv.remove(it, need)
			if k > 0 {
				used[it] += k
			}
			need -= k
			if need == 0 {
				break
			}
		}
	}
	w.bea.inv.add(item, made)
	a.logf("used %s", describeInventory(used))
	where := "in your inventory"
	if !r.fits2x2() {
		where = "at a crafting table"
	}
	if placed != nil {
		if !a.wait(4) {
			return errStopped.outcome()
		}
		if _, err := a.breakBlock(*placed); err == nil {
			a.collect("crafting_table", *placed)
			a.logf("picked your crafting table back up")
		}
		where = "at the crafting table you set down and picked back up"
	}
	return succeed("crafted %d %s %s from %s; you now have %d", made, item, where, describeInventory(used), w.bea.inv.count(item))
}

// tableFor puts her at a crafting table for item: the nearest within 16
// blocks when she can reach it, else the one she carries (carried), set
// down beside her. It returns where she set hers down, nil when she used
// one standing in the world, and a failed outcome when there is no table.
func (a *act) tableFor(item string, r recipe, carried bool) (*game.Pos, outcome) {
	table, err := a.reachNearest("crafting_table")
	switch {
	case table == nil:
		// None within 16 blocks: hers, below.
	case err == nil:
		a.face(table.Center())
		return nil, succeed("")
	case err == errStopped:
		return nil, err.outcome()
	case !carried:
		return nil, fail(protocol.Failure, "%s needs a crafting table and you could not reach the one at %s: %s", item, table, err.message)
	default:
		a.logf("you could not reach the crafting table at %s (%s); setting yours down", table, err.message)
	}
	if !carried {
		return nil, fail(protocol.Failure, "%s needs a crafting table (its shape is %dx%d); there is none within 16 blocks and you carry none",
			item, r.width, r.height)
	}
	spot, ok := a.setDown("crafting_table")
	if a.stopped {
		return nil, errStopped.outcome()
	}
	if !ok {
		return nil, fail(protocol.Failure, "%s needs a crafting table and you found no free spot beside you to set yours down", item)
	}
	a.logf("set your crafting table down at %s", spot)
	return &spot, succeed("")
}

// shortageSentence names what a craft takes and what is missing, with the
// numbers: "takes 3 planks and 2 stick; you are short of 2 planks (you have 1)".
func shortageSentence(r recipe, crafts int, short []shortage) string {
	var takes, lacks []string
	for _, in := range r.inputs {
		takes = append(takes, fmt.Sprintf("%d %s", in.n*crafts, in.label))
	}
	for _, s := range short {
		lacks = append(lacks, fmt.Sprintf("%d %s (you have %d)", s.need-s.have, s.label, s.have))
	}
	return fmt.Sprintf("%d %s takes %s; you are short of %s",
		crafts*r.count, r.result, joinAnd(takes), joinAnd(lacks))
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// reachNearest walks her within reach of the nearest block of a kind
// within 16 blocks (a crafting table, a furnace). It returns that block,
// nil when there is none, and why she could not reach it, nil when she
// did.
func (a *act) reachNearest(block string) (*game.Pos, *walkErr) {
	at := a.w.land.nearestBlock(a.w.bea.feet(), block, 16)
	if at == nil {
		return nil, nil
	}
	return at, a.approach(*at, false)
}

// setDown places a block she carries beside her and returns where: on
// free ground at her feet' level, else on a ledge beside her head, else
// above her head (at the bottom of a shaft), where a face holds it.
func (a *act) setDown(item string) (game.Pos, bool) {
	w := a.w
	spot, ok := w.land.setDownSpot(w.bea.feet())
	if !ok {
		return game.Pos{}, false
	}
	if !a.wait(4) {
		return game.Pos{}, false
	}
	if w.bea.inv.remove(item, 1) != 1 {
		return game.Pos{}, false
	}
	a.face(spot.Center())
	w.grid.set(spot, w.blocks.id(item))
	return spot, true
}

// setDownSpot is where setDown puts a block: a free cell beside her feet
// with ground under it, else one beside her head with a block under it,
// else the cell above her head when a face of it touches a solid block.
func (t *terrain) setDownSpot(feet game.Pos) (game.Pos, bool) {
	g := t.grid
	free := func(p game.Pos) bool { return g.passable(p) && g.info(p).name != "water" }
	for _, dy := range []int{0, 1} {
		for _, d := range horizontal {
			p := game.Pos{X: feet.X + d[0], Y: feet.Y + dy, Z: feet.Z + d[1]}
			if free(p) && g.standable(p.Add(down1)) {
				return p, true
			}
		}
	}
	above := feet.Add(up2)
	if !free(above) {
		return game.Pos{}, false
	}
	for _, f := range game.Faces {
		o, _ := f.Offset()
		if n := above.Add(o); n != feet.Add(up1) && g.info(n).solid {
			return above, true
		}
	}
	return game.Pos{}, false
}
