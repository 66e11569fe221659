package partials

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestEveryCardDraws: each card of the table has its own event and
// element, is redrawn by its own topic when it has one, and draws from an
// empty panel and a busy one alike, as the page draws it.
func TestEveryCardDraws(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	busy := LiveData{Now: now, Snap: agent.Snapshot{Name: "Bea", Conn: protocol.ConnStatus{Connected: true}, World: game.WorldID{Dimension: "overworld"},
		Body:   &agent.Body{Health: 4, Food: 9, Position: game.Vec3{X: 1, Y: 64, Z: 2}, Inventory: []game.Slot{{Item: "bread", Count: 2}}},
		Voice:  []agent.Line{{At: now, Text: "hello"}},
		Vitals: []agent.Vital{{At: now.Add(-time.Minute), Health: 20, Food: 20}, {At: now, Health: 4, Food: 9}}},
		Actions: []agent.ActionRecord{{ID: "r1-a", Action: "find_block", Params: `{"block":"oak_log"}`, Started: now}}}
	events, ids := map[string]bool{}, map[string]bool{}
	for _, c := range Cards() {
		if c.Event == "" || c.ID == "" || events[c.Event] || ids[c.ID] {
			t.Errorf("card %+v: each card needs an event and an id of its own", c)
		}
		events[c.Event], ids[c.ID] = true, true
		if c.Own != "" && (!c.Redraws(c.Own) || c.From[0] != c.Own) {
			t.Errorf("card %s is topic %s's own but is not redrawn by it first", c.Event, c.Own)
		}
		if c.Draw == nil {
			t.Errorf("card %s has no drawing", c.Event)
			continue
		}
		for i, d := range []LiveData{{Now: now}, busy} {
			var b strings.Builder
			// An empty panel may leave a card empty (no health chart yet).
			if err := Cards().Draw(c.Event, d).Render(context.Background(), &b); err != nil || i == 1 && b.Len() == 0 {
				t.Errorf("card %s drew %q, %v", c.Event, b.String(), err)
			}
			if strings.Contains(b.String(), "could not be drawn") {
				t.Errorf("card %s is not found by its own event", c.Event)
			}
		}
	}
	var b strings.Builder
	if err := Cards().Draw("weather", busy).Render(context.Background(), &b); err != nil || !strings.Contains(b.String(), "could not be drawn") {
		t.Errorf("an event with no card drew %q, %v", b.String(), err)
	}
	if Cards().Swap("weather") != nil {
		t.Error("an event with no card gets an element")
	}
}

// TestEveryTopicRedrawsACard: every topic her mind publishes (each
// constant of type agent.Topic in its code) redraws a card of the table,
// and the table is drawn from no topic the mind does not publish.
func TestEveryTopicRedrawsACard(t *testing.T) {
	topics := mindTopics(t)
	if len(topics) < 9 {
		t.Fatalf("found %d topics in the mind's code (%v); it has at least 9", len(topics), topics)
	}
	for _, topic := range topics {
		if !slices.ContainsFunc(Cards(), func(c Card) bool { return c.Redraws(topic) }) {
			t.Errorf("no card is redrawn by the topic %q: each of its changes would redraw the whole panel", topic)
		}
	}
	for _, c := range Cards() {
		for _, topic := range c.From {
			if !slices.Contains(topics, topic) {
				t.Errorf("card %s is drawn from %q, which the mind never publishes", c.Event, topic)
			}
		}
	}
}

// mindTopics reads the topics from the agent package's code.
func mindTopics(t *testing.T) []agent.Topic {
	t.Helper()
	files, err := filepath.Glob("../../internal/agent/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the agent package's code: %v (%d files)", err, len(files))
	}
	var topics []agent.Topic
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			if typ, ok := spec.Type.(*ast.Ident); !ok || typ.Name != "Topic" {
				return true
			}
			for _, v := range spec.Values {
				if lit, ok := v.(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(lit.Value)
					topics = append(topics, agent.Topic(s))
				}
			}
			return true
		})
	}
	return topics
}

// TestOnlyTheTableNamesCards: no template writes a card's element id or
// an sse-swap of its own (they come from the table, through its Swap), and
// every element id the page's script and style sheet name is a card of the
// table or an element a template writes.
func TestOnlyTheTableNamesCards(t *testing.T) {
	templs, err := filepath.Glob("../*/*.templ")
	if err != nil || len(templs) < 10 {
		t.Fatalf("the templates: %v (%d files)", err, len(templs))
	}
	cardIDs := map[string]bool{}
	for _, c := range Cards() {
		cardIDs[c.ID] = true
	}
	written := map[string]bool{}
	idAttr := regexp.MustCompile(`\bid="([^"{]+)"`)
	for _, name := range templs {
		src := read(t, name)
		if strings.Contains(src, "sse-swap") {
			t.Errorf("%s writes an sse-swap itself; a card's element takes it from the table (Swap)", name)
		}
		for id := range cardIDs {
			if strings.Contains(src, `"`+id+`"`) {
				t.Errorf("%s names the card %s itself; a card's element takes its id from the table (Swap)", name, id)
			}
		}
		for _, m := range idAttr.FindAllStringSubmatch(src, -1) {
			written[m[1]] = true
		}
	}
	hex := regexp.MustCompile(`^[0-9a-fA-F]{3,8}$`)
	named := map[string]string{} // id → the static file that names it
	for file, re := range map[string]*regexp.Regexp{
		"app.js":    regexp.MustCompile(`(?:getElementById\("|querySelector(?:All)?\("#)([\w-]+)`),
		"map.js":    regexp.MustCompile(`(?:getElementById\("|querySelector(?:All)?\("#)([\w-]+)`),
		"view3d.js": regexp.MustCompile(`(?:getElementById\("|querySelector(?:All)?\("#)([\w-]+)`),
		"app.css":   regexp.MustCompile(`#([A-Za-z][\w-]*)`),
	} {
		for _, m := range re.FindAllStringSubmatch(read(t, filepath.Join("../../static", file)), -1) {
			if !hex.MatchString(m[1]) {
				named[m[1]] = file
			}
		}
	}
	cardsNamed := 0
	for id, file := range named {
		switch {
		case cardIDs[id]:
			cardsNamed++
		case !written[id]:
			t.Errorf("static/%s names the element #%s, which is neither a card of the table nor written by a template", file, id)
		}
	}
	if cardsNamed < 2 {
		t.Errorf("the static files name %d cards of the table; they name at least the alerts and the actions (%v)", cardsNamed, named)
	}
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
