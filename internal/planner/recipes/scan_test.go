package recipes

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// TestScanFileAsJSON holds scanFile to encoding/json: on both books, and
// on small files that step outside the layout it reads, where it must
// say so (and readFile falls back) rather than read them differently.
func TestScanFileAsJSON(t *testing.T) {
	for _, v := range []string{"1.21.4", "26.1"} {
		data, err := os.ReadFile("../../../data/recipes/" + v + ".json")
		if err != nil {
			t.Fatal(err)
		}
		got, ok := scanFile(data)
		if !ok {
			t.Fatalf("%s: scanFile does not read the book", v)
		}
		var want File
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, &want) {
			t.Errorf("%s: scanFile reads the book differently from encoding/json", v)
		}
	}
	cases := []struct {
		name, doc string
		reads     bool
	}{
		{"spaced", "{ \"format\" :1 ,\t\"items\":{\"a\": 64, \"b\":-1},\r\n\"gathered\":[] }", true},
		{"empty lists and maps", `{"tags":{},"crafting":[{"result":"a","count":2,"key":{},"ingredients":[[]]}],"smelting":[]}`, true},
		{"ingredient forms", `{"smelting":[{"in":"a","out":"b","via":["furnace"],"ore":true,"salvage":false},{"in":["a","#t"],"out":"c"}]}`, true},
		{"key order", `{"crafting":[{"key":{"#":"x"},"pattern":["##"],"count":1,"result":"y"}],"format":1}`, true},
		{"escape", `{"mc_version":"2\u0036.1"}`, false},
		{"null", `{"items":null}`, false},
		{"unknown key", `{"format":1,"extra":true}`, false},
		{"key twice", `{"format":1,"format":2}`, false},
		{"other case", `{"Format":1}`, false},
		{"fraction", `{"format":1.5}`, false},
		{"leading zero", `{"format":01}`, false},
		{"trailing", `{"format":1} x`, false},
		{"unclosed", `{"items":{"a":1}`, false},
		{"not an object", `[]`, false},
		{"bad utf-8", "{\"source\":\"\xff\"}", false},
	}
	for _, tc := range cases {
		got, ok := scanFile([]byte(tc.doc))
		if ok != tc.reads {
			t.Errorf("%s: scanFile reads it: %v, want %v", tc.name, ok, tc.reads)
			continue
		}
		if !ok {
			continue
		}
		var want File
		if err := json.Unmarshal([]byte(tc.doc), &want); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !reflect.DeepEqual(got, &want) {
			t.Errorf("%s: scanFile read %+v, encoding/json %+v", tc.name, got, &want)
		}
	}
}
