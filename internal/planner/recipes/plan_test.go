package recipes

import (
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"

	"beaweb/internal/game"
)

type inv = game.Inventory

// stepFor returns the first step making item.
func stepFor(p *Plan, item string) *Step {
	for i := range p.Steps {
		if p.Steps[i].Item == item {
			return &p.Steps[i]
		}
	}
	return nil
}

func TestPlanAcrossTheTechTree(t *testing.T) {
	table := inv{"crafting_table": 1}
	with := func(extra inv) inv {
		out := table.Clone()
		maps.Copy(out, extra)
		return out
	}
	cases := []struct {
		name        string
		item        string
		count       int
		have        inv
		near        Nearby
		missing     map[string]int // nil: not checked
		table, furn bool
		check       func(t *testing.T, p *Plan)
	}{
		{name: "wooden pickaxe from nothing", item: "wooden_pickaxe", count: 1, have: inv{},
			missing: map[string]int{"#logs": 3}, table: true,
			check: func(t *testing.T, p *Plan) {
				if p.Any["#logs"] != "oak_log" || stepFor(p, "crafting_table") == nil {
					t.Errorf("want the table planned and oak standing for any log, got any=%v", p.Any)
				}
				want := map[string]int{"oak_planks": 3, "stick": 2, "crafting_table": 1}
				if !maps.Equal(p.Leftovers, want) {
					t.Errorf("leftovers %v, want %v", p.Leftovers, want)
				}
			}},
		{name: "stone pickaxe, 3 cobblestone and no sticks", item: "stone_pickaxe", count: 1,
			have: with(inv{"cobblestone": 3, "oak_planks": 2}), missing: map[string]int{}, table: true,
			check: func(t *testing.T, p *Plan) {
				if s := stepFor(p, "stick"); s == nil || s.Uses["oak_planks"] != 2 {
					t.Errorf("want sticks from the 2 planks, got %+v", s)
				}
				if s := stepFor(p, "stone_pickaxe"); s == nil || s.Uses["cobblestone"] != 3 {
					t.Errorf("want the pickaxe from 3 cobblestone, got %+v", s)
				}
			}},
		{name: "iron pickaxe from raw iron", item: "iron_pickaxe", count: 1,
			have: inv{"raw_iron": 3, "oak_log": 3, "cobblestone": 8}, missing: map[string]int{}, table: true, furn: true,
			check: func(t *testing.T, p *Plan) {
				if stepFor(p, "furnace") == nil || stepFor(p, "crafting_table") == nil {
					t.Error("want the table and the furnace planned")
				}
				if s := stepFor(p, "iron_ingot"); s == nil || s.Kind != KindSmelt || s.Uses["raw_iron"] != 3 {
					t.Errorf("want 3 raw iron smelted, got %+v", s)
				}
			}},
		{name: "one raw iron costs a plank rather than a coal", item: "iron_ingot", count: 1,
			have: inv{"raw_iron": 1, "coal": 5, "oak_planks": 5, "furnace": 1}, missing: map[string]int{}, furn: true,
			check: func(t *testing.T, p *Plan) {
				if f := p.Steps[0].Fuel; f == nil || *f != (Fuel{"oak_planks", 1}) {
					t.Errorf("fuel %+v, want 1 oak_planks", f)
				}
			}},
		{name: "eight smelts take one coal", item: "glass", count: 8,
			have: inv{"sand": 8, "coal": 1, "oak_planks": 20, "furnace": 1}, missing: map[string]int{}, furn: true,
			check: func(t *testing.T, p *Plan) {
				if f := p.Steps[0].Fuel; f == nil || *f != (Fuel{"coal", 1}) {
					t.Errorf("fuel %+v, want 1 coal", f)
				}
			}},
		{name: "bucket", item: "bucket", count: 1, have: with(inv{"raw_iron": 3, "coal": 1, "furnace": 1}),
			missing: map[string]int{}, table: true, furn: true},
		{name: "bucket needs a table", item: "bucket", count: 1, have: inv{"iron_ingot": 3},
			missing: map[string]int{"#logs": 1}, table: true},
		{name: "torches with charcoal", item: "torch", count: 4, have: inv{"charcoal": 1, "stick": 1},
			missing: map[string]int{},
			check: func(t *testing.T, p *Plan) {
				if s := stepFor(p, "torch"); s == nil || s.Uses["charcoal"] != 1 || s.Station != StationInventory {
					t.Errorf("want torches from charcoal in the inventory grid, got %+v", s)
				}
			}},
		{name: "torches with coal", item: "torch", count: 8, have: inv{"coal": 2, "stick": 2},
			missing: map[string]int{},
			check: func(t *testing.T, p *Plan) {
				if s := stepFor(p, "torch"); s == nil || s.Uses["coal"] != 2 || s.Times != 2 {
					t.Errorf("want two crafts from 2 coal, got %+v", s)
				}
			}},
		{name: "torches from nothing name coal or charcoal", item: "torch", count: 4, have: inv{"stick": 1},
			missing: map[string]int{"#coals": 1}},
		{name: "bed with mixed wool", item: "white_bed", count: 1,
			have: with(inv{"white_wool": 1, "red_wool": 2, "white_dye": 2, "oak_planks": 3}), missing: map[string]int{}, table: true,
			check: func(t *testing.T, p *Plan) {
				if s := stepFor(p, "white_wool"); s == nil || s.Uses["red_wool"] != 2 {
					t.Errorf("want the red wool dyed white, got %+v", s)
				}
			}},
		{name: "chest from mixed planks", item: "chest", count: 1,
			have: with(inv{"oak_planks": 3, "birch_planks": 5}), missing: map[string]int{}, table: true,
			check: func(t *testing.T, p *Plan) {
				want := map[string]int{"oak_planks": 3, "birch_planks": 5}
				if len(p.Steps) != 1 || !maps.Equal(p.Steps[0].Uses, want) {
					t.Errorf("want one craft from both woods, got %+v", p.Steps)
				}
			}},
		{name: "bread", item: "bread", count: 1, have: with(inv{"wheat": 3}), missing: map[string]int{}, table: true},
		{name: "glass", item: "glass", count: 4, have: inv{"sand": 4, "oak_planks": 3, "furnace": 1},
			missing: map[string]int{}, furn: true},
		{name: "furnace", item: "furnace", count: 1, have: with(inv{"cobblestone": 5, "cobbled_deepslate": 3}),
			missing: map[string]int{}, table: true},
		{name: "shield", item: "shield", count: 1, have: with(inv{"iron_ingot": 1, "spruce_planks": 6}),
			missing: map[string]int{}, table: true},
		{name: "compass", item: "compass", count: 1, have: with(inv{"iron_ingot": 4, "redstone": 1}),
			missing: map[string]int{}, table: true},
		{name: "piston", item: "piston", count: 1,
			have: with(inv{"cobblestone": 4, "iron_ingot": 1, "redstone": 1, "oak_planks": 3}), missing: map[string]int{}, table: true},
		{name: "cake with its buckets back", item: "cake", count: 1,
			have: with(inv{"milk_bucket": 3, "sugar": 2, "egg": 1, "wheat": 3}), missing: map[string]int{}, table: true,
			check: func(t *testing.T, p *Plan) {
				if !maps.Equal(p.Leftovers, map[string]int{"bucket": 3}) {
					t.Errorf("leftovers %v, want the 3 buckets", p.Leftovers)
				}
			}},
		{name: "a slab needs a table", item: "oak_slab", count: 6, have: inv{"oak_planks": 3},
			missing: map[string]int{"#logs": 1}, table: true},
		{name: "five sticks are two crafts and eight sticks", item: "stick", count: 5, have: inv{"oak_planks": 4},
			missing: map[string]int{},
			check: func(t *testing.T, p *Plan) {
				s := p.Steps[0]
				if s.Times != 2 || s.Count != 8 || p.Leftovers["stick"] != 3 {
					t.Errorf("got %+v, leftovers %v", s, p.Leftovers)
				}
			}},
		{name: "crafting table from a log", item: "crafting_table", count: 1, have: inv{"birch_log": 1},
			missing: map[string]int{}},
		{name: "unpacks a block she carries", item: "iron_ingot", count: 12,
			have: inv{"iron_block": 1, "raw_iron": 3, "coal": 1, "furnace": 1}, missing: map[string]int{}, furn: true},
		{name: "never unpacks a block she lacks nor smelts ore", item: "iron_ingot", count: 9,
			have: inv{"furnace": 1, "coal": 2}, missing: map[string]int{"raw_iron": 9}, furn: true},
		{name: "smelts an ore she carries", item: "iron_ingot", count: 2,
			have: inv{"iron_ore": 2, "furnace": 1, "coal": 1}, missing: map[string]int{}, furn: true},
		{name: "nuggets from an ingot", item: "iron_nugget", count: 9, have: inv{"iron_ingot": 1}, missing: map[string]int{}},
		{name: "an ingot from nuggets she carries", item: "iron_ingot", count: 1, have: with(inv{"iron_nugget": 9}),
			missing: map[string]int{}, table: true},
		{name: "gold from nothing is raw gold", item: "gold_ingot", count: 1, have: inv{"furnace": 1, "coal": 1},
			missing: map[string]int{"raw_gold": 1}, furn: true},
		{name: "charcoal burning a log", item: "charcoal", count: 1, have: inv{"oak_log": 2, "furnace": 1},
			missing: map[string]int{}, furn: true},
		{name: "diamond pickaxe", item: "diamond_pickaxe", count: 1, have: with(inv{"diamond": 3, "stick": 2}),
			missing: map[string]int{}, table: true},
		{name: "diamond is found, not made", item: "diamond", count: 2, have: inv{},
			missing: map[string]int{"diamond": 2},
			check: func(t *testing.T, p *Plan) {
				if len(p.Steps) != 0 {
					t.Errorf("steps %+v", p.Steps)
				}
			}},
		{name: "ladder", item: "ladder", count: 3, have: with(inv{"stick": 7}), missing: map[string]int{}, table: true},
		{name: "fence", item: "oak_fence", count: 3, have: with(inv{"oak_planks": 4, "stick": 2}), missing: map[string]int{}, table: true},
		{name: "door", item: "oak_door", count: 3, have: with(inv{"oak_log": 2}), missing: map[string]int{}, table: true},
		{name: "boat", item: "oak_boat", count: 1, have: with(inv{"oak_planks": 5}), missing: map[string]int{}, table: true},
		{name: "bow", item: "bow", count: 1, have: with(inv{"string": 3, "stick": 3}), missing: map[string]int{}, table: true},
		{name: "arrows", item: "arrow", count: 8, have: with(inv{"flint": 2, "stick": 2, "feather": 2}), missing: map[string]int{}, table: true},
		{name: "fishing rod", item: "fishing_rod", count: 1, have: with(inv{"string": 2, "stick": 3}), missing: map[string]int{}, table: true},
		{name: "lantern", item: "lantern", count: 1, have: with(inv{"iron_ingot": 1, "torch": 1}), missing: map[string]int{}, table: true},
		{name: "rails", item: "rail", count: 16, have: with(inv{"iron_ingot": 6, "stick": 1}), missing: map[string]int{}, table: true},
		{name: "hopper", item: "hopper", count: 1, have: with(inv{"iron_ingot": 5, "oak_planks": 8}), missing: map[string]int{}, table: true},
		{name: "bookshelf", item: "bookshelf", count: 1, have: with(inv{"oak_planks": 6, "sugar_cane": 9, "leather": 3}),
			missing: map[string]int{}, table: true},
		{name: "leather is gathered, not crafted from rabbit hide", item: "book", count: 1, have: with(inv{"paper": 3}),
			missing: map[string]int{"leather": 1}, table: false},
		{name: "anvil", item: "anvil", count: 1, have: with(inv{"iron_block": 3, "iron_ingot": 4}), missing: map[string]int{}, table: true},
		{name: "golden apple", item: "golden_apple", count: 1, have: with(inv{"gold_ingot": 8, "apple": 1}), missing: map[string]int{}, table: true},
		{name: "stone bricks from cobblestone", item: "stone_bricks", count: 4,
			have: with(inv{"cobblestone": 4, "coal": 1, "furnace": 1}), missing: map[string]int{}, furn: true},
		{name: "smooth stone smelts twice", item: "smooth_stone", count: 1,
			have: inv{"cobblestone": 1, "oak_planks": 2, "furnace": 1}, missing: map[string]int{}, furn: true},
		{name: "redstone torch", item: "redstone_torch", count: 1, have: inv{"redstone": 1, "stick": 1}, missing: map[string]int{}},
		{name: "tnt from red sand", item: "tnt", count: 1, have: with(inv{"gunpowder": 5, "red_sand": 4}), missing: map[string]int{}, table: true},
		{name: "campfire", item: "campfire", count: 1, have: with(inv{"spruce_log": 3, "charcoal": 1, "stick": 3}),
			missing: map[string]int{}, table: true},
		{name: "cooked beef", item: "cooked_beef", count: 3, have: inv{"beef": 3, "oak_log": 2, "furnace": 1}, missing: map[string]int{}, furn: true},
		{name: "iron block from raw iron", item: "iron_block", count: 1,
			have: with(inv{"raw_iron": 9, "coal": 2, "furnace": 1}), missing: map[string]int{}, table: true, furn: true},
		{name: "a table nearby is used", item: "chest", count: 1, have: inv{"oak_planks": 8},
			near: Nearby{CraftingTable: true}, missing: map[string]int{}, table: true,
			check: func(t *testing.T, p *Plan) {
				if stepFor(p, "crafting_table") != nil {
					t.Error("planned a table with one nearby")
				}
			}},
	}
	b := book(t, "26.1")
	if len(cases) < 40 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := b.PlanNear(tc.item, tc.count, tc.have, tc.near)
			if err != nil {
				t.Fatal(err)
			}
			checkPlan(t, b, p, tc.near)
			if tc.missing != nil && !maps.Equal(p.Missing, tc.missing) {
				t.Errorf("missing %v, want %v\n%s", p.Missing, tc.missing, p.Text())
			}
			if p.NeedsTable != tc.table || p.NeedsFurnace != tc.furn {
				t.Errorf("needs table %v furnace %v, want %v %v\n%s", p.NeedsTable, p.NeedsFurnace, tc.table, tc.furn, p.Text())
			}
			if tc.check != nil {
				tc.check(t, p)
			}
		})
	}
}

