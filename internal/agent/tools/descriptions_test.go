package tools

import (
	"encoding/json"
	"strings"
	"testing"

	"beaweb/internal/gametest"
)

// toolBudget bounds every tool together as the OpenAI format sends them:
// they travel with every model call, so each character is paid for many
// times an hour (read from a cache at best). It grew by 300 for
// forget_place (22257 with it).
const toolBudget = 22300

// TestToolDefinitionsAreCompact: all the tools, as sent, fit the budget, and
// no parameter's description repeats its tool's.
func TestToolDefinitionsAreCompact(t *testing.T) {
	total := 0
	specs := fullRegistry(&gametest.Game{}).Specs()
	for _, s := range specs {
		sent, err := json.Marshal(map[string]any{"type": "function", "function": map[string]any{
			"name": s.Name, "description": s.Description, "parameters": s.Schema}})
		if err != nil {
			t.Fatal(err)
		}
		total += len(sent)
		var sch struct {
			Properties map[string]struct {
				Description string `json:"description"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(s.Schema, &sch); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		for name, p := range sch.Properties {
			if p.Description != "" && strings.Contains(s.Description, p.Description) {
				t.Errorf("%s: the description of %s repeats the tool's: %q", s.Name, name, p.Description)
			}
		}
	}
	t.Logf("%d tools, %d characters as sent", len(specs), total)
	if total > toolBudget {
		t.Errorf("the %d tools take %d characters as sent, over the budget of %d", len(specs), total, toolBudget)
	}
}
