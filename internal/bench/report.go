package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// seedResult is what one seed came to. Minutes are game minutes from the
// world's first tick; a milestone never reached is absent.
type seedResult struct {
	Seed    int64              `json:"seed"`
	Minutes float64            `json:"minutes_played"`
	First   map[string]float64 `json:"first"`
	// KeptIronPickaxe: she still carried an iron pickaxe at the end.
	KeptIronPickaxe bool         `json:"kept_iron_pickaxe"`
	Deaths          []benchDeath `json:"deaths"`
	Actions         int          `json:"actions"`
	Failures        int          `json:"failures"`
	TopFailure      string       `json:"top_failure,omitempty"`
	TopFailureCount int          `json:"top_failure_count"`
	Turns           int          `json:"turns"`
	ModelCalls      int          `json:"model_calls"`
	TokensIn        int          `json:"tokens_in"`
	TokensCached    int          `json:"tokens_cached"` // of TokensIn, read from the provider's cache
	TokensOut       int          `json:"tokens_out"`
	// Bill is the stand-in model's calls by cause (--bill); nil otherwise.
	Bill map[string]causeTally `json:"bill,omitempty"`
	// Error says why the seed could not be played; the rest is then
	// partial or empty.
	Error string `json:"error,omitempty"`
	// Wall is how long the seed took on this machine; it is left out of
	// the JSON, which is the same for the same play whatever the machine.
	Wall time.Duration `json:"-"`
	// Stalls and Overdrawn are lockstep's own health (lockstep.Clock's
	// Stalls): ticks the world ran without waiting for her mind, and work
	// given back that was never counted. Both 0 in a run that kept step;
	// otherwise the seed may not play the same next time.
	Stalls    int64 `json:"lockstep_stalls,omitempty"`
	Overdrawn int64 `json:"lockstep_overdrawn,omitempty"`
}

// fill copies what the watcher saw.
func (r *seedResult) fill(o *observation) {
	r.Minutes = minutes(o.ticks)
	r.First = map[string]float64{}
	for m, tick := range o.first {
		r.First[m] = minutes(tick)
	}
	r.KeptIronPickaxe = o.last["iron_pickaxe"] > 0
	r.Deaths = o.deaths
	if r.Deaths == nil {
		r.Deaths = []benchDeath{}
	}
}

// progress is the line a person waiting sees as the seed ends.
func (r seedResult) progress() string {
	if r.Error != "" {
		return fmt.Sprintf("seed %d: not played: %s", r.Seed, r.Error)
	}
	iron := "no iron pickaxe"
	if m, ok := r.First["iron_pickaxe"]; ok {
		iron = fmt.Sprintf("iron pickaxe at %.1f min", m)
	}
	line := fmt.Sprintf("seed %d: %.1f game minutes in %s: %s, %d deaths, %d actions, %d failures",
		r.Seed, r.Minutes, r.Wall, iron, len(r.Deaths), r.Actions, r.Failures)
	if r.Stalls > 0 || r.Overdrawn > 0 {
		line += fmt.Sprintf(" (the world lost step with her %d times, so this seed may not play the same again)", r.Stalls+r.Overdrawn)
	}
	return line
}

// benchHeads are the table's milestone columns, in milestones' order.
var benchHeads = []string{"first log", "crafting table", "wooden pickaxe", "stone pickaxe", "furnace", "iron ingot", "iron pickaxe",
	"diamond", "diamond pickaxe"}

