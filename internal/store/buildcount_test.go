package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"beaweb/internal/agent"
)

// TestBuildCountsRoundTrip: a build's counted cells are written with its
// finish and read back as numbers; an action without counts reads none.
func TestBuildCountsRoundTrip(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	build := agent.ActionRecord{ID: "r1-b", Action: "build", Params: `{}`, Started: t0}
	if err := s.StartAction(ctx, build); err != nil {
		t.Fatal(err)
	}
	build.Finished, build.Result, build.Message = t0.Add(time.Minute), "FAILURE", "built 40 of 52 cells; …"
	build.Build = &agent.BuildCount{Cells: 52, Placed: 40, Missing: 9, Protected: 3, Short: map[string]int{"oak_planks": 8, "glass": 1}}
	if err := s.FinishAction(ctx, build); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishAction(ctx, agent.ActionRecord{ID: "r2-c", Action: "mc_chat", Started: t0.Add(time.Hour), Result: "SUCCESS"}); err != nil {
		t.Fatal(err)
	}
	got, err := s.RecentActions(ctx, 10, ActionFilter{})
	if err != nil || len(got) != 2 {
		t.Fatalf("RecentActions = %+v, %v", got, err)
	}
	if got[0].Build != nil {
		t.Errorf("a chat line reads build counts %+v", got[0].Build)
	}
	if b := got[1].Build; b == nil || !reflect.DeepEqual(*b, *build.Build) {
		t.Errorf("the build reads %+v, want %+v", b, build.Build)
	}
}

// TestActionsBeforeBuildCountsStillRead: a build written before the
// migration that added the counts reads back whole, with no counts.
func TestActionsBeforeBuildCountsStillRead(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite3", dsn(path, "_txlock=immediate"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := newProvider(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 6); err != nil {
		t.Fatalf("up to 6: %v", err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO actions (id, action, params, started, finished, result, message, log)
		VALUES ('r1-old', 'build', '{}', ?, ?, 'SUCCESS', 'built all 52 cells', '[]')`, t0.UnixMilli(), t0.Add(time.Minute).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, path, testLogger(t))
	if err != nil {
		t.Fatalf("Open over a version-6 database: %v", err)
	}
	defer s.Close()
	got, err := s.RecentActions(ctx, 10, ActionFilter{})
	if err != nil || len(got) != 1 || got[0].Message != "built all 52 cells" || got[0].Result != "SUCCESS" || got[0].Build != nil {
		t.Fatalf("the old build reads %+v, %v", got, err)
	}
}
