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
//
// Heights, optional, holds the height (y) of each column's top block, two
// characters a column in the same order and alphabet (see Height); the
// dashboard's 3D view stands the ground on them. A game side that leaves
// it out gives a map without relief.
type Terrain struct {
	Dimension string   `json:"dimension"`
	X         int      `json:"x"`    // the square's north-west column
	Z         int      `json:"z"`    //
	Size      int      `json:"size"` // columns on a side
	Palette   []string `json:"palette"`
	Tops      string   `json:"tops"`
	Heights   string   `json:"heights,omitempty"`
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
	if i, ok := t.TopIndex(x, z); ok {
		return t.Palette[i]
	}
	return ""
}

// TopIndex is the index in Palette of the top block of the column at
// (x, z); ok is false when the column lies outside the square or is not
// known.
func (t Terrain) TopIndex(x, z int) (int, bool) {
	dx, dz := x-t.X, z-t.Z
	if dx < 0 || dz < 0 || dx >= t.Size || dz >= t.Size || dz*t.Size+dx >= len(t.Tops) {
		return 0, false
	}
	i := indexOfTop(t.Tops[dz*t.Size+dx])
	if i < 0 || i >= len(t.Palette) {
		return 0, false
	}
	return i, true
}

// HeightBase is added to a height before it is written in Heights, so that
// every y a world may have (-2048 to 2047, beyond any the game allows)
// writes as two characters: 64 times the first's index plus the second's.
const HeightBase = 2048

// HeightChars writes the height y as its two characters of Heights.
func HeightChars(y int) string {
	v := min(max(y+HeightBase, 0), 64*64-1)
	return string([]byte{TopsAlphabet[v/64], TopsAlphabet[v%64]})
}

// Height is the y of the top block of the column at (x, z); ok is false
// when the packet carries no heights, the column lies outside the square
// or is not known.
func (t Terrain) Height(x, z int) (y int, ok bool) {
	dx, dz := x-t.X, z-t.Z
	i := 2 * (dz*t.Size + dx)
	if dx < 0 || dz < 0 || dx >= t.Size || dz >= t.Size || i+1 >= len(t.Heights) {
		return 0, false
	}
	hi, lo := indexOfTop(t.Heights[i]), indexOfTop(t.Heights[i+1])
	if hi < 0 || lo < 0 {
		return 0, false
	}
	return hi*64 + lo - HeightBase, true
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
	case t.Heights != "" && len(t.Heights) != 2*len(t.Tops):
		return fmt.Errorf("protocol: a terrain square of %d×%d columns carries %d characters of heights, not two a column", t.Size, t.Size, len(t.Heights))
	}
	for i := 0; i < len(t.Heights); i++ {
		if c := t.Heights[i]; c != TopUnknown && indexOfTop(c) < 0 {
			return fmt.Errorf("protocol: terrain height %d holds %q, which is neither of the alphabet nor '.'", i/2, c)
		}
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
