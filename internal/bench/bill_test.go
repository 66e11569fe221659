package bench

import (
	"bytes"
	"strings"
	"testing"
)

// TestTheBillReadsForAPerson: two seeds of half a game hour each, one
// call an action result and one an idle nudge, priced: the bill says
// calls per game hour, tokens per call, the cached share and the cost of
// an hour, per seed and by cause.
func TestTheBillReadsForAPerson(t *testing.T) {
	results := []seedResult{
		{Seed: 1, Minutes: 30, Bill: map[string]causeTally{
			"action result": {Calls: 3, In: 30000, Cached: 24000, Written: 3000, Out: 300},
			"idle nudge":    {Calls: 1, In: 10000, Cached: 0, Written: 10000, Out: 100},
		}},
		{Seed: 2, Minutes: 30, Bill: map[string]causeTally{"action result": {Calls: 1, In: 10000, Cached: 9000, Out: 100}}},
		{Seed: 3, Error: "not played"},
	}
	var out bytes.Buffer
	s := benchSettings{Speed: 20, Days: 2, beaweb: fakeBeaweb, Bill: true, Prices: sonnetPrices}
	if err := writeBill(&out, s, results); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	var rows []string
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			rows = append(rows, strings.Join(f, " "))
		}
	}
	// Seed 1: 24000 read, 13000 written, 3000 plain, 400 out:
	// (3000×3 + 13000×3×1.25 + 24000×0.3 + 400×15) / 1e6 = 0.07095 in
	// half an hour.
	for _, want := range []string{
		"nobody talking to her but Alex in passing; prices per million tokens: 3 in, 0.3 cached, 15 out (a cache write 1.25× in)",
		"seed game minutes calls calls/hour tokens/call cached $/hour",
		"1 30.0 4 8.0 10000 60.0 % $0.142",
		"2 30.0 1 2.0 10000 90.0 % $0.014",
		"action result 4.0 10000 82.5 % $0.039",
		"idle nudge 1.0 10000 0.0 % $0.039",
		"all 5.0 10000 66.0 % $0.078",
		"In all: 5.0 model calls a game hour, 10000 tokens a call, 66.0 % of them read from the cache, $0.078 an hour.",
	} {
		found := false
		for _, r := range rows {
			found = found || strings.Contains(r, want)
		}
		if !found {
			t.Errorf("the bill does not say %q:\n%s", want, text)
		}
	}
}

// TestTheBillsFlagsGoTogether: --talk and the prices go with --bill, and
// --bill with no model of a person's own.
func TestTheBillsFlagsGoTogether(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--talk", "30"}, "go with --bill"},
		{[]string{"--price-in", "1"}, "go with --bill"},
		{[]string{"--bill", "--talk", "-1"}, "nobody talking"},
		{[]string{"--bill", "--price-out", "-2"}, "none is below 0"},
		{[]string{"--bill", "--model", "gpt"}, "stand-in model"},
		{[]string{"--bill", "--requests", "5"}, "stand-in model"},
	} {
		var stderr bytes.Buffer
		if _, err := parseBench(c.args, fakeBeaweb, &stderr); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("bench %v: %v; want a sentence saying %q", c.args, err, c.says)
		}
	}
	s, err := parseBench([]string{"--bill", "--talk", "30", "--price-in", "0.15", "--price-cached", "0.075", "--price-out", "0.6"}, fakeBeaweb, &bytes.Buffer{})
	if err != nil || !s.Bill || s.Talk != 30 || s.Prices != (billPrices{In: 0.15, Cached: 0.075, Out: 0.6}) {
		t.Errorf("%+v, %v", s, err)
	}
	if o := s.billOptions(4); o.Seed != 4 || len(o.Players) != 1 || len(o.Players[0].Requests) != int(2*ticksPerDay/20/30)-1 {
		t.Errorf("the world of a bill run with talk: %+v", o)
	}
}
