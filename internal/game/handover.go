package game

// Handover is what became of items she gave a player (give_item's answer,
// docs/protocol.md): how many left her inventory, and how many the player
// picked up as far as the game side could see. Checked is false where it
// could not see the player's side (a server that never shows the thrown
// items, say): Received then says nothing.
type Handover struct {
	Dropped  int  `json:"dropped"`
	Received int  `json:"received"`
	Checked  bool `json:"checked"`
}

// Arrived reports whether the hand-over counts: the items left her
// inventory, and the player's count rose, or the game side could not check.
func (h Handover) Arrived() bool {
	return h.Dropped > 0 && (!h.Checked || h.Received > 0)
}
