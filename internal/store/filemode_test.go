//go:build unix

package store

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestTheDatabaseIsHersAlone: the database, its WAL and its SHM are made
// 0600 whatever the umask lets through, and a file made before with 0644
// is made private when it is opened.
func TestTheDatabaseIsHersAlone(t *testing.T) {
	old := syscall.Umask(0o002) // as lenient as a desktop's
	defer syscall.Umask(old)
	check := func(path string) {
		t.Helper()
		s, err := Open(context.Background(), path, testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := s.SetSetting(context.Background(), "api_key", "sk-secret"); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			info, err := os.Stat(p)
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(p), err)
			}
			if m := info.Mode().Perm(); m != 0o600 {
				t.Errorf("%s has mode %o, want 600", filepath.Base(p), m)
			}
		}
	}
	check(filepath.Join(t.TempDir(), "new.db"))

	before := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(before, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(before, 0o644); err != nil {
		t.Fatal(err)
	}
	check(before)
}
