package practice

import (
	"fmt"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func prepMineBlock(w *World, p *params) (runFunc, error) {
	at := p.pos(w.grid)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return mineBlock(a, at) }, nil
}

// mineBlock walks into reach of a block, breaks it with the best tool she
// carries and picks up what it drops. A block that needs a better pickaxe
// than she has is refused before she swings.
func mineBlock(a *act, at game.Pos) outcome {
	w := a.w
	b := w.grid.info(at)
	switch {
	case w.grid.at(at) == air:
		return fail(protocol.Failure, "there is nothing to mine at %s: it is air", at)
	case b.liquid:
		return fail(protocol.Failure, "%s at %s is a liquid; it cannot be mined", b.name, at)
	case b.hardness < 0:
		return fail(protocol.Failure, "%s at %s cannot be broken", b.name, at)
	case b.tier > 0 && w.bea.inv.bestTier(toolPickaxe) < b.tier:
		return fail(protocol.Failure, "%s needs %s to drop anything; you have %s", b.name, pickaxeTierName(b.tier), bestPickaxe(w.bea.inv))
	}
	name := b.name
	if err := a.approach(at, true); err != nil {
		if err == errStopped {
			return err.outcome()
		}
		return fail(err.result, "you could not get to where you see %s at %s: %s", name, at, err.message)
	}
	for try := 1; ; try++ {
		item, err := a.breakBlock(at)
		if err != nil && err.result == protocol.FailProtected {
			// The server put it back: a block it puts back three times is
			// protected ground.
			if try >= 3 {
				return fail(protocol.FailProtected, "the server put %s at %s back three times; this ground is protected", name, at)
			}
			a.logf("%s", err.message)
			continue
		}
		if err != nil {
			return err.outcome()
		}
		if item == "" {
			return succeed("mined %s at %s; it dropped nothing", name, at)
		}
		n, werr := a.collect(item, at)
		if werr == errStopped {
			return werr.outcome()
		}
		if n == 0 {
			return succeed("mined %s at %s; its %s lies on the ground (you could not pick it up)", name, at, item)
		}
		return succeed("mined %s at %s and picked up %d %s", name, at, n, item)
	}
}

// bestPickaxe names the best pickaxe she carries, for an answer.
func bestPickaxe(inv *inventory) string {
	if t := inv.bestTool(toolPickaxe); t != "" {
		return "only " + t
	}
	return "no pickaxe"
}

// claimed reports whether p lies in ground the server protects, where a
// broken block is put back at once. The practice world protects a scripted
// player's hut when there is one.
func (t *terrain) claimed(p game.Pos) bool {
	for _, c := range t.claims {
		if p.X >= c.min.X && p.X <= c.max.X && p.Y >= c.min.Y && p.Y <= c.max.Y && p.Z >= c.min.Z && p.Z <= c.max.Z {
			return true
		}
	}
	return false
}

// claim is a box of protected ground.
type claim struct{ min, max game.Pos }

// notPlaceable lists items that are not blocks.
func placeable(item string) bool {
	if isTool(item) || isArmor(item) {
		return false
	}
	if game.IsFood(item) {
		return false
	}
	for _, suffix := range []string{"_ingot", "_nugget", "_ball", "_dye", "_seeds", "_bucket", "_spawn_egg"} {
		if strings.HasSuffix(item, suffix) {
			return false
		}
	}
	switch {
	case strings.HasPrefix(item, "raw_") && !strings.HasSuffix(item, "_block"):
		return false
	}
	switch item {
	case "stick", "coal", "charcoal", "diamond", "emerald", "redstone", "lapis_lazuli", "feather", "leather",
		"string", "bone", "flint", "paper", "book", "arrow", "bow", "bucket", "gunpowder", "wheat", "sugar",
		"egg", "snowball", "ender_pearl", "quartz", "glowstone_dust", "brick", "amethyst_shard":
		return false
	}
	return true
}

// blockForItem is the block an item places.
func blockForItem(item string) string {
	switch item {
	case "wheat_seeds":
		return "wheat"
	}
	return item
}

func prepPlaceBlock(w *World, p *params) (runFunc, error) {
	block := p.itemName("block", true)
	anchor := p.pos(w.grid)
	face := p.reqString("face", []string{"top", "bottom", "north", "south", "east", "west"})
	if p.err != nil {
		return nil, p.err
	}
	f, _ := game.ParseFace(face)
	return func(a *act) outcome { return placeBlock(a, block, anchor, f) }, nil
}

