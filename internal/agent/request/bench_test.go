package request

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// benchLines are lines as players type them, understood or not, for the
// cost of reading one chat line.
var benchLines = []string{
	"Bea, come here",
	"hii bea can u get me some stone pls",
	"give me 3 sticks",
	"bea what are you doing?",
	"lol nice",
	"steve u coming?",
	"can you build a small wood house here real quick",
	"how many torches do you have",
	"I'm going to build a house by the lake ok?",
	"remember this place as Base Camp",
}

// bookParser is the shipped tables joined with every item of every recipe
// book, as the program joins them.
func bookParser(t testing.TB) *Parser {
	t.Helper()
	files, err := filepath.Glob("../../../data/recipes/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recipe books: %v", err)
	}
	var items []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var book struct{ Items map[string]int }
		if err := json.Unmarshal(raw, &book); err != nil {
			t.Fatal(err)
		}
		for it := range book.Items {
			items = append(items, it)
		}
	}
	p, err := Join(items, tables(t)...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func BenchmarkParse(b *testing.B) {
	p := bookParser(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.Parse(benchLines[i%len(benchLines)], "Bea")
	}
}
