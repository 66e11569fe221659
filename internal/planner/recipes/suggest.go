package recipes

import (
	"slices"
	"strings"

	"beaweb/internal/game"
)

// Closest returns up to n item names nearest to what was typed: names that
// contain it or that it contains first (shortest first), then by edit
// distance, so "planks" offers oak_planks and "stone pickax" offers
// stone_pickaxe.
func (b *Book) Closest(typed string, n int) []string {
	typed = Normalize(typed)
	if typed == "" || n <= 0 {
		return nil
	}
	type cand struct {
		name  string
		score int
	}
	var cands []cand
	for _, name := range b.items {
		score := game.EditDistance(typed, name)
		if strings.Contains(name, typed) || strings.Contains(typed, name) {
			// A containing name beats any misspelling; among those the
			// shorter (closer to what was typed) wins.
			score = -1000 + len(name)
		}
		cands = append(cands, cand{name, score})
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if a.score != b.score {
			return a.score - b.score
		}
		return strings.Compare(a.name, b.name)
	})
	limit := max(2, len(typed)/2)
	var out []string
	for _, c := range cands {
		if len(out) == n || c.score > limit {
			break
		}
		out = append(out, c.name)
	}
	return out
}
