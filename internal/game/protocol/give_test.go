package protocol

import (
	"encoding/json"
	"testing"
)

// TestAHandoverReadsAsFields: a give_item's data reads as what she dropped
// and what the player picked up; it counts only when the player's count
// rose, or the game side could not check; data without a count dropped is
// no hand-over's.
func TestAHandoverReadsAsFields(t *testing.T) {
	cases := []struct {
		data    string
		want    Handover
		arrived bool
	}{
		{`{"dropped":3,"received":3,"checked":true}`, Handover{Dropped: 3, Received: 3, Checked: true}, true},
		{`{"dropped":3,"received":0,"checked":true}`, Handover{Dropped: 3, Checked: true}, false},
		{`{"dropped":2,"checked":false}`, Handover{Dropped: 2}, true},
		{`{"dropped":0,"received":0,"checked":true}`, Handover{Checked: true}, false},
	}
	for _, c := range cases {
		h, ok := (Answer{Result: Success, Data: json.RawMessage(c.data)}).Handover()
		if !ok || h != c.want || h.Arrived() != c.arrived {
			t.Errorf("%s: %+v, %v, arrived %v; want %+v, arrived %v", c.data, h, ok, h.Arrived(), c.want, c.arrived)
		}
	}
	for _, d := range []string{``, `{"cells":4}`, `[1]`, `{"dropped":"3"}`} {
		if _, ok := (Answer{Result: Success, Data: json.RawMessage(d)}).Handover(); ok {
			t.Errorf("%q read as a hand-over", d)
		}
	}
}
