package protocol

import (
	"encoding/json"
	"testing"
)

// TestBuildDataReadsAsFields: a build's data reads as its counted cells; a
// list of wrong cells cut short is not complete; data without a count of
// cells is no build's.
func TestBuildDataReadsAsFields(t *testing.T) {
	a := Answer{Result: Failure, Data: json.RawMessage(`{"cells":4,"right":1,"wrong":[{"x":1,"y":2,"z":3,"block":"dirt"},
		{"x":1,"y":3,"z":3,"block":"white_bed"},{"x":1,"y":4,"z":3,"block":"air"}],"missing":{"white_bed":1},"protected":[{"x":1,"y":4,"z":3,"block":"bedrock"}]}`)}
	b, ok := a.Build()
	if !ok || b.Cells != 4 || b.Right != 1 || len(b.Wrong) != 3 || b.Wrong[1].Block != "white_bed" || b.Missing["white_bed"] != 1 ||
		b.Protected[0] != (BuildCell{X: 1, Y: 4, Z: 3, Block: "bedrock"}) || !b.Complete() {
		t.Fatalf("Build() = %+v, %v", b, ok)
	}
	b.Wrong = b.Wrong[:2]
	if b.Complete() {
		t.Error("a list of wrong cells cut short reads as complete")
	}
	if b, ok := (Answer{Result: Success, Data: json.RawMessage(`{"cells":9}`)}).Build(); !ok || b.Right != 9 || !b.Complete() {
		t.Errorf("a SUCCESS without right: %+v, %v; want every cell right", b, ok)
	}
	for _, d := range []string{``, `{"done":1}`, `[1]`} {
		if _, ok := (Answer{Result: Failure, Data: json.RawMessage(d)}).Build(); ok {
			t.Errorf("%q read as a build's cells", d)
		}
	}
}
