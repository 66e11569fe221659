package game

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTheBodyShunsTheBadFoods holds the body's list of foods it never
// picks for itself (body/src/actions/inventory.js) to the foods this table
// marks bad: the body reads what each feeds from minecraft-data, but which
// ones poison her is a choice, and the practice world's eater makes it here.
func TestTheBodyShunsTheBadFoods(t *testing.T) {
	src, err := os.ReadFile("../../body/src/actions/inventory.js")
	if err != nil {
		t.Fatalf("the body's inventory actions are missing: %v", err)
	}
	m := regexp.MustCompile(`export const BAD_FOODS = \[([^\]]*)\]`).FindSubmatch(src)
	if m == nil {
		t.Fatal("body/src/actions/inventory.js no longer exports BAD_FOODS as a list")
	}
	var body []string
	for _, s := range strings.Split(string(m[1]), ",") {
		body = append(body, strings.Trim(strings.TrimSpace(s), "'\""))
	}
	var bad []string
	for _, item := range Foods() {
		if f, _ := FoodOf(item); f.Bad {
			bad = append(bad, item)
		}
	}
	slices.Sort(body)
	slices.Sort(bad)
	if !slices.Equal(body, bad) {
		t.Errorf("the body shuns %v, game marks %v bad", body, bad)
	}
}
