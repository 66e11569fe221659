// Package browsertest drives Debian's Chromium headless for the dashboard's
// browser tests: it finds the browser, starts one per test, and writes a
// screenshot of the page when a test fails. Only tests import it.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Binary is the browser to drive: BEA_CHROMIUM, or the first Chromium on
// PATH; "" when there is none.
func Binary() string {
	if p := os.Getenv("BEA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Need skips the test when no browser is installed and returns the one
// there is. Call it before starting anything costly.
func Need(t *testing.T) string {
	t.Helper()
	path := Binary()
	if path == "" {
		t.Skip("no Chromium found (apt-get install chromium, or set BEA_CHROMIUM): skipping the browser test")
	}
	return path
}

// Launch starts a headless browser whose page is exactly width×height for
// the test. The window alone would not do: headless Chromium keeps it at
// least 500 px wide, so a 390-px window gives a 500-px page; the page's
// size is set as a phone's is (device metrics emulation). When the test
// fails, the page as it stands is written to a PNG before the
// browser closes. Cleanups run last first: start what the page talks to
// before the browser, so it still serves when the screenshot is taken.
// extra are more of the browser's flags, such as
// chromedp.Flag("disable-3d-apis", true) for a browser without WebGL
// (headless Chromium draws WebGL in software, SwiftShader, by default).
func Launch(t *testing.T, path string, width, height int, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(width, height))
	opts = append(opts, extra...)
	// Chromium's start needs no clock: chromedp reads its output until it
	// prints its address or exits. chromedp's own 20 s clock on that read
	// is what a loaded machine runs out of (with six busy loops on two
	// cores Chromium took up to 8 s to print it), so the read is bounded by
	// the test binary's deadline instead.
	if deadline, ok := t.Deadline(); ok {
		opts = append(opts, chromedp.WSURLReadTimeout(time.Until(deadline)))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	// Start the browser now, on a context without a deadline: the first
	// run's context becomes the browser's.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("starting %s: %v", path, err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("sizing the page to %d×%d: %v", width, height, err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			if file, err := Screenshot(ctx, t.Name()); err != nil {
				t.Logf("no screenshot: %v", err)
			} else {
				t.Logf("screenshot of the failure: %s", file)
			}
		}
		cancel()
		cancelAlloc()
	})
	return ctx
}

// Dir is where screenshots go: BEA_SCREENSHOT_DIR, by default
// $TMPDIR/beaweb-screenshots.
func Dir() string {
	if d := os.Getenv("BEA_SCREENSHOT_DIR"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "beaweb-screenshots")
}

var notInFileName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// Screenshot writes the whole page to a PNG named after name and returns
// its path.
func Screenshot(ctx context.Context, name string) (string, error) {
	sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(sctx, chromedp.FullScreenshot(100)) // 100 is PNG; below it is JPEG
	if err != nil {
		return "", err
	}
	dir := Dir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	file := filepath.Join(dir, "beaweb-"+notInFileName.ReplaceAllString(name, "_")+".png")
	return file, os.WriteFile(file, png, 0o644)
}

// Within runs steps under a deadline, so that a page that never gets there
// fails the test instead of hanging it.
func Within(t *testing.T, ctx context.Context, patience time.Duration, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	if err := chromedp.Do(sctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}
