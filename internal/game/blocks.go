package game

import "strings"

// IsAir reports whether a block name is one of the game's airs: air, the
// cave air of caves and the void air below the world.
func IsAir(name string) bool {
	return name == "air" || name == "cave_air" || name == "void_air"
}

// Passable reports whether she walks through a block of this name, nothing
// in it to bump into: air, water, a plant, a torch, a carpet, a sign, a
// button. Lava, fire and portals stop nothing either, but they burn her or
// carry her off, so they are not counted. A door is a block like any other
// here: whether it stands open is a state, not a name.
//
// The brain's rules read her close view by it, and the practice world
// guesses by it for a block its own table does not know (a test holds the
// table to it).
func Passable(name string) bool {
	if IsAir(name) {
		return true
	}
	switch name {
	case "water", "torch", "short_grass", "tall_grass", "grass", "fern", "large_fern", "dead_bush", "snow", "vine",
		"sugar_cane", "dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "oxeye_daisy", "cornflower",
		"lily_of_the_valley", "wheat", "potatoes", "carrots", "beetroots", "cobweb":
		return true
	}
	for _, s := range []string{"_flower", "_sapling", "_carpet", "_button", "_sign", "_tulip", "_mushroom", "_torch"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}
