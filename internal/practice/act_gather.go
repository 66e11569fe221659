package practice

import (
	"fmt"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// dropOf is what breaking a block with the tools in inv gives, as vanilla
// decides it: nothing when the block needs a better tool, the block's own
// drop otherwise. Leaves give themselves to shears, and to anything else
// nothing but now and then a sapling or an apple.
func dropOf(b *blockInfo, inv *inventory, r *rng) (string, int) {
	if b.drop == "-" {
		if strings.HasSuffix(b.name, "_leaves") {
			if inv.count("shears") > 0 {
				return b.name, 1
			}
			switch roll := r.intn(200); {
			case roll < 10:
				return strings.TrimSuffix(b.name, "_leaves") + "_sapling", 1
			case roll == 10 && b.name == "oak_leaves":
				return "apple", 1
			}
		}
		if b.name == "short_grass" && r.intn(8) == 0 {
			return "wheat_seeds", 1
		}
		return "", 0
	}
	if b.tier > 0 && inv.bestTier(toolPickaxe) < b.tier {
		return "", 0
	}
	item := b.drop
	if item == "" {
		item = b.name
	}
	n := b.dropCount
	if n == 0 {
		n = 1
	}
	return item, n
}

// breakBlock breaks the block in p the way a player does: she looks at it,
// takes the best tool she carries for it, and holds the button for as long
// as it takes. What it drops lies where the block was. It returns the item
// dropped ("" for none).
func (a *act) breakBlock(p game.Pos) (string, *walkErr) {
	w := a.w
	g := w.grid
	b := g.info(p)
	if g.at(p) == air || b.liquid {
		return "", nil
	}
	if b.hardness < 0 {
		return "", &walkErr{result: protocol.Failure, message: fmt.Sprintf("%s at %s cannot be broken", b.name, p)}
	}
	id := g.at(p)
	if b.tool != toolNone {
		if t := w.bea.inv.bestTool(b.tool); t != "" {
			w.bea.inv.holdItem(t)
		}
	}
	a.face(p.Center())
	ticks := w.land.breakTicks(p, w.bea.inv)
	a.doing = fmt.Sprintf("breaking %s at %s", b.name, p)
	if !a.wait(ticks) {
		return "", errStopped
	}
	if g.at(p) != id {
		return "", nil // it went while she swung; nothing of hers to count
	}
	if w.land.claimed(p) {
		// The client showed it broken; the server put it back.
		return "", &walkErr{result: protocol.FailProtected, message: fmt.Sprintf("the server put %s at %s back: this ground is protected", b.name, p)}
	}
	item, n := dropOf(b, w.bea.inv, w.rng)
	w.removeBlock(p)
	w.bea.exert(0.005)
	if item != "" {
		w.dropItem(p.Center(), item, n)
	}
	return item, nil
}

// removeBlock turns p into air: both halves of a door go, a chest spills
// what it held, and sand or gravel above falls into the gap.
func (w *World) removeBlock(p game.Pos) {
	g := w.grid
	b := g.info(p)
	if strings.HasSuffix(b.name, "_door") {
		for _, dy := range []int{-1, 1} {
			q := p.Add(game.Pos{Y: dy})
			if g.at(q) == g.at(p) {
				g.set(q, air)
			}
		}
	}
	if b.container {
		w.spillContainer(p)
	}
	g.set(p, air)
	w.land.settle(p.Add(up1))
}

// settle lets sand and gravel standing on nothing fall, starting at p.
func (t *terrain) settle(p game.Pos) {
	g := t.grid
	for g.info(p).gravity {
		id, to := g.at(p), p
		for to.Y > minY && g.passable(to.Add(down1)) && !g.info(to.Add(down1)).liquid {
			to = to.Add(down1)
		}
		if to == p {
			return
		}
		g.set(p, air)
		g.set(to, id)
		p = p.Add(up1)
	}
}

// blockMatcher tells whether a block name answers what was asked for: the
// exact id, any wood's variant of a generic name (log → oak_log,
// birch_log), and the deepslate variant of an ore.
func blockMatcher(want string) func(string) bool {
	return func(name string) bool {
		switch {
		case name == want, name == "deepslate_"+want:
			return true
		case !strings.Contains(want, "_") || want == "planks":
			return strings.HasSuffix(name, "_"+want)
		}
		return false
	}
}

// matching visits every block within radius of feet whose name matches.
func (t *terrain) matching(feet game.Pos, match func(string) bool, radius int, visit func(p game.Pos)) {
	g := t.grid
	memo := map[blockID]bool{}
	for dx := -radius; dx <= radius; dx++ {
		for dz := -radius; dz <= radius; dz++ {
			for dy := -radius; dy <= radius; dy++ {
				p := feet.Add(game.Pos{X: dx, Y: dy, Z: dz})
				if !g.inside(p) {
					continue
				}
				id := g.at(p)
				if id == air {
					continue
				}
				m, ok := memo[id]
				if !ok {
					m = match(g.blocks.name(id))
					memo[id] = m
				}
				if m {
					visit(p)
				}
			}
		}
	}
}

// bestCandidate is the block to go for next: the nearest matching one, a
// buried one counting six blocks further than it is, since digging to it
// costs more than walking.
func (t *terrain) bestCandidate(feet game.Pos, match func(string) bool, radius int, skip map[game.Pos]bool) (game.Pos, bool) {
	eye := feet.Add(up1)
	var best game.Pos
	bestKey, found := 0.0, false
	t.matching(feet, match, radius, func(p game.Pos) {
		if skip[p] || t.grid.info(p).protected || t.claimed(p) {
			return
		}
		k := p.Dist(eye)
		if found && k >= bestKey {
			return
		}
		if !t.exposed(p) {
			k += 6
		}
		if !found || k < bestKey || k == bestKey && lessPos(p, best) {
			best, bestKey, found = p, k, true
		}
	})
	return best, found
}

func lessPos(a, b game.Pos) bool {
	if a.Y != b.Y {
		return a.Y > b.Y
	}
	if a.X != b.X {
		return a.X < b.X
	}
	return a.Z < b.Z
}

// tierFor is the lowest pickaxe tier that gets a drop from every block the
// name matches, 0 when one of them drops something to a hand.
func (t *terrain) tierFor(block string) int {
	m := blockMatcher(block)
	tier := -1
	for _, b := range t.blocks.infos {
		if m(b.name) && (tier < 0 || b.tier < tier) {
			tier = b.tier
		}
	}
	return max(tier, 0)
}

// knownBlock reports whether a name is a block this world has or could
// match through a generic name.
func (t *terrain) knownBlock(name string) bool {
	if _, ok := t.blocks.lookup(name); ok {
		return true
	}
	m := blockMatcher(name)
	for _, b := range t.blocks.infos {
		if m(b.name) {
			return true
		}
	}
	return false
}

// block reads the block a scan or find_block looks for: a block this
// world has, or a generic name that matches some.
func (p *params) block(t *terrain) string {
	block := p.itemName("block", true)
	if p.err == nil && !t.knownBlock(block) {
		p.failf("block %q is not a block of the practice world; try a block id such as oak_log, log, stone or iron_ore", block)
	}
	return block
}

func prepFindBlock(w *World, p *params) (runFunc, error) {
	block := p.block(w.land)
	count := p.optInt("count", 1, 1, 2304)
	radius := p.optInt("radius", 32, 1, 64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		if tier := w.land.tierFor(block); tier > w.bea.inv.bestTier(toolPickaxe) {
			return fail(protocol.Failure, "%s drops nothing without %s; you have %s", block, pickaxeTierName(tier), bestPickaxe(w.bea.inv))
		}
		return findBlock(a, block, count, radius)
	}, nil
}

// wantedDrops is what find_block counts for a block name: what each block
// the name matches drops when it is harvested as it should be (stone gives
// cobblestone, grass dirt, iron ore raw iron; leaves, which want shears,
// themselves). A by-product (a sapling from leaves broken by hand) is not
// among them.
func (t *terrain) wantedDrops(block string) map[string]bool {
	match := blockMatcher(block)
	out := map[string]bool{}
	for _, b := range t.blocks.infos {
		switch {
		case !match(b.name):
		case b.drop == "" || b.drop == "-":
			out[b.name] = true
		default:
			out[b.drop] = true
		}
	}
	return out
}

// finding is one find_block run: what it looks for and counts, and how it
// is going.
type finding struct {
	a             *act
	block         string
	count, radius int
	match         func(string) bool
	wanted        map[string]bool // the drops that count
	got           game.Inventory
	skip          map[game.Pos]bool // blocks she could not reach or break
	// collected counts the drops that count; dry the blocks in a row that
	// gave none, lost those whose drops she could not pick up,
	// unreachable those in a row she could not reach.
	collected, dry, lost, broken, unreachable int
}

// findBlock walks to the nearest blocks of a kind, breaks them and picks up
// what they drop until she carries count more of it. It counts drops, not
// names: stone gives cobblestone, grass gives dirt, iron ore raw iron. Six
// blocks in a row that give none of what it counts (leaves broken without
// shears, whatever saplings they let fall) end it with FAILURE_NO_DROPS.
func findBlock(a *act, block string, count, radius int) outcome {
	w := a.w
	start := w.tick
	f := &finding{a: a, block: block, count: count, radius: radius, match: blockMatcher(block),
		wanted: w.land.wantedDrops(block), got: game.Inventory{}, skip: map[game.Pos]bool{}}
	a.progress(0, count, "looking for %s", block)
	for f.collected < count {
		// A tick between blocks, so a run of unreachable ones never holds
		// the world up for long.
		if !a.wait(1) {
			return errStopped.outcome()
		}
		target, found := w.land.bestCandidate(w.bea.feet(), f.match, radius, f.skip)
		if !found {
			if f.collected == 0 {
				return fail(protocol.Failure, "you found no %s within %d blocks that you could reach", block, radius)
			}
			return fail(protocol.Failure, "collected %d/%d %s; there is no more %s within %d blocks that you could reach",
				f.collected, count, describeGot(f.got, block), block, radius)
		}
		if o, end := f.mine(target); end {
			return o
		}
	}
	secs := (w.tick - start) / ticksPerSecond
	return succeed("collected %d/%d %s in %d s (%d blocks broken)", f.collected, count, describeGot(f.got, block), secs, f.broken)
}

// mine reaches target, breaks it and picks up what it drops. end reports
// that the run is over, with o its answer.
func (f *finding) mine(target game.Pos) (o outcome, end bool) {
	a, w := f.a, f.a.w
	name := w.grid.name(target)
	if err := a.approach(target, true); err != nil {
		if err == errStopped {
			return err.outcome(), true
		}
		f.skip[target] = true
		f.unreachable++
		a.logf("could not reach %s at %s: %s", name, target, err.message)
		if f.unreachable >= 5 {
			return fail(protocol.Failure, "collected %d/%d %s; the nearest %s are out of your reach (%s)",
				f.collected, f.count, describeGot(f.got, f.block), f.block, err.message), true
		}
		return outcome{}, false
	}
	f.unreachable = 0
	item, err := a.breakBlock(target)
	if err != nil {
		if err == errStopped {
			return err.outcome(), true
		}
		f.skip[target] = true
		return outcome{}, false
	}
	f.broken++
	if !f.wanted[item] {
		f.dry++
		if item == "" {
			a.logf("%s at %s dropped nothing", name, target)
		} else {
			a.logf("%s at %s dropped only %s, which is not what you are after", name, target, item)
		}
		if f.dry >= 6 {
			return fail(protocol.FailNoDrops, "the last %d %s you broke gave none of what you are after (%s); collected %d/%d",
				f.dry, f.block, noDropHint(w.grid.blocks.info(w.grid.blocks.id(name))), f.collected, f.count), true
		}
		return outcome{}, false
	}
	f.dry = 0
	return f.pickUp(name, target, item)
}

// pickUp collects the item a broken block at target dropped. end reports
// that the run is over, with o its answer.
func (f *finding) pickUp(name string, target game.Pos, item string) (o outcome, end bool) {
	a, w := f.a, f.a.w
	before := w.bea.inv.count(item)
	if w.bea.inv.room(item) == 0 {
		return fail(protocol.FailInventoryFull, "your inventory is full; collected %d/%d %s and left %s lying at %s",
			f.collected, f.count, describeGot(f.got, f.block), item, target), true
	}
	n, werr := a.collect(item, target)
	if werr == errStopped {
		return werr.outcome(), true
	}
	if n == 0 && w.bea.inv.count(item) == before && w.bea.inv.room(item) == 0 {
		return fail(protocol.FailInventoryFull, "your inventory is full; collected %d/%d %s", f.collected, f.count, describeGot(f.got, f.block)), true
	}
	f.got[item] += n
	f.collected += n
	if n == 0 {
		f.lost++
		if f.lost >= 6 {
			return fail(protocol.Failure, "collected %d/%d %s; the last %d blocks you broke left their drops where you could not pick them up",
				f.collected, f.count, describeGot(f.got, f.block), f.lost), true
		}
	} else {
		f.lost = 0
	}
	a.logf("broke %s at %s, picked up %d %s", name, target, n, item)
	a.progress(min(f.collected, f.count), f.count, "collected %d/%d %s", min(f.collected, f.count), f.count, f.block)
	return outcome{}, false
}

// collect waits for a drop to land and walks over it until she has picked
// it up, and returns how many of item came in. A drop that fell where no
// walk reaches (the bottom of the shaft she opened to reach stone under the
// dirt) is dug down to, as a player would; the first try is a short walk.
func (a *act) collect(item string, at game.Pos) (int, *walkErr) {
	w := a.w
	before := w.bea.inv.count(item)
	for try := 0; try < 3; try++ {
		if !a.wait(10) {
			return w.bea.inv.count(item) - before, errStopped
		}
		if n := w.bea.inv.count(item) - before; n > 0 {
			return n, nil
		}
		e := w.ents.nearestItem(item, at.Center(), 6)
		if e == nil {
			break
		}
		walk := a.goToWithin(e.pos.Block(), 1, 3000)
		if walk == errStopped {
			return w.bea.inv.count(item) - before, walk
		}
		if walk != nil {
			if err := a.goTo(e.pos.Block(), 1, true); err == errStopped {
				return w.bea.inv.count(item) - before, err
			}
		}
	}
	return w.bea.inv.count(item) - before, nil
}

// describeGot names what was collected, or the block asked for when nothing
// came in yet.
func describeGot(got game.Inventory, block string) string {
	if len(got) == 1 {
		for k := range got {
			return k
		}
	}
	if len(got) == 0 {
		return block
	}
	return block + " (" + describeInventory(got) + ")"
}

// noDropHint says why a block gives nothing.
func noDropHint(b *blockInfo) string {
	switch {
	case strings.HasSuffix(b.name, "_leaves"):
		return "leaves drop nothing without shears, only now and then a sapling"
	case b.tier > 0:
		return "it needs " + pickaxeTierName(b.tier)
	}
	return b.name + " drops nothing when broken"
}
