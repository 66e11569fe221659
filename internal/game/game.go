// Package game holds the vocabulary of Minecraft that every other part of
// beaweb speaks: positions, directions, faces, items and inventories, and
// the facts of the game that more than one part needs, each written once
// (foods, which blocks she walks through, the build format's rules, tool
// tiers, drops, plain fuel, the clock of a day). Facts only: a plan made
// from them belongs to its planner, so the practice world can read them and
// still judge the brain with code of its own. It does no I/O and imports
// nothing of beaweb's, so every package may import it.
package game

import (
	"fmt"
	"math"
)

// Pos is a whole block coordinate.
type Pos struct {
	X int `json:"x"`
	Y int `json:"y"`
	Z int `json:"z"`
}

// String renders the position the way she reads it: (x, y, z).
func (p Pos) String() string { return fmt.Sprintf("(%d, %d, %d)", p.X, p.Y, p.Z) }

// Add returns p moved by d.
func (p Pos) Add(d Pos) Pos { return Pos{p.X + d.X, p.Y + d.Y, p.Z + d.Z} }

// Sub returns the offset from q to p.
func (p Pos) Sub(q Pos) Pos { return Pos{p.X - q.X, p.Y - q.Y, p.Z - q.Z} }

// Center is the middle of the block, where an entity standing in it would be.
func (p Pos) Center() Vec3 { return Vec3{float64(p.X) + 0.5, float64(p.Y), float64(p.Z) + 0.5} }

// Dist is the straight-line distance between the centres of two blocks.
func (p Pos) Dist(q Pos) float64 {
	dx, dy, dz := float64(p.X-q.X), float64(p.Y-q.Y), float64(p.Z-q.Z)
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// Vec3 is a point in the world with fractional coordinates, such as where an
// entity stands.
type Vec3 struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	Z float64 `json:"z"`
}

// Block is the block that contains the point.
func (v Vec3) Block() Pos {
	return Pos{int(math.Floor(v.X)), int(math.Floor(v.Y)), int(math.Floor(v.Z))}
}

// Dist is the straight-line distance between two points.
func (v Vec3) Dist(w Vec3) float64 {
	dx, dy, dz := v.X-w.X, v.Y-w.Y, v.Z-w.Z
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// String renders the point with one decimal, as the dashboard and her live
// state show it.
func (v Vec3) String() string { return fmt.Sprintf("(%.1f, %.1f, %.1f)", v.X, v.Y, v.Z) }

// Stack is a number of one item.
type Stack struct {
	Item  string `json:"item"`
	Count int    `json:"count"`
}

// Inventory counts what she carries by item name (without the minecraft:
// namespace). Its zero value is empty and ready to use after make.
type Inventory map[string]int

// Total is the number of items of every kind together.
func (inv Inventory) Total() int {
	n := 0
	for _, c := range inv {
		n += c
	}
	return n
}

// Clone returns an independent copy.
func (inv Inventory) Clone() Inventory {
	out := make(Inventory, len(inv))
	for k, v := range inv {
		out[k] = v
	}
	return out
}