// TestFuelIsNeverHerKit: of what she carries, the furnace gets plain fuel,
// never a tool or a crafting table, even where one would burn with no waste.
func TestFuelIsNeverHerKit(t *testing.T) {
	b := book(t, "26.1")
	for _, have := range []game.Inventory{
		{"raw_iron": 1, "coal": 5, "oak_planks": 5, "furnace": 1, "wooden_pickaxe": 1},
		{"raw_iron": 1, "coal": 5, "oak_planks": 5, "furnace": 1, "crafting_table": 1},
		{"raw_iron": 1, "coal": 5, "oak_planks": 5},
	} {
		p, err := b.Plan("iron_ingot", 1, have)
		if err != nil {
			t.Fatal(err)
		}
		s := stepFor(p, "iron_ingot")
		if s == nil || s.Fuel == nil {
			t.Fatalf("%v: no smelt with fuel\n%s", have, p.Text())
		}
		if s.Fuel.Item != "oak_planks" || s.Fuel.Count != 1 {
			t.Errorf("%v: burns %d %s, want 1 oak_planks\n%s", have, s.Fuel.Count, s.Fuel.Item, p.Text())
		}
	}
}

func TestTwoByTwoRuleIsTheShape(t *testing.T) {
	b := book(t, "26.1")
	for item, fits := range map[string]bool{
		"oak_slab": false, "bucket": false, "crafting_table": true, "stick": true,
		"torch": true, "oak_planks": true, "chest": false, "oak_button": true,
	} {
		rs := b.Recipes(item)
		if len(rs) == 0 {
			t.Fatalf("no recipe for %s", item)
		}
		if rs[0].FitsInventory() != fits {
			t.Errorf("%s fits 2x2 = %v, want %v (%dx%d)", item, rs[0].FitsInventory(), fits, rs[0].Width, rs[0].Height)
		}
	}
}

