// Package preview draws a build's cells for the people watching: an
// isometric picture of the whole build and a top view of each layer, as SVG
// with a colour per block kind. The same cells always give the same bytes.
package preview

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strconv"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

// Sizes of the drawings, in SVG units.
const (
	unit      = 16 // a block's edge in the isometric picture
	cellPx    = 16 // a cell's side in a top view
	pad       = 8
	legendRow = 16
	maxLegend = 16
)

var (
	cos30 = math.Sqrt(3) / 2
	sin30 = 0.5
)

// cellsAt indexes cells by position, the last one at a position winning.
func cellsAt(cells []blueprint.Cell) map[game.Pos]string {
	at := make(map[game.Pos]string, len(cells))
	for _, c := range cells {
		at[c.Pos] = c.Block
	}
	return at
}

func boxOf(at map[game.Pos]string) blueprint.Box {
	first := true
	var b blueprint.Box
	for p := range at {
		if first {
			b, first = blueprint.Box{Min: p, Max: p}, false
			continue
		}
		b.Min = game.Pos{X: min(b.Min.X, p.X), Y: min(b.Min.Y, p.Y), Z: min(b.Min.Z, p.Z)}
		b.Max = game.Pos{X: max(b.Max.X, p.X), Y: max(b.Max.Y, p.Y), Z: max(b.Max.Z, p.Z)}
	}
	return b
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func escape(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// kindCount is how many cells a kind has.
type kindCount struct {
	kind string
	n    int
}

// kinds counts the cells of each kind but air, most first, then by name.
func kinds(at map[game.Pos]string) []kindCount {
	counts := map[string]int{}
	for _, block := range at {
		if k := blueprint.Kind(block); k != blueprint.Air {
			counts[k]++
		}
	}
	out := make([]kindCount, 0, len(counts))
	for k, n := range counts {
		out = append(out, kindCount{k, n})
	}
	slices.SortFunc(out, func(a, b kindCount) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.kind, b.kind)) })
	return out
}

// legend writes a swatch and a name for each kind, as a person says it
// ("white bed"), from (x, y) down, the kinds with the most cells first;
// past maxLegend kinds it says how many more there are. It gives no
// count: a kind's cells are not its items (a bed or a door is two
// cells), and the page beside the drawing says what the build takes.
func legend(b *bytes.Buffer, ks []kindCount, x, y float64) {
	for i, k := range ks {
		if i == maxLegend {
			fmt.Fprintf(b, `<text x="%s" y="%s" font-size="11">and %d more kinds</text>`+"\n", num(x), num(y+float64(i)*legendRow+11), len(ks)-maxLegend)
			return
		}
		ry := y + float64(i)*legendRow
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="12" height="12" fill="%s" stroke="#333" stroke-width="0.5"/>`, num(x), num(ry), colour(k.kind))
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="11">%s</text>`+"\n", num(x+16), num(ry+10), escape(game.ItemName(k.kind)))
	}
}

func header(b *bytes.Buffer, w, h float64, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif">`+"\n",
		num(w), num(h), num(w), num(h))
	fmt.Fprintf(b, "<title>%s</title>\n", escape(title))
}

// empty is the drawing of no cells at all.
func empty() []byte {
	var b bytes.Buffer
	header(&b, 160, 32, "nothing to build")
	b.WriteString(`<text x="8" y="20" font-size="12">nothing to build</text>` + "\n</svg>\n")
	return b.Bytes()
}

