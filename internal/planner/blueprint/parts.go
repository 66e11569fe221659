package blueprint

import (
	"maps"
	"strings"

	"beaweb/internal/game"
)

// MaxTemplateCells is the most cells a template holds, air included: a
// template past PartCells is built in parts (Parts), each a build of its
// own.
const MaxTemplateCells = 32768

// PartCells is the most cells of one part: as many as the slowest build
// lays within the game's budget for one build (600 s at 0.9 s a cell).
const PartCells = 666 // BudgetSeconds / SecondsPerCellMax, rounded down

// Parts splits a template's build arguments (Template.Args) into builds of
// at most PartCells cells each, in the order to build them: bottom-up, a
// part whole layers where they fit and rows of one layer where a layer
// alone is too big, so every block of a part stands on the parts before it
// as it does in the whole. A door's two halves stay in one part. Args of
// PartCells cells or fewer come back as the one part. A run of one row
// of a door's two layers past PartCells is the one thing left bigger.
func Parts(args Args) []Args {
	var parts []Args
	from := 0
	count := 0
	flush := func(to int) {
		if to > from {
			parts = append(parts, slice(args, from, to, 0, 0))
		}
		from, count = to, 0
	}
	for y := 0; y < len(args.Layers); y++ {
		n := layerCells(args.Layers[y])
		k := y + 1 // a door's lower half takes its upper half with it
		if y+1 < len(args.Layers) && hasDoor(args.Layers[y], args.Palette) {
			n += layerCells(args.Layers[y+1])
			k = y + 2
		}
		if count+n > PartCells {
			flush(y)
		}
		if n > PartCells {
			parts = append(parts, rows(args, y, k)...)
			from = k
			y = k - 1
			continue
		}
		count += n
		y = k - 1
	}
	flush(len(args.Layers))
	return parts
}

// rows splits layers [y0, y1) too big for one build (one layer, or a
// door's two) into runs of their rows, each run of every layer at once.
func rows(args Args, y0, y1 int) []Args {
	var parts []Args
	depth := 0
	for _, layer := range args.Layers[y0:y1] {
		depth = max(depth, len(layer))
	}
	from, count := 0, 0
	for z := range depth {
		n := 0
		for _, layer := range args.Layers[y0:y1] {
			if z < len(layer) {
				n += len(layer[z]) - strings.Count(layer[z], " ")
			}
		}
		if count+n > PartCells && z > from {
			parts = append(parts, slice(args, y0, y1, from, z))
			from, count = z, 0
		}
		count += n
	}
	return append(parts, slice(args, y0, y1, from, depth))
}

// slice is the build of layers [y0, y1), and of only rows [z0, z1) when
// z1 > 0, at the same place in the world: the origin moves up by y0, and
// rows before z0 are left as they are (blank).
func slice(args Args, y0, y1, z0, z1 int) Args {
	part := args
	part.Ops = nil
	part.Palette = maps.Clone(args.Palette)
	part.Origin = args.Origin.Add(game.Pos{Y: y0})
	part.Layers = make([][]string, 0, y1-y0)
	for _, layer := range args.Layers[y0:y1] {
		if z1 == 0 {
			part.Layers = append(part.Layers, layer)
			continue
		}
		cut := make([]string, min(z1, len(layer)))
		for z := range cut {
			if z >= z0 {
				cut[z] = layer[z]
			} else {
				cut[z] = strings.Repeat(" ", len(layer[z]))
			}
		}
		part.Layers = append(part.Layers, cut)
	}
	return part
}

func layerCells(layer []string) int {
	n := 0
	for _, row := range layer {
		n += len(row) - strings.Count(row, " ")
	}
	return n
}

func hasDoor(layer []string, palette map[string]string) bool {
	for _, row := range layer {
		for _, r := range row {
			if block, ok := palette[string(r)]; ok && isKind(block, "door") {
				return true
			}
		}
	}
	return false
}
