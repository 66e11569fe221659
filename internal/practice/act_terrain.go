package practice

import (
	"fmt"
	"math"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// scaffoldPreference is the order in which she spends blocks on pillars
// and bridges: the cheapest first.
var scaffoldPreference = []string{"dirt", "cobblestone", "cobbled_deepslate", "netherrack", "stone", "andesite",
	"diorite", "granite", "deepslate", "sandstone"}

// scaffold picks a block she carries to stand on: the one asked for,
// else the cheapest, else any solid block that does not fall and is not one
// a build must never break. keep holds blocks she must not spend.
func (inv *inventory) scaffold(blocks *blockTable, want string, keep game.Inventory) string {
	have := inv.totals()
	spare := func(item string) bool { return have[item]-keep[item] > 0 }
	if want != "" {
		if spare(want) {
			return want
		}
		return ""
	}
	for _, item := range scaffoldPreference {
		if spare(item) {
			return item
		}
	}
	for _, item := range sortedNames(have) {
		if !spare(item) || !placeable(item) {
			continue
		}
		id, known := blocks.lookup(item)
		b := guessBlock(item)
		if known {
			b = *blocks.info(id)
		}
		if b.solid && !b.gravity && !b.protected && !b.container && !b.door && !b.tall && !strings.HasSuffix(item, "_leaves") {
			return item
		}
	}
	return ""
}

func prepPillarUp(w *World, p *params) (runFunc, error) {
	h := p.reqInt("height", 1, 64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return pillarUp(a, h, "", nil) }, nil
}

// pillarUp jumps and places a block under herself height times.
func pillarUp(a *act, height int, block string, keep game.Inventory) outcome {
	w := a.w
	used := game.Inventory{}
	for i := 0; i < height; i++ {
		feet := w.bea.feet()
		if !w.grid.standable(feet.Add(down1)) && !w.grid.info(feet).liquid {
			return fail(protocol.Failure, "you are not standing on anything to pillar up from at %s", feet)
		}
		if !w.grid.passable(feet.Add(up2)) {
			return pillarEnd(i, height, used, fmt.Sprintf("%s above your head is in the way", w.grid.name(feet.Add(up2))), false)
		}
		item := w.bea.inv.scaffold(w.blocks, block, keep)
		if item == "" {
			return pillarEnd(i, height, used, "you ran out of blocks to stand on", false)
		}
		w.bea.inv.holdItem(item)
		a.doing = fmt.Sprintf("pillaring up (%d/%d)", i, height)
		if !a.wait(6) {
			return errStopped.outcome()
		}
		w.bea.placeAt(feet.Add(up1))
		w.grid.set(feet, w.blocks.id(item))
		w.bea.inv.remove(item, 1)
		used[item]++
		w.bea.exert(0.05)
	}
	return pillarEnd(height, height, used, "", true)
}

func pillarEnd(done, want int, used game.Inventory, why string, ok bool) outcome {
	if ok {
		return succeed("pillared up %d blocks with %s", done, describeInventory(used))
	}
	if done == 0 {
		return fail(protocol.Failure, "you could not pillar up: %s", why)
	}
	return fail(protocol.Failure, "pillared up %d of %d blocks with %s, then stopped: %s", done, want, describeInventory(used), why)
}

func prepMineDown(w *World, p *params) (runFunc, error) {
	depth := p.reqInt("depth", 1, 128)
	dir := p.optString("direction", "", directions)
	if p.err != nil {
		return nil, p.err
	}
	if dir != "" {
		f, _ := game.ParseFace(dir)
		return func(a *act) outcome { return digStairs(a, depth, f) }, nil
	}
	return func(a *act) outcome { return mineDown(a, depth) }, nil
}

// mineDown digs straight down through the block under her, depth times. It
// stops before lava, fire or water next to the hole and before a drop
// deeper than three blocks.
func mineDown(a *act, depth int) outcome {
	w := a.w
	g := w.grid
	start := w.bea.feet()
	for i := 0; i < depth; i++ {
		feet := w.bea.feet()
		below := feet.Add(down1)
		if why := w.land.hazardBelow(below); why != "" {
			return mineDownEnd(i, depth, start, w.bea.feet(), why)
		}
		if b := g.info(below); b.hardness < 0 {
			return mineDownEnd(i, depth, start, feet, fmt.Sprintf("%s below you cannot be broken", b.name))
		}
		if g.info(below).protected {
			return mineDownEnd(i, depth, start, feet, fmt.Sprintf("%s below you is a block you never break", g.name(below)))
		}
		a.doing = fmt.Sprintf("digging down (%d/%d)", i, depth)
		if _, err := a.breakBlock(below); err != nil {
			if err == errStopped {
				return err.outcome()
			}
			return mineDownEnd(i, depth, start, feet, err.message)
		}
		// She drops into the hole, onto whatever is under it.
		land := below
		for g.passable(land.Add(down1)) && !g.info(land.Add(down1)).liquid && land.Y > minY {
			land = land.Add(down1)
		}
		if !a.wait(4) {
			return errStopped.outcome()
		}
		w.bea.placeAt(land)
	}
	return succeed("dug down %d blocks from y=%d to y=%d", depth, start.Y, w.bea.feet().Y)
}

// hazardBelow says what makes breaking below unsafe, or "".
func (t *terrain) hazardBelow(below game.Pos) string {
	g := t.grid
	danger := func(p game.Pos) string {
		switch n := g.name(p); n {
		case "lava", "water", "fire":
			return n
		}
		return ""
	}
	if d := danger(below); d != "" {
		return d + " right below you"
	}
	for _, f := range []game.Face{game.FaceNorth, game.FaceSouth, game.FaceEast, game.FaceWest, game.FaceBottom} {
		o, _ := f.Offset()
		if d := danger(below.Add(o)); d != "" {
			return fmt.Sprintf("%s next to the block below you, at %s", d, below.Add(o))
		}
	}
	drop := 0
	for p := below.Add(down1); g.passable(p) && p.Y > minY; p = p.Add(down1) {
		if d := danger(p); d != "" {
			return fmt.Sprintf("%s %d blocks down", d, drop+2)
		}
		drop++
		if drop > 3 {
			return fmt.Sprintf("a drop deeper than 3 blocks under %s", below)
		}
	}
	return ""
}

func mineDownEnd(done, want int, start, at game.Pos, why string) outcome {
	if done == 0 {
		return fail(protocol.Failure, "you did not dig down: %s", why)
	}
	return fail(protocol.Failure, "dug down %d of %d blocks (from y=%d to y=%d), then stopped: %s", done, want, start.Y, at.Y, why)
}

// directions are the four compass directions bridge takes.
var directions = []string{"north", "south", "east", "west"}

func prepBridge(w *World, p *params) (runFunc, error) {
	dir := p.reqString("direction", directions)
	dist := p.reqInt("distance", 1, 64)
	block := p.itemName("block", false)
	if p.err != nil {
		return nil, p.err
	}
	if block != "" && !placeable(block) {
		return nil, fmt.Errorf("block %q is an item, not a block to bridge with; leave block out to use what you carry", block)
	}
	f, _ := game.ParseFace(dir)
	return func(a *act) outcome { return bridge(a, f, dist, block) }, nil
}

// bridge walks in a straight line, sneaking to each edge and placing a
// block under the next step wherever the ground is missing.
func bridge(a *act, dir game.Face, dist int, block string) outcome {
	w := a.w
	g := w.grid
	d, _ := dir.Offset()
	used := game.Inventory{}
	end := func(done int, why string) outcome {
		what := "without placing a block"
		if len(used) > 0 {
			what = "placing " + describeInventory(used)
		}
		if why == "" {
			return succeed("bridged %d blocks %s, %s; you stand at %s", done, dir, what, w.bea.feet())
		}
		if done == 0 {
			return fail(protocol.Failure, "you could not bridge %s: %s", dir, why)
		}
		return fail(protocol.Failure, "bridged %d of %d blocks %s, %s, then stopped: %s", done, dist, dir, what, why)
	}
	for i := 0; i < dist; i++ {
		feet := w.bea.feet()
		next := feet.Add(d)
		if !g.passable(next) || !g.passable(next.Add(up1)) {
			blocker := next
			if g.passable(next) {
				blocker = next.Add(up1)
			}
			return end(i, fmt.Sprintf("%s at %s is in the way", g.name(blocker), blocker))
		}
		floor := next.Add(down1)
		if !g.standable(floor) {
			item := w.bea.inv.scaffold(w.blocks, block, nil)
			if item == "" {
				if block != "" {
					return end(i, "you have no "+block+" left")
				}
				return end(i, "you ran out of blocks")
			}
			if !w.land.replaceable(floor) {
				return end(i, fmt.Sprintf("%s at %s cannot carry you", g.name(floor), floor))
			}
			w.bea.inv.holdItem(item)
			a.face(floor.Center())
			a.doing = fmt.Sprintf("bridging %s (%d/%d)", dir, i, dist)
			if !a.wait(8) {
				return errStopped.outcome()
			}
			g.set(floor, w.blocks.id(item))
			w.bea.inv.remove(item, 1)
			used[item]++
		}
		if !a.wait(ticksFlat + 3) {
			return errStopped.outcome()
		}
		w.bea.placeAt(next)
	}
	return end(dist, "")
}

func prepGoToSurface(w *World, p *params) (runFunc, error) {
	return func(a *act) outcome { return goToSurface(a) }, nil
}

// goToSurface walks out to open ground when there is a way, else digs a
// staircase up, one step forward and one up, in a direction with no lava
// or water behind what it opens. It is done where she can walk away on open
// ground (openGround): the bottom of a shaft under open sky is not the
// surface.
func goToSurface(a *act) outcome {
	w := a.w
	start := w.bea.feet()
	if w.openGround(start) {
		return succeed("you are already on open ground under the sky at %s", start)
	}
	return a.climbOut(start)
}

// climbOut takes her from below the surface to open ground: on foot when a
// way is open, else by a staircase she digs from the nearest spot she can
// start one. start is where the action began, for the answer.
func (a *act) climbOut(start game.Pos) outcome {
	w := a.w
	res := w.findPath(pathQuery{start: w.bea.feet(), goal: w.openGround, maxNodes: walkNodes})
	if res.found {
		a.logf("walking out to open ground (%d steps)", len(res.steps))
		a.doing = "walking out to the surface"
		if err := a.follow(res.steps); err == nil && w.openGround(w.bea.feet()) {
			return succeed("you walked out to open sky at %s", w.bea.feet())
		} else if err == errStopped {
			return err.outcome()
		}
	}
	if _, ok := w.land.safeStairDirection(w.bea.feet()); !ok {
		// In the middle of a pit's floor nothing is beside her to cut
		// steps into: she walks to the foot of a wall first.
		stair := func(p game.Pos) bool { _, ok := w.land.safeStairDirection(p); return ok }
		if res := w.findPath(pathQuery{start: w.bea.feet(), goal: stair, maxNodes: walkNodes}); res.found {
			a.doing = "walking to a wall to dig steps into"
			if err := a.follow(res.steps); err == errStopped {
				return err.outcome()
			}
		}
	}
	a.logf("no way out on foot; digging a staircase up")
	return a.digStaircase(start)
}

// digStaircase digs up to 160 steps, one forward and one up each, until she
// stands on open ground.
func (a *act) digStaircase(start game.Pos) outcome {
	w := a.w
	g := w.grid
	for steps := 0; steps < 160; steps++ {
		feet := w.bea.feet()
		if w.openGround(feet) {
			return succeed("you dug a staircase up to open ground at %s (from y=%d)", feet, start.Y)
		}
		dir, ok := w.land.safeStairDirection(feet)
		if !ok {
			return fail(protocol.Failure, "you found no safe way up from %s: every direction opens onto lava, water or blocks you never break", feet)
		}
		next := feet.Add(dir).Add(up1)
		for _, c := range []game.Pos{feet.Add(up2), next, next.Add(up1)} {
			if g.passable(c) {
				continue
			}
			a.doing = "digging a staircase up"
			if _, err := a.breakBlock(c); err != nil {
				if err == errStopped {
					return err.outcome()
				}
				return fail(protocol.Failure, "the staircase stopped at %s: %s", feet, err.message)
			}
		}
		if !a.wait(ticksUp) {
			return errStopped.outcome()
		}
		w.bea.placeAt(next)
	}
	return fail(protocol.Failure, "you dug 160 steps up and are still not on open ground at %s", w.bea.feet())
}

// openGround reports whether she stands on the surface: the ground ahead
// is level under the sky (grid.levelAhead) and a walk that breaks nothing
// leads at least six blocks from feet, or she is perched on top of a
// column with nothing higher round her (grid.perched). The bottom of a
// shaft, a pit's floor and a ledge inside a pit all fail it.
func (w *World) openGround(feet game.Pos) bool {
	if w.grid.perched(feet) {
		return true
	}
	if !w.grid.levelAhead(feet) {
		return false
	}
	away := func(p game.Pos) bool { return math.Hypot(float64(p.X-feet.X), float64(p.Z-feet.Z)) >= 6 }
	return w.findPath(pathQuery{start: feet, goal: away, maxNodes: 400}).found
}

// safeStairDirection is a direction in which one step forward and up opens
// no liquid, breaks nothing protected and lands on something solid.
func (t *terrain) safeStairDirection(feet game.Pos) (game.Pos, bool) {
	g := t.grid
	for _, d := range horizontal[:4] {
		dir := game.Pos{X: d[0], Z: d[1]}
		next := feet.Add(dir).Add(up1)
		if !g.standable(feet.Add(dir)) && !g.passable(feet.Add(dir)) {
			continue
		}
		if !g.standable(feet.Add(dir)) {
			continue
		}
		ok := true
		for _, c := range []game.Pos{feet.Add(up2), next, next.Add(up1)} {
			b := g.info(c)
			if b.liquid || b.protected || b.hardness < 0 && !g.passable(c) {
				ok = false
				break
			}
			for _, f := range game.Faces {
				o, _ := f.Offset()
				if g.info(c.Add(o)).liquid {
					ok = false
				}
			}
		}
		if ok {
			return dir, true
		}
	}
	return game.Pos{}, false
}

func prepMoveAway(w *World, p *params) (runFunc, error) {
	dist := p.reqFloat("distance", 1, 64)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return moveAway(a, dist) }, nil
}

