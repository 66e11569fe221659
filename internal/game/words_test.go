package game

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"torch", "torch", 0}, {"torch", "torchs", 1}, {"folow", "follow", 1}, {"cobblestne", "cobblestone", 1},
		{"shleter", "shelter", 1}, {"iron", "", 4}, {"oak_log", "birch_log", 5}} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("%q to %q: %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
