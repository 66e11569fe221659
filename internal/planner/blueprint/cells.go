package blueprint

import (
	"slices"
	"strconv"
	"strings"

	"beaweb/internal/game"
)

// paletteChars are the characters a generated palette hands out, in order.
// Space, the double quote and the backslash are left out.
const paletteChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#$%&'()*+,-./:;<=>?@[]^_`{|}~!"

// maxKinds is the most kinds of block a generated palette can name.
const maxKinds = len(paletteChars)

// paletteBuilder hands out one character per block, in the order the
// blocks are first met.
type paletteBuilder struct {
	chars   map[string]byte
	palette map[string]string
}

func newPaletteBuilder() *paletteBuilder {
	return &paletteBuilder{chars: map[string]byte{}, palette: map[string]string{}}
}

// char returns the block's character; ok is false when the characters ran out.
func (pb *paletteBuilder) char(block string) (byte, bool) {
	if c, ok := pb.chars[block]; ok {
		return c, true
	}
	if len(pb.chars) == maxKinds {
		return 0, false
	}
	c := paletteChars[len(pb.chars)]
	pb.chars[block] = c
	pb.palette[string(c)] = block
	return c, true
}

// FromCells turns cells relative to origin (such as a build script draws)
// into ordinary build arguments, laid out row by row from the cells there
// are: the new origin is origin moved to the cells' lowest corner, one layer
// per y from the lowest, one row per z, each row running along +x up to its
// last cell, with a space wherever no cell is. A later cell at the same
// position replaces an earlier one. Cells spanning more than MaxSpan blocks
// along an axis are refused before anything is laid out, as are more than
// MaxCells cells, more than MaxKinds kinds of block, and a bad block name.
func FromCells(origin game.Pos, cells []Cell) (Args, error) {
	if len(cells) == 0 {
		return Args{}, invalid("there are no cells to build")
	}
	box := Box{Min: cells[0].Pos, Max: cells[0].Pos}
	for _, c := range cells {
		box.Min = game.Pos{X: min(box.Min.X, c.X), Y: min(box.Min.Y, c.Y), Z: min(box.Min.Z, c.Z)}
		box.Max = game.Pos{X: max(box.Max.X, c.X), Y: max(box.Max.Y, c.Y), Z: max(box.Max.Z, c.Z)}
	}
	size := box.Size()
	for _, axis := range []struct {
		name           string
		span, from, to int
	}{{"x", size.X, box.Min.X, box.Max.X}, {"y", size.Y, box.Min.Y, box.Max.Y}, {"z", size.Z, box.Min.Z, box.Max.Z}} {
		if axis.span > MaxSpan {
			return Args{}, invalid("the cells span %d blocks along %s (from %d to %d); the most one build spans is %d",
				axis.span, axis.name, axis.from, axis.to, MaxSpan)
		}
	}
	at := make(map[game.Pos]string, len(cells))
	for i, c := range cells {
		block, ok := canonicalBlock(c.Block)
		if !ok {
			return Args{}, checkBlock("cell "+strconv.Itoa(i)+" at "+c.Pos.String(), c.Block)
		}
		at[c.Pos.Sub(box.Min)] = block
		if len(at) > MaxCells {
			return Args{}, invalid("the cells are more than %d; the most one build takes is %d: split it into smaller builds", MaxCells, MaxCells)
		}
	}
	rel := make([]game.Pos, 0, len(at))
	for p := range at {
		rel = append(rel, p)
	}
	slices.SortFunc(rel, byBuildOrder)
	pb := newPaletteBuilder()
	layers := make([][]string, size.Y)
	var row strings.Builder
	i := 0
	for y := range size.Y {
		layer := []string{}
		for z := range size.Z {
			row.Reset()
			for ; i < len(rel) && rel[i].Y == y && rel[i].Z == z; i++ {
				for row.Len() < rel[i].X {
					row.WriteByte(' ')
				}
				c, ok := pb.char(at[rel[i]])
				if !ok {
					return Args{}, invalid("the cells use more than %d kinds of block; one build names at most %d", maxKinds, maxKinds)
				}
				row.WriteByte(c)
			}
			layer = append(layer, row.String())
		}
		// Rows after the last one with a cell say nothing.
		for len(layer) > 0 && layer[len(layer)-1] == "" {
			layer = layer[:len(layer)-1]
		}
		layers[y] = layer
	}
	return Args{Origin: origin.Add(box.Min), Layers: layers, Palette: pb.palette}, nil
}
