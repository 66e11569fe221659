package partials

import (
	"fmt"

	"math"
	"strconv"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/planner/preview"
)

// mapKind is a toggle of the map's legend: the class its marks carry.
type mapKind struct{ Class, Label string }

// mapKinds are the legend's toggles, in the order shown.
var mapKinds = []mapKind{
	{"k-ore", "ores"}, {"k-log", "logs"}, {"k-chest", "chests"}, {"k-bed", "beds"},
	{"k-furnace", "furnaces and tables"}, {"k-water", "water"}, {"k-lava", "lava"}, {"k-placed", "her blocks"},
	{"k-places", "named places"}, {"k-trail", "her trail"}, {"k-deaths", "deaths"},
	{"k-players", "players"}, {"k-mobs", "mobs"},
}

// blockKind is the legend class of a remembered block.
func blockKind(block string) string {
	f := game.BlockFamily(block)
	switch {
	case strings.HasSuffix(f, "_ore") || f == "ancient_debris":
		return "k-ore"
	case f == "log":
		return "k-log"
	case f == "chest" || f == "trapped_chest" || f == "barrel" || f == "ender_chest":
		return "k-chest"
	case f == "bed":
		return "k-bed"
	case f == "furnace" || f == "blast_furnace" || f == "smoker" || f == "crafting_table":
		return "k-furnace"
	case f == "water":
		return "k-water"
	case f == "lava":
		return "k-lava"
	}
	return "k-placed"
}

// colourOf is the colour a remembered block is drawn in: an ore in its
// legend colour, so that iron and coal are told apart, the rest as the
// build previews draw it.
func colourOf(block string) string {
	f := game.BlockFamily(block)
	for _, o := range oreKeys {
		if o.family == f {
			return o.RGB
		}
	}
	return preview.Colour(block)
}

// oreKey is an ore in the map's legend: its name, its colour (the colour
// of what it drops, as the game shows it) and its family.
type oreKey struct{ Name, RGB, family string }

// oreKeys are the ores the legend tells apart, in the order of the depth
// she finds them at.
var oreKeys = []oreKey{
	{"coal", "#1b1b1b", "coal_ore"}, {"copper", "#e0734d", "copper_ore"}, {"iron", "#d8af93", "iron_ore"},
	{"lapis", "#1d47a8", "lapis_ore"}, {"gold", "#faee4d", "gold_ore"}, {"redstone", "#c80000", "redstone_ore"},
	{"emerald", "#00d93a", "emerald_ore"}, {"diamond", "#5cdbd5", "diamond_ore"},
	{"nether gold", "#f0c040", "nether_gold_ore"}, {"quartz", "#eae5de", "nether_quartz_ore"},
}

// groundKeys are the ground colours the legend names: those a person
// meets first.
func groundKeys() []game.MapColour {
	var out []game.MapColour
	for _, c := range game.MapColours {
		switch c.Name {
		case "water", "sand", "grass", "dirt", "stone", "snow", "leaves and plants", "wood":
			out = append(out, c)
		}
	}
	return out
}

// MapBox is the part of a dimension a map layer covers, in blocks.
type MapBox struct {
	Dimension      string
	X0, Z0, X1, Z1 int // inclusive
}

// ViewBox is the box as an SVG viewBox.
func (b MapBox) ViewBox() string {
	return fmt.Sprintf("%d %d %d %d", b.X0, b.Z0, b.X1-b.X0+1, b.Z1-b.Z0+1)
}

func (b MapBox) String() string { return fmt.Sprintf("%d %d %d %d", b.X0, b.Z0, b.X1, b.Z1) }

// liveView is the live layer laid out.
type liveView struct {
	Known          bool
	Ground         string // the version of the ground, so the script fetches only what changed
	Name           string
	Dimension      string
	X, Z, Yaw      float64
	Where, Facing  string
	ViewBox, Trail string
	Deaths         []markView
	Players, Mobs  []markView
}

type markView struct {
	X, Z         float64
	Label, Title string
	Hostile      bool
}

// liveSpan is how many blocks across the live layer shows before the page's
// script takes over the view.
const liveSpan = 64

func liveMapOf(s agent.Snapshot) liveView {
	b := s.Body
	if b == nil {
		return liveView{}
	}
	dim := s.World.Dimension
	if dim == "" {
		dim = "overworld"
	}
	v := liveView{Known: true, Name: s.Name, Dimension: dim, X: b.Position.X, Z: b.Position.Z, Yaw: b.Yaw,
		Where: b.Position.Block().String(), Facing: facing(b.Yaw), Ground: strconv.FormatUint(s.Ground.Version(), 10)}
	v.ViewBox = fmt.Sprintf("%s %s %d %d", f1(v.X-liveSpan/2), f1(v.Z-liveSpan/2), liveSpan, liveSpan)
	var pts []string
	for _, t := range s.Trail {
		if t.Dimension == s.World.Dimension {
			pts = append(pts, f1(t.X)+","+f1(t.Z))
		}
	}
	if len(pts) > 0 {
		pts = append(pts, f1(v.X)+","+f1(v.Z))
		v.Trail = strings.Join(pts, " ")
	}
	for _, d := range s.Deaths {
		if d.Dimension == dim {
			v.Deaths = append(v.Deaths, markView{X: d.Position.X, Z: d.Position.Z, Label: "died",
				Title: "She died here, " + d.At.Format("15:04") + ": " + DeathCause(d.Cause)})
		}
	}
	for _, p := range b.Players {
		v.Players = append(v.Players, markView{X: p.X, Z: p.Z, Label: p.Name})
	}
	for _, e := range b.Entities {
		if e.Type == "item" || strings.HasPrefix(e.Type, "item:") {
			continue
		}
		v.Mobs = append(v.Mobs, markView{X: e.X, Z: e.Z, Label: ItemName(e.Type), Hostile: e.Hostile})
	}
	return v
}

// facing names a yaw: 0 is south, 90 west, 180 north, 270 east.
func facing(yaw float64) string {
	names := []string{"south", "south-west", "west", "north-west", "north", "north-east", "east", "south-east"}
	i := int(math.Round(math.Mod(math.Mod(yaw, 360)+360, 360)/45)) % 8
	return names[i]
}

func translate(x, z float64) string { return "translate(" + f1(x) + " " + f1(z) + ")" }

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
