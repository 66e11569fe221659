package game

// Food is what eating one of an item gives, as vanilla counts it.
type Food struct {
	Hunger     int     // food points it restores
	Saturation float64 // saturation it adds
	// Bad food poisons or starves her (raw chicken, rotten flesh): eaten
	// only with nothing else.
	Bad bool
	// Cooked is what a furnace makes of it, "" when it is eaten as it is.
	Cooked string
}

// foods are the items she can eat. The brain's rules, the practice world
// that feeds her and its furnace without a recipe book all read this one
// table, so what she thinks a meal is and what the world gives for it
// cannot drift apart.
var foods = map[string]Food{
	"apple": {Hunger: 4, Saturation: 2.4}, "bread": {Hunger: 5, Saturation: 6},
	"cooked_beef": {Hunger: 8, Saturation: 12.8}, "beef": {Hunger: 3, Saturation: 1.8, Cooked: "cooked_beef"},
	"cooked_porkchop": {Hunger: 8, Saturation: 12.8}, "porkchop": {Hunger: 3, Saturation: 1.8, Cooked: "cooked_porkchop"},
	"cooked_mutton": {Hunger: 6, Saturation: 9.6}, "mutton": {Hunger: 2, Saturation: 1.2, Cooked: "cooked_mutton"},
	"cooked_chicken": {Hunger: 6, Saturation: 7.2}, "chicken": {Hunger: 2, Saturation: 1.2, Bad: true, Cooked: "cooked_chicken"},
	"rotten_flesh": {Hunger: 4, Saturation: 0.8, Bad: true}, "spider_eye": {Hunger: 2, Saturation: 3.2, Bad: true},
	"poisonous_potato": {Hunger: 2, Saturation: 1.2, Bad: true}, "pufferfish": {Hunger: 1, Saturation: 0.2, Bad: true},
	"carrot": {Hunger: 3, Saturation: 3.6}, "baked_potato": {Hunger: 5, Saturation: 6},
	"potato": {Hunger: 1, Saturation: 0.6, Cooked: "baked_potato"},
	"cookie": {Hunger: 2, Saturation: 0.4}, "melon_slice": {Hunger: 2, Saturation: 1.2}, "sweet_berries": {Hunger: 2, Saturation: 0.4},
	"golden_apple": {Hunger: 4, Saturation: 9.6}, "golden_carrot": {Hunger: 6, Saturation: 14.4},
	"cooked_cod": {Hunger: 5, Saturation: 6}, "cod": {Hunger: 2, Saturation: 0.4, Cooked: "cooked_cod"},
	"cooked_salmon": {Hunger: 6, Saturation: 9.6}, "salmon": {Hunger: 2, Saturation: 0.4, Cooked: "cooked_salmon"},
	"pumpkin_pie": {Hunger: 8, Saturation: 4.8}, "mushroom_stew": {Hunger: 6, Saturation: 7.2}, "beetroot": {Hunger: 1, Saturation: 1.2},
	"dried_kelp": {Hunger: 1, Saturation: 0.6}, "cooked_rabbit": {Hunger: 5, Saturation: 6}, "honey_bottle": {Hunger: 6, Saturation: 1.2},
	"suspicious_stew": {Hunger: 6, Saturation: 7.2, Bad: true},
}

// FoodOf is what eating the item gives; ok is false for what is not food.
func FoodOf(item string) (f Food, ok bool) {
	f, ok = foods[item]
	return f, ok
}

// IsFood reports whether she can eat the item.
func IsFood(item string) bool {
	_, ok := foods[item]
	return ok
}

// Foods lists every food, raw and cooked, in no particular order; a caller
// that needs one sorts it.
func Foods() []string {
	out := make([]string, 0, len(foods))
	for item := range foods {
		out = append(out, item)
	}
	return out
}

// meat is the raw meat each animal of the overworld's pastures drops.
var meat = map[string]string{"cow": "beef", "pig": "porkchop", "sheep": "mutton", "chicken": "chicken"}

// MeatOf is the raw meat an animal drops when killed, "" for a creature
// that drops none.
func MeatOf(creature string) string { return meat[creature] }
