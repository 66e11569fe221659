package web_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/internal/browsertest"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/web"
)

// widths are the two screens every dashboard point is tried at: a desktop
// and a phone.
var widths = []struct {
	name   string
	width  int
	height int
}{{"desktop", 1400, 900}, {"phone", 390, 844}}

// keepScreenshot writes the page to a PNG when BEA_KEEP_SCREENSHOTS is set,
// for a person to look at; the test does not depend on it.
func keepScreenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("BEA_KEEP_SCREENSHOTS") == "" {
		return
	}
	if file, err := browsertest.Screenshot(ctx, name); err != nil {
		t.Logf("no screenshot: %v", err)
	} else {
		t.Logf("screenshot: %s", file)
	}
}

// groundAround is sand in the 3×3 chunks around the sample snapshot's
// (3.5, 64, -1.5), with a pool of water under her.
func groundAround(world string) *agent.Ground {
	tops := []byte(strings.Repeat("A", 48*48))
	for z := -4; z <= 2; z++ {
		for x := 0; x <= 7; x++ {
			tops[(z+16)*48+x+16] = 'B'
		}
	}
	g, _ := (*agent.Ground)(nil).With(world, protocol.Terrain{Dimension: "overworld", X: -16, Z: -16, Size: 48,
		Palette: []string{"sand", "water"}, Tops: string(tops)})
	return g
}

// TestBrowserMapShowsTheWorld: the live map draws the ground in the game's
// colours under her, a legend that tells the ores apart, and the labels
// of a crowd of players without one covering another.
func TestBrowserMapShowsTheWorld(t *testing.T) {
	for _, w := range widths {
		t.Run(w.name, func(t *testing.T) {
			f := serve(t)
			world := f.Live.Snapshot().World.Server
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
				s.Ground = groundAround(world)
				b := *s.Body
				for i := range 8 {
					b.Players = append(b.Players, game.NearPlayer{Name: fmt.Sprintf("Player%d", i), X: 4 + float64(i%3)*0.6, Y: 64, Z: -1 + float64(i/3)*0.5})
				}
				s.Body = &b
			})
			ctx := browsertest.Launch(t, browsertest.Need(t), w.width, w.height)
			water := game.MapColours[game.MapColourOf("water")].RGB
			within(t, ctx, "the ground drawn under her",
				chromedp.Navigate(f.URL+"/"),
				pollTrue(`(function () {
					var c = document.querySelector("#map-live canvas.map-ground");
					if (!c || !c.width) return false;
					var d = c.getContext("2d").getImageData(Math.floor(c.width / 2), Math.floor(c.height / 2), 1, 1).data;
					var hex = "#" + [d[0], d[1], d[2]].map(function (n) { return n.toString(16).padStart(2, "0"); }).join("");
					return d[3] === 255 && hex === `+jsString(water)+`;
				})()`),
			)
			within(t, ctx, "the legend naming the ores and the ground",
				pollTrue(`["coal", "iron", "copper", "gold", "redstone", "lapis", "diamond", "emerald", "water", "sand", "grass", "snow"].every(function (w) {
					return Array.prototype.some.call(document.querySelectorAll("#map-live .legend-keys .keyed"), function (k) { return k.textContent.trim() === w; });
				})`),
			)
			within(t, ctx, "labels that overlap none",
				pollTrue(`(function () {
					var r = Array.prototype.filter.call(document.querySelectorAll("#map-live g.mk text"), function (t) { return t.style.display !== "none"; })
						.map(function (t) { return t.getBoundingClientRect(); });
					if (r.length < 3) return false;
					for (var i = 0; i < r.length; i++) for (var j = i + 1; j < r.length; j++) {
						var a = r[i], b = r[j];
						if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) return false;
					}
					return true;
				})()`),
			)
			keepScreenshot(t, ctx, "map-"+w.name)
		})
	}
}

// carrying is 562 cobblestone in nine slots, tools of two materials and
// some food: the inventory of a long day's mining.
func carrying(b *agent.Body) {
	b.Inventory = nil
	left := 562
	for slot := 9; left > 0; slot++ {
		n := min(64, left)
		b.Inventory = append(b.Inventory, game.Slot{Slot: slot, Item: "cobblestone", Count: n})
		left -= n
	}
	b.Inventory = append(b.Inventory,
		game.Slot{Slot: 0, Item: "iron_pickaxe", Count: 1}, game.Slot{Slot: 1, Item: "stone_sword", Count: 1},
		game.Slot{Slot: 2, Item: "cooked_mutton", Count: 5}, game.Slot{Slot: 3, Item: "crafting_table", Count: 1},
		game.Slot{Slot: 30, Item: "raw_iron", Count: 7}, game.Slot{Slot: 31, Item: "smooth_stone_slab", Count: 12})
	b.Held = &game.Stack{Item: "iron_pickaxe", Count: 1}
}

