package bench

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"text/tabwriter"

	"beaweb/internal/practice"
)

// Call is one model call of a bill run, as the stand-in model billed it:
// why it was made and its tokens (In the whole prompt, Cached of it read
// from the provider's cache, Written of it written there, Out the answer).
type Call struct {
	Cause                    string
	In, Cached, Written, Out int
}

// billPrices are the prices of a bill run per million tokens: input,
// input read from the cache, output. A token written to the cache costs
// cacheWritePremium times the input price, as Anthropic bills it.
type billPrices struct{ In, Cached, Out float64 }

// sonnetPrices are the bill's default prices: a Sonnet-class model's.
var sonnetPrices = billPrices{In: 3, Cached: 0.30, Out: 15}

// cacheWritePremium is the price of a token written to the cache, as a
// multiple of the input price (Anthropic's five-minute cache).
const cacheWritePremium = 1.25

// billTally is a bill run's calls, summed by cause.
type billTally struct {
	mu     sync.Mutex
	causes map[string]*causeTally
}

// causeTally is the calls of one cause and their tokens.
type causeTally struct {
	Calls   int `json:"calls"`
	In      int `json:"tokens_in"`
	Cached  int `json:"tokens_cached"`
	Written int `json:"tokens_written"`
	Out     int `json:"tokens_out"`
}

func (t *causeTally) add(c causeTally) {
	t.Calls += c.Calls
	t.In += c.In
	t.Cached += c.Cached
	t.Written += c.Written
	t.Out += c.Out
}

// cost is what the calls cost at p.
func (t causeTally) cost(p billPrices) float64 {
	plain := max(t.In-t.Cached-t.Written, 0)
	return (float64(plain)*p.In + float64(t.Written)*p.In*cacheWritePremium + float64(t.Cached)*p.Cached + float64(t.Out)*p.Out) / 1e6
}

// note counts one call; the stand-in model calls it from her mind's
// goroutine.
func (b *billTally) note(c Call) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.causes == nil {
		b.causes = map[string]*causeTally{}
	}
	t := b.causes[c.Cause]
	if t == nil {
		t = &causeTally{}
		b.causes[c.Cause] = t
	}
	t.add(causeTally{Calls: 1, In: c.In, Cached: c.Cached, Written: c.Written, Out: c.Out})
}

// result is the tally by cause, read once the seed is over.
func (b *billTally) result() map[string]causeTally {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := map[string]causeTally{}
	for k, v := range b.causes {
		out[k] = *v
	}
	return out
}

// talker is Alex as the practice world has him (practice.DefaultPlayers),
// who besides says a line to her, by name, every talk game seconds
// wherever she is, for the whole run.
func talker(talk, days float64) practice.PlayerScript {
	lines := []string{"how's it going, Bea?", "Bea, found anything good?", "nice work Bea", "Bea, what are you up to?"}
	p := practice.DefaultPlayers()[0]
	end := days * ticksPerDay / 20
	for i, at := 0, talk; at < end; i, at = i+1, at+talk {
		p.Requests = append(p.Requests, practice.Timed{At: at, Line: lines[i%len(lines)]})
	}
	return p
}

// billOptions are the practice world of a bill run: the seed's world as
// `beaweb bench` plays it (nil: the flags'), where Alex passes by and says
// a few lines as she sets out; with --talk, he talks to her all along.
func (s benchSettings) billOptions(seed int64) *practice.Options {
	if s.Talk <= 0 {
		return nil
	}
	return &practice.Options{Seed: seed, Speed: s.Speed, Peaceful: s.Peaceful, Players: []practice.PlayerScript{talker(s.Talk, s.Days)}}
}

// writeBill prints what her model would have cost: per seed, then over all
// seeds by cause, each as calls per game hour, tokens per call, the share of
// the prompt read from the cache and the cost of a game hour at the prices.
func writeBill(w io.Writer, s benchSettings, results []seedResult) error {
	talk := "nobody talking to her but Alex in passing"
	if s.Talk > 0 {
		talk = fmt.Sprintf("Alex says a line to her every %g game seconds", s.Talk)
	}
	fmt.Fprintf(w, "\nThe bill: a stand-in model that plays sensibly, %s; prices per million tokens: %g in, %g cached, %g out (a cache write %g× in).\n\n",
		talk, s.Prices.In, s.Prices.Cached, s.Prices.Out, cacheWritePremium)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "seed\tgame minutes\tcalls\tcalls/hour\ttokens/call\tcached\t$/hour\t\n")
	all := map[string]*causeTally{}
	var sum causeTally
	hours := 0.0
	for _, r := range results {
		if r.Error != "" || r.Bill == nil {
			continue
		}
		var t causeTally
		for cause, c := range r.Bill {
			t.add(c)
			if all[cause] == nil {
				all[cause] = &causeTally{}
			}
			all[cause].add(c)
		}
		sum.add(t)
		h := r.Minutes / 60
		hours += h
		fmt.Fprintf(tw, "%d\t%.1f\t%d\t%s\t%s\t%s\t%s\t\n", r.Seed, r.Minutes, t.Calls, perHour(float64(t.Calls), h),
			perCall(t.In, t.Calls), share(t.Cached, t.In), money(t.cost(s.Prices), h))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if hours == 0 {
		_, err := fmt.Fprintln(w, "No seed was played, so there is no bill.")
		return err
	}
	fmt.Fprintf(w, "\nBy cause, over all %.1f game hours:\n\n", hours)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "cause\tcalls/hour\ttokens/call\tcached\t$/hour\t\n")
	causes := make([]string, 0, len(all))
	for c := range all {
		causes = append(causes, c)
	}
	slices.SortFunc(causes, func(a, b string) int { return all[b].Calls - all[a].Calls })
	for _, c := range causes {
		t := *all[c]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", c, perHour(float64(t.Calls), hours), perCall(t.In, t.Calls), share(t.Cached, t.In), money(t.cost(s.Prices), hours))
	}
	fmt.Fprintf(tw, "all\t%s\t%s\t%s\t%s\t\n", perHour(float64(sum.Calls), hours), perCall(sum.In, sum.Calls), share(sum.Cached, sum.In), money(sum.cost(s.Prices), hours))
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nIn all: %s model calls a game hour, %s tokens a call, %s of them read from the cache, %s an hour.\n",
		perHour(float64(sum.Calls), hours), perCall(sum.In, sum.Calls), share(sum.Cached, sum.In), money(sum.cost(s.Prices), hours))
	return err
}

func perHour(n, hours float64) string { return fmt.Sprintf("%.1f", n/hours) }

func perCall(tokens, calls int) string {
	if calls == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", float64(tokens)/float64(calls))
}

func share(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(part)/float64(whole))
}

func money(cost, hours float64) string { return fmt.Sprintf("$%.3f", cost/hours) }
