package recipes

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updatePlans = flag.Bool("update-plans", false, "rewrite testdata/plans-*.txt from the planner as it is")

// TestEveryPlanAsBefore holds every plan of both books to the answers
// recorded in testdata: one line per item and inventory, with a digest of
// the plan's JSON. Changes that only make the planner faster (the memo,
// the indexes, the finishing of a plan) must leave every line as it was;
// a change meant to alter answers rewrites the files with -update-plans
// and shows which items it changed in the diff.
func TestEveryPlanAsBefore(t *testing.T) {
	for _, version := range []string{"26.1", "1.21.4", "1.21.1"} {
		b := book(t, version)
		var got bytes.Buffer
		for _, from := range []struct {
			name string
			have inv
		}{{"empty", inv{}}, {"midgame", midGame()}} {
			for _, it := range craftable(b) {
				p, err := b.Plan(it, 1, from.have)
				if err != nil {
					t.Fatalf("%s: %s: %v", version, it, err)
				}
				js, err := json.Marshal(p)
				if err != nil {
					t.Fatal(err)
				}
				sum := sha256.Sum256(js)
				fmt.Fprintf(&got, "%s %s %x\n", from.name, it, sum[:8])
			}
		}
		file := filepath.Join("testdata", "plans-"+version+".txt")
		if *updatePlans {
			if err := os.WriteFile(file, got.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range lineDiff(string(want), got.String()) {
			t.Errorf("%s: %s", version, d)
		}
	}
}

// lineDiff names the lines of want that got lacks and the other way
// round, the first ten of each.
func lineDiff(want, got string) []string {
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		sc := bufio.NewScanner(strings.NewReader(s))
		for sc.Scan() {
			m[sc.Text()] = true
		}
		return m
	}
	w, g := set(want), set(got)
	var out []string
	for _, c := range []struct {
		from, in map[string]bool
		say      string
	}{{w, g, "lost"}, {g, w, "new"}} {
		n := 0
		for line := range c.from {
			if !c.in[line] && n < 10 {
				out = append(out, c.say+": "+line)
				n++
			}
		}
	}
	return out
}