// placeBlock puts a block she carries on a face of an anchor block. The
// answer names the destination cell.
func placeBlock(a *act, item string, anchor game.Pos, face game.Face) outcome {
	w := a.w
	d, _ := face.Offset()
	dest := anchor.Add(d)
	kind, _, _ := strings.Cut(item, "[")
	if w.bea.inv.count(kind) == 0 {
		return fail(protocol.Failure, "you carry no %s to place at %s", kind, dest)
	}
	if !placeable(kind) {
		return fail(protocol.Failure, "%s is an item, not a block; it cannot be placed", kind)
	}
	if !w.grid.inside(dest) {
		return fail(protocol.Failure, "%s is outside the practice world", dest)
	}
	if ab := w.grid.info(anchor); !ab.solid {
		return fail(protocol.Failure, "the anchor %s is %s; a block is placed against a solid block, so pick an anchor next to %s that is solid",
			anchor, ab.name, dest)
	}
	if !w.land.replaceable(dest) {
		return fail(protocol.Failure, "%s already holds %s; mine it first or pick another face", dest, w.grid.name(dest))
	}
	if err := a.reachToPlace(dest); err != nil {
		return err.outcome()
	}
	if w.bea.occupies(dest) {
		return fail(protocol.Failure, "placement_overlaps_agent: %s is where you stand (your feet are in %s); step aside or pick another face",
			dest, w.bea.feet())
	}
	if err := a.put(dest, item); err != nil {
		return err.outcome()
	}
	return succeed("placed %s at %s, on the %s face of %s %s", kind, dest, face, w.grid.name(anchor), anchor)
}

// replaceable reports whether a placed block may go into p.
func (t *terrain) replaceable(p game.Pos) bool {
	b := t.grid.info(p)
	return t.grid.at(p) == air || b.replace || b.liquid || b.name == "fire"
}

// occupies reports whether a block in p would stand where her body is.
func (b *body) occupies(p game.Pos) bool {
	f := b.feet()
	return p == f || p == f.Add(up1)
}

// reachToPlace walks into reach of dest when she is not; she does not step
// out of the way of her own block, so a dest where she stands is refused by
// the overlap check.
func (a *act) reachToPlace(dest game.Pos) *walkErr {
	w := a.w
	if w.bea.reaches(dest) {
		return nil
	}
	a.doing = "walking to " + dest.String()
	err := a.goTo(dest, 3, false)
	if err != nil && !w.bea.reaches(dest) {
		if err == errStopped {
			return err
		}
		return &walkErr{result: err.result, message: fmt.Sprintf("you could not get within reach of %s: %s", dest, err.message)}
	}
	return nil
}

// placeTicks is how long placing one block takes her.
const placeTicks = 10

// put places item (with an optional [state]) into dest: she looks at it and
// clicks. A door takes the cell above too and faces the way she looks.
func (a *act) put(dest game.Pos, item string) *walkErr {
	w := a.w
	kind, state, _ := strings.Cut(item, "[")
	state = strings.TrimSuffix(state, "]")
	if w.bea.inv.count(kind) == 0 {
		return &walkErr{result: protocol.Failure, message: "you have no " + kind + " left"}
	}
	w.bea.inv.holdItem(kind)
	a.face(dest.Center())
	// A look, a click, a moment on the result: about 0.6 s a block, which
	// with the walking between gives the 0.6 to 0.9 s a build cell takes.
	if !a.wait(placeTicks) {
		return errStopped
	}
	if !w.land.replaceable(dest) {
		return &walkErr{result: protocol.Failure, message: fmt.Sprintf("%s filled with %s before you placed there", dest, w.grid.name(dest))}
	}
	if w.land.claimed(dest) {
		return &walkErr{result: protocol.FailProtected, message: fmt.Sprintf("the server took back the block you placed at %s: this ground is protected", dest)}
	}
	if w.bea.occupies(dest) {
		return &walkErr{result: protocol.Failure, message: fmt.Sprintf("placement_overlaps_agent: %s is where you stand", dest)}
	}
	block := blockForItem(kind)
	id := w.blocks.id(block)
	if strings.HasSuffix(block, "_door") {
		top := dest.Add(up1)
		if w.bea.occupies(top) {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("placement_overlaps_agent: the door's upper half %s is where you stand", top)}
		}
		if !w.land.replaceable(top) {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("a door needs two free cells; %s holds %s", top, w.grid.name(top))}
		}
		if state == "" {
			state = "facing=" + string(game.SnapYaw(w.bea.yaw).Forward())
		}
		w.grid.setState(dest, id, mergeState(state, "half=lower"))
		w.grid.setState(top, id, mergeState(state, "half=upper"))
	} else if strings.HasSuffix(block, "_bed") {
		facing := stateValue(state, "facing")
		if facing == "" {
			facing = string(game.SnapYaw(w.bea.yaw).Forward())
			state = mergeState(state, "facing="+facing)
		}
		off, ok := game.Face(facing).Offset()
		head := dest.Add(off)
		if !ok || !w.land.replaceable(head) || w.bea.occupies(head) {
			return &walkErr{result: protocol.Failure, message: fmt.Sprintf("a bed needs two free cells; %s holds %s", head, w.grid.name(head))}
		}
		w.grid.setState(dest, id, mergeState(state, "part=foot"))
		w.grid.setState(head, id, mergeState(state, "part=head"))
	} else {
		w.grid.setState(dest, id, state)
	}
	w.bea.inv.remove(kind, 1)
	w.land.settle(dest)
	return nil
}

