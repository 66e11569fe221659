package partials

import (
	"context"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

func TestItemsLookLikeTheirFamilyAndMaterial(t *testing.T) {
	for item, want := range map[string]itemFamily{
		"iron_pickaxe": familyTool, "stone_sword": familyWeapon, "iron_chestplate": familyArmour, "cooked_beef": familyFood,
		"bread": familyFood, "raw_iron": familyMaterial, "coal": familyMaterial, "diamond": familyMaterial,
		"cobblestone": familyBlock, "oak_planks": familyBlock, "crafting_table": familyBlock, "stick": familyItem,
	} {
		if got, _ := itemLook(item); got != want {
			t.Errorf("%s looks like a %s, want a %s", item, got, want)
		}
	}
	_, pick := itemLook("iron_pickaxe")
	_, sword := itemLook("stone_sword")
	_, stonePick := itemLook("stone_pickaxe")
	if pick == sword || sword != stonePick {
		t.Errorf("iron pickaxe %s, stone sword %s, stone pickaxe %s: the colour is not the material", pick, sword, stonePick)
	}
}

func TestInventoryIsOneTilePerItem(t *testing.T) {
	b := &agent.Body{Held: &game.Stack{Item: "cobblestone", Count: 64}}
	for slot, n := range []int{64, 64, 64, 64, 64, 64, 64, 64, 50} {
		b.Inventory = append(b.Inventory, game.Slot{Slot: slot, Item: "cobblestone", Count: n})
	}
	b.Inventory = append(b.Inventory, game.Slot{Slot: 20, Item: "torch", Count: 3})
	v := inventoryOf(b)
	if len(v.Totals) != 2 || v.Totals[0].Count != 562 || v.Totals[0].Slots != 9 || !v.Totals[0].Held || v.Totals[1].Held {
		t.Fatalf("totals %+v", v.Totals)
	}
	out := html(t, func(w *strings.Builder) error { return Inventory(b).Render(context.Background(), w) })
	if strings.Count(out, `data-item="cobblestone"`) != 10 || !strings.Contains(out, "562 cobblestone in 9 slots") {
		t.Errorf("the inventory is not one tile for the cobblestone and nine slots behind it:\n%s", out)
	}
}
