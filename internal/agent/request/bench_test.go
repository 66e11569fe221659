package request

import (
	"encoding/json"
	"os"
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

// bookParser is the shipped tables joined with every item of a recipe
// book, as the program joins them: the item names are most of the work.
func bookParser(b *testing.B) *Parser {
	raw, err := os.ReadFile("../../../data/recipes/26.1.json")
	if err != nil {
		b.Fatal(err)
	}
	var book struct{ Items map[string]int }
	if err := json.Unmarshal(raw, &book); err != nil {
		b.Fatal(err)
	}
	items := make([]string, 0, len(book.Items))
	for it := range book.Items {
		items = append(items, it)
	}
	p, err := Join(items, tables(b)...)
	if err != nil {
		b.Fatal(err)
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
