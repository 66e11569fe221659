package rules

import (
	"slices"

	"beaweb/internal/game"
)

// rung is one goal in her priority list: when it applies to what she sees,
// and the steps she takes for it next. A rung's steps may serve goals of
// their own on the way (sticks for a pickaxe, a table for a chest); what
// she says and how a failure is read are those goals' specs (goals.go).
type rung struct {
	goal goal
	// when reports whether the rung applies; nil: always, its steps being
	// all there is to weigh.
	when func(m *Model, r *routineBuilder) bool
	// next adds its steps to the routine; nil: none, she rests.
	next func(m *Model, r *routineBuilder)
	// alone: when it applies, nothing below it is due.
	alone bool
}

// priorities is her one priority list, most pressing first: the routine
// goes down it and takes the steps of every rung that applies, and the
// first of them that may be sent is her next call (next.go). Nothing else
// decides what she does by day or by night; a person's request comes on
// top of it (errand.go).
func priorities() []rung {
	return slices.Concat(alive(), daysWork(), wayToIron(), nightsAndMines())
}

// alive is the part of the priority list for staying alive: fed, out of a mine when hurt there, away from a pack, mended.
func alive() []rung {
	return []rung{
		// Alive first: fed, out of a mine when hurt there, away from a pack.
		{goal: goalEat, when: eatDue, next: func(_ *Model, r *routineBuilder) {
			r.add(goalEat, "eat_food", map[string]any{"item": r.meal()})
		}},
		{goal: goalShelter, when: nightfall, next: (*Model).night, alone: true},
		{goal: goalHunt, when: huntDue, next: func(_ *Model, r *routineBuilder) { r.hunt(goalHunt) }},
		{goal: goalRetreat, when: retreatDue, next: func(_ *Model, r *routineBuilder) {
			r.add(goalRetreat, "go_to_surface", map[string]any{})
		}},
		// A pack too many for her, or one monster when she is hurt: by day
		// she walks away from it; down a mine, where a walk leads through
		// more of the dark they rise in, she digs in (sealIn) and nothing
		// else is due until they have wandered off.
		{goal: goalRefuge, when: func(m *Model, r *routineBuilder) bool {
			return r.v.Body != nil && m.underground(r.v) && r.outnumbered(dangerRange)
		}, next: func(_ *Model, r *routineBuilder) { r.sealIn() }, alone: true},
		{goal: goalEvade, when: func(m *Model, r *routineBuilder) bool {
			return r.v.Body != nil && !m.underground(r.v) && r.outnumbered(packRange)
		}, next: func(_ *Model, r *routineBuilder) { r.add(goalEvade, "move_away", map[string]any{"distance": 24}) }},
		// Hurt: her health before the day's work.
		{goal: goalMend, when: mendMeal, next: func(_ *Model, r *routineBuilder) {
			r.add(goalMend, "eat_food", map[string]any{"item": r.meal()})
		}, alone: true},
		{goal: goalMend, when: mendHunt, next: func(_ *Model, r *routineBuilder) { r.hunt(goalMend) }, alone: true},
		{goal: goalMend, when: mendRest, alone: true},
	}
}

