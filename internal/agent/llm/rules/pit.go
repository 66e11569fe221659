package rules

import (
	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// A pit is where she cannot walk out: a shaft she dug down for stone or
// ore, with the sky open above it or not. There a table cannot be set down
// beside her, the surface's trees and animals are out of reach, and a walk
// elsewhere goes nowhere. She reads it from the blocks her close view shows.

// horizontal are the four directions she can walk in.
var horizontal = []game.Pos{{X: 1}, {X: -1}, {Z: 1}, {Z: -1}}

var (
	up1 = game.Pos{Y: 1}
	up2 = game.Pos{Y: 2}
)

// maxClimb is the highest pillar she builds to climb out of a pit.
const maxClimb = 32

// solids are the cells of her close view that she cannot walk through.
type solids map[game.Pos]bool

// solidsOf reads her close view; nil when the game sent none, which says
// nothing about walls.
func solidsOf(v agent.Snapshot) solids {
	if v.Body == nil || len(v.Body.Blocks) == 0 {
		return nil
	}
	s := solids{}
	for _, b := range v.Body.Blocks {
		if !game.Passable(b.Block) {
			s[game.Pos{X: b.X, Y: b.Y, Z: b.Z}] = true
		}
	}
	return s
}

// boxedIn reports whether walls stand round her on every side: no step
// sideways, on the level or one block up, is open.
func boxedIn(v agent.Snapshot) bool {
	s := solidsOf(v)
	if s == nil {
		return false
	}
	feet := v.Body.Position.Block()
	for _, d := range horizontal {
		n := feet.Add(d)
		if !s[n] && !s[n.Add(up1)] {
			return false // on the level, or down
		}
		if s[n] && !s[n.Add(up1)] && !s[n.Add(up2)] && !s[feet.Add(up2)] {
			return false // one block up
		}
	}
	return true
}

// climbHeight is how high she must pillar to step out of the pit sideways:
// the least height at which a side is open for her to walk off. 0 when her
// view shows no opening within maxClimb.
func climbHeight(v agent.Snapshot) int {
	s := solidsOf(v)
	if s == nil {
		return 0
	}
	feet := v.Body.Position.Block()
	for k := 1; k <= maxClimb; k++ {
		if s[feet.Add(game.Pos{Y: k + 1})] {
			return 0 // a roof: pillaring will not get her out
		}
		for _, d := range horizontal {
			n := feet.Add(d).Add(game.Pos{Y: k})
			if !s[n] && !s[n.Add(up1)] {
				return k
			}
		}
	}
	return 0
}

// buildingBlocks is how many blocks she carries that a pillar can be made
// of.
func buildingBlocks(inv game.Inventory) int {
	return inv["cobblestone"] + inv["dirt"] + inv["cobbled_deepslate"] + inv["netherrack"] + inv["stone"] + inv["andesite"] +
		inv["diorite"] + inv["granite"] + inv["tuff"]
}

// needsRoom reports whether a step cannot be done boxed in a pit: a craft
// or a smelt, which sets down a table or a furnace beside her, and a hunt.
// What find_block looks for it digs its way to, and a shelter is built
// round her wherever she is.
func needsRoom(s step) bool {
	switch s.tool {
	case "craft_item", "smelt_item", "attack_entity":
		return true
	}
	return false
}
