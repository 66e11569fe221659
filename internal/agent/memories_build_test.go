package agent

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestBuiltCellsFollowTheAnswer: her map takes from a build only what its
// answer says was done: every cell of a success, every cell but those still
// wrong of a failure that lists them, nothing of an answer that does not.
func TestBuiltCellsFollowTheAnswer(t *testing.T) {
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	cells := []game.KnownBlock{
		{Pos: game.Pos{X: 0, Y: 64, Z: 0}, Block: "minecraft:oak_planks"},
		{Pos: game.Pos{X: 1, Y: 64, Z: 0}, Block: "chest"},
		{Pos: game.Pos{X: 0, Y: 65, Z: 0}, Block: "oak_door[half=lower]"},
		{Pos: game.Pos{X: 1, Y: 65, Z: 0}, Block: "air"},
		{Pos: game.Pos{X: 2, Y: 65, Z: 0}, Block: "cave_air"},
		{Pos: game.Pos{X: 2, Y: 64, Z: 0}, Block: "furnace"},
	}
	text := func(placed []game.KnownBlock, cleared []game.Pos) []string {
		var out []string
		for _, b := range placed {
			if !b.Placed || !b.LastSeen.Equal(at) {
				t.Errorf("%+v is not marked placed by her at %v", b, at)
			}
			out = append(out, b.Block+" "+b.Pos.String())
		}
		for _, p := range cleared {
			out = append(out, "air "+p.String())
		}
		return out
	}
	all := []string{"oak_planks (0, 64, 0)", "chest (1, 64, 0)", "oak_door (0, 65, 0)", "furnace (2, 64, 0)", "air (1, 65, 0)", "air (2, 65, 0)"}
	for _, tc := range []struct {
		name   string
		answer protocol.Answer
		want   []string
	}{
		{"success", protocol.Answer{Result: protocol.Success,
			Data: json.RawMessage(`{"cells":6,"right":6,"wrong":[],"missing":{},"protected":[]}`)}, all},
		{"success without data", protocol.Answer{Result: protocol.Success}, all},
		{"ran out of furnaces; a protected block in an air cell", protocol.Answer{Result: protocol.Failure,
			Data: json.RawMessage(`{"cells":6,"right":4,"wrong":[{"x":2,"y":64,"z":0,"block":"furnace"},{"x":1,"y":65,"z":0,"block":"air"}],"missing":{"furnace":1}}`)},
			[]string{"oak_planks (0, 64, 0)", "chest (1, 64, 0)", "oak_door (0, 65, 0)", "air (2, 65, 0)"}},
		{"nothing right", protocol.Answer{Result: protocol.Failure,
			Data: json.RawMessage(`{"wrong":[{"x":0,"y":64,"z":0},{"x":1,"y":64,"z":0},{"x":0,"y":65,"z":0},{"x":1,"y":65,"z":0},{"x":2,"y":65,"z":0},{"x":2,"y":64,"z":0}]}`)}, nil},
		{"interrupted", protocol.Answer{Result: protocol.Interrupted, Reason: protocol.ReasonStopped}, nil},
		{"timed out", protocol.Answer{Result: protocol.FailTimeout, Data: json.RawMessage(`{}`)}, nil},
		{"failure with data that does not read", protocol.Answer{Result: protocol.Failure, Data: json.RawMessage(`{"wrong": 3}`)}, nil},
	} {
		placed, cleared := BuiltCells(cells, tc.answer, at)
		if got := text(placed, cleared); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
