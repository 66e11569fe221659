package partials

import "beaweb/internal/game"

// OreColour is the colour the maps draw an ore in, by its family (a
// deepslate ore counts with its plain one), and the ore's name for people;
// ok is false for a block that is not one of the ores the legend tells
// apart. The 3D view paints ores with it, so the two maps agree.
func OreColour(block string) (name, rgb string, ok bool) {
	f := game.BlockFamily(block)
	for _, o := range oreKeys {
		if o.family == f {
			return o.Name, o.RGB, true
		}
	}
	return "", "", false
}
