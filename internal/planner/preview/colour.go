package preview

import (
	"fmt"
	"hash/fnv"
	"math"
	"strconv"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

// rgb is a colour.
type rgb struct{ r, g, b uint8 }

func (c rgb) String() string { return fmt.Sprintf("#%02x%02x%02x", c.r, c.g, c.b) }

// shade darkens a colour to f of its brightness.
func (c rgb) shade(f float64) rgb {
	s := func(v uint8) uint8 { return uint8(math.Round(float64(v) * f)) }
	return rgb{s(c.r), s(c.g), s(c.b)}
}

// hex reads "#rrggbb"; the tables hold nothing else.
func hex(s string) rgb {
	v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	return rgb{uint8(v >> 16), uint8(v >> 8), uint8(v)}
}

// colourCache remembers the colour of each kind met while drawing.
type colourCache map[string]rgb

func (cc colourCache) of(kind string) rgb {
	c, ok := cc[kind]
	if !ok {
		c = colour(kind)
		cc[kind] = c
	}
	return c
}

// known are the colours of common blocks, close to their textures.
var known = map[string]string{
	"stone": "#7d7d7d", "cobblestone": "#6e6e6e", "mossy_cobblestone": "#627052", "stone_bricks": "#7a7a7a",
	"smooth_stone": "#9e9e9e", "andesite": "#888889", "diorite": "#bcbcbc", "granite": "#956755",
	"deepslate": "#505052", "cobbled_deepslate": "#4d4d50", "dirt": "#866043", "coarse_dirt": "#77553b",
	"grass_block": "#5d8c3e", "podzol": "#5c3f18", "mud": "#3c3a3d", "sand": "#dbd3a0", "red_sand": "#be6621",
	"sandstone": "#d8cb9b", "gravel": "#837e7c", "clay": "#a0a6b3", "bricks": "#966153", "terracotta": "#985e43",
	"glass": "#c6e3ee", "tinted_glass": "#2c2630", "ice": "#91b7fd", "snow_block": "#f9fefe",
	"water": "#3f76e4", "lava": "#d45a12", "obsidian": "#140f1e", "bedrock": "#555555", "netherrack": "#6e3533",
	"glowstone": "#f0c060", "torch": "#ffd24d", "wall_torch": "#ffd24d", "lantern": "#e8a94a",
	"chest": "#9c6e2a", "barrel": "#7a5a33", "crafting_table": "#8a5a33", "furnace": "#5a5a5a",
	"bookshelf": "#6b5130", "hay_block": "#b5970f", "iron_block": "#dcdcdc", "gold_block": "#f6d03d",
	"diamond_block": "#62dbd5", "coal_block": "#101010", "oak_leaves": "#4a7a2a", "ladder": "#a07f48",
	"scaffolding": "#c9a865",
}

var woodPlanks = map[string]string{
	"oak": "#a2834f", "spruce": "#6b5030", "birch": "#c4b07b", "jungle": "#a0734d", "acacia": "#a85a32",
	"dark_oak": "#43301a", "mangrove": "#763631", "cherry": "#e3b3ac", "pale_oak": "#e5dcd4",
	"bamboo": "#c2af55", "crimson": "#653147", "warped": "#2b6963",
}

var woodLogs = map[string]string{
	"oak": "#6d5533", "spruce": "#3b2712", "birch": "#d8d7d2", "jungle": "#574319", "acacia": "#676157",
	"dark_oak": "#3c2e1a", "mangrove": "#543c26", "cherry": "#3a2130", "pale_oak": "#8a847b",
	"crimson": "#5c1d1e", "warped": "#3a3a4d",
}

var dyes = map[string]string{
	"white": "#e9ecec", "orange": "#f07613", "magenta": "#bd44b3", "light_blue": "#3aafd9", "yellow": "#f8c627",
	"lime": "#70b919", "pink": "#ed8dac", "gray": "#3e4447", "light_gray": "#8e8e86", "cyan": "#158991",
	"purple": "#792aac", "blue": "#35399d", "brown": "#724728", "green": "#546d1b", "red": "#a12722",
	"black": "#141519",
}

// woodOrder is game's woods, two-word ones first so oak never swallows
// dark_oak, and the other things wood is named after.
var woodOrder = append(game.Woods(), "bamboo", "crimson", "warped")

// dyeOrder is game's dye colours; no colour's name followed by _ starts
// another's, so any order finds the right one.
var dyeOrder = game.Colours()

// Colour is the colour a block kind is drawn in, as "#rrggbb": a texture's
// colour for common blocks, the wood's for wooden things, the dye's for
// coloured ones, and for any other kind one derived from its name, so the
// same kind always gets the same colour.
func Colour(block string) string { return colour(blueprint.Kind(block)).String() }

func colour(kind string) rgb {
	if c, ok := known[kind]; ok {
		return hex(c)
	}
	for _, w := range woodOrder {
		rest, ok := strings.CutPrefix(strings.TrimPrefix(kind, "stripped_"), w+"_")
		if !ok {
			continue
		}
		switch rest {
		case "log", "wood", "stem", "hyphae", "block":
			if c, ok := woodLogs[w]; ok {
				return hex(c)
			}
		case "leaves":
			return hex("#4a7a2a")
		case "door", "trapdoor", "fence_gate":
			// Darker than the planks around them, so they show in a wall.
			return hex(woodPlanks[w]).shade(0.7)
		}
		return hex(woodPlanks[w])
	}
	for _, d := range dyeOrder {
		if rest, ok := strings.CutPrefix(kind, d+"_"); ok {
			c := hex(dyes[d])
			if strings.Contains(rest, "glass") {
				return rgb{uint8((int(c.r) + 255) / 2), uint8((int(c.g) + 255) / 2), uint8((int(c.b) + 255) / 2)}
			}
			return c
		}
	}
	return hashed(kind)
}

// hashed derives a muted colour from a name.
func hashed(kind string) rgb {
	h := fnv.New32a()
	h.Write([]byte(kind))
	v := h.Sum32()
	hue := float64(v%360) / 360
	sat := 0.35 + float64(v/360%20)/100
	light := 0.45 + float64(v/7200%15)/100
	return hsl(hue, sat, light)
}

func hsl(h, s, l float64) rgb {
	q := l * (1 + s)
	if l >= 0.5 {
		q = l + s - l*s
	}
	p := 2*l - q
	channel := func(t float64) uint8 {
		t -= math.Floor(t)
		var v float64
		switch {
		case t < 1.0/6:
			v = p + (q-p)*6*t
		case t < 0.5:
			v = q
		case t < 2.0/3:
			v = p + (q-p)*(2.0/3-t)*6
		default:
			v = p
		}
		return uint8(math.Round(v * 255))
	}
	return rgb{channel(h + 1.0/3), channel(h), channel(h - 1.0/3)}
}

// translucent kinds are drawn see-through.
func translucent(kind string) bool {
	return kind == "glass" || strings.HasSuffix(kind, "_glass") || strings.HasSuffix(kind, "glass_pane") ||
		kind == "water" || kind == "ice"
}
