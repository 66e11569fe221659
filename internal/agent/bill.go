package agent

import "time"

// billWindow is how far back the bill on the live panel looks.
const billWindow = time.Hour

// minBillWindow keeps the first minutes from being extrapolated to an hour
// from a few seconds: until a minute has passed, the counts are read as a
// minute's.
const minBillWindow = time.Minute

// cacheWritePremium is what a token written to a provider's prompt cache
// costs, as a multiple of the input price. Only Anthropic reports cache
// writes, and it bills its five-minute cache writes at 1.25 times input.
const cacheWritePremium = 1.25

// Prices are what her model's provider charges per million tokens: for
// input, for input read from the provider's cache, and for output. ok is
// false when a person has set no prices: the bill then estimates no cost.
type Prices interface {
	Prices() (in, cached, out float64, ok bool)
}

// Bill is what her model used over the last hour, for the live panel.
type Bill struct {
	Turns int   `json:"turns"`
	Calls int   `json:"calls"` // model calls
	Usage Usage `json:"usage"` // of all of them
	// Window is how long the counts cover: an hour, or less when she has
	// not been running that long (but at least a minute).
	Window time.Duration `json:"window"`
	// CostPerHour is the estimated cost of an hour at this pace, in the
	// prices' currency; Priced is false when no prices are set.
	CostPerHour float64 `json:"cost_per_hour"`
	Priced      bool    `json:"priced"`
}

// billed is one turn on the bill.
type billed struct {
	at    time.Time
	calls int
	usage Usage
}

// ledger keeps the turns of the last hour. Turns run one at a time, and
// only the turn that is ending touches it.
type ledger struct {
	since time.Time // when counting began
	turns []billed
}

// add puts a turn on the ledger and forgets those older than the window.
func (l *ledger) add(at time.Time, calls int, u Usage) {
	l.turns = append(l.turns, billed{at: at, calls: calls, usage: u})
	cut := 0
	for cut < len(l.turns) && at.Sub(l.turns[cut].at) > billWindow {
		cut++
	}
	l.turns = l.turns[cut:]
}

// bill sums the window at now and, with prices, estimates an hour's cost
// at its pace.
func (l *ledger) bill(now time.Time, p Prices) Bill {
	b := Bill{Window: max(min(billWindow, now.Sub(l.since)), minBillWindow)}
	for _, t := range l.turns {
		if now.Sub(t.at) > billWindow {
			continue
		}
		b.Turns++
		b.Calls += t.calls
		b.Usage = b.Usage.Add(t.usage)
	}
	if p == nil {
		return b
	}
	in, cached, out, ok := p.Prices()
	if !ok {
		return b
	}
	b.CostPerHour = costOf(b.Usage, in, cached, out) * float64(time.Hour) / float64(b.Window)
	b.Priced = true
	return b
}

// spent is what the turns of the last hour cost at the prices, 0 without
// prices.
func (l *ledger) spent(now time.Time, p Prices) float64 {
	in, cached, out, ok := p.Prices()
	if !ok {
		return 0
	}
	var u Usage
	for _, t := range l.turns {
		if now.Sub(t.at) <= billWindow {
			u = u.Add(t.usage)
		}
	}
	return costOf(u, in, cached, out)
}

// costOf is what u costs at the prices per million tokens.
func costOf(u Usage, in, cached, out float64) float64 {
	plain := max(u.InputTokens-u.CacheRead-u.CacheWritten, 0)
	return (float64(plain)*in + float64(u.CacheWritten)*in*cacheWritePremium +
		float64(u.CacheRead)*cached + float64(u.OutputTokens)*out) / 1e6
}
