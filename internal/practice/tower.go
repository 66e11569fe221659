package practice

// This file holds what a walk that climbs spends: the blocks she towers
// up on where no step leads up (walk.go, path.go).

// towerItems are the blocks a walk climbs on, mineflayer's scaffolding
// blocks: cheap ones, never a block she was sent to gather for its own
// sake.
var towerItems = []string{"dirt", "cobblestone", "netherrack"}

// towerBlocks is how many blocks she carries that a walk may climb on.
func (inv *inventory) towerBlocks() int {
	n := 0
	for _, item := range towerItems {
		n += inv.count(item)
	}
	return n
}

// towerBlock is the block a walk climbs on next, or "" when she has none.
func (inv *inventory) towerBlock() string {
	for _, item := range towerItems {
		if inv.count(item) > 0 {
			return item
		}
	}
	return ""
}
