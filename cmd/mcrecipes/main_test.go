package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/planner/recipes"
)

var update = flag.Bool("update", false, "rewrite testdata/mcrecipes/want-1.99.json")

const fixtureDir = "../../testdata/mcrecipes"

func generateFixture(t *testing.T, out string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{
		"-tgz", filepath.Join(fixtureDir, "minecraft-data-fixture.tgz"),
		"-out", out, "-supplement", "supplement",
		"-fuels", filepath.Join(fixtureDir, "fuels.json"), "1.99",
	}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("run = %d, stderr: %s", code, stderr.String())
	}
	b, err := os.ReadFile(filepath.Join(out, "1.99.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGenerateIsDeterministicAndMatchesGolden(t *testing.T) {
	first := generateFixture(t, filepath.Join(t.TempDir(), "a"))
	second := generateFixture(t, filepath.Join(t.TempDir(), "b"))
	if !bytes.Equal(first, second) {
		t.Fatal("two runs over the same tarball wrote different bytes")
	}
	golden := filepath.Join(fixtureDir, "want-1.99.json")
	if *update {
		if err := os.WriteFile(golden, first, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, want) {
		t.Errorf("output differs from %s (run with -update after checking the change):\n%s", golden, first)
	}
}

func TestGeneratedBookRegroupsAndLoads(t *testing.T) {
	dir := t.TempDir()
	text := string(generateFixture(t, filepath.Join(dir, "recipes")))
	for _, want := range []string{
		`"attribution": "minecraft-data (PrismarineJS), MIT"`,
		// Per-wood variants merged back into their tag.
		`{"result":"chest","count":1,"pattern":["AAA","A A","AAA"],"key":{"A":"#planks"}}`,
		// The campfire's partial product of logs and coals is still the tag recipe.
		`{"result":"campfire","count":1,"pattern":[" A ","ABA","CCC"],"key":{"A":"stick","B":"#coals","C":"#logs"}}`,
		// oak_planks widened from oak_log alone to every oak log.
		`{"result":"oak_planks","count":4,"ingredients":["#oak_logs"]}`,
		// A padded pattern is trimmed, so the slab is one row of three.
		`{"result":"oak_slab","count":6,"pattern":["AAA"],"key":{"A":"oak_planks"}}`,
		// Shapeless alternatives merged into one slot.
		`{"result":"red_dye","count":1,"ingredients":[["poppy","red_tulip"]]}`,
		`"milk_bucket":"bucket"`,
		`"coal":1600`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("generated book lacks %s", want)
		}
	}
	if strings.Contains(text, `"result":"air"`) {
		t.Error("the broken recipe making 0 air was kept")
	}
	if strings.Contains(text, "iron_ore") {
		t.Error("a smelting recipe names an item the version lacks")
	}
	book, err := recipes.Load(os.DirFS(dir), "1.99")
	if err != nil {
		t.Fatal(err)
	}
	rs := book.Recipes("bucket")
	if len(rs) != 1 || rs[0].FitsInventory() {
		t.Errorf("bucket recipes = %v, want one that needs a table", rs)
	}
	if got, ok := book.SmeltResult("raw_iron"); !ok || got != "iron_ingot" {
		t.Errorf("SmeltResult(raw_iron) = %q, %v", got, ok)
	}
}

func TestGenerateRefusesUnknownVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{
		"-tgz", filepath.Join(fixtureDir, "minecraft-data-fixture.tgz"),
		"-out", t.TempDir(), "-supplement", "supplement",
		"-fuels", filepath.Join(fixtureDir, "fuels.json"), "1.7",
	}, &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), `no Java version "1.7"`) {
		t.Errorf("run = %d, stderr %q", code, stderr.String())
	}
}

func TestTrim(t *testing.T) {
	h, w, cells := trim([][]string{{"", "", ""}, {"", "a", ""}, {"", "a", ""}})
	if h != 2 || w != 1 || strings.Join(cells, ",") != "a,a" {
		t.Errorf("trim = %d x %d %v", h, w, cells)
	}
}