// daysWork is the part of the priority list for the day's chores, the night coming first from late afternoon, and a trip down a mine once begun.
func daysWork() []rung {
	return []rung{
		// The day's chores before its work.
		{goal: goalRoom, when: func(_ *Model, r *routineBuilder) bool { return r.crowded(roomByDay) },
			next: func(_ *Model, r *routineBuilder) { r.makeRoom(roomByDay) }},
		{goal: goalForage, next: (*Model).forage},
		{goal: goalIronPickaxe, when: func(_ *Model, r *routineBuilder) bool { // a craft away: before the dusk
			return r.inv["iron_ingot"] >= r.book.Takes("iron_pickaxe", "iron_ingot")
		}, next: func(_ *Model, r *routineBuilder) { r.iron() }},
		// From late afternoon the night comes first.
		{goal: goalDusk, when: func(m *Model, r *routineBuilder) bool { return dayTime(r.v) >= m.climbTime(r.v) && m.underground(r.v) },
			next: (*Model).climb},
		// Down a mine for diamonds (dive.go): a torch where it is dark, on
		// down the staircase, and at the bottom the ore, before the work of
		// the surface.
		{goal: goalMineLight, when: func(m *Model, r *routineBuilder) bool {
			_, ok := r.torchSpot()
			return (mining(m, r) || lightingStairs(m, r)) && ok
		}, next: func(_ *Model, r *routineBuilder) { r.lightMine() }},
		{goal: goalDiamonds, when: func(m *Model, r *routineBuilder) bool { return m.underground(r.v) && diveDue(m, r) },
			next: (*Model).dive},
		{goal: goalDusk, when: dayDone, next: (*Model).climb},
		{goal: goalDiamonds, when: mining, next: func(m *Model, r *routineBuilder) { r.diamonds(); m.branch(r) }},
		{goal: goalDiamondPickaxe, when: func(m *Model, r *routineBuilder) bool { // a craft away
			return !diamondPickaxe(m, r) && r.inv["diamond"] >= r.book.Takes("diamond_pickaxe", "diamond")
		}, next: func(_ *Model, r *routineBuilder) { r.diamondPickaxe() }},
		{goal: goalFood, when: afternoon, next: func(_ *Model, r *routineBuilder) { r.laidBy(1) }},
		{goal: goalDirt, when: func(m *Model, r *routineBuilder) bool { return afternoon(m, r) && m.shelterNear(r.v) == nil },
			next: kitByDay},
	}
}

// wayToIron is the part of the priority list for the way to the iron pickaxe, kept short.
func wayToIron() []rung {
	return []rung{
		// The way to iron, kept short.
		{goal: goalTable, when: func(_ *Model, r *routineBuilder) bool { return r.inv["crafting_table"] == 0 },
			next: func(_ *Model, r *routineBuilder) { r.table(goalTable) }},
		{goal: goalPickaxe, when: func(_ *Model, r *routineBuilder) bool {
			return r.inv.BestTier("pickaxe") == game.TierNone
		}, next: func(_ *Model, r *routineBuilder) { r.woodenPickaxe() }},
		{goal: goalStonePickaxe, when: func(_ *Model, r *routineBuilder) bool { return r.lacks(stoneTools[:2]) },
			next: func(_ *Model, r *routineBuilder) { r.stone(stoneTools[:2]) }},
		{goal: goalFood, when: func(_ *Model, r *routineBuilder) bool { return r.meals() < earlyMeals }, // a weapon in hand
			next: func(_ *Model, r *routineBuilder) { r.laidBy(earlyMeals) }},
		{goal: goalCoal, when: func(_ *Model, r *routineBuilder) bool { return r.coal() < 4 },
			next: func(_ *Model, r *routineBuilder) {
				r.add(goalCoal, "find_block", map[string]any{"block": "coal_ore", "count": 4 - r.coal()})
			}},
		{goal: goalIron, when: noIronPickaxe, next: func(_ *Model, r *routineBuilder) { r.iron() }},
		{goal: goalCook, when: func(_ *Model, r *routineBuilder) bool { return r.inv["furnace"] > 0 && r.coal()+r.planks > 0 },
			next: func(_ *Model, r *routineBuilder) { r.cook() }},
	}
}

