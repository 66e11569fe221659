package bench

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// fakeBeaweb is a beaweb that takes every command line and thinks with
// the rules autopilot; it never serves: the tests here play nothing.
func fakeBeaweb([]string) (Instance, error) { return fakeInstance{}, nil }

type fakeInstance struct{}

func (fakeInstance) Provider() string { return "rules" }

func (fakeInstance) Serve(context.Context, Hooks) error {
	return errors.New("the tests' beaweb does not serve")
}

func TestBenchSeedLists(t *testing.T) {
	for text, want := range map[string][]int64{
		"1-10":    {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
		"1,3,5-7": {1, 3, 5, 6, 7},
		" 4 , 2":  {4, 2},
		"3,3,1-3": {3, 1, 2},
		"-2--1,0": {-2, -1, 0},
		"7":       {7},
		"9-9":     {9},
	} {
		got, err := parseSeeds(text)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("parseSeeds(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for text, says := range map[string]string{
		"":         "an empty entry",
		"1,,2":     "an empty entry",
		"a":        `"a" is not a seed`,
		"5-3":      "runs backwards",
		"1-100000": "more than 1000 seeds",
	} {
		if _, err := parseSeeds(text); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("parseSeeds(%q) = %v; want an error saying %q", text, err, says)
		}
	}
}
