package protocol

import "fmt"

// Terrain is the top block of each column in a square around her: the
// ground as a map of the game draws it. It is optional (a game side that
// never sends it leaves the map without ground) and sent only when the
// square moved or a column in it changed, and once to each new connection.
//
// Tops holds one character per column, row by row from the north-west
// corner (x grows along a row, z from row to row), each an index into
// Palette written with TopsAlphabet; '.' is a column not known (not
// loaded, or nothing but air). One character a column keeps a 48-block
// square near 2 KB.
type Terrain struct {
	Dimension string   `json:"dimension"`
	X         int      `json:"x"`    // the square's north-west column
	Z         int      `json:"z"`    //
	Size      int      `json:"size"` // columns on a side
	Palette   []string `json:"palette"`
	Tops      string   `json:"tops"`
}

// PacketType names the packet on the wire.
func (Terrain) PacketType() string { return "terrain" }

// TopsAlphabet writes palette indexes in Terrain.Tops: at most 64 kinds of
// block in one square.
const TopsAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// TopUnknown marks a column the game side does not know.
const TopUnknown = '.'

// MaxTerrainSize bounds a square's side, so that one packet stays small.
const MaxTerrainSize = 128

// Top is the block on top of the column at (x, z): "" when the column lies
// outside the square or is not known.
func (t Terrain) Top(x, z int) string {
	dx, dz := x-t.X, z-t.Z
	if dx < 0 || dz < 0 || dx >= t.Size || dz >= t.Size || dz*t.Size+dx >= len(t.Tops) {
		return ""
	}
	i := indexOfTop(t.Tops[dz*t.Size+dx])
	if i < 0 || i >= len(t.Palette) {
		return ""
	}
	return t.Palette[i]
}

// Check says what is wrong with a terrain packet, in a sentence, or nil.
func (t Terrain) Check() error {
	switch {
	case t.Size <= 0 || t.Size > MaxTerrainSize:
		return fmt.Errorf("protocol: a terrain square of %d columns on a side; it must be 1 to %d", t.Size, MaxTerrainSize)
	case len(t.Tops) != t.Size*t.Size:
		return fmt.Errorf("protocol: a terrain square of %d×%d columns carries %d tops", t.Size, t.Size, len(t.Tops))
	case len(t.Palette) > len(TopsAlphabet):
		return fmt.Errorf("protocol: a terrain palette of %d kinds; at most %d fit", len(t.Palette), len(TopsAlphabet))
	}
	for i := 0; i < len(t.Tops); i++ {
		if c := t.Tops[i]; c != TopUnknown && (indexOfTop(c) < 0 || indexOfTop(c) >= len(t.Palette)) {
			return fmt.Errorf("protocol: terrain column %d is %q, which is not in its palette of %d", i, c, len(t.Palette))
		}
	}
	return nil
}

// TopChar writes palette index i as a character of Tops.
func TopChar(i int) byte { return TopsAlphabet[i] }

func indexOfTop(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}
