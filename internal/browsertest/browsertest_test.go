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