func TestBadInput(t *testing.T) {
	b := book(t, "26.1")
	_, err := b.Plan("oak_plank", 1, nil)
	if !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), "did you mean oak_planks") {
		t.Errorf("unknown item: %v", err)
	}
	_, err = b.Plan("planks", 1, nil)
	if !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), "oak_planks") {
		t.Errorf("a tag's word: %v", err)
	}
	for _, n := range []int{0, -3, 36*64 + 1} {
		_, err := b.Plan("stick", n, nil)
		if !errors.Is(err, ErrBadCount) {
			t.Errorf("count %d: %v", n, err)
		}
	}
	if _, err := b.Plan("bucket", 36*16, nil); err != nil {
		t.Errorf("a full inventory of buckets is a fair ask: %v", err)
	}
	if _, err := b.Plan("bucket", 36*16+1, nil); !errors.Is(err, ErrBadCount) || !strings.Contains(err.Error(), "at most 576") {
		t.Errorf("more buckets than she can carry: %v", err)
	}
	p, err := b.Plan(" Minecraft:Oak Planks ", 4, nil)
	if err != nil || p.Item != "oak_planks" {
		t.Errorf("a name as typed: %v %v", p, err)
	}
}

func TestTextIsSecondPersonAndNumbered(t *testing.T) {
	b := book(t, "26.1")
	p, err := b.Plan("iron_pickaxe", 1, inv{"raw_iron": 3})
	if err != nil {
		t.Fatal(err)
	}
	text := p.Text()
	for _, want := range []string{"You are missing", "logs of any wood", "1. Craft", "Smelt 3 raw_iron into 3 iron_ingot in a furnace, burning",
		"You need a crafting table: step", "You need a furnace: step", "Left over afterwards"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

func TestPlanJSON(t *testing.T) {
	b := book(t, "26.1")
	p, err := b.Plan("torch", 4, inv{"coal": 1})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"item", "count", "mc_version", "book_version", "note", "steps", "missing", "leftovers", "needs_table", "needs_furnace"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, raw)
		}
	}
	step := got["steps"].([]any)[0].(map[string]any)
	for _, k := range []string{"kind", "item", "count", "times", "uses", "station"} {
		if _, ok := step[k]; !ok {
			t.Errorf("step lacks %q: %s", k, raw)
		}
	}
}

func TestAppendPlan(t *testing.T) {
	b := book(t, "26.1")
	got := b.AppendPlan("FAILURE: takes 3 planks and 2 stick; you are short of 3 planks (you have 0)\n", "wooden_pickaxe", 1, inv{"stick": 2})
	if !strings.HasPrefix(got, "FAILURE: takes 3 planks") || !strings.Contains(got, "\nPlan for 1 wooden_pickaxe:") {
		t.Errorf("got %q", got)
	}
	got = b.AppendPlan("FAILURE: no such item", "woden_pickaxe", 1, nil)
	if !strings.Contains(got, "did you mean wooden_pickaxe") {
		t.Errorf("got %q", got)
	}
}
