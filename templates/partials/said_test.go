package partials

import (
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
)

func TestResultsAsAPlayerSaysThem(t *testing.T) {
	for _, tc := range []struct {
		action, params string
		result         protocol.Result
		message, want  string
	}{
		{"move_to", `{"x":-54,"y":71,"z":-19}`, protocol.Success, "you are at (-54, 71, -19), 0.0 blocks from (-54, 71, -19)", "Arrived"},
		{"find_block", `{"block":"coal_ore","count":4}`, protocol.Success, "collected 4 coal", "Got 4 coal"},
		{"find_block", `{"block":"deepslate_iron_ore","count":3}`, protocol.Success, "", "Got 3 raw iron"},
		{"find_block", `{"block":"oak_log"}`, protocol.Success, "", "Got 1 oak log"},
		{"craft_item", `{"item":"torch","count":8}`, protocol.Success, "", "Made 8 torches"},
		{"eat_food", `{}`, protocol.Success, "ate bread", "Ate"},
		{"equip_item", `{"item":"iron_helmet","slot":"head"}`, protocol.Success, "", "Put on iron helmet"},
		{"mine_block", `{"x":1,"y":2,"z":3}`, protocol.Interrupted, "interrupted (stopped)", "Stopped"},
		{"move_to", `{}`, protocol.Interrupted, "interrupted (replaced) while walking", "Replaced by her next action"},
		{"move_to", `{}`, protocol.Interrupted, "interrupted", "Interrupted"},
		{"find_block", `{}`, protocol.Interrupted, "interrupted (reflex: defend against Zombie) while finding oak_log", "Cut short by her reflex to defend against Zombie"},
		{"smelt_item", `{"item":"raw_iron"}`, protocol.FailFurnaceBusy, "the furnace_block is busy", "Failed (the furnace is busy): the furnace block is busy"},
	} {
		if got, _ := Said(tc.action, tc.params, tc.result, tc.message, nil); got != tc.want {
			t.Errorf("%s %s %s %q reads %q, want %q", tc.action, tc.params, tc.result, tc.message, got, tc.want)
		}
	}
}

func TestANearlyFinishedBuildIsNearlyDone(t *testing.T) {
	nearly := agent.ActionRecord{Action: "build", Result: string(protocol.Failure), Message: "built 99 of 101 cells; ...",
		Build: &agent.BuildCount{Cells: 101, Placed: 99, Missing: 2}}
	if got, _ := RecordOutcome(nearly, nil); got != "Nearly done, short of 2 blocks" || RecordClass(nearly) != "warn" {
		t.Errorf("a 98 %% build reads %q (%s)", got, RecordClass(nearly))
	}
	short := nearly
	short.Build = &agent.BuildCount{Cells: 101, Placed: 97, Missing: 4, Short: map[string]int{"glass": 1, "oak_planks": 3}}
	if got, _ := RecordOutcome(short, nil); got != "Nearly done, short of 3 oak planks and 1 glass" {
		t.Errorf("a build short of two kinds reads %q", got)
	}
	half := nearly
	half.Build = &agent.BuildCount{Cells: 101, Placed: 50}
	if got, _ := RecordOutcome(half, nil); got != "Failed" || RecordClass(half) != "bad" {
		t.Errorf("a half build reads %q (%s)", got, RecordClass(half))
	}
	done := agent.ActionRecord{Action: "build", Result: string(protocol.Success), Build: &agent.BuildCount{Cells: 101, Placed: 101}}
	if got, _ := RecordOutcome(done, nil); got != "Built it" {
		t.Errorf("a finished build reads %q", got)
	}
}
