package store

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
)

// StartAction writes an action as it is sent. It is ErrConflict when the
// request id is already in the history.
func (s *Store) StartAction(ctx context.Context, a agent.ActionRecord) error {
	rec, err := s.actionRecordOf(a)
	if err != nil {
		return err
	}
	if err := s.w.WithContext(ctx).Create(&rec).Error; err != nil {
		return fmt.Errorf("store: start action %s: %w", a.ID, translate(err))
	}
	return nil
}

// FinishAction writes how an action ended: its finish time, result, message
// and log. An action whose start was never written is written whole, so the
// history misses no answer.
func (s *Store) FinishAction(ctx context.Context, a agent.ActionRecord) error {
	if a.Finished.IsZero() {
		a.Finished = s.now()
	}
	rec, err := s.actionRecordOf(a)
	if err != nil {
		return err
	}
	err = s.w.WithContext(ctx).Exec(`INSERT INTO actions (id, action, params, started, finished, result, message, log, turn_id,
			build_cells, build_placed, build_missing, build_protected, build_short)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET
			finished = excluded.finished, result = excluded.result,
			message = excluded.message, log = excluded.log,
			turn_id = coalesce(excluded.turn_id, turn_id),
			build_cells = excluded.build_cells, build_placed = excluded.build_placed,
			build_missing = excluded.build_missing, build_protected = excluded.build_protected,
			build_short = excluded.build_short`,
		rec.ID, rec.Action, rec.Params, rec.Started, rec.Finished, rec.Result, rec.Message, rec.Log, rec.TurnID,
		rec.BuildCells, rec.BuildPlaced, rec.BuildMissing, rec.BuildProtected, rec.BuildShort).Error
	if err != nil {
		return fmt.Errorf("store: finish action %s: %w", a.ID, translate(err))
	}
	return nil
}

func (s *Store) actionRecordOf(a agent.ActionRecord) (actionRecord, error) {
	if a.ID == "" || a.Action == "" {
		return actionRecord{}, fmt.Errorf("store: %w", fault.Invalidf("an action is kept under its request id and name; this one lacks one (id %q, action %q)", a.ID, a.Action))
	}
	params := strings.TrimSpace(a.Params)
	if params == "" {
		params = "{}"
	}
	if !json.Valid([]byte(params)) {
		return actionRecord{}, fmt.Errorf("store: %w", fault.Invalidf("the parameters of action %s are not valid JSON", a.ID))
	}
	lines := a.Log
	if lines == nil {
		lines = []string{}
	}
	logJSON, err := json.Marshal(lines)
	if err != nil {
		return actionRecord{}, fmt.Errorf("store: action %s: %w", a.ID, err)
	}
	rec := actionRecord{
		ID: a.ID, Action: a.Action, Params: params, Started: s.stamp(a.Started),
		Result: a.Result, Message: a.Message, Log: string(logJSON),
	}
	if !a.Finished.IsZero() {
		f := ms(a.Finished)
		rec.Finished = &f
	}
	if a.TurnID != 0 {
		t := a.TurnID
		rec.TurnID = &t
	}
	if b := a.Build; b != nil {
		rec.BuildCells, rec.BuildPlaced, rec.BuildMissing, rec.BuildProtected = &b.Cells, &b.Placed, &b.Missing, &b.Protected
		if len(b.Short) > 0 {
			short, err := json.Marshal(b.Short)
			if err != nil {
				return actionRecord{}, fmt.Errorf("store: action %s: %w", a.ID, err)
			}
			js := string(short)
			rec.BuildShort = &js
		}
	}
	return rec, nil
}

