// Package game is the fixture's vocabulary.
package game

// Pos is a place.
type Pos struct{ X, Y, Z int }
