package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/practice"
	"beaweb/internal/store"
)

// TestASetGoalPlaysOnWithNoModelCalls: in the practice world, her model
// sets a goal (gather 3 logs) when she comes in, and the autopilot plays it
// to its end with no model call between: her model's next turn is the
// goal's end, which it reads as done.
func TestASetGoalPlaysOnWithNoModelCalls(t *testing.T) {
	a, logs := startWith(t, []practice.PlayerScript{}, func(perception string, step int) []agent.ToolCall {
		switch {
		case step > 0:
			return nil
		case strings.Contains(perception, "You are in the game now"):
			return []agent.ToolCall{tool("set_goal", map[string]any{"kind": "gather", "item": "log", "count": 3})}
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	})
	var end agent.TurnRecord
	waitFor(t, a, logs, "the goal's end reaching her model", func(db *store.Store) bool {
		got := turnsWhere(db, func(tr agent.TurnRecord) bool { return tr.Trigger == "goal" && tr.Model == "test/policy" })
		if len(got) > 0 {
			end = got[0]
		}
		return len(got) > 0
	})
	if !strings.Contains(end.Shown, "Your goal, gather 3 log, is done: you carry 3") {
		t.Errorf("her model read the goal's end as:\n%s", end.Shown)
	}
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var model, played []agent.TurnRecord
	for _, tr := range turnsWhere(db, func(tr agent.TurnRecord) bool { return !tr.Started.After(end.Started) }) {
		switch tr.Model {
		case "test/policy":
			model = append(model, tr)
		case "rules/autopilot":
			played = append(played, tr)
			if len(tr.Calls) != 0 {
				t.Errorf("an autopilot turn is counted as %d model calls: %+v", len(tr.Calls), tr)
			}
		}
	}
	if len(model) != 2 || model[len(model)-1].Trigger != "connected" {
		for _, tr := range model {
			t.Logf("model turn: %s at %v", tr.Trigger, tr.Started)
		}
		t.Errorf("%d turns of her model up to the goal's end, want 2: coming in (set_goal) and the end", len(model))
	}
	finds := 0
	for _, tr := range played {
		for _, c := range tr.ToolCalls {
			if c.Name == "find_block" {
				finds++
			}
		}
	}
	if finds == 0 {
		t.Errorf("the autopilot played %d turns without a find_block", len(played))
	}
}

// downModel is a model that is not there: every call fails as an adapter's
// does once its retries are spent.
type downModel struct {
	mu    sync.Mutex
	calls int
}

func (d *downModel) Name() string { return "test/down" }

func (d *downModel) Generate(context.Context, agent.ModelRequest) (agent.ModelResponse, error) {
	d.mu.Lock()
	d.calls++
	d.mu.Unlock()
	return agent.ModelResponse{}, fmt.Errorf("test: the server at http://127.0.0.1:9 could not be reached (connection refused): %w", agent.ErrModel)
}

// TestAModelOutagePlaysOnTheAutopilotAndThePageSaysSo: with her model not
// answering she does not stand still: the autopilot plays (she gathers and
// crafts), and her live page says her model is not answering and she plays
// on the autopilot meanwhile.
func TestAModelOutagePlaysOnTheAutopilotAndThePageSaysSo(t *testing.T) {
	down := &downModel{}
	a, logs := startBeawebEnv(t, env{model: down, practice: &practice.Options{Seed: 1, Speed: 10, Players: []practice.PlayerScript{}, Peaceful: true}})
	waitFor(t, a, logs, "the autopilot crafting while her model is down", func(db *store.Store) bool {
		return len(turnsWhere(db, func(tr agent.TurnRecord) bool {
			if tr.Model != "rules/autopilot" {
				return false
			}
			for _, c := range tr.ToolCalls {
				if c.Name == "craft_item" {
					return true
				}
			}
			return false
		})) > 0
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.Dashboard+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(page), "Her model is not answering; she plays on the autopilot meanwhile.") {
		t.Errorf("the live page does not say the autopilot plays for her model:\n%s", page)
	}
	down.mu.Lock()
	defer down.mu.Unlock()
	if down.calls == 0 || down.calls > 3 {
		t.Errorf("her model was asked %d times; want a few tries, each after a longer wait", down.calls)
	}
}
