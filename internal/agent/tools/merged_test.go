package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/gametest"
	"beaweb/internal/planner/script"
)

// TestAMergedToolHandsEachCallToTheOneItsParametersName: every merged
// tool starts the action, or asks the question, of the tool its
// parameters name, with that tool's parameters.
func TestAMergedToolHandsEachCallToTheOneItsParametersName(t *testing.T) {
	g := &gametest.Game{}
	r := fullRegistryAt(g, standing("overworld"))
	ctx := context.Background()
	if out := r.Invoke(ctx, agent.ToolCall{Name: "remember", Args: json.RawMessage(`{"place":"home","note":"by the lake"}`)}); out.Failed {
		t.Fatalf("remember a place: %q", out.Answer)
	}
	// Forgetting goes through remember too: a place remembered, then
	// forgotten, is gone from where move_to looks.
	if out := r.Invoke(ctx, agent.ToolCall{Name: "remember", Args: json.RawMessage(`{"place":"shed"}`)}); out.Failed {
		t.Fatalf("remember the shed: %q", out.Answer)
	}
	if out := r.Invoke(ctx, agent.ToolCall{Name: "remember", Args: json.RawMessage(`{"forget":"shed"}`)}); out.Failed || !strings.Contains(out.Answer, "forgot shed") {
		t.Fatalf("forget the shed: %q", out.Answer)
	}
	if out := r.Invoke(ctx, agent.ToolCall{Name: "move_to", Args: json.RawMessage(`{"place":"shed"}`)}); !out.Failed {
		t.Fatalf("move_to a forgotten place: %q, want a refusal", out.Answer)
	}
	for _, c := range []struct {
		tool, args string
		action     string // the action started, or the quick one sent
		params     string // what its parameters hold
	}{
		{"move_to", `{"x":1.5,"y":64,"z":2,"range":2}`, "move_to", `"range":2`},
		{"move_to", `{"place":"home"}`, "move_to", `"x":10.5`},
		{"move_to", `{"away":20}`, "move_away", `"distance":20`},
		{"goto_player", `{"player":"Alex"}`, "goto_player", `"player":"Alex"`},
		{"goto_player", `{"player":"Alex","follow":true,"range":4}`, "follow_player", `"range":4`},
		{"climb", `{"way":"up","blocks":3}`, "pillar_up", `"height":3`},
		{"climb", `{"way":"down","blocks":5,"direction":"north"}`, "mine_down", `"direction":"north"`},
		{"climb", `{"way":"surface"}`, "go_to_surface", `{}`},
		{"container", `{"do":"store","item":"dirt","count":9}`, "store_item", `"count":9`},
		{"container", `{"do":"take","item":"coal","x":1,"y":2,"z":3}`, "retrieve_item", `"x":1`},
		{"container", `{"do":"look"}`, "view_container", `{}`},
		{"inventory", `{"do":"eat"}`, "eat_food", `{}`},
		{"inventory", `{"do":"equip","item":"iron_helmet","slot":"head"}`, "equip_item", `"slot":"head"`},
		{"inventory", `{"do":"drop","item":"dirt","count":4}`, "discard_item", `"count":4`},
		{"inventory", `{"do":"give","item":"bread","player":"Alex"}`, "give_item", `"player":"Alex"`},
		{"inventory", `{"do":"pickup","radius":5}`, "pickup_items", `"radius":5`},
		{"craft_item", `{"item":"stick","count":4}`, "craft_item", `"count":4`},
		{"look_at", `{"player":"Alex"}`, "look_at_player", `"player":"Alex"`},
		{"look_at", `{"x":1,"y":64,"z":2}`, "look_at", `"x":1`},
		{"scan", `{"block":"iron_ore","radius":20}`, "scan", `"radius":20`},
	} {
		before := len(g.Sent())
		out := r.Invoke(ctx, agent.ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		var action string
		var params []byte
		switch sent := g.Sent(); {
		case out.Action != nil:
			action = out.Action.Name
			params, _ = json.Marshal(out.Action.Params)
		case len(sent) > before:
			action = sent[len(sent)-1].Action
			params, _ = json.Marshal(sent[len(sent)-1].Parameters)
		}
		if action != c.action || !strings.Contains(string(params), strings.Trim(c.params, "{}")) {
			t.Errorf("%s %s: %s %s (answer %q), want %s with %s", c.tool, c.args, action, params, out.Answer, c.action, c.params)
		}
	}
}

// TestMergedToolsAnswerWhatTheyStandFor: the questions among the merged
// tools answer as the tool they stand for: a craft's plan, her memory of
// blocks, a build's and a template's cost, the script guide; none starts
// anything.
func TestMergedToolsAnswerWhatTheyStandFor(t *testing.T) {
	r := fullRegistryAt(&gametest.Game{}, standing("overworld"))
	ctx := context.Background()
	for _, c := range []struct{ tool, args, says string }{
		{"craft_item", `{"item":"stone_pickaxe","plan":true}`, "cobblestone"},
		{"scan", `{"block":"chest","remembered":true}`, "chest"},
		{"build", `{"origin":{"x":0,"y":64,"z":0},"layers":[["ab"]],"palette":{"a":"dirt","b":"dirt"},"plan":true}`, "2 dirt"},
		{"build_template", `{"name":"dirt_shelter","plan":true,"x":5,"y":64,"z":5}`, "dirt_shelter:"},
		{"build_script", `{"script":""}`, script.Guide[:40]},
		{"remember", `{"player":"Nobody","fact":"likes cake"}`, "Nobody"},
	} {
		out := r.Invoke(ctx, agent.ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if out.Action != nil || !strings.Contains(out.Answer, c.says) {
			t.Errorf("%s %s: %q (action %v), want an answer saying %q", c.tool, c.args, out.Answer, out.Action, c.says)
		}
	}
}

// TestMergedToolsRefuseParametersOfTwoWays: parameters of two of a merged
// tool's ways at once are refused with a sentence saying which go
// together.
func TestMergedToolsRefuseParametersOfTwoWays(t *testing.T) {
	r := fullRegistry(&gametest.Game{})
	for _, c := range []struct{ tool, args, says string }{
		{"move_to", `{"x":1,"y":2,"z":3,"place":"home"}`, "one of them"},
		{"move_to", `{"x":1}`, "give x, y and z"},
		{"look_at", `{"x":1,"y":2,"z":3,"player":"Alex"}`, "not both"},
		{"container", `{"do":"look","item":"dirt"}`, "no item"},
		{"container", `{"do":"store"}`, "give the item"},
		{"inventory", `{"do":"eat","slot":"head"}`, "slot is not for eat"},
		{"inventory", `{"do":"give","item":"bread"}`, "name the player"},
		{"climb", `{"way":"surface","blocks":3}`, "no blocks"},
		{"climb", `{"way":"up"}`, "how many blocks"},
		{"remember", `{"place":"home","fact":"x"}`, "not both"},
		{"remember", `{"forget":"home","place":"home"}`, "give forget alone"},
		{"remember", `{"forget":" "}`, "forget"},
	} {
		out := r.Invoke(context.Background(), agent.ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if !out.Failed || !strings.Contains(out.Answer, c.says) {
			t.Errorf("%s %s: %q, want a refusal saying %q", c.tool, c.args, out.Answer, c.says)
		}
	}
}

// TestTheToolsAMergedOneStandsForAreHiddenButAnswer: a model is not shown
// the tools a merged one stands for, the autopilot is told of them
// (Hidden), and they answer by their own names.
func TestTheToolsAMergedOneStandsForAreHiddenButAnswer(t *testing.T) {
	r := fullRegistry(&gametest.Game{})
	var shown, hidden []string
	for _, s := range r.Specs() {
		shown = append(shown, s.Name)
	}
	for _, s := range r.Hidden() {
		hidden = append(hidden, s.Name)
	}
	for _, name := range []string{"go_to_place", "move_away", "follow_player", "store_item", "eat_food", "give_item", "pillar_up",
		"go_to_surface", "remember_place", "forget_place", "crafting_plan", "plan_build", "list_templates", "recall_blocks", "look_at_player"} {
		if slices.Contains(shown, name) || !slices.Contains(hidden, name) {
			t.Errorf("%s: shown %v, hidden %v; want it hidden", name, slices.Contains(shown, name), slices.Contains(hidden, name))
		}
	}
	out := r.Invoke(context.Background(), agent.ToolCall{Name: "move_away", Args: json.RawMessage(`{"distance":24}`)})
	if out.Action == nil || out.Action.Name != "move_away" {
		t.Errorf("move_away by its own name: %+v", out)
	}
	if out := r.Invoke(context.Background(), agent.ToolCall{Name: "nope"}); !strings.Contains(out.Answer, "set_goal") || strings.Contains(out.Answer, "move_away") {
		t.Errorf("an unknown tool's answer lists %q; want the tools she is shown", out.Answer)
	}
}
