package request

import (
	"os"
	"strings"
	"testing"
)

// testItems are a few of the book's items.
var testItems = []string{"stick", "torch", "cobblestone", "oak_planks", "iron_ingot", "raw_iron",
	"crafting_table", "sweet_berries", "oak_log", "bread", "stone_pickaxe", "dirt", "chest", "furnace"}

// tables reads every shipped phrase table, English first.
func tables(t testing.TB) []*Table {
	t.Helper()
	var out []*Table
	for _, lang := range Languages() {
		b, err := os.ReadFile("../../../data/requests/" + lang + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		tab, err := ReadLang(lang, string(b))
		if err != nil {
			t.Fatalf("%s.txt: %v", lang, err)
		}
		out = append(out, tab)
	}
	return out
}

// parser reads the shipped tables, joined with a few of the book's items.
func parser(t testing.TB) *Parser {
	t.Helper()
	p, err := Join(testItems, tables(t)...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEveryRequestOfTheTableIsUnderstood(t *testing.T) {
	p := parser(t)
	cases := []struct {
		line string
		want Request
	}{
		{"Bea, come here", Request{Intent: Come}},
		{"come to me please", Request{Intent: Come}},
		{"bea come to Steve!", Request{Intent: Come, Player: "Steve"}},
		{"Follow me, Bea", Request{Intent: Follow}},
		{"follow Alex", Request{Intent: Follow, Player: "Alex"}},
		{"STOP", Request{Intent: Stop}},
		{"bea wait here", Request{Intent: Stop}},
		{"stay", Request{Intent: Stop}},
		{"go to the Mine", Request{Intent: GoTo, Place: "the Mine"}},
		{"Bea, go home", Request{Intent: Home}},
		{"remember this place as Base Camp", Request{Intent: Remember, Place: "Base Camp"}},
		{"give me 3 sticks", Request{Intent: Give, Item: "stick", Said: "sticks", Count: 3}},
		{"give me some cobble please", Request{Intent: Give, Item: "cobblestone", Said: "cobble", Count: 0}},
		{"give me a torch", Request{Intent: Give, Item: "torch", Said: "torch", Count: 1}},
		{"give me planks", Request{Intent: Give, Item: "#planks", Said: "planks"}},
		{"bring me 4 iron ingots", Request{Intent: Bring, Item: "iron_ingot", Said: "iron ingots", Count: 4}},
		{"get me 8 torches", Request{Intent: Bring, Item: "torch", Said: "torches", Count: 8}},
		{"craft 4 torches", Request{Intent: Craft, Item: "torch", Said: "torches", Count: 4}},
		{"craft a crafting table", Request{Intent: Craft, Item: "crafting_table", Said: "crafting table", Count: 1}},
		{"make a chest", Request{Intent: Craft, Item: "chest", Said: "chest", Count: 1}},
		{"build a shelter", Request{Intent: Shelter}},
		{"build a small wood house here", Request{Intent: Build, Template: "small_wood_house"}},
		{"build small_stone_house at 10 64 -20", Request{Intent: Build, Template: "small_stone_house", At: &[3]int{10, 64, -20}}},
		{"what are you doing?", Request{Intent: Doing}},
		{"Bea, why?", Request{Intent: Why}},
		{"where are you", Request{Intent: Where}},
		{"what do you have", Request{Intent: Inventory}},
		{"how many cobble do you have?", Request{Intent: HowMany, Item: "cobblestone", Said: "cobble"}},
		{"how many torches", Request{Intent: HowMany, Item: "torch", Said: "torches"}},
		{"help", Request{Intent: Help}},
		{"what can you do?", Request{Intent: Help}},
		// Small slips.
		{"folow me", Request{Intent: Follow}},
		{"build a sheltr", Request{Intent: Shelter}},
		{"give me 2 cobblestne", Request{Intent: Give, Item: "cobblestone", Said: "cobblestne", Count: 2}},
		// An item the book does not know: understood, with the words kept.
		{"give me 2 unobtainium", Request{Intent: Give, Said: "unobtainium", Count: 2}},
	}
	for _, c := range cases {
		got, ok := p.Parse(c.line, "Bea")
		if !ok {
			t.Errorf("%q: not understood", c.line)
			continue
		}
		c.want.Lang = "en"
		if !same(got, c.want) {
			t.Errorf("%q: got %+v, want %+v", c.line, got, c.want)
		}
	}
}

func same(a, b Request) bool {
	if (a.At == nil) != (b.At == nil) || a.At != nil && *a.At != *b.At {
		return false
	}
	a.At, b.At = nil, nil
	return a == b
}

func TestALineSheCannotReadIsNotARequest(t *testing.T) {
	p := parser(t)
	for _, line := range []string{"", "Bea", "nice day for it", "I'm going to build a house by the lake ok?",
		"have you seen any iron around here?", "please please"} {
		if r, ok := p.Parse(line, "Bea"); ok {
			t.Errorf("%q read as %+v", line, r)
		}
	}
}

func TestABrokenTableSaysWhichLine(t *testing.T) {
	for _, text := range []string{"dance: dance with me", "come: come to {friend}", "number: a = lots", "nothing here",
		"alias: cobble", "# only a comment"} {
		_, err := Read(text)
		if err == nil {
			t.Errorf("%q was read", text)
			continue
		}
		if !strings.Contains(err.Error(), "line 1") && !strings.Contains(err.Error(), "no phrases") {
			t.Errorf("%q: %v does not name the line", text, err)
		}
	}
}

func TestHelpOffersEveryRequestOnce(t *testing.T) {
	ex := parser(t).Examples()
	want := 0
	for _, in := range intents {
		if in != Help && !in.SmallTalk() {
			want++
		}
	}
	if len(ex) != want {
		t.Fatalf("%d examples for %d requests: %q", len(ex), want, ex)
	}
	if ex[0] != "stop" || !strings.Contains(strings.Join(ex, "|"), "give me <n> <item>") {
		t.Errorf("examples %q", ex)
	}
}
