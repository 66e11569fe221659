package protocol

import (
	"encoding/json"

	"beaweb/internal/game"
)

// Handover is a give_item answer's data (docs/protocol.md); the brain
// reads its fields, never the answer's sentence.
type Handover = game.Handover

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
