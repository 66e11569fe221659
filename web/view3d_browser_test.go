package web_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/internal/browsertest"
	"beaweb/internal/game"
)

// view3DPatience bounds a wait on the 3D view: three.js is loaded, parsed
// and compiles its shaders in software on a machine that may be busy.
const view3DPatience = 60 * time.Second

// TestBrowser3DViewDrawsWhatTheAnswerSays: at both widths the view draws
// one box for each the answer sends, a player whose name is markup gets a
// label and no element of the page, and the card fits the screen.
func TestBrowser3DViewDrawsWhatTheAnswerSays(t *testing.T) {
	for _, w := range widths {
		t.Run(w.name, func(t *testing.T) {
			f := serve(t)
			layGround(f, landscape(-16, -16, func(x, z int) (string, int) {
				if x > 8 {
					return "stone", 66 + x%3
				}
				return "grass_block", 63
			}))
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
				b := *s.Body
				b.Players = []game.NearPlayer{{Name: `<img src=x onerror=f()>`, X: 6, Y: 64, Z: 1, Distance: 3}}
				b.Entities = []game.Entity{{ID: 7, Type: "zombie", X: 0, Y: 64, Z: -5, Distance: 4, Hostile: true}}
				s.Body = &b
			})
			v, _ := readView3D(t, f.URL+"/live/view3d")
			ctx := browsertest.Launch(t, browsertest.Need(t), w.width, w.height)
			browsertest.Within(t, ctx, view3DPatience, "the 3D view drawn",
				chromedp.Navigate(f.URL+"/"),
				chromedp.ScrollIntoView("figure[data-view3d]"),
				pollTrue(`document.querySelector("figure[data-view3d]").getAttribute("data-cubes") === `+jsString(strconv.Itoa(len(v.Cells)))),
			)
			imgs, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("img[onerror]").length`))
			if err != nil {
				t.Fatal(err)
			}
			if imgs != 0 {
				t.Error("a player's name became an element of the page")
			}
			within(t, ctx, "the card within the screen",
				pollTrue(`document.querySelector("#live-view3d").getBoundingClientRect().right <= document.documentElement.clientWidth`))
			keepScreenshot(t, ctx, "view3d-"+w.name)
		})
	}
}

// TestBrowser3DViewSaysWhenItCannotDraw: a browser without WebGL gets the
// sentence that sends it to the map, and no canvas.
func TestBrowser3DViewSaysWhenItCannotDraw(t *testing.T) {
	f := serve(t)
	ctx := browsertest.Launch(t, browsertest.Need(t), 390, 844, chromedp.Flag("disable-3d-apis", true))
	browsertest.Within(t, ctx, view3DPatience, "the sentence instead of the view",
		chromedp.Navigate(f.URL+"/"),
		chromedp.ScrollIntoView("figure[data-view3d]"),
		pollTrue(`(function () {
			var p = document.querySelector("figure[data-view3d] .view3d-fallback");
			return !p.hidden && p.getClientRects().length > 0 &&
				p.textContent === "Your browser can't draw the 3D view; the map below shows where she is." &&
				!document.querySelector("figure[data-view3d] canvas");
		})()`),
	)
}