// moveAway puts distance blocks between her and where she stands, trying
// up to three directions: away from the nearest monster, else behind her,
// then to either side. From a pit or a shaft, where no direction leads
// away on foot, she climbs or digs out first; when every direction fails
// below the surface, she climbs out and tries them again.
func moveAway(a *act, dist float64) outcome {
	w := a.w
	start := w.bea.pos
	climbed := false
	climb := func() (outcome, bool) {
		climbed = true
		o := a.climbOut(w.bea.feet())
		if o.result == protocol.Interrupted {
			return o, false
		}
		if !o.result.OK() {
			return fail(o.result, "you could not get out of where you stand to move away: %s", o.message), false
		}
		a.logf("%s", o.message)
		return o, true
	}
	if feet := w.bea.feet(); !w.openGround(feet) && w.grid.skyOpen(feet.Add(up1)) {
		a.logf("no way leads away on foot from the bottom of a pit; climbing out first")
		if o, ok := climb(); !ok {
			return o
		}
	}
	o, ok := a.awayFrom(start, dist)
	if ok || o.result == protocol.Interrupted || climbed || w.openGround(w.bea.feet()) {
		return o
	}
	a.logf("%s; climbing out to open ground and trying again", o.message)
	if o, ok := climb(); !ok {
		return o
	}
	o, _ = a.awayFrom(start, dist)
	return o
}