// SVG draws the cells as an isometric picture seen from above the
// south-east (+x, +z), with a legend of the block kinds. Air cells are not
// drawn; a face hidden by a neighbouring block is left out.
func SVG(cells []blueprint.Cell) []byte {
	at := cellsAt(cells)
	var solid []game.Pos
	for p, block := range at {
		if blueprint.Kind(block) != blueprint.Air {
			solid = append(solid, p)
		}
	}
	if len(solid) == 0 {
		return empty()
	}
	box := boxOf(at)
	// Far cells first: a cell can only hide cells with a smaller x+y+z.
	slices.SortFunc(solid, func(a, b game.Pos) int {
		return cmp.Or(cmp.Compare(a.X+a.Y+a.Z, b.X+b.Y+b.Z), cmp.Compare(a.Y, b.Y), cmp.Compare(a.Z, b.Z), cmp.Compare(a.X, b.X))
	})
	project := func(x, y, z int) (float64, float64) {
		return float64(x-z) * unit * cos30, float64(x+z)*unit*sin30 - float64(y)*unit
	}
	// The picture's extent: the box's eight corners.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, x := range []int{0, box.Max.X - box.Min.X + 1} {
		for _, y := range []int{0, box.Max.Y - box.Min.Y + 1} {
			for _, z := range []int{0, box.Max.Z - box.Min.Z + 1} {
				sx, sy := project(x, y, z)
				minX, minY, maxX, maxY = min(minX, sx), min(minY, sy), max(maxX, sx), max(maxY, sy)
			}
		}
	}
	ks := kinds(at)
	legendW, legendH := float64(220), float64(min(len(ks), maxLegend+1))*legendRow
	picW, picH := maxX-minX+2*pad, maxY-minY+2*pad
	var b bytes.Buffer
	s := box.Max.Sub(box.Min).Add(game.Pos{X: 1, Y: 1, Z: 1})
	header(&b, picW+legendW, max(picH, legendH+2*pad),
		fmt.Sprintf("%d cells, %d wide (x) by %d deep (z) by %d high", len(at), s.X, s.Z, s.Y))
	ox, oy := pad-minX, pad-minY
	point := func(x, y, z int) string {
		sx, sy := project(x, y, z)
		return num(sx+ox) + "," + num(sy+oy)
	}
	filled := func(p game.Pos) bool {
		block, ok := at[p]
		return ok && blueprint.Kind(block) != blueprint.Air
	}
	colours := colourCache{}
	for _, p := range solid {
		block := at[p]
		kind := blueprint.Kind(block)
		c := colours.of(kind)
		x, y, z := p.X-box.Min.X, p.Y-box.Min.Y, p.Z-box.Min.Z
		opacity := ""
		if translucent(kind) {
			opacity = ` fill-opacity="0.55"`
		}
		fmt.Fprintf(&b, `<g stroke="%s" stroke-width="0.5"%s><title>%s at %s</title>`, c.shade(0.45), opacity, escape(block), p)
		if !filled(p.Add(game.Pos{Y: 1})) {
			fmt.Fprintf(&b, `<polygon points="%s %s %s %s" fill="%s"/>`,
				point(x, y+1, z), point(x+1, y+1, z), point(x+1, y+1, z+1), point(x, y+1, z+1), c)
		}
		if !filled(p.Add(game.Pos{X: 1})) {
			fmt.Fprintf(&b, `<polygon points="%s %s %s %s" fill="%s"/>`,
				point(x+1, y, z), point(x+1, y, z+1), point(x+1, y+1, z+1), point(x+1, y+1, z), c.shade(0.8))
		}
		if !filled(p.Add(game.Pos{Z: 1})) {
			fmt.Fprintf(&b, `<polygon points="%s %s %s %s" fill="%s"/>`,
				point(x, y, z+1), point(x+1, y, z+1), point(x+1, y+1, z+1), point(x, y+1, z+1), c.shade(0.65))
		}
		b.WriteString("</g>\n")
	}
	legend(&b, ks, picW, pad)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// Layer is the top view of one horizontal layer of a build.
type Layer struct {
	Y   int
	SVG []byte
}

// TopViews draws each layer of the cells seen from above, the lowest
// first, every one over the same x-z extent: x runs right (east), z down
// (south), as the rows of a build's layers do. A cell that must be empty is
// white with a cross; where there is no cell the grid shows through.
func TopViews(cells []blueprint.Cell) []Layer {
	at := cellsAt(cells)
	if len(at) == 0 {
		return nil
	}
	box := boxOf(at)
	byY := make([]map[game.Pos]string, box.Max.Y-box.Min.Y+1)
	for p, block := range at {
		i := p.Y - box.Min.Y
		if byY[i] == nil {
			byY[i] = map[game.Pos]string{}
		}
		byY[i][p] = block
	}
	layers := make([]Layer, len(byY))
	for i, layer := range byY {
		layers[i] = Layer{Y: box.Min.Y + i, SVG: topView(layer, box, box.Min.Y+i)}
	}
	return layers
}

// topView draws the cells of one layer (all at y) over the box's x-z extent.
func topView(layer map[game.Pos]string, box blueprint.Box, y int) []byte {
	w := box.Max.X - box.Min.X + 1
	d := box.Max.Z - box.Min.Z + 1
	const top = 20 // room for the caption
	var b bytes.Buffer
	const captionW = 200 // the caption is wider than a small layer
	header(&b, float64(max(w*cellPx+2*pad, captionW)), float64(d*cellPx+2*pad+top), fmt.Sprintf("layer y=%d, %d cells", y, len(layer)))
	fmt.Fprintf(&b, `<text x="%d" y="14" font-size="12">y=%d · x %d..%d → · z %d..%d ↓</text>`+"\n",
		pad, y, box.Min.X, box.Max.X, box.Min.Z, box.Max.Z)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#f4f4f4" stroke="#ccc" stroke-width="0.5"/>`+"\n",
		pad, pad+top, w*cellPx, d*cellPx)
	colours := colourCache{}
	for z := box.Min.Z; z <= box.Max.Z; z++ {
		for x := box.Min.X; x <= box.Max.X; x++ {
			p := game.Pos{X: x, Y: y, Z: z}
			block, ok := layer[p]
			if !ok {
				continue
			}
			px, py := pad+(x-box.Min.X)*cellPx, pad+top+(z-box.Min.Z)*cellPx
			kind := blueprint.Kind(block)
			if kind == blueprint.Air {
				fmt.Fprintf(&b, `<g><title>air at %s</title><rect x="%d" y="%d" width="%d" height="%d" fill="#ffffff" stroke="#bbb" stroke-width="0.5"/><path d="M%d %dl%d %dM%d %dl%d %d" stroke="#bbb" stroke-width="1"/></g>`+"\n",
					p, px, py, cellPx, cellPx, px+4, py+4, cellPx-8, cellPx-8, px+cellPx-4, py+4, 8-cellPx, cellPx-8)
				continue
			}
			c := colours.of(kind)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="%s" stroke-width="0.5"><title>%s at %s</title></rect>`+"\n",
				px, py, cellPx, cellPx, c, c.shade(0.45), escape(block), p)
		}
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}
