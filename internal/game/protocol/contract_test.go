package protocol

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const contractPath = "../../../testdata/minecraft_contract.json"

func loadContract(t *testing.T) Contract {
	t.Helper()
	c, err := LoadContract(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoadContract(t *testing.T) {
	c := loadContract(t)
	if c.Protocol != Version {
		t.Errorf("the contract speaks protocol %d, this brain %d", c.Protocol, Version)
	}
	if len(c.Actions) != 30 {
		t.Errorf("the contract has %d actions, PROTOCOL.md 30", len(c.Actions))
	}
	if got := c.Actions["scan"].Required(); !slices.Equal(got, []string{"block"}) {
		t.Errorf("scan requires %v", got)
	}
	for _, name := range c.ActionNames() {
		if got := Protocol1Unanswered(name); got != slices.Contains(c.Protocol1Unanswered, name) {
			t.Errorf("Protocol1Unanswered(%s) = %v, the contract says otherwise", name, got)
		}
	}
}

func TestLoadContractErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadContract(filepath.Join(dir, "absent.json")); err == nil {
		t.Error("a missing file must be an error")
	}
	tests := map[string]string{
		"not JSON":              `{"actions":`,
		"no actions":            `{"protocol":2,"actions":{}}`,
		"fills what it skips":   `{"actions":{"a":{"reads":["x"],"filled":["y"],"types":{"x":"integer"}}}}`,
		"untyped":               `{"actions":{"a":{"reads":["x"],"filled":[],"types":{}}}}`,
		"unknown type":          `{"actions":{"a":{"reads":["x"],"filled":[],"types":{"x":"float"}}}}`,
		"types what it skips":   `{"actions":{"a":{"reads":[],"filled":[],"types":{"x":"integer"}}}}`,
		"default not filled":    `{"actions":{"a":{"reads":["x"],"filled":[],"types":{"x":"integer"},"defaults":{"x":1}}}}`,
		"concurrent unknown":    `{"actions":{"a":{"reads":[]}},"concurrent":["b"]}`,
		"omitted and an action": `{"actions":{"a":{"reads":[]}},"omitted":["a"]}`,
	}
	for name, body := range tests {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := LoadContract(path)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: the error does not name the file: %v", name, err)
		}
	}
}

// TestContractMatchesProtocolPage reads the actions table of PROTOCOL.md and
// holds the contract file to it in both directions.
func TestContractMatchesProtocolPage(t *testing.T) {
	f, err := os.Open("../../../../shared/PROTOCOL.md")
	if err != nil {
		t.Skipf("PROTOCOL.md is not beside the project: %v", err)
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
			t.Errorf("PROTOCOL.md has %s, the contract does not", name)
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
			t.Errorf("%s: the contract reads %v, PROTOCOL.md %v", name, got, reads)
		}
		if got := slices.Sorted(slices.Values(a.Filled)); !slices.Equal(got, optional) {
			t.Errorf("%s: the contract fills %v, PROTOCOL.md marks %v optional", name, got, optional)
		}
	}
	for _, name := range c.ActionNames() {
		if !seen[name] {
			t.Errorf("the contract has %s, PROTOCOL.md does not", name)
		}
	}
}

// plannedBrain is the brain's planned game tools with the parameters their
// schemas will send, written down from PROTOCOL.md until the tool registry
// exists (the mind issue replaces this table with the real schemas).
var plannedBrain = map[string][]string{
	"scan": {"block", "radius"}, "mine_block": {"x", "y", "z"}, "attack_entity": {"entity", "id"},
	"move_to": {"x", "y", "z", "range"}, "move_away": {"distance"}, "go_to_surface": {},
	"stop_moving": {}, "look_at": {"x", "y", "z"},
	// The model may give dx, dy, dz and a relative face; the brain sends absolutes.
	"place_block": {"block", "x", "y", "z", "face"},
	"build":       {"origin", "layers", "palette", "ops", "rotation", "clear"},
	"find_block":  {"block", "count", "radius"}, "pillar_up": {"height"}, "mine_down": {"depth"},
	"bridge": {"direction", "distance", "block"}, "craft_item": {"item", "count"},
	"use_block": {"x", "y", "z"}, "smelt_item": {"item", "count", "fuel"},
	"store_item": {"item", "count", "x", "y", "z"}, "retrieve_item": {"item", "count", "x", "y", "z"},
	"view_container": {"x", "y", "z"}, "equip_item": {"item", "slot"}, "discard_item": {"item", "count"},
	"eat_food": {"item"}, "check_death_log": {}, "goto_player": {"player", "range"},
	"follow_player": {"player", "range"}, "look_at_player": {"player"},
	"give_item": {"player", "item", "count"}, "mc_chat": {"message"}, "pickup_items": {"item", "radius"},
}

