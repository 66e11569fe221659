package tools

import (
	"context"
	"fmt"
	"sync"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// placeParams is place_block as the model writes it: the anchor absolute or
// relative to her, the face absolute or relative to where she looks.
type placeParams struct {
	Block string `json:"block"`
	X     *int   `json:"x,omitempty" jsonschema_description:"absolute anchor; or dx, dy, dz"`
	Y     *int   `json:"y,omitempty"`
	Z     *int   `json:"z,omitempty"`
	DX    *int   `json:"dx,omitempty" jsonschema_description:"anchor from your block: right + / left -"`
	DY    *int   `json:"dy,omitempty" jsonschema_description:"up + / down -"`
	DZ    *int   `json:"dz,omitempty" jsonschema_description:"forward + / back -"`
	Face  string `json:"face" jsonschema:"enum=up,enum=down,enum=forward,enum=back,enum=left,enum=right,enum=top,enum=bottom,enum=north,enum=south,enum=east,enum=west" jsonschema_description:"the anchor face it goes on"`
}

func (p *placeParams) validate() error {
	abs := count(p.X, p.Y, p.Z)
	rel := count(p.DX, p.DY, p.DZ)
	switch {
	case abs == 3 && rel == 0, rel == 3 && abs == 0:
	case abs > 0 && rel > 0:
		return fmt.Errorf("give the anchor either absolutely (x, y, z) or relative to you (dx, dy, dz), not both")
	default:
		return fmt.Errorf("give the anchor block as all three of x, y, z, or all three of dx, dy, dz")
	}
	if err := nonEmpty("block", p.Block); err != nil {
		return err
	}
	return oneOf("face", p.Face, "up", "down", "forward", "back", "left", "right", "top", "bottom", "north", "south", "east", "west")
}

func count(ps ...*int) int {
	n := 0
	for _, p := range ps {
		if p != nil {
			n++
		}
	}
	return n
}

// placeSend is what place_block sends: absolute values only.
type placeSend struct {
	Block string    `json:"block"`
	X     int       `json:"x"`
	Y     int       `json:"y"`
	Z     int       `json:"z"`
	Face  game.Face `json:"face"`
}

// Resolve turns an anchor and face, absolute or relative, into absolute
// ones, with her yaw snapped to the nearest quarter turn. The relative
// anchor counts from her block: dx to her right, dy up, dz forward.
func Resolve(p placeParams, feet game.Pos, yaw float64) (anchor game.Pos, face game.Face) {
	q := game.SnapYaw(yaw)
	if p.X != nil {
		anchor = game.Pos{X: *p.X, Y: *p.Y, Z: *p.Z}
	} else {
		right, _ := q.Right().Offset()
		fwd, _ := q.Forward().Offset()
		anchor = game.Pos{
			X: feet.X + *p.DX*right.X + *p.DZ*fwd.X,
			Y: feet.Y + *p.DY,
			Z: feet.Z + *p.DX*right.Z + *p.DZ*fwd.Z,
		}
	}
	switch p.Face {
	case "up":
		face = game.FaceTop
	case "down":
		face = game.FaceBottom
	case "forward":
		face = q.Forward()
	case "back":
		face = q.Back()
	case "left":
		face = q.Left()
	case "right":
		face = q.Right()
	default:
		face = game.Face(p.Face)
	}
	return anchor, face
}

// placeMemory remembers the last (anchor, face) that failed, so the same
// failed placement is not sent twice in a row.
type placeMemory struct {
	mu     sync.Mutex
	failed *placeSend
}

// failedBefore reports whether s is the placement that just failed, and
// forgets it: the refusal is given once, so "not twice in a row" means
// exactly that.
func (m *placeMemory) failedBefore(s placeSend) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	same := m.failed != nil && *m.failed == s
	if same {
		m.failed = nil
	}
	return same
}

// note records how a placement ended. Only an answer about the placement
// itself counts as its failure: one cut short (a reflex, a replacement, a
// death, a lost link) says nothing about the anchor or the cell.
func (m *placeMemory) note(s placeSend, r protocol.Result) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch r {
	case protocol.Failure, protocol.FailInvalid, protocol.FailProtected:
		m.failed = &s
	case protocol.Success:
		m.failed = nil
	}
}

func (g *gameTools) placeBlock(_ context.Context, p placeParams) agent.Outcome {
	v := g.sit.Snapshot()
	if v.Body == nil && p.X == nil {
		return failf("you cannot place relative to yourself while the game has not told you where you are; give x, y and z")
	}
	var feet game.Pos
	var yaw float64
	if v.Body != nil {
		feet, yaw = v.Body.Position.Block(), v.Body.Yaw
	}
	anchor, face := Resolve(p, feet, yaw)
	send := placeSend{Block: p.Block, X: anchor.X, Y: anchor.Y, Z: anchor.Z, Face: face}
	if g.place.failedBefore(send) {
		return failf("placing on the %s face of %s failed just before; it will fail again. Look again at the anchor block: is it solid, and is the cell beside it free?", face, anchor)
	}
	off, _ := face.Offset()
	dest := anchor.Add(off)
	out := start("place_block", send)
	out.Action.Call = fmt.Sprintf("place_block(block=%s, at=%s, on the %s face of %s)", p.Block, dest, face, anchor)
	out.Action.Read = func(ctx context.Context, a protocol.Answer) string {
		g.place.note(send, a.Result)
		if a.Result.OK() {
			g.placed.placed(ctx, game.KnownBlock{Pos: dest, Block: p.Block})
		}
		return fmt.Sprintf("%s (the block was meant for %s)", agent.ReadAnswer(a), dest)
	}
	out.Answer = fmt.Sprintf("started: placing %s at %s, on the %s face of %s. Its result will reach you when it is over.", p.Block, dest, face, anchor)
	return out
}
