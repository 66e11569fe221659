package request

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestANearMissGetsAPhraseInItsLanguage(t *testing.T) {
	p := parser(t)
	for _, c := range []struct{ line, want string }{
		{"where steve", "where is steve"},
		{"bea give 4 torches", "give me 4 torches"},
		{"merk dir als Basis", "merk dir das als Basis"},
		{"recuerda como base", "recuerda esto como base"},
	} {
		got, ok := p.DidYouMean(c.line, "Bea")
		if !ok || got != c.want {
			t.Errorf("%q: did you mean %q (%v), want %q", c.line, got, ok, c.want)
		}
	}
}

func TestNoNearMissForChatterOrWhatIsUnderstood(t *testing.T) {
	p := parser(t)
	for _, line := range []string{"", "lol nice", "the weather is nice today", "steve u coming?", "come here",
		"give me 4 torches", "xD", "i want to go to the mine tomorrow after school", "are you a bot?", "who are you",
		"do you like pizza", "watch out", "i will be right back", "nice house", "did you see that", "this game is fun"} {
		if got, ok := p.DidYouMean(line, "Bea"); ok {
			t.Errorf("%q: did you mean %q", line, got)
		}
	}
}

func TestHelpComesInTheSpeakersLanguage(t *testing.T) {
	p := parser(t)
	en, de, es := p.ExamplesIn("en"), p.ExamplesIn("de"), p.ExamplesIn("es")
	if !slices.Equal(en, p.Examples()) || !slices.Contains(en, "come here") {
		t.Errorf("English examples %q", en)
	}
	if !slices.Contains(de, "komm her") || !slices.Contains(es, "ven aquí") {
		t.Errorf("German %q, Spanish %q", de, es)
	}
	if !slices.Equal(p.ExamplesIn("fr"), en) {
		t.Errorf("a language she has no table for gets %q", p.ExamplesIn("fr"))
	}
}

// FuzzParse holds that no line, however strange, makes the parser panic
// or answer with a request it cannot have read.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "hii bea can u get me some stone pls", strings.Repeat("give me 4 torches ", 600),
		"\x00\x01\x1b[31mstop\x7f", "مرحبا بيا تعالي هنا", "שלום", "🙂🙂🙂 come here 🙏", "bea\u202egive me 3 sticks",
		"build small_stone_house at 10 64 -20", "give me 99999999999999999999 torches", "\xff\xfe\xfd", ":D :P <3 xD",
		"@@@@", "- -- --- -1", "give me -5 torches", "a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a"} {
		f.Add(s)
	}
	p := parser(f)
	f.Fuzz(func(t *testing.T, line string) {
		r, ok := p.Parse(line, "Bea")
		if !ok {
			if r != (Request{}) {
				t.Errorf("%q: not understood, yet %+v", line, r)
			}
		} else if !known(r.Intent) || r.Lang == "" || r.Count < 0 || r.Count > maxCount {
			t.Errorf("%q: read as %+v", line, r)
		}
		if s, ok := p.DidYouMean(line, "Bea"); ok && (s == "" || !utf8.ValidString(s) && utf8.ValidString(line)) {
			t.Errorf("%q: did you mean %q", line, s)
		}
	})
}