// stateValue reads one property of a state string ("facing=north,half=upper").
func stateValue(state, key string) string {
	for _, kv := range strings.Split(state, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// mergeState adds a property to a state string unless it is there already.
func mergeState(state, kv string) string {
	k, _, _ := strings.Cut(kv, "=")
	for _, part := range strings.Split(state, ",") {
		if strings.HasPrefix(part, k+"=") {
			return state
		}
	}
	if state == "" {
		return kv
	}
	return state + "," + kv
}

func prepUseBlock(w *World, p *params) (runFunc, error) {
	at := p.pos(w.grid)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return useBlock(a, at) }, nil
}

// useBlock walks into reach, clicks the block and says what changed. A
// screen it opens is closed again.
func useBlock(a *act, at game.Pos) outcome {
	w := a.w
	b := w.grid.info(at)
	if w.grid.at(at) == air {
		return fail(protocol.Failure, "there is nothing at %s to use: it is air", at)
	}
	if b.name == "nether_portal" {
		return fail(protocol.Failure, "a nether portal is not used by hand; walk into it: move_to %s takes you through", at)
	}
	if err := a.approach(at, false); err != nil {
		if err == errStopped {
			return err.outcome()
		}
		return fail(err.result, "you could not reach %s at %s: %s", b.name, at, err.message)
	}
	a.face(at.Center())
	if !a.wait(4) {
		return errStopped.outcome()
	}
	switch {
	case b.door:
		open := !w.grid.isOpen(at)
		w.grid.setDoor(at, open)
		if open {
			return succeed("you opened the %s at %s", b.name, at)
		}
		return succeed("you shut the %s at %s", b.name, at)
	case b.ironDoor:
		return fail(protocol.Failure, "the %s at %s does not open by hand; it needs redstone", b.name, at)
	case b.container:
		if !a.wait(6) {
			return errStopped.outcome()
		}
		return succeed("you opened the %s at %s and closed it again; %s", b.name, at, w.land.describeContainer(at))
	case b.name == "crafting_table" || b.name == "furnace":
		if !a.wait(6) {
			return errStopped.outcome()
		}
		extra := ""
		if f := w.land.furnaces[at]; b.name == "furnace" && f != nil {
			extra = "; " + f.describe()
		}
		return succeed("you opened the %s at %s and closed it again%s", b.name, at, extra)
	case strings.HasSuffix(b.name, "_bed") && w.bea.dimension != overworld:
		return fail(protocol.Failure, "a bed explodes in %s; you only sleep in the overworld", dimensionName(w.bea.dimension))
	case strings.HasSuffix(b.name, "_bed"):
		if !w.dark() {
			return fail(protocol.Failure, "you can only sleep at night; it is day (time %d)", w.timeOfDay())
		}
		if len(w.ents.near(w.bea.pos, 8, func(e *entity) bool { return e.hostile })) > 0 {
			return fail(protocol.Failure, "you may not rest now; there are monsters nearby")
		}
		w.bea.spawn = w.bea.feet()
		if !a.wait(100) {
			return errStopped.outcome()
		}
		w.timeShift += dayLength - w.timeOfDay() // sleep until the day starts again
		return succeed("you slept in the bed at %s until morning; it is your spawn point now", at)
	}
	return succeed("you used %s at %s; nothing happened", b.name, at)
}