// writeBenchTable prints one row per seed, then a line per seed for its
// deaths and most repeated failure, then the totals the goal is read from.
func writeBenchTable(w io.Writer, s benchSettings, results []seedResult) error {
	monsters := "on"
	if s.Peaceful {
		monsters = "off"
	}
	fmt.Fprintf(w, "beaweb bench: speed %g, %g game days a seed, monsters %s, model %s\n", s.Speed, s.Days, monsters, s.provider())
	fmt.Fprintf(w, "Game minutes until she first had each (- never); \"lost\": she no longer carried it at the end.\n\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "seed\t%s\tdeaths\tactions\tfailures\tworst repeat\tmodel calls\ttokens in\ttokens out\t\n", strings.Join(benchHeads, "\t"))
	for _, r := range results {
		fmt.Fprintf(tw, "%d", r.Seed)
		if r.Error != "" {
			fmt.Fprintf(tw, "\tnot played%s\t\n", strings.Repeat("\t", len(benchHeads)+7))
			continue
		}
		for _, m := range milestones {
			fmt.Fprintf(tw, "\t%s", r.milestoneCell(m))
		}
		fmt.Fprintf(tw, "\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", len(r.Deaths), r.Actions, r.Failures, r.TopFailureCount,
			r.ModelCalls, r.TokensIn, r.TokensOut)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, r := range results {
		r.writeNotes(w)
	}
	t := tallyGoal(results)
	fmt.Fprintf(w, "\nIron pickaxe on %d of %d seeds, %d of them within 15 game minutes; %d deaths in all; the most repeated failure of any seed %d times.\n",
		t.iron, len(results), t.ironIn15, t.deaths, t.worstRepeat)
	fmt.Fprintf(w, "Diamond pickaxe on %d of %d seeds.\n", t.diamond, len(results))
	_, err := fmt.Fprintf(w, "Model: %d turns, %d calls, %d tokens in (%d from cache), %d out.\n", t.turns, t.calls, t.tokensIn, t.tokensCached, t.tokensOut)
	return err
}

// milestoneCell is the table's cell for milestone m: its game minute, "-"
// for never.
func (r seedResult) milestoneCell(m string) string {
	v, ok := r.First[m]
	if !ok {
		return "-"
	}
	cell := fmt.Sprintf("%.1f", v)
	if m == "iron_pickaxe" && !r.KeptIronPickaxe {
		cell += " (lost)"
	}
	return cell
}

// writeNotes prints what a row cannot hold: why the seed was not played,
// or its deaths and its most repeated failure, in words.
func (r seedResult) writeNotes(w io.Writer) {
	if r.Error != "" {
		fmt.Fprintf(w, "Seed %d was not played: %s\n", r.Seed, r.Error)
		return
	}
	var deaths []string
	for _, d := range r.Deaths {
		deaths = append(deaths, fmt.Sprintf("%s at minute %.1f", d.Cause, d.Minute))
	}
	if len(deaths) > 0 {
		fmt.Fprintf(w, "Seed %d: she died %s: %s.\n", r.Seed, times(len(deaths)), strings.Join(deaths, "; "))
	}
	if r.TopFailureCount > 0 {
		fmt.Fprintf(w, "Seed %d: her most repeated failure (%s): %s\n", r.Seed, times(r.TopFailureCount), failureWords(r.TopFailure))
	}
}

// times says how often: "once", "twice", "3 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// failureWords writes a tally's "action: message" with the action in words:
// "move away: you got only 0.0 of 24 blocks away".
func failureWords(f string) string {
	action, message, ok := strings.Cut(f, ": ")
	if !ok {
		return f
	}
	return strings.ReplaceAll(action, "_", " ") + ": " + message
}

// goalTally is what the goals of issues 17 and 27 are read from.
type goalTally struct {
	iron, ironIn15, diamond, deaths, worstRepeat    int
	turns, calls, tokensIn, tokensCached, tokensOut int
}

func tallyGoal(results []seedResult) goalTally {
	var t goalTally
	for _, r := range results {
		if m, ok := r.First["iron_pickaxe"]; ok {
			t.iron++
			if m <= 15 {
				t.ironIn15++
			}
		}
		if _, ok := r.First["diamond_pickaxe"]; ok {
			t.diamond++
		}
		t.deaths += len(r.Deaths)
		t.worstRepeat = max(t.worstRepeat, r.TopFailureCount)
		t.turns += r.Turns
		t.calls += r.ModelCalls
		t.tokensIn += r.TokensIn
		t.tokensCached += r.TokensCached
		t.tokensOut += r.TokensOut
	}
	return t
}

// writeBenchJSON prints the settings and every seed's result.
func writeBenchJSON(w io.Writer, s benchSettings, results []seedResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Speed    float64      `json:"speed"`
		Days     float64      `json:"days"`
		Peaceful bool         `json:"peaceful"`
		Provider string       `json:"model_provider"`
		Seeds    []seedResult `json:"seeds"`
	}{s.Speed, s.Days, s.Peaceful, s.provider(), results})
}

// provider is the model provider the seeds were played with.
func (s benchSettings) provider() string {
	if s.Bill {
		return "the bench's stand-in (plays sensibly, bills as a provider would)"
	}
	b, err := s.instance(0, "bench.db")
	if err != nil {
		return "unknown"
	}
	return b.Provider()
}
