package recipes

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestCompareVersions(t *testing.T) {
	ordered := []string{"1.7.10", "1.12", "1.20", "1.20.4", "1.20.10", "1.21.4", "25.4", "26.1", "26.1.2", "26.2", "27.0"}
	for i := range ordered {
		for j := range ordered {
			got := CompareVersions(ordered[i], ordered[j])
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if (got < 0) != (want < 0) || (got > 0) != (want > 0) {
				t.Errorf("CompareVersions(%s, %s) = %d, want sign %d", ordered[i], ordered[j], got, want)
			}
		}
	}
	if CompareVersions("26.1", "26.1.0") != 0 {
		t.Error("26.1 and 26.1.0 differ")
	}
	if CompareVersions("25w14a", "1.7") >= 0 {
		t.Error("a snapshot name sorts before every release")
	}
}

func TestLoadPicksTheVersion(t *testing.T) {
	data := os.DirFS("../../../data")
	cases := []struct {
		asked, book, note string
	}{
		{"26.1", "26.1", ""},
		{"26.1.0", "26.1", ""},
		{"26.2", "26.1", "recipes of 26.1 used for 26.2"},
		{"26.1.2", "26.1", "recipes of 26.1 used for 26.1.2"},
		{"1.21.4", "1.21.4", ""},
		{"1.21.11", "1.21.4", "recipes of 1.21.4 used for 1.21.11"},
		{"1.21.1", "1.21.1", ""},
		{"1.21.3", "1.21.1", "recipes of 1.21.1 used for 1.21.3"},
		{"1.20.4", "1.21.1", "recipes of 1.21.1 used for 1.20.4: no book is that old"},
		{"", "26.1", "recipes of 26.1 used: the game did not say its version"},
		{"26w03a", "26.1", "recipes of 26.1 used for 26w03a, a version beaweb cannot read"},
	}
	for _, tc := range cases {
		b, err := Load(data, tc.asked)
		if err != nil {
			t.Fatalf("%q: %v", tc.asked, err)
		}
		if b.Version() != tc.book || b.Note() != tc.note {
			t.Errorf("Load(%q) = %s %q, want %s %q", tc.asked, b.Version(), b.Note(), tc.book, tc.note)
		}
	}
	p, err := mustLoad(t, data, "26.2").Plan("stick", 4, inv{"oak_planks": 2})
	if err != nil || p.MCVersion != "26.2" || p.BookVersion != "26.1" || p.Note != "recipes of 26.1 used for 26.2" {
		t.Errorf("plan versions: %+v %v", p, err)
	}
}

func mustLoad(t *testing.T, fsys fs.FS, v string) *Book {
	t.Helper()
	b, err := Load(fsys, v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	good, err := os.ReadFile("../../../data/recipes/26.1.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		fsys fs.FS
		want string
	}{
		"no folder":     {fstest.MapFS{}, "no recipe books"},
		"no book":       {fstest.MapFS{"recipes/README": {Data: []byte("x")}}, "holds no <mc_version>.json"},
		"corrupt":       {fstest.MapFS{"recipes/26.1.json": {Data: good[:len(good)/2]}}, "recipes/26.1.json is not a recipe book"},
		"format":        {fstest.MapFS{"recipes/26.1.json": {Data: []byte(`{"format":7}`)}}, "recipes/26.1.json has format 7"},
		"empty":         {fstest.MapFS{"recipes/26.1.json": {Data: []byte(`{"format":1}`)}}, "recipes/26.1.json has no items"},
		"wrong version": {fstest.MapFS{"recipes/26.2.json": {Data: good}}, "recipes/26.2.json says it is for Minecraft 26.1"},
		"bad tag": {fstest.MapFS{"recipes/26.1.json": {Data: []byte(strings.Replace(string(good), `"#planks"`, `"#plonks"`, 1))}},
			`recipes/26.1.json: crafting recipe`},
	}
	for name, tc := range cases {
		_, err := Load(tc.fsys, "26.1")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to say %q", name, err, tc.want)
		}
	}
}

func TestBookLookups(t *testing.T) {
	b := book(t, "26.1")
	if b.BurnTicks("coal") != 1600 || b.BurnTicks("oak_planks") != 300 || b.IsFuel("crimson_planks") || b.IsFuel("cobblestone") {
		t.Error("fuel burn times are off")
	}
	if b.StackSize("bucket") != 16 || b.StackSize("oak_log") != 64 || b.StackSize("iron_pickaxe") != 1 {
		t.Error("stack sizes are off")
	}
	if got, ok := b.SmeltResult("raw_iron"); !ok || got != "iron_ingot" {
		t.Errorf("raw_iron smelts into %q", got)
	}
	if got, _ := b.SmeltResult("oak_log"); got != "charcoal" {
		t.Errorf("oak_log smelts into %q", got)
	}
	if _, ok := b.SmeltResult("crimson_stem"); ok {
		t.Error("a nether stem makes no charcoal")
	}
	if b.Remainder("milk_bucket") != "bucket" || b.Remainder("honey_bottle") != "glass_bottle" {
		t.Error("remainders are off")
	}
	if !slices.Contains(b.Tag("#planks"), "cherry_planks") || !slices.Contains(b.Tag("logs"), "stripped_birch_wood") {
		t.Error("tags are off")
	}
	if b.Say("#logs") != "logs of any wood" || b.Say("oak_log") != "oak_log" {
		t.Error("Say is off")
	}
	// The generator carries each tag's singular into the book: one log is
	// "log of any wood", never "1 logs of any wood".
	if got := b.SayN("#logs", 1); got != "log of any wood" {
		t.Errorf("SayN(#logs, 1) = %q", got)
	}
	items := b.Items()
	if len(items) < 1400 || !slices.IsSorted(items) {
		t.Errorf("%d items", len(items))
	}
	if err := b.CheckItem("stone_pickax"); !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), "stone_pickaxe") {
		t.Errorf("CheckItem: %v", err)
	}
}

func TestFindCraft(t *testing.T) {
	b := book(t, "26.1")
	c, err := b.FindCraft("chest", 1, inv{"oak_planks": 5, "birch_planks": 3})
	if err != nil {
		t.Fatal(err)
	}
	if c.Times != 1 || c.Made != 1 || c.Uses["oak_planks"]+c.Uses["birch_planks"] != 8 || !c.NeedsTable {
		t.Errorf("chest craft %+v", c)
	}
	c, err = b.FindCraft("cake", 1, inv{"milk_bucket": 3, "sugar": 2, "egg": 1, "wheat": 3})
	if err != nil || c.Returns["bucket"] != 3 {
		t.Errorf("cake craft %+v %v", c, err)
	}
	_, err = b.FindCraft("wooden_pickaxe", 1, inv{"oak_planks": 1})
	if !errors.Is(err, ErrCannotCraft) || !strings.Contains(err.Error(), "takes 3 planks of any wood and 2 stick; you are short of 2 planks of any wood (you have 1) and 2 stick (you have 0)") {
		t.Errorf("short craft: %v", err)
	}
	_, err = b.FindCraft("diamond", 1, nil)
	if !errors.Is(err, ErrCannotCraft) {
		t.Errorf("no recipe: %v", err)
	}
}
