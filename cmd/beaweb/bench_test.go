package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

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

func TestBenchRefusesBadSettingsWithASentence(t *testing.T) {
	env := func(string) string { return "" }
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--speed", "0"}, "must be above 0"},
		{[]string{"--days", "-1"}, "must play for some time"},
		{[]string{"--parallel", "0"}, "at least one seed"},
		{[]string{"--model-provider", "parrot"}, `not "parrot"`},
		{[]string{"7"}, "the seeds go in --seeds"},
	} {
		var stderr bytes.Buffer
		if code := runBench(context.Background(), c.args, env, &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("bench %v: exit %d, %q; want 2 and a sentence saying %q", c.args, code, stderr.String(), c.says)
		}
	}
}
