package gametest_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

const contractPath = "../../testdata/minecraft_contract.json"

func loadContract(t *testing.T) gametest.Contract { return gametest.ReadContract(t, contractPath) }

func TestLoadContract(t *testing.T) {
	c := loadContract(t)
	if c.Protocol != protocol.Version {
		t.Errorf("the contract speaks protocol %d, this brain %d", c.Protocol, protocol.Version)
	}
	if len(c.Actions) != 30 {
		t.Errorf("the contract has %d actions, docs/mod-protocol.md 30", len(c.Actions))
	}
	if got := c.Actions["scan"].Required(); !slices.Equal(got, []string{"block"}) {
		t.Errorf("scan requires %v", got)
	}
	for _, name := range c.ActionNames() {
		if got := protocol.Protocol1Unanswered(name); got != slices.Contains(c.Protocol1Unanswered, name) {
			t.Errorf("Protocol1Unanswered(%s) = %v, the contract says otherwise", name, got)
		}
	}
}

// TestGoldenHelloKeepsTheContract holds the golden hello to the contract.
// (The brain's tool schemas are held to it in internal/agent/tools, the
// practice world's hello in internal/practice.)
func TestGoldenHelloKeepsTheContract(t *testing.T) {
	c := loadContract(t)
	if problems := c.CheckHello(helloFixture(t)); len(problems) > 0 {
		t.Errorf("the golden hello disagrees with the contract:\n%s", strings.Join(problems, "\n"))
	}
}

// TestBudgetsAreTheContracts holds protocol.Budget, which the practice
// world and the brain read, to the contract file, which the body's test
// reads.
func TestBudgetsAreTheContracts(t *testing.T) {
	c := loadContract(t)
	for _, name := range c.ActionNames() {
		got, ok := protocol.Budget(name)
		if want := *c.Actions[name].Budget; !ok || got != want {
			t.Errorf("Budget(%s) = %g (known %v), the contract says %g", name, got, ok, want)
		}
	}
	if _, ok := protocol.Budget("dance"); ok {
		t.Error("Budget knows dance, which the contract does not have")
	}
}

func TestLoadContractErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := gametest.LoadContract(filepath.Join(dir, "absent.json")); err == nil {
		t.Error("a missing file must be an error")
	}
	tests := map[string]string{
		"not JSON":              `{"actions":`,
		"no actions":            `{"protocol":2,"actions":{}}`,
		"fills what it skips":   `{"actions":{"a":{"reads":["x"],"filled":["y"],"types":{"x":"integer"},"budget":5}}}`,
		"untyped":               `{"actions":{"a":{"reads":["x"],"filled":[],"types":{},"budget":5}}}`,
		"unknown type":          `{"actions":{"a":{"reads":["x"],"filled":[],"types":{"x":"float"},"budget":5}}}`,
		"types what it skips":   `{"actions":{"a":{"reads":[],"filled":[],"types":{"x":"integer"},"budget":5}}}`,
		"default not filled":    `{"actions":{"a":{"reads":["x"],"filled":[],"types":{"x":"integer"},"defaults":{"x":1},"budget":5}}}`,
		"concurrent unknown":    `{"actions":{"a":{"reads":[],"budget":5}},"concurrent":["b"]}`,
		"omitted and an action": `{"actions":{"a":{"reads":[],"budget":5}},"omitted":["a"]}`,
		"no budget":             `{"actions":{"a":{"reads":[]}}}`,
		"negative budget":       `{"actions":{"a":{"reads":[],"budget":-1}}}`,
		"data of unknown type":  `{"actions":{"a":{"reads":[],"budget":5,"data":{"n":"count"}}}}`,
	}
	for name, body := range tests {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := gametest.LoadContract(path)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: the error does not name the file: %v", name, err)
		}
	}
}

// TestCheckHelloFails proves each of CheckHello's checks fails.
func TestCheckHelloFails(t *testing.T) {
	c := loadContract(t)
	hello := helloFixture(t)
	hello.Protocol = 3
	hello.Actions = append(hello.Actions, "summon_dragon", "select_slot")
	hello.Concurrent = hello.Concurrent[1:]
	delete(hello.Budgets, "build")
	hello.Budgets["scan"] = -1
	hello.Actions = slices.DeleteFunc(hello.Actions, func(s string) bool { return s == "bridge" })
	got := c.CheckHello(hello)
	for _, want := range []string{
		"the hello speaks protocol 3, the contract 2",
		"the hello does not offer bridge",
		"the hello offers summon_dragon, which the contract neither has nor omits",
		"the hello gives no budget for build",
		"the hello gives scan a negative budget (-1)",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("CheckHello = %q, lacks %q", got, want)
		}
	}
	if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "the hello names") }) {
		t.Errorf("CheckHello misses the concurrent mismatch: %q", got)
	}
	if slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "select_slot") }) {
		t.Errorf("an omitted action offered is no problem: %q", got)
	}
}

// helloFixture is the golden protocol-2 hello.
func helloFixture(t *testing.T) protocol.Hello {
	t.Helper()
	b, err := os.ReadFile("../../testdata/minecraft_packets/p2/hello.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := protocol.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return p.(protocol.Hello)
}

// modPagePath is the mod protocol page as the project was given it
// (docs/mod-protocol.md), copied into the repository word for word: the decision the
// contract file writes down for the code.
const modPagePath = "../../docs/mod-protocol.md"

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
