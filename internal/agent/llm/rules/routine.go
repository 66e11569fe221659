package rules

import (
	"cmp"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// step is one rung of the routine: the goal it serves, the tool and its
// arguments. A shelter step also says where the shelter will stand.
type step struct {
	goal    goal
	tool    string
	args    map[string]any
	shelter *shelter
}

// Numbers of the routine.
const (
	// shelterDirt is what the dirt_shelter template takes (a test holds it
	// to the template file: the routine counts it without a planner).
	shelterDirt = 60
	// shelterRange is how far a shelter may be for her to walk back to it
	// at nightfall rather than build another.
	shelterRange = 48
	// hungryAt is the food level at which she eats, as a player does to
	// keep her health coming back.
	hungryAt = 14
	// hurtAt and fullAt: below hurtAt health and fullAt food she eats what
	// she carries though not hungry: her health comes back only while her
	// food is at fullAt or more, and a fight in a mine is never far.
	hurtAt = 20
	fullAt = 18
	// mendAt and fedUp: below mendAt health she does not set out on the
	// day's work (down a mine, where the monsters are) until her health is
	// back. She eats to fill her food to fedUp, where the game heals her
	// every half second while the meal's saturation lasts, and rests while
	// it comes back; with nothing to eat she hunts an animal in reach.
	mendAt = 16
	fedUp  = 20
	// duskPrep is the time of day from which the night comes first: from
	// late afternoon she makes the shelter's kit before anything else.
	duskPrep = 11000
	// dusk is when she goes into her shelter, or puts it up: the monsters
	// come at 13000, and a shelter takes a while to build.
	dusk = 11500
	// dawn is when she comes out: the night ends at 23000, and the
	// zombies still about take a while to burn in the sun.
	dawn = 23400
	// huntRange is how far an animal may be for her to go after it when she
	// is hungry with nothing to eat, or a sheep when she needs wool.
	huntRange = 24
)

// foods are what she eats, best first: her own order of preference, with
// raw chicken, rotten flesh and the like left out. What is food and what it
// feeds is game.FoodOf's; a test holds this list to it.
var foods = []string{"cooked_beef", "cooked_porkchop", "cooked_mutton", "golden_carrot", "baked_potato", "bread",
	"cooked_chicken", "cooked_salmon", "cooked_cod", "apple", "carrot", "beef", "porkchop", "mutton", "sweet_berries"}

// stoneTool is a stone tool of a kind; one of the kind as good or better
// (game.BestTier) makes it unnecessary, and what it takes is the book's.
type stoneTool struct {
	goal goal
	item string
	kind string
}

var stoneTools = []stoneTool{
	{goalStonePickaxe, "stone_pickaxe", "pickaxe"},
	{goalStoneSword, "stone_sword", "sword"},
	{goalStoneAxe, "stone_axe", "axe"},
	{goalStoneShovel, "stone_shovel", "shovel"},
}

// routine lists the steps due now, in the order of her priority list
// (priorities.go): the steps of every rung that applies, down to the first
// that, applying, leaves nothing below it due. The first of them that may
// be sent is taken.
func (m *Model) routine(v agent.Snapshot) []step {
	inv := v.Inventory()
	r := &routineBuilder{book: m.book, inv: inv, v: v, logs: family(inv, "_log"), planks: family(inv, "_planks")}
	for _, g := range priorities() {
		if g.when != nil && !g.when(m, r) {
			continue
		}
		if g.next != nil {
			g.next(m, r)
		}
		if g.alone {
			break
		}
	}
	return r.out
}

// routineBuilder collects the steps of one decision.
type routineBuilder struct {
	book   Recipes
	inv    game.Inventory
	v      agent.Snapshot
	out    []step
	logs   int
	planks int
}

func (r *routineBuilder) add(g goal, tool string, args map[string]any) {
	r.out = append(r.out, step{goal: g, tool: tool, args: args})
}

// planksFor makes sure she has need planks: from the logs she carries, or
// by gathering logs first.
func (r *routineBuilder) planksFor(g goal, need int) {
	switch {
	case r.planks >= need:
	case r.logs > 0:
		// Planks of one wood, from that wood's logs alone.
		wood := logWood(r.inv)
		r.add(g, "craft_item", map[string]any{"item": wood + "_planks", "count": r.book.Makes(wood+"_planks") * min(r.inv[wood+"_log"], 4)})
	default:
		r.add(g, "find_block", map[string]any{"block": "log", "count": 4})
	}
}

// table makes sure she carries a crafting table, for the crafts that do
// not fit her inventory's grid.
func (r *routineBuilder) table(g goal) {
	if r.inv["crafting_table"] == 0 {
		r.planksFor(g, r.book.Takes("crafting_table", "oak_planks"))
		r.add(g, "craft_item", map[string]any{"item": "crafting_table", "count": 1})
	}
}

// sticksFor makes sure she has need sticks, a craft's worth at a time.
func (r *routineBuilder) sticksFor(need int) {
	if r.inv["stick"] >= need {
		return
	}
	per := max(1, r.book.Makes("stick"))
	crafts := (need - r.inv["stick"] + per - 1) / per
	n := crafts * per
	r.planksFor(goalSticks, crafts*r.book.Takes("stick", "oak_planks"))
	r.add(goalSticks, "craft_item", map[string]any{"item": "stick", "count": n})
}

// hunt goes after an animal in reach, if one is.
func (r *routineBuilder) hunt(g goal) {
	if prey := r.preyInSight(); prey != "" {
		r.add(g, "attack_entity", map[string]any{"entity": prey})
	}
}

// preyInSight is the nearest animal in reach that drops meat, "" for none.
func (r *routineBuilder) preyInSight() string {
	return inSight(r.v, func(kind string) bool { return game.MeatOf(kind) != "" })
}

// meal is the best food she carries, "" for none.
func (r *routineBuilder) meal() string {
	for _, f := range foods {
		if r.inv[f] > 0 {
			return f
		}
	}
	return ""
}

// woodenPickaxe makes her first pickaxe, with the sticks and planks it
// takes.
func (r *routineBuilder) woodenPickaxe() {
	r.sticksFor(r.book.Takes("wooden_pickaxe", "stick"))
	r.planksFor(goalPickaxe, r.book.Takes("wooden_pickaxe", "oak_planks"))
	r.add(goalPickaxe, "craft_item", map[string]any{"item": "wooden_pickaxe", "count": 1})
}

// lacks reports whether she lacks a tool of the set, and every tool that
// makes it unnecessary.
func (r *routineBuilder) lacks(set []stoneTool) bool {
	for _, t := range set {
		if r.inv.BestTier(t.kind) < game.TierStone {
			return true
		}
	}
	return false
}

// stone gathers the cobblestone the missing tools of a set take, all at
// once, then makes them one by one.
func (r *routineBuilder) stone(set []stoneTool) {
	var missing []stoneTool
	cobble, sticks := 0, 0
	for _, t := range set {
		if r.inv.BestTier(t.kind) >= game.TierStone {
			continue
		}
		missing = append(missing, t)
		cobble += r.book.Takes(t.item, "cobblestone")
		sticks += r.book.Takes(t.item, "stick")
	}
	if len(missing) == 0 {
		return
	}
	if r.inv["cobblestone"] < r.book.Takes(missing[0].item, "cobblestone") {
		r.add(goalStone, "find_block", map[string]any{"block": "stone", "count": cobble - r.inv["cobblestone"]})
	}
	r.sticksFor(r.book.Takes(missing[0].item, "stick"))
	r.add(missing[0].goal, "craft_item", map[string]any{"item": missing[0].item, "count": 1})
}

// coal is the coal and charcoal she carries, for the furnace and torches.
func (r *routineBuilder) coal() int { return r.inv["coal"] + r.inv["charcoal"] }

// torchesFor makes n torches, with the sticks they take: the one place a
// torch is made, for the day, the shelter and after the iron pickaxe.
func (r *routineBuilder) torchesFor(n int) {
	per := max(1, r.book.Makes("torch"))
	r.sticksFor((n + per - 1) / per * r.book.Takes("torch", "stick"))
	r.add(goalTorches, "craft_item", map[string]any{"item": "torch", "count": n})
}

// iron mines iron ore, smelts it in a furnace of her own and makes an iron
// pickaxe.
func (r *routineBuilder) iron() {
	if r.inv.BestTier("pickaxe") >= game.TierIron {
		return
	}
	n := r.book.Takes("iron_pickaxe", "iron_ingot")
	if r.inv["raw_iron"]+r.inv["iron_ingot"] < n {
		r.add(goalIron, "find_block", map[string]any{"block": "iron_ore", "count": n - r.inv["raw_iron"] - r.inv["iron_ingot"]})
	}
	if r.inv["iron_ingot"] < n {
		if r.inv["furnace"] == 0 {
			r.furnace(goalFurnace)
		}
		r.add(goalSmelt, "smelt_item", map[string]any{"item": "raw_iron", "count": min(n, max(1, r.inv["raw_iron"]))})
	}
	r.sticksFor(r.book.Takes("iron_pickaxe", "stick"))
	r.add(goalIronPickaxe, "craft_item", map[string]any{"item": "iron_pickaxe", "count": 1})
}

// furnace makes a furnace, with the stone it takes.
func (r *routineBuilder) furnace(g goal) {
	if n := r.book.Takes("furnace", "cobblestone"); r.inv["cobblestone"] < n {
		r.add(g, "find_block", map[string]any{"block": "stone", "count": n - r.inv["cobblestone"]})
	}
	r.add(g, "craft_item", map[string]any{"item": "furnace", "count": 1})
}

// dayTime is the time of day, 0 to 23999.
func dayTime(v agent.Snapshot) int64 {
	if v.Body == nil {
		return 0
	}
	return game.TimeOfDay(v.Body.Time)
}

// night reports whether monsters are about: dark, and the day's clock past
// dusk.
func night(v agent.Snapshot) bool {
	if v.Body == nil {
		return false
	}
	return v.Body.Dark && game.NightTime(v.Body.Time)
}

func dimension(v agent.Snapshot) string {
	return cmp.Or(v.World.Dimension, "overworld")
}

// logWood is the wood she has most logs of, oak when she has none: her
// planks are made of it.
func logWood(inv game.Inventory) string {
	best, n := "oak", 0
	for item, c := range inv {
		if w, ok := strings.CutSuffix(item, "_log"); ok && !strings.HasPrefix(w, "stripped_") && (c > n || c == n && w < best) {
			best, n = w, c
		}
	}
	return best
}

func family(inv game.Inventory, suffix string) int {
	n := 0
	for item, c := range inv {
		if strings.HasSuffix(item, suffix) {
			n += c
		}
	}
	return n
}
