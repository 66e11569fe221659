package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every transaction of the store goes through Store.transaction, which
// reports a failed COMMIT; one opened on the writer directly would fail
// unseen when its COMMIT does (its statements report nothing until then).
func TestEveryTransactionIsWatched(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "saving.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, ".Transaction(") || strings.Contains(line, ".Begin(") {
				t.Errorf("%s:%d opens a transaction of its own; use s.transaction, which reports a failed COMMIT", f, i+1)
			}
		}
	}
}
