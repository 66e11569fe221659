package practice

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/game"

	"beaweb/internal/game/protocol"
)

// TestBuildRefusesEveryVectorWithItsSentence holds the practice world's build
// to the blueprint vectors the brain is held to: every malformed build sent
// over the protocol is refused FAILURE_INVALID with the vector's exact
// sentence.
func TestBuildRefusesEveryVectorWithItsSentence(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	checked := 0
	for _, v := range refusalVectors(t) {
		f := v.file
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

// TestWorldExpandsEveryVectorToItsCells holds the world's own expansion of
// a build to the cells of every good vector, the files the brain's
// blueprint package is held to as well: the two are separate code, so a
// bug in either shows here or there, never in both at once.
func TestWorldExpandsEveryVectorToItsCells(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "minecraft_blueprints", "[0-9]*.json"))
	if err != nil || len(files) < 20 {
		t.Fatalf("found %d vectors (%v)", len(files), err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Args  json.RawMessage `json:"args"`
			Cells []struct {
				X, Y, Z int
				Block   string
			} `json:"cells"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		args, err := readBuildArgs(v.Args)
		if err != nil {
			t.Errorf("%s: refused: %v", filepath.Base(f), err)
			continue
		}
		exp, err := expandBuild(args)
		if err != nil {
			t.Errorf("%s: refused: %v", filepath.Base(f), err)
			continue
		}
		var got, wantCells []string
		for _, c := range exp.Cells {
			got = append(got, c.Pos.String()+" "+c.Block)
		}
		for _, c := range v.Cells {
			wantCells = append(wantCells, game.Pos{X: c.X, Y: c.Y, Z: c.Z}.String()+" "+c.Block)
		}
		if strings.Join(got, "; ") != strings.Join(wantCells, "; ") {
			t.Errorf("%s: the world lays out\n%s\nthe vector says\n%s", filepath.Base(f), strings.Join(got, "; "), strings.Join(wantCells, "; "))
		}
	}
}

// TestEveryRefusalVectorIsRefusedByTheWorldsOwnReading reads every refusal
// vector, objects or not, with the world's own code: the sentence must be
// the vector's, byte for byte.
func TestEveryRefusalVectorIsRefusedByTheWorldsOwnReading(t *testing.T) {
	for _, v := range refusalVectors(t) {
		f := v.file
		args, err := readBuildArgs(v.Args)
		if err == nil {
			_, err = expandBuild(args)
		}
		if err == nil || err.Error() != v.Error {
			t.Errorf("%s: the world said %v, the vector %q", filepath.Base(f), err, v.Error)
		}
	}
}

// refusalVector is one of the shared vectors a build must refuse: its
// arguments and the sentence of the refusal.
type refusalVector struct {
	file  string
	Args  json.RawMessage `json:"args"`
	Error string          `json:"error"`
}

// refusalVectors reads every refusal vector (testdata/minecraft_blueprints/e*.json).
func refusalVectors(t *testing.T) []refusalVector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "minecraft_blueprints", "e*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("found %d refusal vectors (%v)", len(files), err)
	}
	var out []refusalVector
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v := refusalVector{file: f}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, v)
	}
	return out
}