// nightsAndMines is the part of the priority list for the coming night's shelter, then what the nights and the mines ask.
func nightsAndMines() []rung {
	return []rung{
		// The coming night's shelter, then what the nights and mines ask.
		{goal: goalDirt, when: func(m *Model, r *routineBuilder) bool { return m.shelterNear(r.v) == nil }, next: kitByDay},
		{goal: goalFood, when: ironPickaxe, next: (*Model).tripFood},
		// The rest of the stone tools before any trip: two crafts from
		// what she carries, and a staircase trip takes the rest of the day.
		{goal: goalStoneAxe, when: func(_ *Model, r *routineBuilder) bool { return r.lacks(stoneTools[2:]) },
			next: func(_ *Model, r *routineBuilder) { r.stone(stoneTools[2:]) }},
		// A morning's trip for diamonds comes before her armour: two game
		// days are not enough for both, and her torches keep the monsters
		// from rising round her down there.
		{goal: goalDiamonds, when: diveDue, next: (*Model).dive},
		{goal: goalArmour, when: func(m *Model, r *routineBuilder) bool { return r.v.Body != nil && ironPickaxe(m, r) },
			next: func(_ *Model, r *routineBuilder) { r.armour() }},
		{goal: goalTorches, when: func(_ *Model, r *routineBuilder) bool { return r.inv["torch"] < 8 && r.coal() > 0 },
			next: func(_ *Model, r *routineBuilder) { r.torchesFor(8) }},
		// After the iron pickaxe (later.go).
		{goal: goalBed, when: func(m *Model, r *routineBuilder) bool {
			_, bed := furnishings(r.inv)
			return ironPickaxe(m, r) && r.inv[bed] == 0
		}, next: func(_ *Model, r *routineBuilder) { _, bed := furnishings(r.inv); r.bed(bed, false) }},
		{goal: goalTorches, when: func(m *Model, r *routineBuilder) bool {
			return ironPickaxe(m, r) && r.inv["torch"] < torchStock && r.coal() > 1
		}, next: func(_ *Model, r *routineBuilder) { r.torchesFor(8) }},
		{goal: goalStock, when: ironPickaxe, next: func(_ *Model, r *routineBuilder) { r.stocks() }},
	}
}

// The conditions more than one rung reads, or too long to read inline.

// nightfall: from dusk to dawn, and on a morning with monsters still about
// her shelter, the night's rung is all there is.
func nightfall(m *Model, r *routineBuilder) bool {
	v := r.v
	return v.Body != nil && (night(v) || dayTime(v) >= dusk && dayTime(v) < dawn || m.monstersAtDawn(v))
}

// eatDue: hungry, or hurt with room in her food for her health to come
// back, and a meal in her pack.
func eatDue(_ *Model, r *routineBuilder) bool {
	if r.v.Body == nil || r.meal() == "" {
		return false
	}
	p := r.v.Body
	return p.Food <= hungryAt || p.Health < hurtAt && p.Food < fullAt
}

// huntDue: hungry with nothing to eat.
func huntDue(_ *Model, r *routineBuilder) bool {
	return r.v.Body != nil && r.meal() == "" && r.v.Body.Food <= hungryAt
}

// retreatDue: hurt down a mine with a monster near: the open sky, where the
// sun burns zombies, fights for her.
func retreatDue(m *Model, r *routineBuilder) bool {
	return r.v.Body != nil && m.underground(r.v) && r.v.Body.Health <= fleeAt && monsterNear(r.v, dangerRange)
}

// hurt: below mendAt health by day, the day's work waits for her health
// (a trip down a mine begun hurt is a fight begun hurt). mendMeal: she
// fills her food up to fedUp with what she carries, where the game heals
// her fastest. mendHunt: with nothing to eat and too little food for her
// health to come back, she hunts an animal in reach. mendRest: fed enough
// and nothing hostile near, she rests while it comes back.
func hurt(r *routineBuilder) bool {
	return r.v.Body != nil && r.v.Body.Health < mendAt
}

func mendMeal(_ *Model, r *routineBuilder) bool {
	return hurt(r) && r.meal() != "" && r.v.Body.Food < fedUp
}

func mendHunt(_ *Model, r *routineBuilder) bool {
	return hurt(r) && r.meal() == "" && r.v.Body.Food < fullAt && r.preyInSight() != ""
}

func mendRest(_ *Model, r *routineBuilder) bool {
	if !hurt(r) {
		return false
	}
	fed := r.v.Body.Food >= fullAt
	if r.meal() != "" {
		fed = r.v.Body.Food >= fedUp
	}
	return fed && !monsterNear(r.v, dangerRange)
}

// afternoon: from late afternoon a meal for the night and the shelter's
// kit come before the rest of the day.
func afternoon(_ *Model, r *routineBuilder) bool { return dayTime(r.v) >= duskPrep }

func kitByDay(_ *Model, r *routineBuilder) { r.kit(false, shelterDirt) }

func ironPickaxe(_ *Model, r *routineBuilder) bool {
	return r.inv.BestTier("pickaxe") >= game.TierIron
}

func noIronPickaxe(m *Model, r *routineBuilder) bool { return !ironPickaxe(m, r) }

func diamondPickaxe(_ *Model, r *routineBuilder) bool {
	return r.inv.BestTier("pickaxe") >= game.TierDiamond
}
