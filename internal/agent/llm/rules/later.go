package rules

import "beaweb/internal/game"

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
	if r.v.Body == nil || r.inv.BestTier("pickaxe") < game.TierIron {
		return
	}
	a := r.v.Body.Armor
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
