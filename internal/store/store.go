// Package store keeps her memory in one SQLite file: the worlds she played,
// the places she named, her deaths, the people she met and what she knows of
// them, the blocks she remembers, her plan, the history of her actions and
// turns, and the settings saved from the dashboard.
//
// The schema lives in the goose migrations of package migrations and nothing
// else; Open applies them. The gorm records of this package stay private:
// every method takes and returns the domain types of packages game and agent,
// and every failure found is a fault: ErrNotFound, ErrConflict, or bad input
// with the sentence that says what is wrong.
//
// The file is opened in WAL mode with foreign keys on. Writes in this process
// go through one connection, so the mind and the dashboard never compete for
// the lock; another process on the same file waits up to the busy timeout.
package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"beaweb/internal/fault"
)

// The errors a caller tells apart with errors.Is; a caller that cannot
// import the store (the dashboard) reads their fault codes instead. Bad
// input is a fault.CodeInvalid with the sentence that says what is wrong.
var (
	ErrNotFound = fault.New(fault.CodeNotFound, "There is nothing here: it may have been deleted.")
	ErrConflict = fault.New(fault.CodeConflict, "That name is already taken here: choose another, or rename or delete the one that has it first.")
)

// busyTimeout is how long a write waits for another process holding the
// lock (the places command next to a running beaweb) before it fails.
const busyTimeout = 10 * time.Second

// readers is the size of the pool of read-only connections; WAL lets them
// read while the one writer writes.
const readers = 4

// Store is her memory. It is safe for concurrent use.
type Store struct {
	w      *gorm.DB // the one writing connection
	r      *gorm.DB // read-only connections
	logger *slog.Logger
	now    func() time.Time

	saves saveWatch // what fails to be written (saving.go)

	mu     sync.Mutex
	worlds map[string]int64 // server → worlds.id; worlds are never deleted
}

// Open opens (or creates) the database at path and brings its schema up to
// date. Close it when done.
func Open(ctx context.Context, path string, logger *slog.Logger) (*Store, error) {
	if path == "" {
		return nil, fmt.Errorf("store: no database file given; set BEA_DB to a path")
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	ownFile(abs, logger)
	s := &Store{logger: logger, now: time.Now, worlds: make(map[string]int64)}

	if err := writable(abs); err != nil {
		return nil, err
	}
	s.w, err = openPool(dsn(abs, "_txlock=immediate"), 1)
	if err != nil {
		return nil, openFailed(abs, err)
	}
	s.saves.now = func() time.Time { return s.now() }
	if err := s.saves.watch(s.w); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	sqlDB, err := s.w.DB()
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := migrate(ctx, sqlDB, logger); err != nil {
		s.Close()
		if diskTrouble(err) {
			return nil, openFailed(abs, err)
		}
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	s.r, err = openPool(dsn(abs, "_query_only=1"), readers)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return s, nil
}

// dsn is the mattn/go-sqlite3 name of the file with the pragmas every
// connection needs. The path is a URI so that no character of it is taken
// for a parameter.
func dsn(abs string, extra string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return fmt.Sprintf("%s?_journal_mode=WAL&_synchronous=FULL&_foreign_keys=1&_busy_timeout=%d&%s",
		u.String(), busyTimeout.Milliseconds(), extra)
}

func openPool(dsn string, conns int) (*gorm.DB, error) {
	db, err := gorm.Open(sqlite.Open(dsn), &gorm.Config{
		SkipDefaultTransaction: true, // one statement is atomic; many get an explicit transaction
		TranslateError:         true,
		// No PrepareStmt: gorm's statement cache starts a goroutine that
		// never ends.
		Logger: logger.Discard,
	})
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(conns)
	sqlDB.SetMaxIdleConns(conns)
	sqlDB.SetConnMaxIdleTime(0)
	return db, nil
}

// Close closes the database. The store must not be used after.
func (s *Store) Close() error {
	var errs []error
	if s.w != nil {
		// Lets SQLite refresh the statistics its planner reads, cheaply.
		errs = append(errs, s.w.Exec("PRAGMA optimize").Error)
	}
	for _, db := range []*gorm.DB{s.r, s.w} {
		if db == nil {
			continue
		}
		sqlDB, err := db.DB()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, sqlDB.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// translate turns gorm's errors into the store's.
func translate(err error) error {
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return ErrConflict
	}
	return err
}

// worldID returns the id of the world named server, creating it unless
// create is false (then an unknown world is ErrNotFound). It must not be
// called inside a transaction on s.w: the writer has one connection.
func (s *Store) worldID(ctx context.Context, server string, create bool) (int64, error) {
	if server == "" {
		return 0, fmt.Errorf("store: %w", fault.Invalidf("no world is named: memory is kept per server, and the game has not said which one this is"))
	}
	s.mu.Lock()
	id, ok := s.worlds[server]
	s.mu.Unlock()
	if ok {
		return id, nil
	}
	if create {
		err := s.w.WithContext(ctx).Exec(
			"INSERT INTO worlds (server, first_seen) VALUES (?, ?) ON CONFLICT (server) DO NOTHING",
			server, ms(s.now())).Error
		if err != nil {
			return 0, fmt.Errorf("store: world %q: %w", server, translate(err))
		}
	}
	var rec worldRecord
	// Read from the writer after creating, so the new row is certainly seen.
	db := s.r
	if create {
		db = s.w
	}
	if err := db.WithContext(ctx).Where("server = ?", server).Take(&rec).Error; err != nil {
		return 0, fmt.Errorf("store: world %q: %w", server, translate(err))
	}
	s.mu.Lock()
	s.worlds[server] = rec.ID
	s.mu.Unlock()
	return rec.ID, nil
}

// Worlds lists the servers she has played on, by name.
func (s *Store) Worlds(ctx context.Context) ([]string, error) {
	var names []string
	if err := s.r.WithContext(ctx).Model(&worldRecord{}).Order("server").Pluck("server", &names).Error; err != nil {
		return nil, fmt.Errorf("store: worlds: %w", translate(err))
	}
	return names, nil
}

// ms is a time as the database keeps it.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS is a time read back from the database, in UTC.
func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// stamp is t, or now when t is zero.
func (s *Store) stamp(t time.Time) int64 {
	if t.IsZero() {
		return ms(s.now())
	}
	return ms(t)
}
