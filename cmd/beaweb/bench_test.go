package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

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