func (r actionRecord) record() agent.ActionRecord {
	a := agent.ActionRecord{
		ID: r.ID, Action: r.Action, Params: r.Params, Started: fromMS(r.Started),
		Result: r.Result, Message: r.Message,
	}
	if r.Finished != nil {
		a.Finished = fromMS(*r.Finished)
	}
	if r.TurnID != nil {
		a.TurnID = *r.TurnID
	}
	if r.BuildCells != nil {
		a.Build = &agent.BuildCount{Cells: *r.BuildCells, Placed: deref(r.BuildPlaced), Missing: deref(r.BuildMissing),
			Protected: deref(r.BuildProtected)}
		// Written by actionRecordOf; a value that does not read (edited by
		// hand) leaves the kinds unsaid rather than the row unread.
		if r.BuildShort != nil && json.Unmarshal([]byte(*r.BuildShort), &a.Build.Short) != nil {
			a.Build.Short = nil
		}
	}
	// The log was written by actionRecordOf; a row that does not read back
	// (edited by hand) keeps its text as one line rather than losing it.
	if err := json.Unmarshal([]byte(r.Log), &a.Log); err != nil {
		a.Log = []string{r.Log}
	}
	return a
}

// ActionFilter narrows RecentActions; its zero value keeps every action.
type ActionFilter struct {
	Action  string    // only this action, such as find_block
	Result  string    // only this result, such as SUCCESS
	TurnID  int64     // only those asked for by this turn
	Before  time.Time // only those started before this time, to page back
	Pending bool      // only those still without an answer
}

// RecentActions lists the latest actions, newest first, at most limit
// (limit <= 0 means 50, and never more than 1000).
func (s *Store) RecentActions(ctx context.Context, limit int, filter ActionFilter) ([]agent.ActionRecord, error) {
	q := s.r.WithContext(ctx).Model(&actionRecord{})
	if filter.Action != "" {
		q = q.Where("action = ?", filter.Action)
	}
	if filter.Result != "" {
		q = q.Where("result = ?", filter.Result)
	}
	if filter.Pending {
		q = q.Where("finished IS NULL")
	}
	if filter.TurnID != 0 {
		q = q.Where("turn_id = ?", filter.TurnID)
	}
	if !filter.Before.IsZero() {
		q = q.Where("started < ?", ms(filter.Before))
	}
	var recs []actionRecord
	if err := q.Order("started DESC, rowid DESC").Limit(clampLimit(limit, 50, 1000)).Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: recent actions: %w", translate(err))
	}
	out := make([]agent.ActionRecord, len(recs))
	for i, r := range recs {
		out[i] = r.record()
	}
	return out, nil
}

// SaveTurn writes a turn: a new one (ID 0) gets its ID set, an existing one
// is replaced, or is ErrNotFound when there is none with its ID.
func (s *Store) SaveTurn(ctx context.Context, t *agent.TurnRecord) error {
	calls := t.ToolCalls
	if calls == nil {
		calls = []agent.ToolCallRecord{}
	}
	callsJSON, err := json.Marshal(toolCallsJSON(calls))
	if err != nil {
		return fmt.Errorf("store: save turn: %w", err)
	}
	usages := t.Calls
	if usages == nil {
		usages = []agent.Usage{}
	}
	usageJSON, err := json.Marshal(usages)
	if err != nil {
		return fmt.Errorf("store: save turn: %w", err)
	}
	u := t.Usage
	rec := turnRecord{
		ID: t.ID, WokenBy: t.Trigger, Model: t.Model, TokensIn: u.InputTokens, TokensOut: u.OutputTokens,
		TokensCacheRead: u.CacheRead, TokensCacheWritten: u.CacheWritten, ModelCalls: string(usageJSON),
		DurationMS: t.Duration.Milliseconds(), ToolCalls: string(callsJSON), Said: t.Said, Shown: t.Shown,
		Started: s.stamp(t.Started),
	}
	db := s.w.WithContext(ctx)
	if t.ID == 0 {
		if err := db.Create(&rec).Error; err != nil {
			return fmt.Errorf("store: save turn: %w", translate(err))
		}
		t.ID = rec.ID
		return nil
	}
	res := db.Select("*").Updates(&rec)
	if res.Error != nil {
		return fmt.Errorf("store: save turn %d: %w", t.ID, translate(res.Error))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: turn %d: %w", t.ID, ErrNotFound)
	}
	return nil
}

// toolCallJSON is how a tool call is kept inside turns.tool_calls.
type toolCallJSON struct {
	Name   string `json:"name"`
	Args   string `json:"args"`
	Answer string `json:"answer"`
}