func TestContractAgainstPlannedBrain(t *testing.T) {
	c := loadContract(t)
	if problems := c.CheckTools(plannedBrain, nil); len(problems) > 0 {
		t.Errorf("the planned brain disagrees with the contract:\n%s", strings.Join(problems, "\n"))
	}
	hello := helloFixture(t)
	if problems := c.CheckOffered(hello.Actions, keys(plannedBrain)); len(problems) > 0 {
		t.Errorf("%s", strings.Join(problems, "\n"))
	}
	if problems := c.CheckHello(hello); len(problems) > 0 {
		t.Errorf("the golden hello disagrees with the contract:\n%s", strings.Join(problems, "\n"))
	}
}

// TestContractChecksFail proves each check fails in the direction it guards.
func TestContractChecksFail(t *testing.T) {
	c := loadContract(t)
	extra := clone(plannedBrain)
	extra["craft_item"] = []string{"item", "count", "table"}
	missing := clone(plannedBrain)
	missing["smelt_item"] = []string{"item", "count"}
	noTool := clone(plannedBrain)
	delete(noTool, "pillar_up")
	unknownTool := clone(plannedBrain)
	unknownTool["teleport"] = []string{"x"}

	tests := []struct {
		name    string
		tools   map[string][]string
		leftOut map[string][]string
		want    string
	}{
		{"sent but never read", extra, nil, `craft_item: the brain sends "table", which the game side never reads`},
		{"read but neither sent nor left out", missing, nil, `smelt_item: the game side reads "fuel", which the brain neither sends nor leaves out by name`},
		{"no tool", noTool, nil, "the contract has an action pillar_up that the brain has no tool for"},
		{"tool without action", unknownTool, nil, "the brain has a game tool teleport that the contract has no action for"},
		{"left out but not read", plannedBrain, map[string][]string{"scan": {"depth"}}, `scan: the brain leaves out "depth", which the game side does not read`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			problems := c.CheckTools(tt.tools, tt.leftOut)
			if !slices.Contains(problems, tt.want) {
				t.Errorf("problems %q do not include %q", problems, tt.want)
			}
		})
	}
	if problems := c.CheckTools(missing, map[string][]string{"smelt_item": {"fuel"}}); len(problems) != 0 {
		t.Errorf("a parameter left out by name must pass: %q", problems)
	}

	hello := helloFixture(t)
	hello.Actions = append(hello.Actions, "summon_dragon")
	if got := c.CheckOffered(hello.Actions, keys(plannedBrain)); !slices.Contains(got,
		"the game side offers summon_dragon, which the brain neither has nor omits by name") {
		t.Errorf("CheckOffered = %q", got)
	}
	if got := c.CheckOffered([]string{"select_slot"}, nil); len(got) != 0 {
		t.Errorf("an omitted action must pass: %q", got)
	}
	hello.Concurrent = hello.Concurrent[1:]
	delete(hello.Budgets, "build")
	hello.Budgets["scan"] = -1
	hello.Actions = slices.DeleteFunc(hello.Actions, func(s string) bool { return s == "bridge" })
	got := c.CheckHello(hello)
	for _, want := range []string{
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
}

func helloFixture(t *testing.T) Hello {
	t.Helper()
	p, err := Decode(readFixture(t, "p2/hello.json"))
	if err != nil {
		t.Fatal(err)
	}
	return p.(Hello)
}

func keys(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func clone(m map[string][]string) map[string][]string {
	out := make(map[string][]string, len(m))
	for k, v := range m {
		out[k] = slices.Clone(v)
	}
	return out
}
