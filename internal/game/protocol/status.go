package protocol

import "beaweb/internal/game"

// ConnStatus is what the brain knows of its link to the game side: beaweb's
// own value (game.ConnStatus), which the mod client keeps.
type ConnStatus = game.ConnStatus
