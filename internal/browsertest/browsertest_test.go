package browsertest

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestScreenshotIsWritten: the screenshot a failing browser test leaves is
// a real PNG where BEA_SCREENSHOT_DIR says.
func TestScreenshotIsWritten(t *testing.T) {
	ctx := Launch(t, Need(t), 640, 480)
	dir := t.TempDir()
	t.Setenv("BEA_SCREENSHOT_DIR", dir)
	Within(t, ctx, 30*time.Second, "loading a page", chromedp.Navigate(`data:text/html,<h1>beaweb</h1>`),
		chromedp.WaitVisible(chromedp.CSS("h1")))
	file, err := Screenshot(ctx, t.Name()+"/a failing case")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(file, dir) {
		t.Errorf("the screenshot went to %s, not under %s", file, dir)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "\x89PNG") {
		t.Fatalf("%s is not a PNG", file)
	}
}

// TestThePageIsAsWideAsAsked: a phone's 390 px are 390 px to the page, its
// layout and its media queries, though headless Chromium keeps its window
// at least 500 px wide.
func TestThePageIsAsWideAsAsked(t *testing.T) {
	ctx := Launch(t, Need(t), 390, 844)
	Within(t, ctx, 30*time.Second, "loading a page",
		chromedp.Navigate(`data:text/html,<meta name="viewport" content="width=device-width"><p>beaweb</p>`))
	size, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.clientWidth,
		window.innerHeight, matchMedia("(max-width: 400px)").matches ? 1 : 0]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(size) != 4 || size[0] != 390 || size[1] != 390 || size[2] != 844 || size[3] != 1 {
		t.Fatalf("the page is [inner width, layout width, inner height, narrow] = %v; want [390 390 844 1]", size)
	}
}
