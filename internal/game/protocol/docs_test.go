package protocol_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite the generated part of docs/protocol.md from the contract file")

const (
	pagePath  = "../../../docs/protocol.md"
	pageBegin = "<!-- generated from testdata/minecraft_contract.json: begin -->"
	pageEnd   = "<!-- generated from testdata/minecraft_contract.json: end -->"
)

// renderActions writes the contract as the protocol page shows it.
func renderActions(c gametest.Contract) string {
	var b strings.Builder
	b.WriteString("| action | parameters | runs beside another | budget | what it does |\n|---|---|---|---|---|\n")
	for _, name := range c.ActionNames() {
		a := c.Actions[name]
		var params []string
		for _, p := range a.Reads {
			s := "`" + p + "`"
			if slices.Contains(a.Filled, p) {
				s += "?"
			}
			s += " " + a.Types[p]
			if d, ok := a.Defaults[p]; ok {
				v, _ := json.Marshal(d)
				s += fmt.Sprintf(" = %s", v)
			}
			params = append(params, s)
		}
		if len(params) == 0 {
			params = []string{"—"}
		}
		concurrent := ""
		if slices.Contains(c.Concurrent, name) {
			concurrent = "yes"
		}
		note := a.Note
		if slices.Contains(c.Protocol1Unanswered, name) {
			note += " A protocol-1 jar never answers it."
		}
		budget := "none"
		if a.Budget != nil && *a.Budget > 0 {
			budget = fmt.Sprintf("%g s", *a.Budget)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", name, strings.Join(params, ", "), concurrent, budget, note)
	}
	fmt.Fprintf(&b, "\nOffered by a mod but left out of the brain by name: %s.\n", backticked(c.Omitted))
	return b.String()
}

func backticked(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "`" + n + "`"
	}
	return strings.Join(out, ", ")
}

// TestProtocolPage keeps the actions of docs/protocol.md as the contract
// file has them. Run with -update after changing the contract.
func TestProtocolPage(t *testing.T) {
	page, err := os.ReadFile(pagePath)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(page, []byte(pageBegin)), bytes.Index(page, []byte(pageEnd))
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q and %q", pagePath, pageBegin, pageEnd)
	}
	want := "\n" + renderActions(gametest.ReadContract(t, "../../../testdata/minecraft_contract.json")) + "\n"
	got := string(page[i+len(pageBegin) : j])
	if got == want {
		return
	}
	if *update {
		out := append(append(append([]byte{}, page[:i+len(pageBegin)]...), want...), page[j:]...)
		if err := os.WriteFile(pagePath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date with the contract; run go test ./internal/game/protocol -run TestProtocolPage -update\n got:\n%s\nwant:\n%s", pagePath, got, want)
}
