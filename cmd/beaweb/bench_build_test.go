package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// overhangHouse is a 15×15×15 house of the kind mindcraft's generator
// makes (3,375 cells, air included): a floor, a room's walls three high,
// and over them an upper storey that stands on nothing below it: a ledge
// of two blocks off the room's side and a ring of walls over a one-block
// gap, each holding the other only once both are in. Its parts are built
// bottom-up, and the upper storey's part has no block that a block beside
// it holds when she comes to it.
func overhangHouse(t *testing.T) string {
	return houseTask(t, "overhang_house", 15, 15, 900, func(x, y, z int) string {
		in := func(x0, x1, z0, z1 int) bool { return x >= x0 && x <= x1 && z >= z0 && z <= z1 }
		ring := func(x0, x1, z0, z1 int) bool {
			return in(x0, x1, z0, z1) && (x == x0 || x == x1 || z == z0 || z == z1)
		}
		switch {
		case y == 0 && in(1, 13, 1, 13):
			return "stone"
		case y >= 1 && y <= 3 && ring(2, 7, 1, 5):
			return "stone"
		case y == 4 && in(8, 9, 1, 5):
			return "stone" // the ledge: nothing under it, nothing beside it
		case y >= 5 && y <= 7 && ring(2, 9, 1, 5):
			return "stone" // over the gap at y 4
		case y == 8 && in(2, 9, 1, 5):
			return "stone"
		}
		return "air"
	})
}

// TestBenchBuildsOverhangs: a big house whose upper storey stands on
// nothing below it is built whole, each overhanging block placed against
// a bridge of spare blocks that she breaks back out, and every cell is
// right at the end (the practice world used to leave them, and the part
// stopped at the first overhang).
func TestBenchBuildsOverhangs(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := runBenchTasks(context.Background(), []string{"--tasks", overhangHouse(t), "--json"},
		func(string) string { return "" }, &stdout, &stderr, &builder{})
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	var out struct {
		Tasks []taskResult `json:"tasks"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if r := out.Tasks[0]; !r.Success || r.Score != 1 {
		t.Errorf("%+v\n%s", r, stderr.String())
	}
}
