package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

func ip(n int) *int { return &n }

// TestRelativeFacesForEveryYaw is the seed's table: with yaw 0 forward is
// south and right is west; 90: west and north; 180: north and east; 270:
// east and south.
func TestRelativeFacesForEveryYaw(t *testing.T) {
	cases := []struct {
		yaw                                  float64
		forward, right, back, left, up, down game.Face
	}{
		{0, "south", "west", "north", "east", "top", "bottom"},
		{90, "west", "north", "east", "south", "top", "bottom"},
		{180, "north", "east", "south", "west", "top", "bottom"},
		{270, "east", "south", "west", "north", "top", "bottom"},
		{-90, "east", "south", "west", "north", "top", "bottom"}, // = 270
		{359, "south", "west", "north", "east", "top", "bottom"}, // snaps to 0
		{134, "west", "north", "east", "south", "top", "bottom"}, // snaps to 90
	}
	for _, c := range cases {
		for face, want := range map[string]game.Face{"forward": c.forward, "right": c.right, "back": c.back, "left": c.left, "up": c.up, "down": c.down, "north": "north"} {
			_, got := Resolve(placeParams{X: ip(0), Y: ip(0), Z: ip(0), Face: face}, game.Pos{}, c.yaw)
			if got != want {
				t.Errorf("yaw %v, face %s: %s, want %s", c.yaw, face, got, want)
			}
		}
	}
}

// TestRelativeAnchor: dx is to her right, dz forward, dy up, from her block.
func TestRelativeAnchor(t *testing.T) {
	feet := game.Pos{X: 10, Y: 64, Z: 10}
	cases := []struct {
		yaw        float64
		dx, dy, dz int
		want       game.Pos
	}{
		{0, 0, -1, 1, game.Pos{X: 10, Y: 63, Z: 11}},  // facing south: forward is +z
		{0, 1, 0, 0, game.Pos{X: 9, Y: 64, Z: 10}},    // right is west: -x
		{90, 0, 0, 2, game.Pos{X: 8, Y: 64, Z: 10}},   // facing west: forward is -x
		{90, 1, 0, 0, game.Pos{X: 10, Y: 64, Z: 9}},   // right is north: -z
		{180, 1, 0, 1, game.Pos{X: 11, Y: 64, Z: 9}},  // north and east
		{270, -1, 2, 1, game.Pos{X: 11, Y: 66, Z: 9}}, // forward east, left north
	}
	for _, c := range cases {
		got, _ := Resolve(placeParams{DX: ip(c.dx), DY: ip(c.dy), DZ: ip(c.dz), Face: "up"}, feet, c.yaw)
		if got != c.want {
			t.Errorf("yaw %v, d=(%d,%d,%d): anchor %s, want %s", c.yaw, c.dx, c.dy, c.dz, got, c.want)
		}
	}
}

func TestPlaceBlockSendsAbsoluteValuesAndNeverRepeatsAFailure(t *testing.T) {
	g := &gametest.Game{Answer: protocol.Answer{Result: protocol.Failure, Message: "invalid placement"}}
	sit := fakeSit{v: agent.Snapshot{Body: &agent.Body{Position: game.Vec3{X: 10.5, Y: 64, Z: 10.5}, Yaw: 90}}}
	r := New(Deps{Game: g, Situation: sit})
	args := `{"block":"dirt","dx":0,"dy":-1,"dz":1,"face":"up"}`
	out := r.Invoke(context.Background(), agent.ToolCall{Name: "place_block", Args: json.RawMessage(args)})
	if out.Action == nil {
		t.Fatalf("place_block did not start: %+v", out)
	}
	sent, _ := json.Marshal(out.Action.Params)
	if string(sent) != `{"block":"dirt","x":9,"y":63,"z":10,"face":"top"}` {
		t.Errorf("sent %s", sent)
	}
	if !strings.Contains(out.Answer, "(9, 64, 10)") {
		t.Errorf("the answer does not name the destination cell: %q", out.Answer)
	}
	text := out.Action.Read(context.Background(), protocol.Answer{Result: protocol.Failure, Message: "invalid placement"})
	if !strings.Contains(text, "FAILURE") {
		t.Errorf("read %q", text)
	}
	again := r.Invoke(context.Background(), agent.ToolCall{Name: "place_block", Args: json.RawMessage(`{"block":"dirt","x":9,"y":63,"z":10,"face":"top"}`)})
	if again.Action != nil || !again.Failed || !strings.Contains(again.Answer, "failed just before") {
		t.Errorf("the same failed anchor and face was sent again: %+v", again)
	}
	other := r.Invoke(context.Background(), agent.ToolCall{Name: "place_block", Args: json.RawMessage(`{"block":"dirt","x":9,"y":63,"z":10,"face":"north"}`)})
	if other.Action == nil {
		t.Errorf("another face of the same anchor was refused: %+v", other)
	}
}

// TestOnlyAPlacementsOwnFailureIsRemembered: a placement cut short (a
// reflex, a replacement) says nothing about the anchor, so the same call may
// go again at once; a real failure is refused once, then allowed again.
func TestOnlyAPlacementsOwnFailureIsRemembered(t *testing.T) {
	g := &gametest.Game{}
	r := New(Deps{Game: g, Situation: fakeSit{}})
	place := func() agent.Outcome {
		return r.Invoke(context.Background(), agent.ToolCall{Name: "place_block", Args: json.RawMessage(`{"block":"dirt","x":1,"y":64,"z":1,"face":"east"}`)})
	}
	first := place()
	first.Action.Read(context.Background(), protocol.Answer{Result: protocol.Interrupted, Reason: "reflex: defend against Zombie"})
	second := place()
	if second.Action == nil {
		t.Fatalf("after an interruption the same placement was refused: %+v", second)
	}
	second.Action.Read(context.Background(), protocol.Answer{Result: protocol.Failure, Message: "the cell is taken"})
	if third := place(); third.Action != nil || !third.Failed {
		t.Fatalf("the placement that just failed was sent again: %+v", third)
	}
	if fourth := place(); fourth.Action == nil {
		t.Errorf("after one refusal the placement is still refused: %+v; only twice in a row is kept from her", fourth)
	}
}
