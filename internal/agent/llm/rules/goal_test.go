package rules

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// changing is a game whose snapshot the test changes between turns.
type changing struct{ v agent.Snapshot }

func (c *changing) Snapshot() agent.Snapshot { return c.v }

func (c *changing) carry(inv game.Inventory) {
	c.v.Body = &agent.Body{Inventory: slotsOf(inv), Health: 20, Food: 20, Position: game.Vec3{X: 0, Y: 64, Z: 0}}
}

// playGoal is one turn of hers with g as the goal her model set: her calls
// and the goal's end, if it is over.
func playGoal(t *testing.T, m *Model, g *agent.Goal, ps ...agent.Perception) ([]agent.ToolCall, *agent.GoalEnd) {
	t.Helper()
	tools := append(append([]agent.ToolSpec(nil), allTools...), agent.ToolSpec{Name: "follow_player"})
	resp, err := m.Generate(context.Background(), agent.ModelRequest{Goal: g, Tools: tools,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "news", Perceptions: ps}}})
	if err != nil {
		t.Fatal(err)
	}
	return resp.ToolCalls, resp.GoalEnd
}

func names(calls []agent.ToolCall) string {
	var out []string
	for _, c := range calls {
		out = append(out, c.Name)
	}
	return strings.Join(out, ",")
}

// TestARoutineGoalEndsWhenItIsInHerPack: get_iron plays her routine until
// she carries an iron pickaxe, then takes no step and says it is done.
func TestARoutineGoalEndsWhenItIsInHerPack(t *testing.T) {
	g := &agent.Goal{Kind: agent.GoalIron, Set: time.Unix(100, 0)}
	c := &changing{}
	c.carry(game.Inventory{})
	m := New(c, testBook)
	calls, end := playGoal(t, m, g, idle)
	if names(calls) != "remember_place,find_block" && names(calls) != "find_block" || end != nil {
		t.Fatalf("the way to iron begins with %s (end %+v), want the routine's first find_block", names(calls), end)
	}
	c.carry(game.Inventory{"iron_pickaxe": 1, "crafting_table": 1})
	calls, end = playGoal(t, m, g, idle)
	if end == nil || !end.Done || !strings.Contains(end.Why, "iron pickaxe") || names(calls) != "stay_silent" {
		t.Fatalf("with an iron pickaxe: %s, end %+v; want no step and the goal done", names(calls), end)
	}
	if _, end = playGoal(t, m, nil, idle); end != nil {
		t.Errorf("the end was told twice: %+v", end)
	}
}

// TestAGatherGoalFindsTheFamilyUntilSheCarriesEnough: gather 6 log finds
// logs of any wood until she carries six, and is given up after three
// failures in a row.
func TestAGatherGoalFindsTheFamilyUntilSheCarriesEnough(t *testing.T) {
	g := &agent.Goal{Kind: agent.GoalGather, Item: "log", Count: 6, Set: time.Unix(100, 0)}
	c := &changing{}
	c.carry(game.Inventory{"birch_log": 2})
	m := New(c, testBook)
	calls, end := playGoal(t, m, g, idle)
	if len(calls) != 1 || calls[0].Name != "find_block" || args(calls[0])["block"] != "log" || args(calls[0])["count"] != 4.0 || end != nil {
		t.Fatalf("gather 6 log with 2 birch logs: %s %v (end %+v); want find_block log, 4", names(calls), calls, end)
	}
	c.carry(game.Inventory{"birch_log": 2, "oak_log": 4})
	calls, end = playGoal(t, m, g, done("find_block", game.Success, "collected 4/4 log"))
	if end == nil || !end.Done || !strings.Contains(end.Why, "6 logs") || names(calls) != "stay_silent" {
		t.Fatalf("with six logs of two woods: %s, end %+v; want done", names(calls), end)
	}

	c.carry(game.Inventory{})
	m = New(c, testBook)
	playGoal(t, m, g, idle)
	for i := range gatherTries {
		calls, end = playGoal(t, m, g, done("find_block", protocol.Failure, "you found no log within 32 blocks"))
		if i < gatherTries-1 && (end != nil || names(calls) != "find_block") {
			t.Fatalf("failure %d: %s, end %+v; want another try", i+1, names(calls), end)
		}
	}
	if end == nil || end.Done || !strings.Contains(end.Why, "no log within 32 blocks") {
		t.Errorf("after %d failures: end %+v; want it given up with the game's sentence", gatherTries, end)
	}
}