// awayFrom walks to a spot dist blocks from start in up to three
// directions and reports whether she got there.
func (a *act) awayFrom(start game.Vec3, dist float64) (outcome, bool) {
	w := a.w
	here := w.bea.pos
	var dirs []float64 // yaw-like angles in radians, 0 = south
	if m := w.ents.near(here, 24, func(e *entity) bool { return e.hostile }); len(m) > 0 {
		dirs = append(dirs, math.Atan2(-(here.X-m[0].pos.X), here.Z-m[0].pos.Z))
	}
	back := (w.bea.yaw + 180) * math.Pi / 180
	dirs = append(dirs, back, back+math.Pi/2, back-math.Pi/2)
	var last *walkErr
	for i, ang := range dirs[:3] {
		tx := start.X - math.Sin(ang)*(dist+1.5)
		tz := start.Z + math.Cos(ang)*(dist+1.5)
		tb := game.Vec3{X: tx, Y: start.Y, Z: tz}.Block()
		tb.X = max(w.grid.minX+1, min(tb.X, w.grid.minX+w.grid.sizeX-2))
		tb.Z = max(w.grid.minZ+1, min(tb.Z, w.grid.minZ+w.grid.sizeZ-2))
		tb.Y = w.grid.surface(tb.X, tb.Z) + 1
		if tb.Y > here.Block().Y+12 || tb.Y < here.Block().Y-12 {
			tb.Y = here.Block().Y
		}
		a.doing = fmt.Sprintf("moving away (direction %d of 3)", i+1)
		err := a.goTo(tb, 1, false)
		if err == errStopped {
			return err.outcome(), false
		}
		if d := horizontalDist(w.bea.pos, start); d >= dist-1 {
			return succeed("you moved %.1f blocks away, to %s", d, w.bea.feet()), true
		}
		last = err
	}
	why := "no direction led far enough"
	if last != nil {
		why = last.message
	}
	return fail(protocol.Failure, "you got only %.1f of %.0f blocks away after three directions: %s", horizontalDist(w.bea.pos, start), dist, why), false
}

func horizontalDist(a, b game.Vec3) float64 { return math.Hypot(a.X-b.X, a.Z-b.Z) }