// noWordBroken is a script that is true when no word of any visible item
// name is split across two lines.
const noWordBroken = `(function () {
	var names = Array.prototype.filter.call(document.querySelectorAll("#live-inventory li.slot .name"), function (n) { return n.getClientRects().length; });
	if (!names.length) return false;
	return names.every(function (n) {
		var text = n.lastChild, s = text.textContent, at = 0;
		return s.split(" ").every(function (w) {
			var i = s.indexOf(w, at); at = i + w.length;
			if (!w) return true;
			var r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + w.length);
			return r.getClientRects().length === 1;
		});
	});
})()`

// TestBrowserInventoryReadsAtAGlance: one tile per item with its total,
// the slots one click away, a tool and a weapon of different materials
// told apart, and no name broken inside a word, at both widths.
func TestBrowserInventoryReadsAtAGlance(t *testing.T) {
	for _, w := range widths {
		t.Run(w.name, func(t *testing.T) {
			f := serve(t)
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
				b := *s.Body
				carrying(&b)
				s.Body = &b
			})
			ctx := browsertest.Launch(t, browsertest.Need(t), w.width, w.height)
			within(t, ctx, "one tile per item",
				chromedp.Navigate(f.URL+"/"),
				pollTrue(`(function () {
					var tiles = Array.prototype.filter.call(document.querySelectorAll("#live-inventory .by-item li.slot"), function (li) { return li.getClientRects().length; });
					var cobble = tiles.filter(function (li) { return li.getAttribute("data-item") === "cobblestone"; });
					return tiles.length === 7 && cobble.length === 1 && cobble[0].textContent.includes("562 cobblestone") &&
						!document.querySelector("#live-inventory .by-slot").getClientRects().length;
				})()`),
				pollTrue(`(function () {
					function look(item) {
						var s = document.querySelector('#live-inventory .by-item li[data-item="' + item + '"] svg.swatch');
						var p = s.querySelector("[fill]:not([fill='#6b4f2a'])");
						return s.getAttribute("class") + " " + p.getAttribute("fill");
					}
					var pick = look("iron_pickaxe"), sword = look("stone_sword");
					return pick.split(" ")[1] !== sword.split(" ")[1] && pick.split(" ")[2] !== sword.split(" ")[2];
				})()`),
				pollTrue(noWordBroken),
			)
			keepScreenshot(t, ctx, "inventory-"+w.name)
			within(t, ctx, "the slots one click away",
				chromedp.Click(chromedp.CSS(".slot-toggle")),
				pollTrue(`Array.prototype.filter.call(document.querySelectorAll('#live-inventory .by-slot li.slot[data-item="cobblestone"]'), function (li) { return li.getClientRects().length; }).length === 9`),
				pollTrue(noWordBroken),
			)
			// The box stays ticked when the stream redraws the card.
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
				b := *s.Body
				b.Inventory = append(append([]game.Slot(nil), b.Inventory...), game.Slot{Slot: 32, Item: "torch", Count: 16})
				s.Body = &b
			})
			within(t, ctx, "the slot view kept through a redraw",
				pollTrue(`document.querySelector('#live-inventory .by-slot li[data-item="torch"]') && document.querySelector("#live-inventory .by-slot").getClientRects().length > 0`))
		})
	}
}

// TestBrowserPhoneFirstScreen: at 390×844 what she is doing, Stop and her
// health are on the first screen, before any scrolling.
func TestBrowserPhoneFirstScreen(t *testing.T) {
	f := serve(t)
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		carrying(&b)
		s.Body = &b
	})
	ctx := browsertest.Launch(t, browsertest.Need(t), 390, 844)
	within(t, ctx, "her hands, Stop and her health on the first screen",
		chromedp.Navigate(f.URL+"/"),
		pollTrue(`(function () {
			function onScreen(el) { if (!el) return false; var r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }
			var stop = Array.prototype.find.call(document.querySelectorAll("#live-hands button"), function (b) { return /Stop/.test(b.textContent); });
			var health = Array.prototype.find.call(document.querySelectorAll("#live-body *"), function (e) { return e.children.length === 0 && /Health/.test(e.textContent); });
			return window.innerWidth === 390 && window.scrollY === 0 && onScreen(document.querySelector("#live-hands h2, #live-hands p, #live-hands strong")) && onScreen(stop) && onScreen(health);
		})()`),
	)
	keepScreenshot(t, ctx, "phone-first-screen")
}

