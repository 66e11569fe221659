package agent

import (
	"context"
	"math"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/gametest"
)

type fixedPrices struct{ in, cached, out float64 }

func (p fixedPrices) Prices() (float64, float64, float64, bool) { return p.in, p.cached, p.out, true }

// TestTheBillCountsTheLastHour: the live panel's bill holds the last
// hour's turns, model calls and tokens, cached ones apart, and the cost of
// an hour at that pace; a turn older than an hour leaves it.
func TestTheBillCountsTheLastHour(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		step := ModelResponse{ToolCalls: []ToolCall{call("1", "scan", `{}`)},
			Usage: Usage{InputTokens: 10000, CacheRead: 8000, CacheWritten: 1000, OutputTokens: 100}}
		silent := ModelResponse{ToolCalls: []ToolCall{call("2", "stay_silent", `{}`)},
			Usage: Usage{InputTokens: 10200, CacheRead: 9000, CacheWritten: 200, OutputTokens: 20}}
		model := &scripted{}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.prices = fixedPrices{in: 3, cached: 0.3, out: 15}
		ask := []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}}
		for range 3 {
			time.Sleep(20 * time.Minute)
			model.steps = append(model.steps, step, silent)
			m.turn(context.Background(), ask)
		}
		b := m.live.Snapshot().Model.Bill
		want := Usage{InputTokens: 60600, CacheRead: 51000, CacheWritten: 3600, OutputTokens: 360}
		if b.Turns != 3 || b.Calls != 6 || b.Usage != want || b.Window != time.Hour || !b.Priced {
			t.Fatalf("bill %+v, want 3 turns, 6 calls, %+v over an hour, priced", b, want)
		}
		// 6000 plain at 3, 3600 written at 3.75, 51000 read at 0.3, 360 out at 15, per million.
		if cost := (6000*3 + 3600*3.75 + 51000*0.3 + 360*15) / 1e6; math.Abs(b.CostPerHour-cost) > 1e-9 {
			t.Errorf("cost per hour %v, want %v", b.CostPerHour, cost)
		}
		time.Sleep(30 * time.Minute)
		model.steps = append(model.steps, silent)
		m.turn(context.Background(), ask)
		if b := m.live.Snapshot().Model.Bill; b.Turns != 3 || b.Calls != 5 {
			t.Errorf("an hour and a half in, the bill holds %d turns and %d calls, want the last hour's 3 and 5 (the first turn, at 20 min, is gone)", b.Turns, b.Calls)
		}
	})
}

// TestNoPricesNoCost: without prices the bill counts tokens and estimates
// nothing.
func TestNoPricesNoCost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "stay_silent", `{}`)}, Usage: Usage{InputTokens: 500, OutputTokens: 5}}}}
		m, _ := newTestMind(model, &gametest.Game{}, MindConfig{})
		m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}})
		b := m.live.Snapshot().Model.Bill
		if b.Priced || b.CostPerHour != 0 || b.Turns != 1 || b.Usage.InputTokens != 500 || b.Window != time.Minute {
			t.Errorf("bill %+v, want one unpriced turn over the first minute", b)
		}
	})
}
