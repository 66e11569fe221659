package main

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/browsertest"
	"beaweb/internal/practice"
)

// TestBrowserTheTalkBoxIsAnsweredOffline: with no model configured, a line
// typed in the talk box gets her answer in her voice, about the line: what
// she is doing, and why she cannot come to someone with no body in the
// game, naming the players she sees. Stop has her stand still, and the
// page says so and how to let her go on.
func TestBrowserTheTalkBoxIsAnsweredOffline(t *testing.T) {
	path := browsertest.Need(t)
	a, logs := startBeawebEnv(t, env{practice: &practice.Options{Seed: 1, Speed: 5, Peaceful: true}})
	ctx := browsertest.Launch(t, path, 390, 844)
	say := func(line string) {
		browse(t, ctx, "typing "+line,
			chromedp.SendKeys(chromedp.CSS("#live-talk textarea"), line),
			chromedp.Click(chromedp.CSS("#live-talk button[type=submit]")))
	}
	browse(t, ctx, "loading the live page", chromedp.Navigate(a.Dashboard+"/"), until(`document.querySelector(".alerts[data-link=up]")`))
	say("what are you doing?")
	voice := func(words string) string {
		return `document.querySelector("#live-voice").textContent.includes(` + jsText(words) + `)`
	}
	sctx, cancel := context.WithTimeout(ctx, browserPatience)
	defer cancel()
	if err := chromedp.Do(sctx, until(`(() => { const t = document.querySelector("#live-voice").textContent;
		return t.includes("You: what are you doing?") && (t.includes("I'm ") || t.includes("Nothing in my hands")); })()`)); err != nil {
		t.Fatalf("no answer to what are you doing: %v\n%s\n%s", err, pageHTML(t, ctx), logs)
	}
	say("come here")
	browse(t, ctx, "her answer to come here", until(voice("you're watching from the dashboard")), until(voice("Alex")))
	browse(t, ctx, "stopping her",
		clickOnce("#live-hands button.danger"),
		until(`document.querySelector("#live-hands [data-held]")`),
		until(`document.querySelector("#live-hands").textContent.includes("she stands still until you let her play")`))
	browse(t, ctx, "letting her play",
		clickOnce(`#live-hands button[hx-post="/live/play"]`),
		until(`!document.querySelector("#live-hands [data-held]")`))
}
