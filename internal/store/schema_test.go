package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"beaweb/internal/game"
)

// TestConnectionsAreSafe reads the pragmas back from a real file: every
// connection, the writer's and each reader's, is in WAL mode, enforces
// foreign keys, waits out another process's lock, and syncs fully.
func TestConnectionsAreSafe(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	check := func(name string, db *gorm.DB) {
		t.Helper()
		sqlDB, err := db.DB()
		if err != nil {
			t.Fatal(err)
		}
		// Hold as many connections as the pool allows at once, so that each
		// one is asked, not only the first.
		var conns []*sql.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		for range sqlDB.Stats().MaxOpenConnections {
			c, err := sqlDB.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			conns = append(conns, c)
			for pragma, want := range map[string]string{
				"journal_mode": "wal",
				"foreign_keys": "1",
				"busy_timeout": "10000",
				"synchronous":  "2", // FULL
			} {
				var got string
				if err := c.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
					t.Fatalf("%s: PRAGMA %s: %v", name, pragma, err)
				}
				if got != want {
					t.Errorf("%s connection %d: PRAGMA %s = %s, want %s", name, len(conns), pragma, got, want)
				}
			}
		}
		if len(conns) == 0 {
			t.Fatalf("the %s pool allows no connection", name)
		}
	}
	check("writer", s.w)
	check("reader", s.r)

	// The keys hold: a place of a world that does not exist is refused.
	err := s.w.Exec("INSERT INTO places (world_id, name, dimension, x, y, z, created, updated) VALUES (999, 'x', 'overworld', 0, 0, 0, 0, 0)").Error
	if err == nil {
		t.Fatal("a place of world 999, which does not exist, was stored: foreign keys are off")
	}
	// The readers cannot write.
	if _, err := s.RememberPlace(ctx, world, game.Place{Name: "home", Dimension: "overworld"}); err != nil {
		t.Fatal(err)
	}
	if err := s.r.Exec("DELETE FROM places").Error; err == nil {
		t.Error("a reader connection deleted places")
	}
}

// TestSchemaHoldsWhatTheIssueLists: every table the memory needs exists
// with every column it must keep. TestRecordsMatchTables holds the records
// to the tables; this holds the tables to what was asked for, so a column
// dropped from both a migration and its record is still found.
func TestSchemaHoldsWhatTheIssueLists(t *testing.T) {
	s, _ := openTest(t)
	sqlDB, err := s.r.DB()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"worlds":       {"id", "server", "first_seen"},
		"places":       {"world_id", "name", "dimension", "x", "y", "z", "note", "created", "updated"},
		"deaths":       {"world_id", "at", "cause", "dimension", "x", "y", "z"},
		"known_blocks": {"world_id", "dimension", "x", "y", "z", "block", "placed", "last_seen"},
		"people":       {"uuid", "name", "first_seen", "last_seen", "messages", "card"},
		"person_names": {"uuid", "name", "first_seen", "last_seen"},
		"facts":        {"uuid", "text", "created"},
		"actions":      {"id", "action", "params", "started", "finished", "result", "message", "log", "turn_id"},
		"turns":        {"woken_by", "model", "tokens_in", "tokens_out", "duration_ms", "tool_calls", "said", "started"},
		"objectives":   {"text", "done", "sort_order"},
		"settings":     {"key", "value"},
	}
	for table, cols := range want {
		have := tableColumns(t, sqlDB, table)
		if len(have) == 0 {
			t.Errorf("table %s does not exist", table)
			continue
		}
		for _, c := range cols {
			if _, ok := have[c]; !ok {
				t.Errorf("table %s has no column %s", table, c)
			}
		}
	}

	// A place name is unique per world, without regard to case; another
	// world may use it.
	ctx := context.Background()
	wid, err := s.worldID(ctx, world, true)
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.worldID(ctx, "other:1", true)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []int64{wid, wid, other} {
		name := []string{"Home", "HOME", "home"}[i]
		err := s.w.Create(&placeRecord{WorldID: w, Name: name, Dimension: "overworld"}).Error
		if conflict := errors.Is(translate(err), ErrConflict); conflict != (i == 1) {
			t.Errorf("place %q in world %d: %v", name, w, err)
		}
	}

	// Beside goose's own, no table nobody asked for (as an AutoMigrate
	// would make).
	tables := tableNames(t, sqlDB)
	for table := range want {
		tables = slices.DeleteFunc(tables, func(n string) bool { return n == table })
	}
	if len(tables) != 0 {
		t.Errorf("tables nobody asked for: %v", tables)
	}
}

// TestMigrationsAreTheOnlySchema: no code of the store asks gorm to make or
// change tables; the goose migrations are the schema's one source.
func TestMigrationsAreTheOnlySchema(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no source found: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, banned := range []string{"AutoMigrate", "Migrator()"} {
			if strings.Contains(string(src), banned) {
				t.Errorf("%s calls %s: the schema comes from the migrations only", f, banned)
			}
		}
	}
}
