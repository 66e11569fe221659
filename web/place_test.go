package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/web"
)

// TestAPlaceHasItsOwnPage: each place links to a page with its map, when
// and why she named it, and what is near it, nearest first, in words.
func TestAPlaceHasItsOwnPage(t *testing.T) {
	named := clock.Add(-3 * 60 * 60e9)
	places := &fakePlaces{worlds: map[string][]game.Place{"practice": {
		{Name: "home base", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 64, Z: -2}, Note: "the first shelter, by the lake", Created: named, Updated: named},
		{Name: "mine", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 40, Z: -22}},
		{Name: "far away", Dimension: "overworld", Pos: game.Pos{X: 900, Y: 70, Z: 0}},
		{Name: "east of her", Dimension: "overworld", Pos: game.Pos{X: 51, Y: 64, Z: -2}},
		{Name: "west of her", Dimension: "overworld", Pos: game.Pos{X: -45, Y: 64, Z: -2}},
		{Name: "south of her", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 64, Z: 46}},
		{Name: "north of her", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 64, Z: -50}},
		{Name: "north-east of her", Dimension: "overworld", Pos: game.Pos{X: 37, Y: 64, Z: -36}},
	}}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = places; d.Map = fakeMap{n: 4} })
	c := browser(t)
	_, list := get(t, c, f.URL+"/places")
	if !strings.Contains(list, `href="/places/home%20base?world=practice"`) {
		t.Fatalf("the list does not link to the place's page:\n%s", list)
	}
	code, body := get(t, c, f.URL+"/places/home%20base?world=practice")
	if code != http.StatusOK {
		t.Fatalf("GET a place: %d\n%s", code, body)
	}
	for _, want := range []string{
		"<h1>home base</h1>", "the first shelter, by the lake", "At (3, 64, -2) in the overworld",
		"She is right here.", "Named Wednesday 2 December 2026 at 09:00", // the sample snapshot has her at (3.5, 64, -1.5)
		`data-centre="3 -2"`, `data-ground="/map/ground"`,
		"16 iron ore", "the nearest 2 blocks south", // fakeMap's 4×4 from (0, 0)
		`href="/places/mine?world=practice"`, "20 blocks north",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(body, "far away") {
		t.Error("a place 900 blocks off is listed as near")
	}
	// Where she stands is said seen from the place, on Minecraft's
	// compass: +x east, -x west, +z south, -z north. The sample snapshot
	// has her at (3.5, 64, -1.5).
	for place, want := range map[string]string{
		"east of her": "She is 48 blocks west of it.", "west of her": "She is 48 blocks east of it.",
		"south of her": "She is 48 blocks north of it.", "north of her": "She is 48 blocks south of it.",
		"north-east of her": "She is 48 blocks south-west of it.",
	} {
		_, body := get(t, c, f.URL+"/places/"+url.PathEscape(place)+"?world=practice")
		if !strings.Contains(body, want) {
			t.Errorf("the place %s: the page lacks %q", place, want)
		}
	}
	if strings.Index(body, "iron ore") > strings.Index(body, ">mine<") {
		t.Error("what is near is not nearest first")
	}
	code, body = get(t, c, f.URL+"/places/nowhere?world=practice")
	if code != http.StatusNotFound || !strings.Contains(body, `no place called &#34;nowhere&#34;`) && !strings.Contains(body, `no place called "nowhere"`) {
		t.Errorf("an unknown place: %d %.300s", code, body)
	}
}
