package store

import (
	"cmp"
	"context"
	"slices"
	"testing"
	"time"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

func blocksAt(t *testing.T, s *Store, kind string, from game.Pos, radius int) []game.KnownBlock {
	t.Helper()
	got, err := s.NearestBlocks(context.Background(), world, "overworld", kind, from, radius, 0)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func positions(bs []game.KnownBlock) []game.Pos {
	out := make([]game.Pos, len(bs))
	for i, b := range bs {
		out[i] = b.Pos
	}
	return out
}

func TestRememberBlocks(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()
	seen := []game.KnownBlock{
		{Pos: game.Pos{X: 10, Y: 60, Z: 0}, Block: "minecraft:iron_ore"},
		{Pos: game.Pos{X: 3, Y: 60, Z: 0}, Block: "deepslate_iron_ore"},
		{Pos: game.Pos{X: 0, Y: 64, Z: 5}, Block: "oak_log"},
		{Pos: game.Pos{X: 0, Y: 64, Z: 6}, Block: "birch_log"},
		{Pos: game.Pos{X: 1, Y: 63, Z: 1}, Block: "stone"},                     // not useful: not kept
		{Pos: game.Pos{X: 2, Y: 64, Z: 2}, Block: "cobblestone", Placed: true}, // hers: kept
		{Pos: game.Pos{X: 50, Y: 64, Z: 0}, Block: "chest"},
	}
	if err := s.RememberBlocks(ctx, world, "overworld", seen, nil); err != nil {
		t.Fatal(err)
	}
	from := game.Pos{X: 0, Y: 64, Z: 0}
	if got := positions(blocksAt(t, s, "iron_ore", from, 0)); len(got) != 2 || got[0] != (game.Pos{X: 3, Y: 60, Z: 0}) {
		t.Errorf("iron_ore (the family) = %v", got)
	}
	if got := blocksAt(t, s, "deepslate_iron_ore", from, 0); len(got) != 1 {
		t.Errorf("deepslate_iron_ore (the block) = %v", got)
	}
	if got := blocksAt(t, s, "log", from, 0); len(got) != 2 || got[0].Block != "oak_log" || !got[0].LastSeen.Equal(t0) {
		t.Errorf("log = %+v", got)
	}
	if got := blocksAt(t, s, "birch_log", from, 0); len(got) != 1 {
		t.Errorf("birch_log = %v", got)
	}
	if got := blocksAt(t, s, "ore", from, 0); len(got) != 2 {
		t.Errorf("ore = %v", got)
	}
	if got := blocksAt(t, s, "stone", from, 0); len(got) != 0 {
		t.Errorf("stone was kept: %v", got)
	}
	if got := blocksAt(t, s, "cobblestone", from, 0); len(got) != 1 || !got[0].Placed {
		t.Errorf("the cobblestone she placed = %+v", got)
	}
	if got := blocksAt(t, s, "chest", from, 20); len(got) != 0 {
		t.Errorf("a chest 50 blocks away within 20: %v", got)
	}
	if got := blocksAt(t, s, "chest", from, 50); len(got) != 1 {
		t.Errorf("a chest 50 blocks away within 50: %v", got)
	}
	if got, _ := s.NearestBlocks(ctx, world, "the_nether", "chest", from, 0, 0); len(got) != 0 {
		t.Errorf("the overworld's chest in the nether: %v", got)
	}
	if got, _ := s.NearestBlocks(ctx, "other:1", "overworld", "chest", from, 0, 0); len(got) != 0 {
		t.Errorf("another world's chest: %v", got)
	}

	// Seen again where she placed it, a block stays hers; another block there
	// is not.
	c.advance(time.Hour)
	if err := s.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{{Pos: game.Pos{X: 2, Y: 64, Z: 2}, Block: "furnace"}}, nil); err != nil {
		t.Fatal(err)
	}
	if got := blocksAt(t, s, "furnace", from, 0); len(got) != 1 || got[0].Placed || !got[0].LastSeen.Equal(t0.Add(time.Hour)) {
		t.Errorf("furnace over her cobblestone = %+v", got)
	}
	if err := s.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{{Pos: game.Pos{X: 2, Y: 64, Z: 2}, Block: "furnace", Placed: true}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{{Pos: game.Pos{X: 2, Y: 64, Z: 2}, Block: "furnace"}}, nil); err != nil {
		t.Fatal(err)
	}
	if got := blocksAt(t, s, "furnace", from, 0); len(got) != 1 || !got[0].Placed {
		t.Errorf("her furnace, seen again = %+v", got)
	}
	// A stale sighting does not overwrite a newer one.
	if err := s.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{{Pos: game.Pos{X: 2, Y: 64, Z: 2}, Block: "chest", LastSeen: t0}}, nil); err != nil {
		t.Fatal(err)
	}
	if got := blocksAt(t, s, "furnace", from, 0); len(got) != 1 {
		t.Errorf("a stale chest replaced the furnace: %+v", got)
	}

	if err := s.RememberBlocks(ctx, world, "overworld", nil, []game.Pos{{X: 3, Y: 60, Z: 0}}); err != nil {
		t.Fatal(err)
	}
	if got := positions(blocksAt(t, s, "iron_ore", from, 0)); len(got) != 1 || got[0] != (game.Pos{X: 10, Y: 60, Z: 0}) {
		t.Errorf("after mining one, iron_ore = %v", got)
	}

	if err := s.RememberBlocks(ctx, world, "", seen, nil); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("no dimension: %v", err)
	}
	if err := s.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{{Block: " "}}, nil); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a block without a name: %v", err)
	}
	if _, err := s.NearestBlocks(ctx, world, "overworld", "", from, 0, 0); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("no kind: %v", err)
	}
}

