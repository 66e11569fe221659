package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// Run: go test ./internal/store -run '^$' -bench . -benchtime 100x
// (BenchmarkStartAction with -benchtime 10000x is the 10,000 inserts).

func BenchmarkStartAction(b *testing.B) {
	s, _ := openTest(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		i++
		a := agent.ActionRecord{ID: fmt.Sprintf("r%d-bench0", i), Action: "find_block", Params: `{"block":"log","count":4}`, Started: t0}
		if err := s.StartAction(ctx, a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStartFinishAction(b *testing.B) {
	s, _ := openTest(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		i++
		a := agent.ActionRecord{ID: fmt.Sprintf("r%d-bench0", i), Action: "find_block", Params: `{"block":"log","count":4}`, Started: t0}
		if err := s.StartAction(ctx, a); err != nil {
			b.Fatal(err)
		}
		a.Finished, a.Result, a.Message, a.Log = t0.Add(time.Second), "SUCCESS", "collected 4/4 oak_log", []string{"walked 8 blocks"}
		if err := s.FinishAction(ctx, a); err != nil {
			b.Fatal(err)
		}
	}
}

// seedActions writes n finished actions in one transaction.
func seedActions(b *testing.B, s *Store, n int) {
	b.Helper()
	recs := make([]actionRecord, n)
	for i := range recs {
		f := ms(t0) + int64(i)*1000 + 500
		recs[i] = actionRecord{ID: fmt.Sprintf("r%d-seed00", i), Action: "scan", Params: `{"block":"iron_ore"}`,
			Started: ms(t0) + int64(i)*1000, Finished: &f, Result: "SUCCESS", Message: "found 3", Log: `["a","b"]`}
	}
	if err := s.w.CreateInBatches(recs, 500).Error; err != nil {
		b.Fatal(err)
	}
}

func BenchmarkRecentActions50(b *testing.B) {
	s, _ := openTest(b)
	seedActions(b, s, 10_000)
	ctx := context.Background()
	for b.Loop() {
		got, err := s.RecentActions(ctx, 50, ActionFilter{})
		if err != nil || len(got) != 50 {
			b.Fatal(len(got), err)
		}
	}
}

func BenchmarkPlaceByName(b *testing.B) {
	s, _ := openTest(b)
	ctx := context.Background()
	const n = 500
	for i := range n {
		if _, err := s.RememberPlace(ctx, world, game.Place{Name: fmt.Sprintf("place %d", i), Dimension: "overworld", Pos: game.Pos{X: i}}); err != nil {
			b.Fatal(err)
		}
	}
	i := 0
	for b.Loop() {
		i++
		if _, err := s.Place(ctx, world, fmt.Sprintf("PLACE %d", i%n)); err != nil {
			b.Fatal(err)
		}
	}
}

// benchBlocks are the useful blocks the seeded map is made of.
var benchBlocks = []string{
	"oak_log", "birch_log", "spruce_log", "coal_ore", "iron_ore", "deepslate_iron_ore", "copper_ore",
	"gold_ore", "diamond_ore", "redstone_ore", "lapis_ore", "chest", "crafting_table", "furnace",
	"white_bed", "water", "lava", "barrel",
}

// seedMap remembers n useful blocks scattered over 1000 × 1000 blocks
// around the origin, between y -60 and 100.
func seedMap(b *testing.B, s *Store, n int) {
	b.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	seen := make([]game.KnownBlock, n)
	for i := range seen {
		seen[i] = game.KnownBlock{
			Pos:      game.Pos{X: r.IntN(1000) - 500, Y: r.IntN(160) - 60, Z: r.IntN(1000) - 500},
			Block:    benchBlocks[r.IntN(len(benchBlocks))],
			LastSeen: t0,
		}
	}
	if err := s.RememberBlocks(context.Background(), world, "overworld", seen, nil); err != nil {
		b.Fatal(err)
	}
}

// fullSurvey is a survey as the mod sends it: every useful kind with its
// nearest and its nearest reachable block, all within the 20-block cube.
func fullSurvey(r *rand.Rand, center game.Pos) game.Look {
	look := game.Look{Center: center, Radius: 20, At: t0.Add(time.Hour)}
	for _, block := range benchBlocks {
		for range 2 {
			p := center.Add(game.Pos{X: r.IntN(41) - 20, Y: r.IntN(41) - 20, Z: r.IntN(41) - 20})
			look.Seen = append(look.Seen, game.KnownBlock{Pos: p, Block: block})
		}
	}
	return look
}

func BenchmarkRememberSurvey100k(b *testing.B) {
	s, _ := openTest(b)
	seedMap(b, s, 100_000)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	for b.Loop() {
		look := fullSurvey(r, game.Pos{X: r.IntN(800) - 400, Y: r.IntN(100) - 40, Z: r.IntN(800) - 400})
		if err := s.RememberLook(ctx, world, "overworld", look); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNearestBlocks100k(b *testing.B) {
	s, _ := openTest(b)
	seedMap(b, s, 100_000)
	ctx := context.Background()
	for _, bc := range []struct {
		kind   string
		radius int
	}{{"diamond_ore", 0}, {"iron_ore", 0}, {"log", 0}, {"diamond_ore", 64}, {"ore", 64}} {
		b.Run(fmt.Sprintf("%s/r%d", bc.kind, bc.radius), func(b *testing.B) {
			r := rand.New(rand.NewPCG(5, 6))
			for b.Loop() {
				from := game.Pos{X: r.IntN(800) - 400, Y: 30, Z: r.IntN(800) - 400}
				if _, err := s.NearestBlocks(ctx, world, "overworld", bc.kind, from, bc.radius, 5); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNearestKinds100k(b *testing.B) {
	s, _ := openTest(b)
	seedMap(b, s, 100_000)
	ctx := context.Background()
	for _, radius := range []int{0, 128} {
		b.Run(fmt.Sprintf("r%d", radius), func(b *testing.B) {
			r := rand.New(rand.NewPCG(7, 8))
			for b.Loop() {
				from := game.Pos{X: r.IntN(800) - 400, Y: 30, Z: r.IntN(800) - 400}
				got, err := s.NearestKinds(ctx, world, "overworld", from, radius)
				if err != nil || len(got) == 0 {
					b.Fatal(len(got), err)
				}
			}
		})
	}
}
