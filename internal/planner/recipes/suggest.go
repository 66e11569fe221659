package recipes

import (
	"slices"
	"strings"
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
		score := levenshtein(typed, name)
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

// levenshtein is the edit distance between two strings, bytewise (item
// names are ASCII).
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
