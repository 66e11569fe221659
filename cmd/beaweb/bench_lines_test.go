package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBenchLinesReportsWhatWasServed plays a small table of player lines
// through `beaweb bench --lines` in the practice world, with the brain
// beaweb runs offline: its figures come from the rows played. A question,
// stone asked for by a player (mined and handed over) and a line between
// the players are served; a walk to a place she was never shown cannot
// be, and counts as not served, in its category and overall.
func TestBenchLinesReportsWhatWasServed(t *testing.T) {
	table := "who\tlang\tline\tintent\tslots\n" +
		"Alex\ten\tbea what can you do\thelp\t\n" +
		"Steve\ten\thii bea can u get me some stone pls\tgather\titem=cobblestone\n" +
		"Alex\ten\tbea go to the moonbase\tgoto\tplace=moonbase\n" +
		"Steve\ten\talex did u see that\tnone\t\n"
	path := filepath.Join(t.TempDir(), "lines.tsv")
	if err := os.WriteFile(path, []byte(table), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := runBench(context.Background(), []string{"--lines", path}, func(string) string { return "" }, &stdout, &stderr)
	out := stdout.String()
	if code != 0 {
		t.Fatalf("bench --lines: exit %d\n%s\n%s", code, out, stderr.String())
	}
	t.Logf("the report:\n%s", out)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^1 +yes +Alex +help `),
		regexp.MustCompile(`(?m)^2 +yes +Steve +gather .*There you go: \d+ cobblestone, Steve!`),
		regexp.MustCompile(`(?m)^3 +no +Alex +goto .*I don't know a place called .*\(she did not get there\)`),
		regexp.MustCompile(`(?m)^4 +yes +Steve +none `),
		regexp.MustCompile(`places +0 of +1 +0\.0 %`),
		regexp.MustCompile(`items \(give, bring, gather, craft\) +1 of +1 +100\.0 %`),
		regexp.MustCompile(`all +3 of +4 +75\.0 %`),
		regexp.MustCompile(`time to her first answer, 3 lines said in the game: median `),
	} {
		if !want.MatchString(out) {
			t.Errorf("the report has no line matching %s", want)
		}
	}
	if strings.Contains(out, "questions") && !regexp.MustCompile(`questions +1 of +1 `).MatchString(out) {
		t.Error("the help row is not counted under questions")
	}
}

// TestBenchLinesRefusesABadTable: a table the bench cannot play is refused
// with a sentence naming the line.
func TestBenchLinesRefusesABadTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lines.tsv")
	if err := os.WriteFile(path, []byte("who\tlang\tline\tintent\tslots\nAlex\ten\tbea dance\tdance\t\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runBench(context.Background(), []string{"--lines", path}, func(string) string { return "" }, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if got := stderr.String(); !strings.Contains(got, "line 2: \"dance\" is no intent the bench judges") {
		t.Errorf("stderr %q", got)
	}
}
