package agent

import (
	"encoding/json"
	"reflect"
	"testing"

	"beaweb/internal/game/protocol"
)

// TestBuildCountOfReadsTheBuildData: a build's data (cells, right, missing
// by kind, protected cells), as the practice world and the body send it,
// gives its counts; data without a count of cells gives none.
func TestBuildCountOfReadsTheBuildData(t *testing.T) {
	for _, tc := range []struct {
		name   string
		result protocol.Result
		data   string
		want   *BuildCount
	}{
		{"practice", protocol.Failure, `{"cells":52,"right":40,"wrong":[{"x":1,"y":2,"z":3}],"missing":{"oak_planks":7,"glass":2},
			"protected":[{"x":1,"y":2,"z":3,"block":"bedrock"}]}`, &BuildCount{Cells: 52, Placed: 40, Missing: 9, Protected: 1,
			Short: map[string]int{"oak_planks": 7, "glass": 2}}},
		{"practice done", protocol.Success, `{"cells":52,"right":52,"wrong":null,"missing":{},"protected":null}`, &BuildCount{Cells: 52, Placed: 52}},
		{"body", protocol.Failure, `{"cells":12,"right":10,"wrong":[{"x":1,"y":2,"z":3,"block":"dirt"}],"missing":{"cobblestone":2},"protected":[]}`,
			&BuildCount{Cells: 12, Placed: 10, Missing: 2, Short: map[string]int{"cobblestone": 2}}},
		{"an old body's count", protocol.Failure, `{"done":10,"total":12}`, nil},
		{"no count", protocol.Failure, `{"wrong":[]}`, nil},
		{"none", protocol.Success, ``, nil},
		{"garbage", protocol.Failure, `[1,2]`, nil},
	} {
		got := BuildCountOf(protocol.Answer{Result: tc.result, Data: json.RawMessage(tc.data)})
		if got != nil && (got.Data == nil || got.Data.Cells != got.Cells) {
			t.Errorf("%s: the counted cells are not kept for the rules: %+v", tc.name, got.Data)
		}
		if got != nil {
			counts := *got
			counts.Data = nil
			got = &counts
		}
		if (got == nil) != (tc.want == nil) || got != nil && !reflect.DeepEqual(*got, *tc.want) {
			t.Errorf("%s: BuildCountOf = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
