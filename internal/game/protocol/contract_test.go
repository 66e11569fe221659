package protocol_test

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/gametest"
)

const contractPath = "../../../testdata/minecraft_contract.json"

func loadContract(t *testing.T) gametest.Contract { return gametest.ReadContract(t, contractPath) }

// modPagePath is the mod protocol page as the project was given it
// (PROTOCOL.md), copied into the repository word for word: the decision the
// contract file writes down for the code.
const modPagePath = "../../../docs/mod-protocol.md"

// TestContractMatchesProtocolPage reads the actions table of the mod
// protocol page and holds the contract file to it in both directions.
func TestContractMatchesProtocolPage(t *testing.T) {
	f, err := os.Open(modPagePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := loadContract(t)
	row := regexp.MustCompile("^\\| `([a-z_]+)` \\| ([^|]*) \\|")
	strip := regexp.MustCompile(`\([^)]*\)|\{[^}]*\}|[` + "`" + `:]`)
	seen := map[string]bool{}
	inActions := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			inActions = line == "## The actions"
		}
		m := row.FindStringSubmatch(line)
		if !inActions || m == nil || strings.Contains(line, "**omitted") {
			continue
		}
		name := m[1]
		seen[name] = true
		a, ok := c.Actions[name]
		if !ok {
			t.Errorf("mod-protocol.md has %s, the contract does not", name)
			continue
		}
		// A cell reads like "`block`, `x`,`y`,`z` (the anchor), `face` (`top`,…)":
		// drop what is in parentheses or braces, then split on commas.
		var reads, optional []string
		for _, p := range strings.Split(strip.ReplaceAllString(m[2], ""), ",") {
			p = strings.TrimSpace(p)
			if p == "" || p == "—" {
				continue
			}
			if base, ok := strings.CutSuffix(p, "?"); ok {
				p = base
				optional = append(optional, p)
			}
			reads = append(reads, p)
		}
		slices.Sort(reads)
		slices.Sort(optional)
		if got := slices.Sorted(slices.Values(a.Reads)); !slices.Equal(got, reads) {
			t.Errorf("%s: the contract reads %v, mod-protocol.md %v", name, got, reads)
		}
		if got := slices.Sorted(slices.Values(a.Filled)); !slices.Equal(got, optional) {
			t.Errorf("%s: the contract fills %v, mod-protocol.md marks %v optional", name, got, optional)
		}
	}
	for _, name := range c.ActionNames() {
		if !seen[name] {
			t.Errorf("the contract has %s, mod-protocol.md does not", name)
		}
	}
}
