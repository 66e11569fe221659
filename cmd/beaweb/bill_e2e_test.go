package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestBenchBillsTheStandIn: `beaweb bench --bill --talk 10` plays a seed
// with the stand-in model while Alex talks to her every ten game seconds,
// and every model call it made is on the bill, by cause, as many as her
// history recorded, with the tokens a provider would count, some read from
// its cache.
func TestBenchBillsTheStandIn(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a tenth of a game day")
	}
	var stdout, stderr bytes.Buffer
	if code := runBench(context.Background(), []string{"--bill", "--talk", "10", "--seeds", "3", "--days", "0.1", "--json"}, func(string) string { return "" }, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	var out struct {
		Provider string `json:"model_provider"`
		Seeds    []struct {
			ModelCalls int `json:"model_calls"`
			TokensIn   int `json:"tokens_in"`
			Bill       map[string]struct {
				Calls  int `json:"calls"`
				In     int `json:"tokens_in"`
				Cached int `json:"tokens_cached"`
			} `json:"bill"`
		} `json:"seeds"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || len(out.Seeds) != 1 {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if !strings.Contains(out.Provider, "stand-in") {
		t.Errorf("played with %q, want the stand-in", out.Provider)
	}
	s := out.Seeds[0]
	calls, in, cached := 0, 0, 0
	for _, c := range s.Bill {
		calls, in, cached = calls+c.Calls, in+c.In, cached+c.Cached
	}
	if calls == 0 || calls != s.ModelCalls || in != s.TokensIn || cached == 0 || cached >= in || s.Bill["chat"].Calls == 0 {
		t.Errorf("the bill holds %d calls, %d tokens in (%d cached); her history %d calls, %d tokens in", calls, in, cached, s.ModelCalls, s.TokensIn)
	}
}