func TestNearestKinds(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	seen := []game.KnownBlock{
		{Pos: game.Pos{X: 30, Y: 64, Z: 0}, Block: "oak_log"},
		{Pos: game.Pos{X: 25, Y: 64, Z: 0}, Block: "spruce_log"},
		{Pos: game.Pos{X: 0, Y: 20, Z: 0}, Block: "diamond_ore"},
		{Pos: game.Pos{X: 0, Y: 10, Z: 0}, Block: "deepslate_diamond_ore"},
		{Pos: game.Pos{X: -100, Y: 64, Z: 0}, Block: "red_bed"},
		{Pos: game.Pos{X: 1, Y: 64, Z: 1}, Block: "oak_planks", Placed: true}, // hers, but not a useful kind
	}
	if err := s.RememberBlocks(ctx, world, "overworld", seen, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.NearestKinds(ctx, world, "overworld", game.Pos{X: 0, Y: 64, Z: 0}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"spruce_log", "diamond_ore", "red_bed"}
	if len(got) != len(want) {
		t.Fatalf("NearestKinds = %+v, want %v", got, want)
	}
	for i, b := range got {
		if b.Block != want[i] || b.World != world || b.Dimension != "overworld" {
			t.Errorf("NearestKinds[%d] = %+v, want %s", i, b, want[i])
		}
	}
	got, _ = s.NearestKinds(ctx, world, "overworld", game.Pos{X: 0, Y: 64, Z: 0}, 50)
	if len(got) != 2 {
		t.Errorf("within 50 = %+v", got)
	}
}

func TestRememberLookCorrectsTheMap(t *testing.T) {
	s, c := openTest(t)
	ctx := context.Background()
	remembered := []game.KnownBlock{
		{Pos: game.Pos{X: 2, Y: 64, Z: 0}, Block: "oak_log"},                      // nearer than the survey's nearest log: gone
		{Pos: game.Pos{X: 15, Y: 64, Z: 0}, Block: "oak_log"},                     // farther: may still be there
		{Pos: game.Pos{X: 0, Y: 64, Z: 7}, Block: "spruce_log"},                   // only a block nearer: kept
		{Pos: game.Pos{X: 0, Y: 60, Z: 3}, Block: "coal_ore"},                     // no coal in the survey: gone
		{Pos: game.Pos{X: 40, Y: 60, Z: 0}, Block: "coal_ore"},                    // outside the cube: kept
		{Pos: game.Pos{X: 1, Y: 64, Z: 1}, Block: "oak_planks", Placed: true},     // a survey does not cover planks
		{Pos: game.Pos{X: 5, Y: 64, Z: 5}, Block: "crafting_table", Placed: true}, // hers, and gone
	}
	if err := s.RememberBlocks(ctx, world, "overworld", remembered, nil); err != nil {
		t.Fatal(err)
	}
	c.advance(time.Minute)
	center := game.Pos{X: 0, Y: 64, Z: 0}
	survey := game.Look{Center: center, Radius: 20, At: t0.Add(time.Minute), Seen: []game.KnownBlock{
		{Pos: game.Pos{X: 8, Y: 64, Z: 0}, Block: "birch_log"}, // the nearest log, now
		{Pos: game.Pos{X: 12, Y: 64, Z: 0}, Block: "oak_log"},
		{Pos: game.Pos{X: -3, Y: 64, Z: 0}, Block: "water"},
		{Pos: game.Pos{X: 4, Y: 63, Z: 0}, Block: "grass_block"},
	}}
	if err := s.RememberLook(ctx, world, "overworld", survey); err != nil {
		t.Fatal(err)
	}
	has := func(kind string, p game.Pos) bool {
		for _, b := range blocksAt(t, s, kind, center, 0) {
			if b.Pos == p {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		kind string
		pos  game.Pos
		want bool
	}{
		{"log", game.Pos{X: 2, Y: 64, Z: 0}, false},
		{"log", game.Pos{X: 15, Y: 64, Z: 0}, true},
		{"log", game.Pos{X: 0, Y: 64, Z: 7}, true},
		{"log", game.Pos{X: 8, Y: 64, Z: 0}, true},
		{"log", game.Pos{X: 12, Y: 64, Z: 0}, true},
		{"coal_ore", game.Pos{X: 0, Y: 60, Z: 3}, false},
		{"coal_ore", game.Pos{X: 40, Y: 60, Z: 0}, true},
		{"oak_planks", game.Pos{X: 1, Y: 64, Z: 1}, true},
		{"crafting_table", game.Pos{X: 5, Y: 64, Z: 5}, false},
		{"water", game.Pos{X: -3, Y: 64, Z: 0}, true},
		{"grass_block", game.Pos{X: 4, Y: 63, Z: 0}, false},
	} {
		if got := has(tc.kind, tc.pos); got != tc.want {
			t.Errorf("%s at %v remembered = %v, want %v", tc.kind, tc.pos, got, tc.want)
		}
	}

	// A complete scan of iron_ore within 10 lists one; the other two
	// remembered inside its cube are gone, the one outside stays.
	ores := []game.KnownBlock{
		{Pos: game.Pos{X: 1, Y: 50, Z: 0}, Block: "iron_ore"},
		{Pos: game.Pos{X: 2, Y: 55, Z: 0}, Block: "deepslate_iron_ore"},
		{Pos: game.Pos{X: 6, Y: 58, Z: 0}, Block: "iron_ore"},
		{Pos: game.Pos{X: 30, Y: 58, Z: 0}, Block: "iron_ore"},
	}
	if err := s.RememberBlocks(ctx, world, "overworld", ores, nil); err != nil {
		t.Fatal(err)
	}
	scan := game.Look{Center: game.Pos{X: 0, Y: 55, Z: 0}, Radius: 10, Kinds: []string{"iron_ore"}, Complete: true,
		Seen: []game.KnownBlock{{Pos: game.Pos{X: 6, Y: 58, Z: 0}, Block: "iron_ore"}}}
	if err := s.RememberLook(ctx, world, "overworld", scan); err != nil {
		t.Fatal(err)
	}
	if got := positions(blocksAt(t, s, "iron_ore", center, 0)); len(got) != 2 {
		t.Errorf("after a complete scan, iron_ore = %v", got)
	}
	// A capped scan (nearest hits only) forgets only what is nearer than
	// its nearest hit.
	if err := s.RememberBlocks(ctx, world, "overworld", ores[:2], nil); err != nil {
		t.Fatal(err)
	}
	scan.Complete = false
	scan.Seen = []game.KnownBlock{{Pos: game.Pos{X: 1, Y: 50, Z: 0}, Block: "iron_ore"}}
	if err := s.RememberLook(ctx, world, "overworld", scan); err != nil {
		t.Fatal(err)
	}
	got := positions(blocksAt(t, s, "iron_ore", center, 0))
	if len(got) != 3 || slices.Contains(got, game.Pos{X: 2, Y: 55, Z: 0}) {
		t.Errorf("after a capped scan, iron_ore = %v; want all but (2, 55, 0)", got)
	}
	if err := s.RememberLook(ctx, world, "overworld", game.Look{Center: center}); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a look without radius: %v", err)
	}
}

// TestNearestBlocksGrowingBox checks the growing box against a plain sort
// of every block, at every radius: blocks far along z but near along x,
// radii below, between and beyond the boxes, and limits above the count.
func TestNearestBlocksGrowingBox(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	var all []game.KnownBlock
	for i := range 40 {
		all = append(all, game.KnownBlock{Pos: game.Pos{X: (i * 7) % 30, Y: 64 - i%5, Z: i * i * 3}, Block: "chest"})
	}
	all = append(all, game.KnownBlock{Pos: game.Pos{X: -900, Y: 10, Z: 5}, Block: "chest"})
	if err := s.RememberBlocks(ctx, world, "overworld", all, nil); err != nil {
		t.Fatal(err)
	}
	from := game.Pos{X: 3, Y: 60, Z: 10}
	for _, radius := range []int{0, 5, 16, 40, 100, 1000, 5000} {
		for _, limit := range []int{1, 5, 100} {
			var want []game.Pos
			for _, b := range all {
				if radius <= 0 || dist2(from, b.Pos) <= int64(radius*radius) {
					want = append(want, b.Pos)
				}
			}
			slices.SortFunc(want, func(a, b game.Pos) int {
				return cmp.Or(cmp.Compare(dist2(from, a), dist2(from, b)), cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z), cmp.Compare(a.Y, b.Y))
			})
			want = want[:min(limit, len(want))]
			got, err := s.NearestBlocks(ctx, world, "overworld", "chest", from, radius, limit)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(positions(got), want) {
				t.Errorf("radius %d, limit %d: %v, want %v", radius, limit, positions(got), want)
			}
		}
	}
}

// TestNearestKindsMatchesASort checks NearestKinds against the nearest of
// each family found by sorting every block.
func TestNearestKindsMatchesASort(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	kinds := []string{"oak_log", "birch_log", "iron_ore", "deepslate_iron_ore", "chest", "water", "stone"}
	var all []game.KnownBlock
	for i := range 300 {
		all = append(all, game.KnownBlock{
			Pos:   game.Pos{X: (i*37)%400 - 200, Y: (i * 13) % 90, Z: (i*71)%500 - 250},
			Block: kinds[i%len(kinds)], Placed: i%7 == 6, // placed stone: kept, but not a useful kind
		})
	}
	if err := s.RememberBlocks(ctx, world, "overworld", all, nil); err != nil {
		t.Fatal(err)
	}
	from := game.Pos{X: 17, Y: 40, Z: -33}
	for _, radius := range []int{0, 30, 120} {
		best := map[string]game.KnownBlock{}
		for _, b := range all {
			f := game.BlockFamily(b.Block)
			if !game.UsefulBlock(b.Block) || (radius > 0 && dist2(from, b.Pos) > int64(radius*radius)) {
				continue
			}
			if cur, ok := best[f]; !ok || dist2(from, b.Pos) < dist2(from, cur.Pos) {
				best[f] = b
			}
		}
		got, err := s.NearestKinds(ctx, world, "overworld", from, radius)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(best) {
			t.Fatalf("radius %d: %d kinds, want %d: %+v", radius, len(got), len(best), got)
		}
		for i, b := range got {
			want := best[game.BlockFamily(b.Block)]
			if b.Pos != want.Pos {
				t.Errorf("radius %d: nearest %s at %v, want %v", radius, game.BlockFamily(b.Block), b.Pos, want.Pos)
			}
			if i > 0 && dist2(from, got[i-1].Pos) > dist2(from, b.Pos) {
				t.Errorf("radius %d: not nearest first: %+v", radius, got)
			}
		}
	}
}

// TestRememberBlocksDropsStates: a block placed with its states (a build's
// "oak_door[half=lower]") is remembered, and recalled, by its id.
func TestRememberBlocksDropsStates(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	seen := []game.KnownBlock{
		{Pos: game.Pos{X: 1, Y: 64, Z: 0}, Block: "minecraft:Oak_Door[half=lower,facing=east]", Placed: true},
		{Pos: game.Pos{X: 3, Y: 64, Z: 0}, Block: "chest[facing=north]"},
	}
	if err := s.RememberBlocks(ctx, world, "overworld", seen, nil); err != nil {
		t.Fatal(err)
	}
	from := game.Pos{X: 0, Y: 64, Z: 0}
	if got := blocksAt(t, s, "oak_door", from, 0); len(got) != 1 || got[0].Block != "oak_door" || !got[0].Placed {
		t.Errorf("oak_door = %+v", got)
	}
	if got := blocksAt(t, s, "chest[facing=south]", from, 0); len(got) != 1 || got[0].Block != "chest" {
		t.Errorf("chest = %+v", got)
	}
	if err := s.RememberBlocks(ctx, world, "overworld", []game.KnownBlock{{Block: "[facing=north]"}}, nil); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a block of states only: %v", err)
	}
}

// dist2 is the square of the distance between a and b, as the store's
// query measures it.
func dist2(a, b game.Pos) int64 {
	dx, dy, dz := int64(a.X-b.X), int64(a.Y-b.Y), int64(a.Z-b.Z)
	return dx*dx + dy*dy + dz*dz
}
