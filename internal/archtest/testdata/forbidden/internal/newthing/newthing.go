// Package newthing has no rule in the table.
package newthing

import "beaweb/internal/game"

// Here is a place.
var Here = game.Pos{X: 1}
