package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"beaweb/internal/agent"
)

func TestTallyCountsActionsFailuresAndTurns(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if got, err := s.Tally(ctx); err != nil || got != (Tally{}) {
		t.Fatalf("an empty history tallies %+v, %v", got, err)
	}
	finish := func(n int, action, result, message string) {
		t.Helper()
		at := t0.Add(time.Duration(n) * time.Second)
		a := agent.ActionRecord{ID: fmt.Sprintf("r%d-t", n), Action: action, Started: at, Finished: at, Result: result, Message: message}
		if err := s.FinishAction(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	finish(1, "move_away", "FAILURE", "you got only 0.0 of 24 blocks away")
	finish(2, "find_block", "SUCCESS", "collected 3/3 cobblestone")
	finish(3, "craft_item", "FAILURE", "no table")
	finish(4, "craft_item", "FAILURE", "no table")
	finish(5, "move_away", "FAILURE", "you got only 2.5 of 24 blocks away")
	finish(6, "find_block", "INTERRUPTED", "interrupted (reflex)")
	finish(7, "attack_entity", "TIMEOUT", "no blow landed")
	finish(9, "move_away", "FAILURE", "you got only 1.0 of 24 blocks away")
	if err := s.StartAction(ctx, agent.ActionRecord{ID: "r8-t", Action: "find_block", Started: t0.Add(8 * time.Second)}); err != nil {
		t.Fatal(err)
	}
	for _, calls := range [][]agent.Usage{nil, {{InputTokens: 100, CacheRead: 80, OutputTokens: 8}, {InputTokens: 20, OutputTokens: 4}}} {
		var sum agent.Usage
		for _, u := range calls {
			sum.InputTokens += u.InputTokens
			sum.CacheRead += u.CacheRead
			sum.OutputTokens += u.OutputTokens
		}
		if err := s.SaveTurn(ctx, &agent.TurnRecord{Trigger: "idle", Model: "m", Usage: sum, Calls: calls, Started: t0}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Tally(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The walks differ only in their figures: one failure, met three times,
	// named by its first message.
	want := Tally{Actions: 9, Failures: 6, TopFailure: "move_away: you got only 0.0 of 24 blocks away", TopFailureCount: 3,
		Turns: 2, ModelCalls: 2, TokensIn: 120, TokensCached: 80, TokensOut: 12}
	if got != want {
		t.Fatalf("tally = %+v\nwant    %+v", got, want)
	}
}
