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
			world := f.Live.Snapshot().Conn.World.Server
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
				s.Ground = groundAround(world)
				b := *s.Body
				for i := range 8 {
					b.Players = append(b.Players, protocol.NearPlayer{Name: fmt.Sprintf("Player%d", i), X: 4 + float64(i%3)*0.6, Y: 64, Z: -1 + float64(i/3)*0.5})
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