func toolCallsJSON(calls []agent.ToolCallRecord) []toolCallJSON {
	out := make([]toolCallJSON, len(calls))
	for i, c := range calls {
		out[i] = toolCallJSON(c)
	}
	return out
}

func (r turnRecord) record() agent.TurnRecord {
	t := agent.TurnRecord{
		ID: r.ID, Trigger: r.WokenBy, Model: r.Model,
		Usage: agent.Usage{InputTokens: r.TokensIn, CacheRead: r.TokensCacheRead,
			CacheWritten: r.TokensCacheWritten, OutputTokens: r.TokensOut},
		Duration: time.Duration(r.DurationMS) * time.Millisecond, Said: r.Said, Shown: r.Shown,
		Started: fromMS(r.Started),
	}
	// A column that does not read leaves the per-call bill out, not the
	// turn: the totals above stand on their own.
	_ = json.Unmarshal([]byte(r.ModelCalls), &t.Calls)
	var calls []toolCallJSON
	if err := json.Unmarshal([]byte(r.ToolCalls), &calls); err != nil {
		calls = []toolCallJSON{{Name: "?", Answer: r.ToolCalls}}
	}
	for _, c := range calls {
		t.ToolCalls = append(t.ToolCalls, agent.ToolCallRecord(c))
	}
	return t
}

// Turn is the turn with this ID, or ErrNotFound.
func (s *Store) Turn(ctx context.Context, id int64) (agent.TurnRecord, error) {
	var rec turnRecord
	if err := s.r.WithContext(ctx).Take(&rec, id).Error; err != nil {
		return agent.TurnRecord{}, fmt.Errorf("store: turn %d: %w", id, translate(err))
	}
	return rec.record(), nil
}

// RecentTurns lists the latest turns, newest first, at most limit (limit <=
// 0 means 20, and never more than 500).
func (s *Store) RecentTurns(ctx context.Context, limit int) ([]agent.TurnRecord, error) {
	var recs []turnRecord
	if err := s.r.WithContext(ctx).Order("started DESC, id DESC").Limit(clampLimit(limit, 20, 500)).Find(&recs).Error; err != nil {
		return nil, fmt.Errorf("store: recent turns: %w", translate(err))
	}
	out := make([]agent.TurnRecord, len(recs))
	for i, r := range recs {
		out[i] = r.record()
	}
	return out, nil
}

// DefaultRetention is how long the history of actions and turns is kept
// when nothing else is configured.
const DefaultRetention = 30 * 24 * time.Hour

// pruneBatch bounds the rows one delete removes, so the writer is never
// held long while the mind is writing.
const pruneBatch = 2000

// Prune deletes the actions and turns that started before olderThan and
// returns how many rows went. Places, deaths, people and the map are kept
// for ever.
func (s *Store) Prune(ctx context.Context, olderThan time.Time) (int64, error) {
	cut := ms(olderThan)
	var total int64
	for _, table := range []string{"actions", "turns"} {
		for {
			res := s.w.WithContext(ctx).Exec(
				"DELETE FROM "+table+" WHERE rowid IN (SELECT rowid FROM "+table+" WHERE started < ? LIMIT ?)",
				cut, pruneBatch)
			if res.Error != nil {
				return total, fmt.Errorf("store: prune %s: %w", table, translate(res.Error))
			}
			total += res.RowsAffected
			if res.RowsAffected < pruneBatch {
				break
			}
		}
	}
	return total, nil
}

// RunRetention prunes the history older than keep now and then every
// interval, until ctx ends. keep <= 0 means DefaultRetention; every <= 0
// means hourly. A failed prune is logged and tried again next time.
func (s *Store) RunRetention(ctx context.Context, every, keep time.Duration) {
	if keep <= 0 {
		keep = DefaultRetention
	}
	if every <= 0 {
		every = time.Hour
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		n, err := s.Prune(ctx, s.now().Add(-keep))
		switch {
		case err != nil && ctx.Err() == nil:
			s.logger.Warn("store: pruning the history failed", slog.Any("error", err))
		case n > 0:
			s.logger.Info("store: pruned old history", slog.Int64("rows", n), slog.Duration("kept", keep))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// deref is the value of a nullable count, 0 for NULL.
func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}
