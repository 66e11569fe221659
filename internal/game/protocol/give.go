package protocol

import "encoding/json"

// Handover is a give_item answer's data (docs/protocol.md): how many items
// left her inventory, and how many the player picked up as far as the game
// side could see. Checked is false where it could not see the player's side
// (a server that never shows the thrown items, say): Received then says
// nothing. The brain reads these fields, never the answer's sentence.
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

// Handover reads the answer's data as a hand-over's. It answers false when
// there is no data, it does not read, or it says nothing of what was
// dropped (another action, or a game side that does not count it).
func (a Answer) Handover() (Handover, bool) {
	if len(a.Data) == 0 {
		return Handover{}, false
	}
	var d struct {
		Handover
		Dropped *int `json:"dropped"`
	}
	if json.Unmarshal(a.Data, &d) != nil || d.Dropped == nil {
		return Handover{}, false
	}
	h := d.Handover
	h.Dropped = *d.Dropped
	return h, true
}
