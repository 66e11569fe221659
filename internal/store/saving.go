package store

import (
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
	troubles []agent.SaveTrouble // in the order they began
	tables   []string            // the table of each trouble

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
	err := db.Error
	switch {
	case err == nil:
		w.saved(table)
	case diskTrouble(err):
		w.failed(table, err)
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

func (w *saveWatch) failed(table string, err error) {
	w.reporting.Lock()
	defer w.reporting.Unlock()
	w.mu.Lock()
	i := slices.Index(w.tables, table)
	if i < 0 {
		w.tables = append(w.tables, table)
		w.troubles = append(w.troubles, agent.SaveTrouble{What: recordsOf(table), Since: w.now()})
		i = len(w.tables) - 1
	}
	w.troubles[i].Error = err.Error()
	w.troubles[i].Count++
	list := slices.Clone(w.troubles)
	w.mu.Unlock()
	w.tell(list) // every failure: its count is on the page
}

func (w *saveWatch) saved(table string) {
	w.reporting.Lock()
	defer w.reporting.Unlock()
	w.mu.Lock()
	i := slices.Index(w.tables, table)
	if i < 0 {
		w.mu.Unlock()
		return
	}
	w.tables = slices.Delete(w.tables, i, i+1)
	w.troubles = slices.Delete(w.troubles, i, i+1)
	list := slices.Clone(w.troubles)
	w.mu.Unlock()
	w.tell(list)
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
