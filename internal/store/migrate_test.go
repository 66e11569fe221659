package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm/schema"

	"beaweb/migrations"
)

// TestMigrationsUpDownUp applies every migration to an empty database,
// takes them all back, and applies them again.
func TestMigrationsUpDownUp(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite3", dsn(filepath.Join(t.TempDir(), "m.db"), "_txlock=immediate"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := newProvider(db)
	if err != nil {
		t.Fatal(err)
	}
	sources := p.ListSources()
	files, err := migrations.FS.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var sqlFiles int
	for _, f := range files {
		if strings.HasSuffix(f.Name(), ".sql") {
			sqlFiles++
		}
	}
	if len(sources) == 0 || len(sources) != sqlFiles {
		t.Fatalf("goose sees %d migrations, the embedded FS holds %d SQL files", len(sources), sqlFiles)
	}
	last := sources[len(sources)-1].Version

	up, err := p.Up(ctx)
	if err != nil {
		t.Fatalf("up: %v", err)
	}
	if len(up) != len(sources) {
		t.Fatalf("up applied %d migrations, want %d", len(up), len(sources))
	}
	full := tableNames(t, db)
	if len(full) < 11 {
		t.Fatalf("after up, tables = %v", full)
	}

	down, err := p.DownTo(ctx, 0)
	if err != nil {
		t.Fatalf("down: %v", err)
	}
	if len(down) != len(sources) {
		t.Fatalf("down took back %d migrations, want %d", len(down), len(sources))
	}
	if v, err := p.GetDBVersion(ctx); err != nil || v != 0 {
		t.Fatalf("after down, version = %d, %v; want 0", v, err)
	}
	if left := tableNames(t, db); len(left) != 0 {
		t.Fatalf("after down, tables left behind: %v", left)
	}

	if _, err := p.Up(ctx); err != nil {
		t.Fatalf("up again: %v", err)
	}
	if v, err := p.GetDBVersion(ctx); err != nil || v != last {
		t.Fatalf("after up again, version = %d, %v; want %d", v, err, last)
	}
	if again := tableNames(t, db); !slices.Equal(again, full) {
		t.Fatalf("up again made %v, first up made %v", again, full)
	}
}

// tableNames lists the tables of the schema, goose's own aside.
func tableNames(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name != 'goose_db_version' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return names
}

// TestRecordsMatchTables holds every gorm record to the table the
// migrations made: the same columns, the same primary key, an INTEGER or
// TEXT column for each Go type, and NULL allowed exactly where the field is
// a pointer. Every table of the schema has a record.
func TestRecordsMatchTables(t *testing.T) {
	s, _ := openTest(t)
	records := []interface{ TableName() string }{
		worldRecord{}, placeRecord{}, deathRecord{}, personRecord{}, personNameRecord{},
		factRecord{}, turnRecord{}, actionRecord{}, objectiveRecord{}, settingRecord{},
		knownBlockRecord{},
	}
	sqlDB, err := s.r.DB()
	if err != nil {
		t.Fatal(err)
	}
	var covered []string
	for _, rec := range records {
		table := rec.TableName()
		covered = append(covered, table)
		sch, err := schema.Parse(rec, &sync.Map{}, s.r.NamingStrategy)
		if err != nil {
			t.Fatalf("%T: %v", rec, err)
		}
		cols := tableColumns(t, sqlDB, table)
		if len(cols) == 0 {
			t.Errorf("%T: table %q does not exist", rec, table)
			continue
		}
		seen := map[string]bool{}
		for _, f := range sch.Fields {
			if f.DBName == "" {
				continue
			}
			seen[f.DBName] = true
			col, ok := cols[f.DBName]
			if !ok {
				t.Errorf("%T.%s: table %s has no column %q", rec, f.Name, table, f.DBName)
				continue
			}
			want := "TEXT"
			switch f.DataType {
			case schema.Int, schema.Uint, schema.Bool, schema.Time:
				want = "INTEGER"
			case schema.Float:
				want = "REAL"
			}
			if col.typ != want {
				t.Errorf("%T.%s is %s in Go, but %s.%s is %s", rec, f.Name, f.DataType, table, f.DBName, col.typ)
			}
			pointer := f.FieldType.Kind().String() == "ptr"
			if col.nullable != pointer {
				t.Errorf("%T.%s: pointer %v, but column %s.%s nullable %v", rec, f.Name, pointer, table, f.DBName, col.nullable)
			}
			if col.pk != f.PrimaryKey {
				t.Errorf("%T.%s: primary key %v in Go, %v in table %s", rec, f.Name, f.PrimaryKey, col.pk, table)
			}
		}
		for name := range cols {
			if !seen[name] {
				t.Errorf("%T has no field for column %s.%s", rec, table, name)
			}
		}
	}
	for _, table := range tableNames(t, sqlDB) {
		if !slices.Contains(covered, table) {
			t.Errorf("table %s has no gorm record", table)
		}
	}
}

type column struct {
	typ      string
	nullable bool
	pk       bool
}

func tableColumns(t *testing.T, db *sql.DB, table string) map[string]column {
	t.Helper()
	rows, err := db.Query("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols := map[string]column{}
	var pks []string
	for rows.Next() {
		var name, typ string
		var notNull, pk int
		if err := rows.Scan(&name, &typ, &notNull, &pk); err != nil {
			t.Fatal(err)
		}
		cols[name] = column{typ: strings.ToUpper(typ), nullable: notNull == 0, pk: pk > 0}
		if pk > 0 {
			pks = append(pks, name)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// A lone INTEGER PRIMARY KEY is the rowid, never NULL whatever
	// table_info says; any other column must say NOT NULL itself (SQLite
	// lets a TEXT primary key hold NULL otherwise).
	if len(pks) == 1 && cols[pks[0]].typ == "INTEGER" {
		c := cols[pks[0]]
		c.nullable = false
		cols[pks[0]] = c
	}
	return cols
}
