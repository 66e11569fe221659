package game

import (
	"fmt"
	"math"
)

// Face is one of the six faces of a block, named as the protocol names them.
type Face string

// The six absolute faces.
const (
	FaceTop    Face = "top"
	FaceBottom Face = "bottom"
	FaceNorth  Face = "north"
	FaceSouth  Face = "south"
	FaceEast   Face = "east"
	FaceWest   Face = "west"
)

// Faces lists the absolute faces in a fixed order.
var Faces = []Face{FaceTop, FaceBottom, FaceNorth, FaceSouth, FaceEast, FaceWest}

// Offset is the step from a block to its neighbour on this face: north is -z,
// south +z, east +x, west -x.
func (f Face) Offset() (Pos, bool) {
	switch f {
	case FaceTop:
		return Pos{0, 1, 0}, true
	case FaceBottom:
		return Pos{0, -1, 0}, true
	case FaceNorth:
		return Pos{0, 0, -1}, true
	case FaceSouth:
		return Pos{0, 0, 1}, true
	case FaceEast:
		return Pos{1, 0, 0}, true
	case FaceWest:
		return Pos{-1, 0, 0}, true
	}
	return Pos{}, false
}

// ParseFace reads an absolute face name.
func ParseFace(s string) (Face, error) {
	f := Face(s)
	if _, ok := f.Offset(); !ok {
		return "", fmt.Errorf("game: %q is not a face; use top, bottom, north, south, east or west", s)
	}
	return f, nil
}

// Quarter is her facing snapped to the nearest quarter turn, with the
// protocol's yaw: 0 = south (+z), 90 = west (-x), 180 = north (-z), 270 = east (+x).
type Quarter int

// The four quarter turns.
const (
	South Quarter = 0
	West  Quarter = 90
	North Quarter = 180
	East  Quarter = 270
)

// SnapYaw snaps any yaw in degrees, negative or beyond 360 included, to the
// nearest quarter turn.
func SnapYaw(yaw float64) Quarter {
	q := int(math.Round(yaw/90)) % 4
	if q < 0 {
		q += 4
	}
	return Quarter(q * 90)
}

// Forward is the horizontal face she looks towards.
func (q Quarter) Forward() Face {
	switch q {
	case West:
		return FaceWest
	case North:
		return FaceNorth
	case East:
		return FaceEast
	}
	return FaceSouth
}

// Right is the face on her right hand: with yaw 0 (facing south) it is west.
func (q Quarter) Right() Face { return Quarter((int(q) + 90) % 360).Forward() }

// Left is the face on her left hand.
func (q Quarter) Left() Face { return Quarter((int(q) + 270) % 360).Forward() }

// Back is the face behind her.
func (q Quarter) Back() Face { return Quarter((int(q) + 180) % 360).Forward() }

// String names the compass direction of the quarter.
func (q Quarter) String() string { return string(q.Forward()) }
