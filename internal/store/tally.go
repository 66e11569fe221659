package store

import (
	"context"
	"fmt"
	"regexp"
)

// numbers are the figures of a failure's message: coordinates, distances,
// counts.
var numbers = regexp.MustCompile(`-?\d+(\.\d+)?`)

// Tally is what her history adds up to: the actions she asked for and how
// many failed, the failure she met most often, and her mind's turns, model
// calls and the tokens they cost. `beaweb bench` reads it at the end of a
// run.
type Tally struct {
	Actions  int
	Failures int
	// TopFailure is the failure met most often, as "action: message" (the
	// first such message), and TopFailureCount how often; empty and 0 when
	// nothing failed. Messages that differ only in their numbers (where,
	// how far) are the same failure. Among equals the one that got there
	// first wins, so the same history tallies the same.
	TopFailure      string
	TopFailureCount int
	Turns           int
	ModelCalls      int
	TokensIn        int // the whole prompts, TokensCached of them read from the provider's cache
	// TokensCached is the part of TokensIn read from the provider's cache.
	TokensCached int
	TokensOut    int
}

// failed is the SQL test for an answered action that did not succeed: a
// failure, a timeout or an exception. An interruption is no failure of the
// action, and an action still running has no result yet.
const failed = "result <> '' AND result NOT IN ('SUCCESS', 'INTERRUPTED')"

// Tally counts the whole history of actions and turns.
func (s *Store) Tally(ctx context.Context) (Tally, error) {
	var t Tally
	db := s.r.WithContext(ctx)
	var counts struct{ Actions, Failures int }
	if err := db.Raw(`SELECT count(*) AS actions, coalesce(sum(CASE WHEN ` + failed + ` THEN 1 ELSE 0 END), 0) AS failures
		FROM actions`).Scan(&counts).Error; err != nil {
		return t, fmt.Errorf("store: tally actions: %w", translate(err))
	}
	t.Actions, t.Failures = counts.Actions, counts.Failures
	var rows []struct{ Action, Message string }
	if err := db.Raw(`SELECT action, message FROM actions WHERE ` + failed + ` ORDER BY started, rowid`).Scan(&rows).Error; err != nil {
		return t, fmt.Errorf("store: tally failures: %w", translate(err))
	}
	seen, first := map[string]int{}, map[string]string{}
	for _, r := range rows {
		k := r.Action + ": " + numbers.ReplaceAllString(r.Message, "#")
		if seen[k]++; seen[k] == 1 {
			first[k] = r.Action + ": " + r.Message
		}
		if n := seen[k]; n > t.TopFailureCount {
			t.TopFailure, t.TopFailureCount = first[k], n
		}
	}
	var turns struct{ Turns, Calls, In, Cached, Out int }
	if err := db.Raw(`SELECT count(*) AS turns, coalesce(sum(json_array_length(model_calls)), 0) AS calls,
		coalesce(sum(tokens_in), 0) AS "in", coalesce(sum(tokens_cache_read), 0) AS cached, coalesce(sum(tokens_out), 0) AS "out"
		FROM turns`).Scan(&turns).Error; err != nil {
		return t, fmt.Errorf("store: tally turns: %w", translate(err))
	}
	t.Turns, t.ModelCalls, t.TokensIn, t.TokensCached, t.TokensOut = turns.Turns, turns.Calls, turns.In, turns.Cached, turns.Out
	return t, nil
}
