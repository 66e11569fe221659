package recipes

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// parseVersion reads a release version: 1.20.4 (the old numbering) or
// 26.1 and 26.1.2 (the year-numbered one). A suffix after "-" (1.21.5-rc1)
// is ignored. Snapshots such as 25w14a are not release versions.
func parseVersion(s string) ([]int, bool) {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "-")
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 4 {
		return nil, false
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// CompareVersions orders two release versions: negative when a is older
// than b. 1.x.y is older than every year-numbered version (26.x), which the
// numbers already say; missing parts count as 0 (26.1 equals 26.1.0).
// A version it cannot read sorts before every readable one.
func CompareVersions(a, b string) int {
	va, okA := parseVersion(a)
	vb, okB := parseVersion(b)
	switch {
	case !okA && !okB:
		return strings.Compare(a, b)
	case !okA:
		return -1
	case !okB:
		return 1
	}
	for i := range max(len(va), len(vb)) {
		x, y := 0, 0
		if i < len(va) {
			x = va[i]
		}
		if i < len(vb) {
			y = vb[i]
		}
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return 0
}

// pickVersion chooses among the versions that have a book: the asked one,
// else the newest older one, with a note whenever it is not the asked one.
func pickVersion(have []string, asked string) (string, string) {
	sorted := slices.Clone(have)
	slices.SortFunc(sorted, CompareVersions)
	newest := sorted[len(sorted)-1]
	if asked == "" {
		return newest, fmt.Sprintf("recipes of %s used: the game did not say its version", newest)
	}
	if _, ok := parseVersion(asked); !ok {
		return newest, fmt.Sprintf("recipes of %s used for %s, a version beaweb cannot read", newest, asked)
	}
	for i := len(sorted) - 1; i >= 0; i-- {
		c := CompareVersions(sorted[i], asked)
		if c == 0 {
			return sorted[i], ""
		}
		if c < 0 {
			return sorted[i], fmt.Sprintf("recipes of %s used for %s", sorted[i], asked)
		}
	}
	return sorted[0], fmt.Sprintf("recipes of %s used for %s: no book is that old", sorted[0], asked)
}
