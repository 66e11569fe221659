package store

import (
	"context"
	"testing"

	"beaweb/internal/game"
)

func TestBlocksInListsTheTopmostOfEachColumnInTheBox(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	seen := []game.KnownBlock{
		{Pos: game.Pos{X: 1, Y: 10, Z: 1}, Block: "iron_ore"},
		{Pos: game.Pos{X: 1, Y: 60, Z: 1}, Block: "oak_log"},
		{Pos: game.Pos{X: 2, Y: 60, Z: 5}, Block: "chest"},
		{Pos: game.Pos{X: 50, Y: 60, Z: 1}, Block: "water"},
	}
	if err := s.RememberBlocks(ctx, "practice", "overworld", seen, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.RememberBlocks(ctx, "practice", "the_nether", []game.KnownBlock{{Pos: game.Pos{X: 1, Y: 40, Z: 2}, Block: "lava"}}, nil); err != nil {
		t.Fatal(err)
	}
	got, more, err := s.BlocksIn(ctx, "practice", "overworld", 0, 0, 10, 10, 0)
	if err != nil || more || len(got) != 2 {
		t.Fatalf("BlocksIn = %v, more %v, %v; want the log and the chest", got, more, err)
	}
	for _, b := range got {
		if b.Pos.X == 1 && b.Block != "oak_log" {
			t.Errorf("column (1, 1) shows %s, not the log on top", b.Block)
		}
	}
	if got, more, _ := s.BlocksIn(ctx, "practice", "overworld", 0, 0, 100, 10, 1); len(got) != 1 || !more {
		t.Errorf("with a limit of 1: %d blocks, more %v", len(got), more)
	}
	if got, _, err := s.BlocksIn(ctx, "nowhere", "overworld", 0, 0, 10, 10, 0); err != nil || len(got) != 0 {
		t.Errorf("an unknown world: %v, %v", got, err)
	}
}
