package rules

import (
	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// After the iron pickaxe the day goes on, as a player's would: of a
// morning a trip down for diamonds and a diamond pickaxe, iron armour piece
// by piece, a bed, food laid by, torches, and last stocks of wood, iron and
// coal (priorities.go has the order). Something is always due by day, so no
// day passes idle.

// ironArmour are the pieces of iron armour, the most protective first, with
// the slot each goes on; the ingots each takes are the book's.
var ironArmour = []struct{ item, slot string }{
	{"iron_chestplate", "chest"},
	{"iron_leggings", "legs"},
	{"iron_helmet", "head"},
	{"iron_boots", "feet"},
}

// Numbers of what comes after the iron pickaxe.
const (
	// foodStock is how many meals she keeps in her pack once she has the
	// iron pickaxe; earlyMeals, on her way to it, when an animal is in
	// reach: a night in the shelter without food leaves her starving at
	// dawn, and her health comes back only while she is fed.
	foodStock  = 6
	earlyMeals = 3
	// torchStock is how many torches she keeps.
	torchStock = 16
	// oreTrip is the most ore one find_block goes for: a short trip, so a
	// nightfall or hunger is heard soon.
	oreTrip = 8
)

// armour makes and puts on the first piece of iron armour she lacks: ore
// mined, smelted in her furnace, crafted, then worn.
func (r *routineBuilder) armour() {
	if r.v.State == nil || !has(r.inv, "iron_pickaxe", "diamond_pickaxe", "netherite_pickaxe") {
		return
	}
	a := r.v.State.Armor
	worn := map[string]*string{"head": a.Head, "chest": a.Chest, "legs": a.Legs, "feet": a.Feet}
	for _, p := range ironArmour {
		if worn[p.slot] != nil {
			continue
		}
		if r.inv[p.item] > 0 {
			r.add(goalArmour, "equip_item", map[string]any{"item": p.item, "slot": p.slot})
			return
		}
		if r.ingots(goalArmour, r.book.Takes(p.item, "iron_ingot")) {
			r.add(goalArmour, "craft_item", map[string]any{"item": p.item, "count": 1})
		}
		return
	}
}

// ingots makes sure she has n iron ingots: ore mined a trip at a time, and
// smelted in a furnace she carries. It reports whether she has them: what
// is made of them waits till then, and a smelt waits for ore, so that no
// step is sent for what a step before it failed to bring (iron ore out of
// reach: a smelt of nothing, a craft without ingots).
func (r *routineBuilder) ingots(g goal, n int) bool {
	ingots, raw := r.inv["iron_ingot"], r.inv["raw_iron"]
	if ingots >= n {
		return true
	}
	if lack := n - ingots - raw; lack > 0 {
		r.add(g, "find_block", map[string]any{"block": "iron_ore", "count": min(lack, oreTrip)})
	}
	if raw == 0 {
		return false
	}
	if r.inv["furnace"] == 0 {
		r.furnace(g)
	}
	if r.inv["coal"]+r.inv["charcoal"] == 0 {
		r.add(g, "find_block", map[string]any{"block": "coal_ore", "count": 2})
	}
	r.add(g, "smelt_item", map[string]any{"item": "raw_iron", "count": min(10, raw, n-ingots)})
	return false
}

// laidBy hunts an animal in reach while she carries fewer than stock
// meals.
func (r *routineBuilder) laidBy(stock int) {
	if r.meals() >= stock {
		return
	}
	if prey := r.preyInSight(); prey != "" {
		r.add(goalFood, "attack_entity", map[string]any{"entity": prey})
	}
}

// meals counts the meals she carries.
func (r *routineBuilder) meals() int {
	n := 0
	for _, f := range foods {
		n += r.inv[f]
	}
	return n
}

// The trip for diamonds. She goes down a shaft (mine_down, which stops
// short of lava, water and a deep drop) to diamondY in the morning, with
// the meals and torches for a day below, before her iron armour (two game
// days are not enough for both); she lights the mine as she works it,
// goes for diamond ore from there, and climbs back up in time for her
// shelter: up her own shaft on a pillar of what she dug out of it, or,
// without the blocks or the shaft, by a staircase (go_to_surface), which
// takes long enough from deep to start earlier the deeper she is
// (climbTime).
const (
	// diamondY is the level she mines at: the practice world lays its
	// diamonds between y -60 and -40, and in the game lava floods the caves
	// below -54.
	diamondY = -50
	// atDepth is how far above diamondY she counts as down there: the
	// ore she follows up to the top of its band, and a shaft that stopped
	// short on a ledge, are still in reach of the ore.
	atDepth = 10
	// shaftStep is the most one mine_down digs: a trip a step at a time,
	// so hunger or a monster is heard between them.
	shaftStep = 32
	// maxPillar is the most one pillar_up climbs.
	maxPillar = 64
	// tripMeals and tripTorches are what she takes down.
	tripMeals   = 2
	tripTorches = 8
	// digTicks is about what a block of the shaft takes her to dig and
	// drop through; stairTicks a step of the staircase up, beyond the
	// first stairFree that climbAt leaves time for; mineTicks the least
	// time at the bottom worth the trip.
	digTicks   = 20
	stairTicks = 55
	stairFree  = 32
	mineTicks  = 1500
	// pillarTicks is about what a block of a pillar up her shaft takes,
	// walkTicks a block of the walk back to its foot, and climbMargin what
	// she leaves to spare before the dusk.
	pillarTicks = 16
	walkTicks   = 10
	climbMargin = 300
	// branchLength is how far she tunnels on to new ground when no diamond
	// ore is left within reach of her.
	branchLength = 24
)

// climbTime is the time of day from which she leaves a mine for the open
// sky: climbAt when she can pillar up her shaft, else earlier by the steps
// of the staircase up from where she is.
func (m *Model) climbTime(v agent.Snapshot) int64 {
	if v.State == nil {
		return climbAt
	}
	feet := v.State.Player.Position.Block()
	if s := m.shaftHere(v); s != nil && buildingBlocks(v.Inventory) >= s.top.Y-feet.Y {
		return pillarTime(s.top.Y-s.foot.Y, feet.Dist(s.foot))
	}
	return climbTimeFrom(m.ground(v) - float64(v.State.Player.Position.Block().Y))
}

// mineShaft is the shaft she dug down for diamonds: where it opens under
// the sky, and the lowest she has stood in it.
type mineShaft struct {
	top, foot game.Pos
	dimension string
}

// shaftHere is her shaft, when she is in its dimension; nil for none.
func (m *Model) shaftHere(v agent.Snapshot) *mineShaft {
	if m.shaft == nil || m.shaft.dimension != dimension(v) {
		return nil
	}
	return m.shaft
}

// noteShaft follows her shaft, once a decision: its foot is the lowest she
// stands in it; once she has been down it and is out under the sky again,
// it is done with.
func (m *Model) noteShaft(v agent.Snapshot) {
	s := m.shaftHere(v)
	if s == nil || v.State == nil {
		return
	}
	feet := v.State.Player.Position.Block()
	switch {
	case feet.X == s.top.X && feet.Z == s.top.Z && feet.Y < s.foot.Y:
		s.foot = feet
	case !m.underground(v) && s.foot.Y < s.top.Y-underDepth:
		m.shaft = nil
	}
}

// climb takes her up out of a mine: back to the foot of her shaft and up
// it on a pillar, a trip of at most 64 blocks at a time; else, or when
// that fails, by a staircase.
func (m *Model) climb(r *routineBuilder) {
	if s := m.shaftHere(r.v); s != nil && s.foot.Y < s.top.Y {
		feet := r.v.State.Player.Position.Block()
		if feet.X != s.top.X || feet.Z != s.top.Z {
			r.add(goalDusk, "move_to", map[string]any{
				"x": float64(s.foot.X) + 0.5, "y": float64(s.foot.Y), "z": float64(s.foot.Z) + 0.5, "range": 0.5})
		} else if h := s.top.Y - feet.Y; h > 0 && buildingBlocks(r.inv) >= h {
			r.add(goalDusk, "pillar_up", map[string]any{"height": min(h, maxPillar)})
		}
	}
	r.add(goalDusk, "go_to_surface", map[string]any{})
}

// pillarTime is the time of day from which she leaves a mine up her
// shaft: a walk of dist blocks back to its foot and a pillar of height.
func pillarTime(height int, dist float64) int64 {
	return dusk - climbMargin - int64(height*pillarTicks) - int64(dist*walkTicks)
}

func climbTimeFrom(depth float64) int64 {
	return climbAt - int64(max(0, depth-stairFree)*stairTicks)
}

// ground is the height of the ground she knows, her own when she knows
// none yet.
func (m *Model) ground(v agent.Snapshot) float64 {
	if m.haveGround || v.State == nil {
		return m.groundY
	}
	return v.State.Player.Position.Y
}

// diamondsDue: the iron pickaxe made, the diamond one not yet, and fewer
// diamonds than it takes.
func diamondsDue(m *Model, r *routineBuilder) bool {
	return ironPickaxe(m, r) && !diamondPickaxe(m, r) && r.inv["diamond"] < r.book.Takes("diamond_pickaxe", "diamond")
}

// diveDue: the diamonds due, above diamondY with the meals for the trip and its torches (or the coal for them), and time
// enough to dig down, mine and climb back up before the dusk.
func diveDue(m *Model, r *routineBuilder) bool {
	if r.v.State == nil || !diamondsDue(m, r) || r.deep() || r.meals() < tripMeals ||
		r.inv["torch"] < tripTorches && r.coal() == 0 {
		return false
	}
	t := dayTime(r.v)
	if t >= dawn {
		t -= 24000 // the small hours of the morning
	}
	depth := r.v.State.Player.Position.Block().Y - diamondY
	if s := m.shaftHere(r.v); s != nil && m.underground(r.v) {
		depth += r.v.State.Player.Position.Block().Y - s.top.Y // the pillar climbs it all
	}
	// Up her shaft on a pillar of what she dug, from a branch away.
	return t+int64(depth*digTicks)+mineTicks < pillarTime(depth, branchLength)
}

// deep reports whether she is down at diamondY.
func (r *routineBuilder) deep() bool {
	return r.v.State != nil && r.v.State.Player.Position.Block().Y <= diamondY+atDepth
}

// mining: down at diamondY with the diamonds due, before her climb.
func mining(m *Model, r *routineBuilder) bool {
	return r.deep() && diamondsDue(m, r) && dayTime(r.v) < m.climbTime(r.v)
}

// dive digs the shaft down a step, the trip's torches made first. Out of
// her shaft it is a new one, which opens where she stands: under the sky,
// or in a mine of another trip's, from where she climbs on once up it.
func (m *Model) dive(r *routineBuilder) {
	if r.inv["torch"] < tripTorches {
		r.torchesFor(tripTorches)
	}
	feet := r.v.State.Player.Position.Block()
	if s := m.shaftHere(r.v); s == nil || feet.X != s.top.X || feet.Z != s.top.Z || !m.underground(r.v) {
		m.shaft = &mineShaft{top: feet, foot: feet, dimension: dimension(r.v)}
	}
	y := r.v.State.Player.Position.Block().Y
	r.add(goalDiamonds, "mine_down", map[string]any{"depth": min(shaftStep, y-diamondY)})
}

// diamonds goes for the diamonds a diamond pickaxe takes.
func (r *routineBuilder) diamonds() {
	n, d := r.book.Takes("diamond_pickaxe", "diamond"), r.inv["diamond"]
	r.add(goalDiamonds, "find_block", map[string]any{"block": "diamond_ore", "count": n - d})
}

// torchSpot is where a torch lights her mine: on the floor beside her, out
// of her way; ok is false when her close view shows a torch already, or
// no floor beside her.
func (r *routineBuilder) torchSpot() (anchor game.Pos, ok bool) {
	if r.inv["torch"] == 0 || r.v.State.Census["torch"]+r.v.State.Census["wall_torch"] > 0 {
		return game.Pos{}, false
	}
	s := solidsOf(r.v)
	if s == nil {
		return game.Pos{}, false
	}
	feet := r.v.State.Player.Position.Block()
	for _, d := range horizontal {
		if c := feet.Add(d); !s[c] && !s[c.Add(up1)] && s[c.Add(game.Pos{Y: -1})] {
			return c.Add(game.Pos{Y: -1}), true
		}
	}
	return game.Pos{}, false
}

// lightMine sets a torch down beside her: no monster rises where its light
// reaches.
func (r *routineBuilder) lightMine() {
	if at, ok := r.torchSpot(); ok {
		r.add(goalMineLight, "place_block", map[string]any{"block": "torch", "x": at.X, "y": at.Y, "z": at.Z, "face": "top"})
	}
}

// branch tunnels on along her level to new ground when the diamond ore in
// reach of her is mined out (the find for it held back): a branch of her
// mine, east first, another way when one is held back in its turn.
func (r *routineBuilder) branch() {
	feet := r.v.State.Player.Position.Block()
	for _, d := range horizontal {
		to := feet.Add(game.Pos{X: d.X * branchLength, Z: d.Z * branchLength})
		r.add(goalDiamonds, "move_to", map[string]any{"x": float64(to.X) + 0.5, "y": float64(to.Y), "z": float64(to.Z) + 0.5, "range": 1.0})
	}
}

// diamondPickaxe makes the diamond pickaxe, with the sticks it takes.
func (r *routineBuilder) diamondPickaxe() {
	r.sticksFor(r.book.Takes("diamond_pickaxe", "stick"))
	r.add(goalDiamondPickaxe, "craft_item", map[string]any{"item": "diamond_pickaxe", "count": 1})
}

// stocks are the last steps of a day: wood, iron and coal laid by, a trip
// at a time, so there is always something worth doing.
func (r *routineBuilder) stocks() {
	if r.logs < 64 {
		r.add(goalStock, "find_block", map[string]any{"block": "log", "count": 8})
	}
	if r.inv["coal"] < 32 {
		r.add(goalStock, "find_block", map[string]any{"block": "coal_ore", "count": 4})
	}
	if r.inv["raw_iron"]+r.inv["iron_ingot"] < 32 {
		r.add(goalStock, "find_block", map[string]any{"block": "iron_ore", "count": 4})
	}
}
