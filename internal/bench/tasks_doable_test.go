package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchRefusesLevelsAtOneHeight: a blueprint whose levels lie at one
// height and ask different blocks of a cell, as mindcraft's small_church
// does, can match no world: it is not doable as given, and says why.
func TestBenchRefusesLevelsAtOneHeight(t *testing.T) {
	const file = `{"small_church": {"type": "construction", "initial_inventory": {"0": {"oak_planks": 4}},
	 "blueprint": {"levels": [
	   {"level": 0, "coordinates": [-18, -60, 30], "placement": [["oak_planks", "oak_planks"]]},
	   {"level": 1, "coordinates": [-18, -60, 30], "placement": [["oak_planks", "air"]]}]}}}`
	path := filepath.Join(t.TempDir(), "church.json")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runTasks(context.Background(), []string{"--tasks", path}, fakeBeaweb, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "not doable") ||
		!strings.Contains(out, "its levels 0 and 1 both lie at y -60 and ask oak_planks and air of the cell at (-17, -60, 30)") {
		t.Errorf("table:\n%s", out)
	}
}
