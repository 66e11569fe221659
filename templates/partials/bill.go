package partials

import (
	"fmt"
	"strconv"
	"time"

	"beaweb/internal/agent"
)

// billView is the live panel's bill in words: per turn, per hour, and the
// share of the prompt a provider's cache served.
type billView struct {
	Window  string // "last hour", or "last 12 min" while she has run less
	Count   string // "14 turns, 31 model calls"
	PerTurn string // "9,120 in / 85 out"
	Cached  string // "82 %", or "—" when no token was counted
	Calls   string // calls per hour: the count of the last hour, or "≈ 840 at this pace" over less
	Cost    string // "≈ 0.42 per hour", or why there is no estimate
	Priced  bool
}

func newBillView(b agent.Bill) billView {
	v := billView{Window: "last hour", Priced: b.Priced}
	if b.Window < time.Hour {
		v.Window = fmt.Sprintf("last %d min", int(b.Window/time.Minute))
	}
	v.Count = fmt.Sprintf("%s, %s", plural(b.Turns, "turn"), plural(b.Calls, "model call"))
	v.PerTurn, v.Cached, v.Calls = "—", "—", "—"
	if b.Turns > 0 {
		v.PerTurn = thousands(b.Usage.InputTokens/b.Turns) + " in / " + thousands(b.Usage.OutputTokens/b.Turns) + " out"
	}
	if b.Usage.InputTokens > 0 {
		v.Cached = strconv.Itoa(100*b.Usage.CacheRead/b.Usage.InputTokens) + " %"
	}
	if b.Window > 0 {
		v.Calls = strconv.Itoa(int(float64(b.Calls) * float64(time.Hour) / float64(b.Window)))
		if b.Window < time.Hour { // a pace, not a count: the count is beside "Tokens per turn"
			v.Calls = "≈ " + v.Calls + " at this pace"
		}
	}
	if b.Priced {
		v.Cost = fmt.Sprintf("≈ %.2f per hour at this pace", b.CostPerHour)
	} else {
		v.Cost = "no estimate: set the prices on Settings"
	}
	return v
}

// usageWords says a model call's or a turn's tokens: "1,234 in (900 read
// from the cache, 250 written to it) / 56 out".
func usageWords(u agent.Usage) string {
	s := thousands(u.InputTokens) + " in"
	switch {
	case u.CacheRead > 0 && u.CacheWritten > 0:
		s += fmt.Sprintf(" (%s read from the cache, %s written to it)", thousands(u.CacheRead), thousands(u.CacheWritten))
	case u.CacheRead > 0:
		s += fmt.Sprintf(" (%s read from the cache)", thousands(u.CacheRead))
	case u.CacheWritten > 0:
		s += fmt.Sprintf(" (%s written to the cache)", thousands(u.CacheWritten))
	}
	return s + " / " + thousands(u.OutputTokens) + " out"
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// thousands writes n with a comma every three digits: 12,345.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
