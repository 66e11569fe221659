package practice

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
)

// TestBuildRefusesEveryVectorWithItsSentence holds the practice world's build
// to the blueprint vectors the brain is held to: every malformed build sent
// over the protocol is refused FAILURE_INVALID with the vector's exact
// sentence. (The cells of the good vectors come from the same expansion,
// blueprint.Expand, which the brain's tests hold to them.)
func TestBuildRefusesEveryVectorWithItsSentence(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "minecraft_blueprints", "e*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("found %d refusal vectors (%v)", len(files), err)
	}
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Args  json.RawMessage `json:"args"`
			Error string          `json:"error"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var params map[string]any
		if json.Unmarshal(v.Args, &params) != nil || params == nil {
			continue // not an object: it cannot be a request's parameters at all
		}
		a := h.do("build", params, 10)
		if a.Result != protocol.FailInvalid || !strings.Contains(a.Message, v.Error) {
			t.Errorf("%s: the practice world answered %s %q, want FAILURE_INVALID with %q", filepath.Base(f), a.Result, a.Message, v.Error)
		}
		checked++
	}
	if checked < 30 {
		t.Errorf("only %d vectors could be sent as a request", checked)
	}
}
