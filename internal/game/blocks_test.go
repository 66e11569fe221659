package game

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestTheBodyKnowsTheAirs holds the body's isAir (JavaScript, which cannot
// import Go) to IsAir: a name one calls air and the other does not would
// have her dig at nothing, or walk into a block.
func TestTheBodyKnowsTheAirs(t *testing.T) {
	src, err := os.ReadFile("../../body/src/game.js")
	if err != nil {
		t.Fatalf("the body's game.js is missing: %v", err)
	}
	fn := regexp.MustCompile(`(?s)export function isAir\(block\) \{(.*?)\n\}`).FindSubmatch(src)
	if fn == nil {
		t.Fatal("body/src/game.js no longer has isAir(block)")
	}
	var body []string
	for _, m := range regexp.MustCompile(`block\.name === '([a-z_]+)'`).FindAllSubmatch(fn[1], -1) {
		body = append(body, string(m[1]))
	}
	slices.Sort(body)
	var want []string
	for _, name := range []string{"air", "cave_air", "void_air", "water", "stone", "glass", "barrier", "structure_void", "light"} {
		if IsAir(name) {
			want = append(want, name)
		}
	}
	if !slices.Equal(body, want) {
		t.Errorf("the body calls %v air, game %v", body, want)
	}
}
