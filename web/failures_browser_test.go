package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/internal/browsertest"
	"beaweb/internal/fault"
	"beaweb/web"
)

// keep writes a screenshot of the page as it stands to BEA_SCREENSHOT_DIR
// (by default $TMPDIR/beaweb-screenshots), for a person to look at.
func keep(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	file, err := browsertest.Screenshot(ctx, name)
	if err != nil {
		t.Logf("no screenshot of %s: %v", name, err)
		return
	}
	t.Logf("screenshot: %s", file)
}

// At a desktop's width and a phone's: a refused preview replaces the one
// before it with the refusal's sentence; a refused Stop says why beside the
// button; a failing model and a failing disk are banners that name the tab,
// and the hands card says the model is failing, not that she thinks.
func TestBrowserRefusalsAndFailuresAreSeen(t *testing.T) {
	path := browsertest.Need(t)
	tpl := loadTemplates(t)
	for _, size := range []struct {
		name string
		w, h int
	}{{"desktop", 1400, 900}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			m := &fakeMind{busy: true}
			f := serve(t, withMind(m), func(_ *web.Config, d *web.Deps) { d.Blueprints, d.Scripts = tpl, fakeScripts{} })
			ctx := browsertest.Launch(t, path, size.w, size.h)
			script := chromedp.CSS("textarea[name=src]")
			preview := chromedp.CSS(`form[hx-post="/builds/script"] button[type=submit]`)
			within(t, ctx, "a script's preview",
				chromedp.Navigate(f.URL+"/builds"),
				chromedp.WaitVisible(script),
				chromedp.SetValue(script, "fill(0, 0, 0, 2, 2, 2, \"stone\")\nnote(\"a cube\")"),
				chromedp.Click(preview),
				pollTrue(`document.querySelector("#script-preview img.preview") !== null`),
			)
			within(t, ctx, "the refusal replacing it",
				chromedp.SetValue(script, "while True:\n  pass"),
				chromedp.Click(preview),
				pollTrue(textOf("#script-preview")+`.includes("build scripts have no while") && `+
					`document.querySelector("#script-preview img") === null && `+
					`document.querySelector("#script-preview [role=alert]") !== null`),
			)
			keep(t, ctx, "i25-refused-preview-"+size.name)

			m.err = fault.New(fault.CodeUnavailable, "The game did not answer the stop; try again in a moment.")
			within(t, ctx, "a refused Stop",
				chromedp.Navigate(f.URL+"/"),
				chromedp.WaitVisible(chromedp.CSS(`button[hx-post="/live/stop"]`)),
				pollTrue(`document.querySelector("#live-voice ol") !== null`), // the stream is open
				chromedp.Click(chromedp.CSS(`button[hx-post="/live/stop"]`)),
				pollTrue(textOf("#hands-status")+`.includes("did not answer the stop")`),
			)
			keep(t, ctx, "i25-refused-stop-"+size.name)

			f.Live.Update(agent.TopicHands, func(s *agent.Snapshot) { s.Doing = nil })
			f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) {
				s.Model.Failures, s.Model.FailingSince = 4, clock.Add(-3*time.Minute)
				s.Model.LastError = "Her model's server at api.openai.com refused the API key: check the key on Settings."
			})
			within(t, ctx, "the model failing",
				pollTrue(`document.title.startsWith("⚠ Model failing") && `+textOf("#live-alerts")+`.includes("refused the API key") && `+
					textOf("#live-hands")+`.includes("Her model is not answering") && !`+textOf("#live-hands")+`.includes("Thinking")`),
			)
			keep(t, ctx, "i25-model-failing-"+size.name)

			f.Live.Update(agent.TopicSaving, func(s *agent.Snapshot) {
				s.Unsaved = []agent.SaveTrouble{{What: "her actions (the History page)", Since: clock.Add(-time.Minute),
					Error: "database or disk is full", Count: 30}}
			})
			within(t, ctx, "the disk failing",
				pollTrue(`document.title.startsWith("⚠ Not saving") && `+textOf("#live-alerts")+`.includes("database or disk is full")`),
			)
			keep(t, ctx, "i25-not-saving-"+size.name)
		})
	}
}
