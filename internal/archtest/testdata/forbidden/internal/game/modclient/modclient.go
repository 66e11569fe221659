// Package modclient sits under game, which the table allows agent to import.
package modclient

import "beaweb/internal/game"

// Origin is where it starts.
var Origin = game.Pos{}
