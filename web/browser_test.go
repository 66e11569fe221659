package web_test

import (
	"beaweb/internal/browsertest"

	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/web"
)

// These tests drive a headless Chromium (Debian's chromium package; set
// BEA_CHROMIUM to use another binary) against a dashboard served with
// fakes. A failing test leaves a screenshot in BEA_SCREENSHOT_DIR, by default
// $TMPDIR/beaweb-screenshots, and names it in the log.

// openBrowser starts a headless browser at phone width for the test, or
// skips it when no Chromium is installed.
func openBrowser(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Launch(t, browsertest.Need(t), 390, 844) // phone width
}

// within runs steps with a deadline, so that a page that never gets there
// fails the test instead of hanging it.
func within(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	browsertest.Within(t, ctx, 15*time.Second, what, steps...)
}

func textOf(sel string) string {
	return `((document.querySelector(` + jsString(sel) + `) || {}).textContent || "")`
}

func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func TestBrowserLivePanelChangesWithoutReload(t *testing.T) {
	ctx := openBrowser(t)
	f := serve(t)
	within(t, ctx, "loading the live page",
		chromedp.Navigate(f.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("live-hands")),
		// A mark on the window: a reload would wipe it.
		chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Evaluate[bool](`window.__beaMark = true`)(ctx, tg)
			return chromedp.Void{}, err
		}),
	)
	// The first change may arrive inside the stream's opening redraw; once
	// it shows, the stream is open and the second can only come as a change.
	f.Live.Update(agent.TopicHands, func(s *agent.Snapshot) {
		d := *s.Doing
		d.Progress = &agent.Progress{Done: 2, Total: 4, Message: "chopped 2 of 4 logs"}
		s.Doing = &d
	})
	within(t, ctx, "the first progress showing",
		(pollTrue(textOf("#live-hands") + `.includes("2 of 4 oak log")`)))
	f.Live.Update(agent.TopicHands, func(s *agent.Snapshot) {
		d := *s.Doing
		d.Progress = &agent.Progress{Done: 3, Total: 4, Message: "chopped 3 of 4 logs"}
		s.Doing = &d
	})
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Health = 9
		s.Body = &b
	})
	within(t, ctx, "the next progress and the new health showing",
		(pollTrue(textOf("#live-hands") + `.includes("3 of 4 oak log") && ` + textOf("#live-body") + `.includes("9/20")`)))
	within(t, ctx, "the seconds ticking on",
		(pollTrue(`!["12 s", ""].includes(` + textOf("[data-elapsed]") + `)`)))
	within(t, ctx, "the times ago counting on",
		(pollTrue(`/^1[3-9] s ago$/.test(` + textOf("#live-conn time[data-ago]") + `)`)))
	mark, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__beaMark === true`))
	if err != nil || !mark {
		t.Fatalf("the page reloaded (mark %v, %v)", mark, err)
	}
}

func TestBrowserAskButtonGetsAnAnswer(t *testing.T) {
	ctx := openBrowser(t)
	f := serve(t)
	f.Asker.answer = func() {
		f.Live.Update(agent.TopicVoice, func(s *agent.Snapshot) {
			s.Voice = append(append([]agent.Line(nil), s.Voice...), agent.Line{At: clock, Text: "I am chopping logs for planks."})
		})
	}
	within(t, ctx, "loading the live page",
		chromedp.Navigate(f.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("ask")),
		// Wait for the stream: its opening redraw replaces the voice card.
		(pollTrue(`document.querySelector("#live-voice ol") !== null`)),
		chromedp.Click(chromedp.ID("ask")),
		(pollTrue(textOf("#ask-status") + `.includes("Asked")`)),
		(pollTrue(textOf("#live-voice") + `.includes("I am chopping logs for planks.")`)),
	)
	if f.Asker.count() != 1 {
		t.Fatalf("asked %d times, want 1", f.Asker.count())
	}
}

func TestBrowserHostileChatNeverRuns(t *testing.T) {
	ctx := openBrowser(t)
	f := serve(t)
	// One hostile line is in the page as it loads, the other comes live.
	f.Live.Update(agent.TopicChat, func(s *agent.Snapshot) {
		s.Chat = []agent.ChatLine{{At: clock, Name: "Mallory", Message: hostile[0]}}
	})
	within(t, ctx, "loading the live page",
		chromedp.Navigate(f.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("live-chat")),
		(pollTrue(`document.querySelector("#live-chat ol") !== null`)),
	)
	f.Live.Update(agent.TopicChat, func(s *agent.Snapshot) {
		s.Chat = append(append([]agent.ChatLine(nil), s.Chat...), agent.ChatLine{At: clock, Name: "<i>Eve</i>", Message: hostile[1]})
	})
	within(t, ctx, "the hostile lines showing as text",
		(pollTrue(textOf("#live-chat") + `.includes(` + jsString(hostile[1]) + `) && ` + textOf("#live-chat") + `.includes(` + jsString(hostile[0]) + `)`)))
	ran, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`window.pwned !== undefined || document.querySelector("#live-chat img, #live-chat script, #live-chat i") !== null`))
	if err != nil {
		t.Fatal(err)
	}
	if ran {
		t.Fatal("a chat line became markup or ran")
	}
}

// pollTrue waits until a JavaScript expression is true.
func pollTrue(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Poll[bool]("!!("+expr+")", chromedp.WithPollingInterval(50*time.Millisecond))(ctx, tg)
		return chromedp.Void{}, err
	}
}

func TestBrowserSettingsSaveAndSurviveARestart(t *testing.T) {
	ctx := openBrowser(t)
	const key = "sk-browser-test-0123456789"
	f := serve(t)
	within(t, ctx, "saving the settings",
		chromedp.Navigate(f.URL+"/settings"),
		chromedp.WaitVisible(chromedp.CSS("input[name=model]")),
		chromedp.SetValue(chromedp.CSS("select[name=model_provider]"), "anthropic"),
		chromedp.SetValue(chromedp.CSS("input[name=model]"), "claude-test"),
		chromedp.SetValue(chromedp.CSS("input[name=api_key]"), key),
		chromedp.SetValue(chromedp.CSS("input[name=idle_nudge_seconds]"), "90"),
		chromedp.Click(chromedp.CSS("form.settings button[type=submit]")),
	)
	// The post answers with a redirect to the page again: wait on the new
	// page, not on the old one.
	within(t, ctx, "the saved notice", chromedp.WaitVisible(chromedp.CSS("p.notice.ok")))
	// A second dashboard over the same store is a restart as far as the
	// settings page can tell.
	settings := f.Settings
	f.stop()
	g := serve(t, func(_ *web.Config, d *web.Deps) { d.Settings = settings })
	within(t, ctx, "reading them back after the restart",
		chromedp.Navigate(g.URL+"/settings"),
		pollTrue(`document.querySelector("input[name=model]").value === "claude-test" && `+
			`document.querySelector("select[name=model_provider]").value === "anthropic" && `+
			`document.querySelector("input[name=idle_nudge_seconds]").value === "90" && `+
			`document.querySelector("input[name=api_key]").value === "" && `+
			`document.querySelector("input[name=api_key]").placeholder.includes("a key is saved")`),
	)
	html, err := chromedp.Run(ctx, chromedp.OuterHTML(chromedp.CSS("html")))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, key) {
		t.Fatal("the API key is in the settings page")
	}
}
