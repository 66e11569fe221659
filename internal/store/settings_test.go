package store

import (
	"context"
	"maps"
	"testing"

	"beaweb/internal/fault"
)

// TestSaveSettingsIsOneTransaction: a form's settings are saved and
// forgotten together, and a write that fails half way leaves every saved
// setting as it was.
func TestSaveSettingsIsOneTransaction(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	before := map[string]string{"model": "gpt", "name": "Bea", "api_key": "sk-old"}
	if err := s.SaveSettings(ctx, before, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSettings(ctx, map[string]string{"model": "claude", "commentary": "45"}, []string{"api_key", "never_saved"}); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"model": "claude", "name": "Bea", "commentary": "45"}
	if got, err := s.Settings(ctx); err != nil || !maps.Equal(got, want) {
		t.Fatalf("Settings = %v, %v; want %v", got, err, want)
	}

	// SQLite refuses the last of the writes, forgetting commentary; the
	// ones before it are undone.
	if err := s.w.Exec("CREATE TRIGGER refuse_forget BEFORE DELETE ON settings WHEN OLD.key = 'commentary' BEGIN SELECT RAISE(ABORT, 'refused'); END").Error; err != nil {
		t.Fatal(err)
	}
	err := s.SaveSettings(ctx, map[string]string{"model": "qwen", "name": "Ada", "idle_nudge": "0"}, []string{"commentary"})
	if err == nil {
		t.Fatal("a refused write was saved")
	}
	if got, err := s.Settings(ctx); err != nil || !maps.Equal(got, want) {
		t.Errorf("after a failed save, Settings = %v, %v; want %v as before", got, err, want)
	}
	if err := s.SaveSettings(ctx, map[string]string{" ": "x"}, nil); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("a setting without a name: %v", err)
	}
}
