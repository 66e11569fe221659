package web

import (
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/templates/partials"
)

// paint3D is a colour the 3D view draws boxes in, with the family's name
// for people. See is how much one sees through it, 0 for a solid block:
// water, lava, leaves and glass are drawn see-through.
type paint3D struct {
	Name string  `json:"name"`
	RGB  string  `json:"rgb"`
	See  float64 `json:"see,omitempty"`
}

// paintOf is the paint of a block: an ore in the maps' ore colour, water,
// lava and leaves in their own, any other block in the colour the game's
// own maps give its family (the maps' water and plants are too dark to
// read as a surface lit from above).
func paintOf(block string) paint3D {
	b := game.BlockName(block)
	if name, rgb, ok := partials.OreColour(b); ok {
		return paint3D{Name: name + " ore", RGB: rgb}
	}
	switch {
	case b == "water" || b == "bubble_column":
		return paint3D{Name: "water", RGB: "#3f76e4", See: 0.45}
	case b == "lava":
		return paint3D{Name: "lava", RGB: "#d45a12", See: 0.15}
	case strings.HasSuffix(b, "_leaves"):
		return paint3D{Name: "leaves", RGB: "#4e9a3a", See: 0.35}
	}
	c := game.MapColours[game.MapColourOf(b)]
	p := paint3D{Name: c.Name, RGB: c.RGB}
	if strings.Contains(b, "glass") {
		p.See = 0.6
	}
	return p
}

// The paints the ground's columns are drawn in where the top block does not
// say (see surfaceOf).
var (
	grassPaint = paintOf("grass_block")
	snowPaint  = paintOf("snow_block")
	dirtPaint  = paintOf("dirt")
	stonePaint = paintOf("stone")
	leafPaint  = paintOf("oak_leaves")
)

// surface is how a column of the ground is drawn: the y of its top box,
// the paint of that box and of the side under it. A plant, a snow layer or
// a torch on top lies on the ground: the box is the block under it, in the
// colour a person sees from above (grass under a plant, snow under snow).
// Under grass and snow the side is dirt.
type surface struct {
	y         int
	top, side paint3D
}

func surfaceOf(c agent.GroundColumn) (surface, bool) {
	if c.Block == "" || !c.HasY {
		return surface{}, false
	}
	b := game.BlockName(c.Block)
	s := surface{y: c.Y, top: paintOf(b)}
	if game.Passable(b) && b != "water" {
		s.y--
		switch {
		case b == "snow":
			s.top = snowPaint
		case game.MapColourOf(b) == game.MapColourOf("short_grass"):
			s.top = grassPaint
		}
	}
	s.side = s.top
	if s.top == grassPaint || s.top == snowPaint {
		s.side = dirtPaint
	}
	return s, true
}

// crown says the column's top is a tree's crown: leaves, which the view
// draws two blocks thick, and under which it shows what it knows.
func (s surface) crown() bool { return s.top == leafPaint }
