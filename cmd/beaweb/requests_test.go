package main

import (
	"io/fs"
	"maps"
	"strings"
	"testing"
	"testing/fstest"

	"beaweb/data"
	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
)

// TestTheAutopilotCountsATemplateByThePlanner: what the autopilot is told
// a shelter takes is the shipped template's count by the blueprint planner,
// its door of the wood she carries, and the cells she sees already right
// (the grass of its floor) left out.
func TestTheAutopilotCountsATemplateByThePlanner(t *testing.T) {
	templates, err := blueprint.LoadTemplates(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	tp, _ := templates.Get("dirt_shelter")
	lv := agent.NewLive("Bea", nil, nil)
	count := templateCounter{templates, lv}
	have := game.Inventory{"birch_planks": 5}
	got, err := count.Needs("dirt_shelter", game.Pos{X: 10, Y: 65, Z: 10}, have)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"birch_door": 1, "white_bed": 1}
	for k, n := range tp.Needs() {
		if k != "door" && k != "bed" {
			want[k] = n
		}
	}
	if !maps.Equal(got, want) {
		t.Fatalf("seeing nothing, the shelter takes %v, want %v", got, want)
	}
	// Its floor (the template sinks itself two blocks: the layer below the
	// corner's) is grass she sees.
	var floor []game.SeenBlock
	for x := 10; x < 15; x++ {
		for z := 10; z < 16; z++ {
			floor = append(floor, game.SeenBlock{Block: "grass_block", X: x, Y: 63, Z: z})
		}
	}
	lv.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Body = &agent.Body{Blocks: floor} })
	seen, err := count.Needs("dirt_shelter", game.Pos{X: 10, Y: 65, Z: 10}, have)
	if err != nil {
		t.Fatal(err)
	}
	if seen["dirt"] >= want["dirt"] || seen["dirt"] <= 0 {
		t.Errorf("with its floor seen standing, the shelter takes %d dirt, want fewer than %d", seen["dirt"], want["dirt"])
	}
}

// TestUnderstandingReadsEveryPhraseTable: every shipped table is read, so
// a German or Spanish line is understood with the book's items; a file
// that is no language's table, a table with a slip or no English table
// stops her start with a sentence naming the file (and the line).
func TestUnderstandingReadsEveryPhraseTable(t *testing.T) {
	books := newShelf(data.FS)
	if err := books.loadAll(); err != nil {
		t.Fatal(err)
	}
	p, err := understanding(data.FS, books)
	if err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]request.Request{
		"hii bea can u give me 3 glowstone dust pls": {Intent: request.Give, Item: "glowstone_dust", Said: "glowstone dust", Count: 3, Lang: "en"},
		"gib mir 5 Fackeln bitte":                    {Intent: request.Give, Item: "torch", Said: "fackeln", Count: 5, Lang: "de"},
		"dame diez antorchas":                        {Intent: request.Give, Item: "torch", Said: "antorchas", Count: 10, Lang: "es"},
	} {
		if got, ok := p.Parse(line, "Bea"); !ok || got != want {
			t.Errorf("%q: got %+v (%v), want %+v", line, got, ok, want)
		}
	}
	en, err := fs.ReadFile(data.FS, "requests/en.txt")
	if err != nil {
		t.Fatal(err)
	}
	for name, files := range map[string]fstest.MapFS{
		"data/requests/fr.txt is no phrase table":                    {"requests/en.txt": {Data: en}, "requests/fr.txt": {Data: en}},
		"data/requests/notes.md is no phrase table":                  {"requests/en.txt": {Data: en}, "requests/notes.md": {Data: []byte("# notes")}},
		"data/requests/de.txt, line 2: \"tanz\"":                     {"requests/en.txt": {Data: en}, "requests/de.txt": {Data: []byte("stop: halt\ntanz: tanz mit mir")}},
		"data/requests/en.txt, the English phrase table, is missing": {"requests/de.txt": {Data: []byte("stop: halt")}},
	} {
		_, err := understanding(files, books)
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("got %v, want an error saying %q", err, name)
		}
	}
}