// TestABuildGoalBuildsWhereItWasToldAndEnds: a build goal sends the
// template with its corner, and a build that stands ends it done.
func TestABuildGoalBuildsWhereItWasToldAndEnds(t *testing.T) {
	g := &agent.Goal{Kind: agent.GoalBuild, Template: "dirt_shelter", At: &game.Pos{X: 5, Y: 64, Z: -3}, Set: time.Unix(100, 0)}
	c := &changing{}
	c.carry(game.Inventory{"dirt": 64})
	m := New(c, testBook)
	calls, end := playGoal(t, m, g, idle)
	if names(calls) != "build_template" || args(calls[0])["name"] != "dirt_shelter" || args(calls[0])["x"] != 5.0 || args(calls[0])["z"] != -3.0 || end != nil {
		t.Fatalf("a build goal: %v (end %+v)", calls, end)
	}
	calls, end = playGoal(t, m, g, done("build", game.Success, "built 60 of 60 cells"))
	if end == nil || !end.Done || names(calls) != "stay_silent" {
		t.Fatalf("after the build stood: %s, end %+v; want done", names(calls), end)
	}
}

// TestAFollowGoalEndsWhenSheLosesThem: a follow goal follows the player
// until the game says she lost them: given up, saying so.
func TestAFollowGoalEndsWhenSheLosesThem(t *testing.T) {
	g := &agent.Goal{Kind: agent.GoalFollow, Player: "Alex", Set: time.Unix(100, 0)}
	c := &changing{}
	c.carry(game.Inventory{})
	m := New(c, testBook)
	calls, _ := playGoal(t, m, g, idle)
	if names(calls) != "follow_player" || args(calls[0])["player"] != "Alex" {
		t.Fatalf("a follow goal: %v", calls)
	}
	if calls, end := playGoal(t, m, g, done("follow_player", game.Success, "following Alex")); end != nil || names(calls) != "stay_silent" {
		t.Fatalf("on her way: %s, end %+v; want her following, nothing more", names(calls), end)
	}
	lost := agent.Perception{Source: agent.SourceGame, Kind: agent.KindFollowEnded, Text: "You stopped following Alex: lost"}
	if _, end := playGoal(t, m, g, lost); end == nil || end.Done || !strings.Contains(end.Why, "lost Alex") {
		t.Fatalf("after losing Alex: end %+v", end)
	}
}

// TestANewGoalReplacesTheOld: a goal set anew (another kind, or the same
// set again later) starts over; none drops the one she played.
func TestANewGoalReplacesTheOld(t *testing.T) {
	c := &changing{}
	c.carry(game.Inventory{})
	m := New(c, testBook)
	gather := &agent.Goal{Kind: agent.GoalGather, Item: "dirt", Count: 10, Set: time.Unix(100, 0)}
	playGoal(t, m, gather, idle)
	if m.goal == nil || m.goal.gather == nil {
		t.Fatal("the gather goal was not taken up")
	}
	playGoal(t, m, &agent.Goal{Kind: agent.GoalPlay, Set: time.Unix(200, 0)}, idle)
	if m.goal == nil || m.goal.goal.Kind != agent.GoalPlay {
		t.Fatalf("a new goal did not replace the old: %+v", m.goal)
	}
	playGoal(t, m, nil, idle)
	if m.goal != nil {
		t.Errorf("no goal left %+v in play", m.goal)
	}
}
