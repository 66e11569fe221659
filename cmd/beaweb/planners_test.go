package main

import (
	"strings"
	"testing"
	"testing/fstest"

	"beaweb/data"
)

// TestShelfLoadsEveryBookAtStart: the committed books all load, and a
// corrupt one is named in the error serve stops with.
func TestShelfLoadsEveryBookAtStart(t *testing.T) {
	if err := newShelf(data.FS).loadAll(); err != nil {
		t.Fatalf("the committed books: %v", err)
	}
	good, err := data.FS.ReadFile("recipes/26.1.json")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"recipes/26.1.json":   {Data: good},
		"recipes/1.21.4.json": {Data: []byte(`{"format":`)},
	}
	err = newShelf(fsys).loadAll()
	if err == nil || !strings.Contains(err.Error(), "1.21.4.json") {
		t.Fatalf("a corrupt book: %v, want an error naming 1.21.4.json", err)
	}
}
