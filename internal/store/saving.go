package store

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-sqlite3"
	"gorm.io/gorm"

	"beaweb/internal/agent"
)

// ReportSaves has report told what is not being saved each time that
// changes: each time a kind of record fails to be written (a full disk, a
// file made read-only), and once when it is written again. It is told
// nothing while writes go on succeeding, so it costs nothing then. Call it before
// the store is used.
func (s *Store) ReportSaves(report func([]agent.SaveTrouble)) {
	s.saves.mu.Lock()
	s.saves.report = report
	s.saves.mu.Unlock()
}

// saveWatch follows every write of the writing connection (gorm's
// callbacks after create, update, delete and raw statements), so that no
// write path can fail unseen.
type saveWatch struct {
	now func() time.Time

	mu       sync.Mutex
	report   func([]agent.SaveTrouble)
	troubles []agent.SaveTrouble // in the order they began, one per kind of record

	// reporting is held from a change to its report, so that reports go
	// out in the order of the changes; mu guards the fields above it.
	reporting sync.Mutex
}

// watch registers the watch on db's callbacks.
func (w *saveWatch) watch(db *gorm.DB) error {
	cb := db.Callback()
	return errors.Join(
		cb.Create().After("gorm:create").Register("beaweb:saved", w.after),
		cb.Update().After("gorm:update").Register("beaweb:saved", w.after),
		cb.Delete().After("gorm:delete").Register("beaweb:saved", w.after),
		cb.Raw().After("gorm:raw").Register("beaweb:saved", w.after),
	)
}

// writeSQL finds the table a raw statement writes.
var writeSQL = regexp.MustCompile(`(?is)^\s*(?:insert(?:\s+or\s+\w+)?\s+into|update|delete\s+from|replace\s+into)\s+["` + "`" + `]?(\w+)`)

func (w *saveWatch) after(db *gorm.DB) {
	table := db.Statement.Table
	if table == "" {
		m := writeSQL.FindStringSubmatch(db.Statement.SQL.String())
		if m == nil {
			return // a pragma or a read: not a write of her memory
		}
		table = strings.ToLower(m[1])
	}
	if tw, ok := db.Statement.Context.Value(txKey{}).(*txWrites); ok {
		// Nothing of a transaction is saved before its COMMIT, and a
		// COMMIT can fail after every statement worked: transaction
		// settles it.
		if !slices.Contains(tw.tables, table) {
			tw.tables = append(tw.tables, table)
		}
		return
	}
	w.settle([]string{table}, db.Error)
}

// txKey is the context key of the writes of a transaction in progress.
type txKey struct{}

// txWrites is what one transaction writes; only the goroutine running the
// transaction touches it.
type txWrites struct{ tables []string }

// transaction runs fn in one transaction on the writer and reports what it
// writes as saved or not once the transaction has ended, the COMMIT
// included. table is what it is for, named even when the BEGIN fails before
// any statement runs. Every transaction of the store goes through here
// (TestEveryTransactionIsWatched), so that none can fail unseen.
func (s *Store) transaction(ctx context.Context, table string, fn func(tx *gorm.DB) error) error {
	tw := &txWrites{tables: []string{table}}
	err := s.w.WithContext(context.WithValue(ctx, txKey{}, tw)).Transaction(fn)
	s.saves.settle(tw.tables, err)
	return err
}

// settle reports the tables written as saved, or as not saved when the
// disk or the file refused them. A write refused for what it held is left
// alone: the page that asked for it says why.
func (w *saveWatch) settle(tables []string, err error) {
	switch {
	case err == nil:
		w.saved(tables)
	case diskTrouble(err):
		w.failed(tables, err)
	}
}

// diskTrouble tells a write the disk or the file refused from one refused
// for what it held (a name taken, a row gone), which is no trouble with
// saving.
func diskTrouble(err error) bool {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code {
	case sqlite3.ErrFull, sqlite3.ErrReadonly, sqlite3.ErrIoErr, sqlite3.ErrCantOpen, sqlite3.ErrCorrupt,
		sqlite3.ErrNotADB, sqlite3.ErrPerm, sqlite3.ErrAuth:
		return true
	}
	return false
}

func (w *saveWatch) failed(tables []string, err error) {
	w.reporting.Lock()
	defer w.reporting.Unlock()
	w.mu.Lock()
	for _, what := range kinds(tables) {
		i := w.index(what)
		if i < 0 {
			w.troubles = append(w.troubles, agent.SaveTrouble{What: what, Since: w.now()})
			i = len(w.troubles) - 1
		}
		w.troubles[i].Error = err.Error()
		w.troubles[i].Count++
	}
	list := slices.Clone(w.troubles)
	w.mu.Unlock()
	w.tell(list) // every failure: its count is on the page
}

func (w *saveWatch) saved(tables []string) {
	w.reporting.Lock()
	defer w.reporting.Unlock()
	w.mu.Lock()
	n := len(w.troubles)
	for _, what := range kinds(tables) {
		if i := w.index(what); i >= 0 {
			w.troubles = slices.Delete(w.troubles, i, i+1)
		}
	}
	if len(w.troubles) == n {
		w.mu.Unlock()
		return
	}
	list := slices.Clone(w.troubles)
	w.mu.Unlock()
	w.tell(list)
}

// index is where the trouble with what is in w.troubles, or -1; w.mu is
// held.
func (w *saveWatch) index(what string) int {
	return slices.IndexFunc(w.troubles, func(t agent.SaveTrouble) bool { return t.What == what })
}

// kinds names what tables keep, each once: the people, their names and
// their facts are one kind of record to the person who loses them.
func kinds(tables []string) []string {
	var out []string
	for _, t := range tables {
		if what := recordsOf(t); !slices.Contains(out, what) {
			out = append(out, what)
		}
	}
	return out
}

func (w *saveWatch) tell(list []agent.SaveTrouble) {
	w.mu.Lock()
	report := w.report
	w.mu.Unlock()
	if report == nil {
		return
	}
	if len(list) == 0 {
		list = nil
	}
	report(list)
}

// recordsOf names what a table keeps, as the person who loses it would.
func recordsOf(table string) string {
	switch table {
	case "actions":
		return "her actions (the History page)"
	case "turns":
		return "her turns with the model (the History page)"
	case "places":
		return "the places she names"
	case "deaths":
		return "her deaths"
	case "people", "person_names", "facts":
		return "the people she meets and what she learns of them"
	case "known_blocks":
		return "the blocks she sees (the map)"
	case "objectives":
		return "her objectives"
	case "settings":
		return "the settings saved on the dashboard"
	case "worlds":
		return "the worlds she plays in"
	}
	return "part of her memory (" + table + ")"
}