// TestBrowserWordsForPeople: results read as a player says them, the
// exact calls show only behind the page's one switch, "interrupted" is
// said once, and the History filter takes the words of the rows.
func TestBrowserWordsForPeople(t *testing.T) {
	for _, w := range widths {
		t.Run(w.name, func(t *testing.T) {
			f := serve(t)
			f.History.add(agent.ActionRecord{ID: "r1-a", Action: "find_block", Params: `{"block":"coal_ore","count":4}`, Started: clock, Finished: clock, Result: "SUCCESS", Message: "collected 4 coal"})
			f.History.add(agent.ActionRecord{ID: "r2-a", Action: "mine_block", Params: `{"x":1,"y":2,"z":3}`, Started: clock, Finished: clock, Result: "INTERRUPTED", Message: "interrupted (stopped)"})
			f.Live.Update(agent.TopicActions, func(s *agent.Snapshot) {
				l := *s.Last
				l.Message = "you are at (-54, 71, -19), 0.0 blocks from (-54, 71, -19)"
				s.Last = &l
			})
			ctx := browsertest.Launch(t, browsertest.Need(t), w.width, w.height)
			// innerText is what a person sees: hidden parts are not in it.
			seen := func(sel string) string {
				return `((document.querySelector(` + jsString(sel) + `) || {}).innerText || "")`
			}
			within(t, ctx, "the live page in words",
				chromedp.Navigate(f.URL+"/"),
				pollTrue(seen("#live-hands .last")+`.includes("Arrived") && !`+seen("#live-hands")+`.includes("0.0 blocks")`),
				pollTrue(`Array.prototype.every.call(document.querySelectorAll(".exact"), function (e) { return !e.getClientRects().length; })`),
				pollTrue(seen("#live-actions")+`.includes("Got 4 coal") && `+seen("#live-actions")+`.includes("Stopped") && (`+seen("#live-actions")+`.match(/interrupted/gi) || []).length === 0`),
			)
			keepScreenshot(t, ctx, "words-"+w.name)
			within(t, ctx, "the exact calls behind the switch",
				chromedp.Click(chromedp.CSS(".raw-toggle")),
				pollTrue(`Array.prototype.some.call(document.querySelectorAll("#live-actions .exact"), function (e) { return e.getClientRects().length && e.textContent.includes("find_block"); })`),
			)
			within(t, ctx, "the History filter by the rows' words",
				chromedp.Navigate(f.URL+"/history?action=Finding"),
				pollTrue(`document.querySelectorAll("table.actions tbody td.what").length === 1 && `+textOf("table.actions tbody td.what")+`.includes("Finding 4 coal ore")`),
			)
		})
	}
}

// TestBrowserAPlacePage: a place's page shows its map around it, why she
// named it and what is near, at both widths, without scrolling sideways.
func TestBrowserAPlacePage(t *testing.T) {
	for _, w := range widths {
		t.Run(w.name, func(t *testing.T) {
			places := &fakePlaces{worlds: map[string][]game.Place{"practice": {
				{Name: "home base", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 64, Z: -2}, Note: "the first shelter, by the lake", Created: clock, Updated: clock},
				{Name: "mine", Dimension: "overworld", Pos: game.Pos{X: 3, Y: 40, Z: -22}},
			}}}
			f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = places; d.Map = fakeMap{n: 4} })
			world := f.Live.Snapshot().World.Server
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Ground = groundAround(world) })
			ctx := browsertest.Launch(t, browsertest.Need(t), w.width, w.height)
			within(t, ctx, "the place's page",
				chromedp.Navigate(f.URL+"/places/home%20base?world=practice"),
				pollTrue(textOf("h1")+` === "home base" && `+textOf("main")+`.includes("the first shelter, by the lake") && `+textOf("ul.near")+`.includes("mine")`),
				pollTrue(`(document.querySelector("#map-place") || {}).getAttribute && document.querySelector("#map-place").getAttribute("data-ground-chunks") > 0`),
				pollTrue(`document.documentElement.scrollWidth <= window.innerWidth`),
			)
			keepScreenshot(t, ctx, "place-"+w.name)
		})
	}
}
