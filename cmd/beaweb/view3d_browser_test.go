package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/browsertest"
)

// view3D is the live page's 3D view, as the page shows it.
const view3D = `document.querySelector("figure[data-view3d]")`

// TestBrowserThe3DViewDrawsThePracticeWorld: at 1,400 and 390 px the live
// page's 3D view, once scrolled into sight, draws the practice world
// around her: it says how many boxes it draws, and its canvas holds many
// colours, not one. The page's own measure of a frame is logged.
func TestBrowserThe3DViewDrawsThePracticeWorld(t *testing.T) {
	path := browsertest.Need(t)
	a, logs := startBeaweb(t)
	for _, size := range []struct{ w, h int }{{1400, 900}, {390, 844}} {
		ctx := browsertest.Launch(t, path, size.w, size.h)
		sctx, cancel := context.WithTimeout(ctx, 2*browserPatience)
		err := chromedp.Do(sctx,
			chromedp.Navigate(a.Dashboard+"/"),
			chromedp.ScrollIntoView("figure[data-view3d]"),
			until(view3D+`.getAttribute("data-state") === "drawn" && +`+view3D+`.getAttribute("data-cubes") > 0`),
		)
		cancel()
		if err != nil {
			t.Fatalf("at %d px the 3D view never drew: %v (state %q)\n%s", size.w, err,
				eval[string](t, ctx, view3D+`.getAttribute("data-state") || ""`), logs)
		}
		shot, err := chromedp.Run(ctx, chromedp.Screenshot(".view3d-stage canvas"))
		if err != nil {
			t.Fatalf("at %d px no picture of the 3D view: %v", size.w, err)
		}
		colours, top, err := colourCount(shot)
		if err != nil {
			t.Fatal(err)
		}
		cubes := eval[string](t, ctx, view3D+`.getAttribute("data-cubes")`)
		frame := eval[string](t, ctx, view3D+`.getAttribute("data-frame-ms")`)
		width := eval[int](t, ctx, `Math.round(document.querySelector(".view3d-stage canvas").getBoundingClientRect().width)`)
		t.Logf("at %d px: %s boxes on a canvas %d px wide, %d colours, the commonest on %.0f%% of it; a frame drawn in %s ms",
			size.w, cubes, width, colours, 100*top, frame)
		if colours < 10 || top > 0.97 {
			t.Errorf("at %d px the 3D view's canvas is nearly one colour: %d colours, the commonest on %.0f%%", size.w, colours, 100*top)
		}
		if width > size.w || width < size.w/2 {
			t.Errorf("at %d px the 3D view is %d px wide", size.w, width)
		}
	}
}

// colourCount reads a PNG: how many colours it holds, and the share of its
// pixels the commonest one covers.
func colourCount(b []byte) (int, float64, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, 0, err
	}
	seen := map[[3]uint32]int{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			seen[[3]uint32{cr >> 8, cg >> 8, cb >> 8}]++
		}
	}
	most := 0
	for _, n := range seen {
		most = max(most, n)
	}
	return len(seen), float64(most) / float64(area(r)), nil
}

func area(r image.Rectangle) int { return max(1, r.Dx()*r.Dy()) }
