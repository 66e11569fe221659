package rules

import (
	"slices"
	"testing"

	"beaweb/internal/game"
)

// TestHerMealsAreGoodFood holds her order of meals to game's table of
// foods: each is food, none is the bad kind she would only eat starving,
// and a raw meat she eats is one whose cooked kind she eats too.
func TestHerMealsAreGoodFood(t *testing.T) {
	for _, item := range foods {
		f, ok := game.FoodOf(item)
		switch {
		case !ok:
			t.Errorf("%s is in her meals but game does not know it as food", item)
		case f.Bad:
			t.Errorf("%s is in her meals but game marks it bad food", item)
		case f.Cooked != "" && !slices.Contains(foods, f.Cooked):
			t.Errorf("she eats raw %s but not the %s it cooks into", item, f.Cooked)
		}
	}
}

// TestHerArmourGoesOnAsGameSays holds the slots of her iron armour to
// game.ArmourSlot, which the practice world dresses her by.
func TestHerArmourGoesOnAsGameSays(t *testing.T) {
	for _, p := range ironArmour {
		if got := game.ArmourSlot(p.item); got != p.slot {
			t.Errorf("she puts %s on her %s, game says %s", p.item, p.slot, got)
		}
	}
}
