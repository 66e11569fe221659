package agent

import (
	"context"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// square is a terrain square of one block, with some columns unknown.
func square(x, z, size int, block string, unknown ...int) protocol.Terrain {
	tops := []byte(strings.Repeat("A", size*size))
	for _, i := range unknown {
		tops[i] = protocol.TopUnknown
	}
	return protocol.Terrain{Dimension: "overworld", X: x, Z: z, Size: size, Palette: []string{block}, Tops: string(tops)}
}

func TestGroundKeepsOnlyChanges(t *testing.T) {
	var g *Ground
	g1, changed := g.With("srv", square(-8, -8, 16, "grass_block"))
	if !changed || g1.Version() != 1 {
		t.Fatalf("a first square: changed %v, version %d", changed, g1.Version())
	}
	// The square spans four chunks, each a quarter known.
	all := g1.Chunks("srv", "overworld", -100, -100, 100, 100, 0)
	if len(all) != 4 {
		t.Fatalf("%d chunks, want 4", len(all))
	}
	grass := uint8(game.MapColourOf("grass_block"))
	for _, c := range all {
		if c.At == (ChunkAt{-1, -1}) && (c.Colours[15*16+15] != grass || c.Colours[0] != 0) {
			t.Errorf("the north-west chunk holds %v", c.Colours)
		}
	}
	if g2, changed := g1.With("srv", square(-8, -8, 16, "grass_block")); changed || g2 != g1 {
		t.Error("the same square again counted as a change")
	}
	// Water over one corner, one column of it unknown: it keeps its grass.
	g3, changed := g1.With("srv", square(0, 0, 4, "water", 0))
	if !changed || g3.Version() != 2 {
		t.Fatalf("water: changed %v, version %d", changed, g3.Version())
	}
	news := g3.Chunks("srv", "overworld", -100, -100, 100, 100, 1)
	if len(news) != 1 || news[0].At != (ChunkAt{0, 0}) {
		t.Fatalf("changed since 1: %+v", news)
	}
	water := uint8(game.MapColourOf("water"))
	if c := news[0].Colours; c[0] != grass || c[1] != water || c[16] != water {
		t.Errorf("the chunk after the water reads %v", c[:20])
	}
	// The older ground is untouched, and another world or dimension is empty.
	if c := g1.Chunks("srv", "overworld", 0, 0, 0, 0, 0); c[0].Colours[1] != grass {
		t.Error("a newer ground changed an older one")
	}
	if len(g3.Chunks("other", "overworld", -100, -100, 100, 100, 0)) != 0 || len(g3.Chunks("srv", "nether", -100, -100, 100, 100, 0)) != 0 {
		t.Error("the ground leaked into another world or dimension")
	}
}

func TestGroundForgetsTheFarthest(t *testing.T) {
	var g *Ground
	g, _ = g.With("srv", square(100000, 0, 16, "stone"))
	for i := range maxGroundChunks {
		g, _ = g.With("srv", square((i%64)*16, (i/64)*16, 16, "sand"))
	}
	if len(g.places[groundPlace{"srv", "overworld"}]) != maxGroundChunks {
		t.Errorf("%d chunks kept, want %d", len(g.places[groundPlace{"srv", "overworld"}]), maxGroundChunks)
	}
	if len(g.Chunks("srv", "overworld", 100000, 0, 100000, 0, 0)) != 0 {
		t.Error("the farthest chunk was kept")
	}
}

func TestTheSensesLayTheGround(t *testing.T) {
	live := NewLive("Bea", &recorder{}, nil)
	s := NewSenses(live, nil, nil, nil, discard(), func(Perception) {})
	ctx := context.Background()
	s.Handle(ctx, protocol.Hello{Protocol: 2, World: game.WorldID{Server: "srv", Dimension: "overworld"}})
	s.Handle(ctx, square(0, 0, 4, "sand"))
	if v := live.Snapshot().Ground.Version(); v != 1 {
		t.Fatalf("ground version %d after a square, want 1", v)
	}
	bad := square(0, 0, 4, "sand")
	bad.Tops = "AB"
	s.Handle(ctx, bad)
	if v := live.Snapshot().Ground.Version(); v != 1 {
		t.Errorf("a broken square changed the ground (version %d)", v)
	}
}

// TestGroundKeepsTopsAndHeights: the 3D view reads each column's top block
// and its height back; a square without heights keeps the tops alone, a
// newer ground learns a name without changing an older one's, and an area
// reads what lies inside it only.
func TestGroundKeepsTopsAndHeights(t *testing.T) {
	hill := square(0, 0, 4, "grass_block")
	hill.Palette = []string{"grass_block", "minecraft:oak_leaves"}
	tops := []byte(hill.Tops)
	tops[5] = 'B'
	hill.Tops = string(tops)
	for i := range 16 {
		hill.Heights += protocol.HeightChars(60 + i)
	}
	g1, _ := (*Ground)(nil).With("srv", hill)
	a := g1.Area("srv", "", -1, -1, 4, 4)
	for _, c := range []struct {
		x, z int
		want GroundColumn
	}{{0, 0, GroundColumn{"grass_block", 60, true}}, {1, 1, GroundColumn{"oak_leaves", 65, true}}, {3, 3, GroundColumn{"grass_block", 75, true}},
		{-1, 0, GroundColumn{}}, {4, 4, GroundColumn{}}, {9, 9, GroundColumn{}}} {
		if got := a.At(c.x, c.z); got != c.want {
			t.Errorf("At(%d, %d) = %+v, want %+v", c.x, c.z, got, c.want)
		}
	}
	flat := square(2, 2, 1, "snow")
	g2, changed := g1.With("srv", flat)
	if !changed {
		t.Fatal("snow without a height changed nothing")
	}
	if got := g2.Area("srv", "overworld", 2, 2, 2, 2).At(2, 2); got != (GroundColumn{Block: "snow"}) {
		t.Errorf("the snowy column reads %+v, want snow without a height", got)
	}
	if got := g1.Area("srv", "overworld", 2, 2, 2, 2).At(2, 2); got != (GroundColumn{"grass_block", 70, true}) {
		t.Errorf("the older ground's column changed to %+v", got)
	}
	if len(g1.names) != 3 || len(g2.names) != 4 {
		t.Errorf("names %v and %v", g1.names, g2.names)
	}
	if got := g2.Area("srv", "nether", 0, 0, 3, 3).At(0, 0); got != (GroundColumn{}) {
		t.Errorf("the nether reads %+v", got)
	}
	if big := g2.Area("srv", "overworld", 0, 0, 1000, 1000); big.X1-big.X0+1 != maxAreaSide || big.Z1-big.Z0+1 != maxAreaSide {
		t.Errorf("an area of 1001 columns a side kept %d×%d", big.X1-big.X0+1, big.Z1-big.Z0+1)
	}
}
