package main

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/internal/browsertest"
	"beaweb/internal/practice"
)

// TestBrowserHerAnswerShowsByTheTalkBoxAndAPauseAtNightWarns: at night in
// the practice world, a line typed in the talk box shows under it at once,
// and her answer comes beside it with its time, inside the talk card, not
// far below in her voice feed. Paused, the banner says she still eats,
// fights back and flees but stands in the open at night, the tab's title
// warns, and the banner's own button lets her play again; stopped, the
// banner says so too.
func TestBrowserHerAnswerShowsByTheTalkBoxAndAPauseAtNightWarns(t *testing.T) {
	path := browsertest.Need(t)
	const said = "are you <b>safe</b> out there?"
	const answer = "Safe enough, I have my sword."
	m := &policyModel{policy: func(perception string, step int) []agent.ToolCall {
		if step == 0 && strings.Contains(perception, "says to you: \""+said+"\"") {
			return []agent.ToolCall{tool("speak", map[string]any{"text": answer})}
		}
		if step == 0 {
			return []agent.ToolCall{tool("stay_silent", map[string]any{})}
		}
		return nil
	}}
	// Opened at night (14000) with no monsters: the danger is the night in
	// the open, and no fight cuts the scene short.
	a, logs := startBeawebEnv(t, env{model: m, practice: &practice.Options{Seed: 1, Speed: 1, Quiet: true, StartTime: 14000}},
		"--idle-nudge-seconds", "0", "--commentary-seconds", "0")
	ctx := browsertest.Launch(t, path, 390, 844)
	browse(t, ctx, "typing to her",
		chromedp.Navigate(a.Dashboard+"/"),
		until(`document.querySelector(".alerts[data-link=up]")`),
		chromedp.SendKeys(chromedp.CSS("#live-talk textarea"), said),
		chromedp.Click(chromedp.CSS("#live-talk button[type=submit]")),
		until(`document.querySelector("#live-talk #live-talk-reply li.you")?.textContent.includes(`+jsText(said)+`)`))
	sctx, cancel := context.WithTimeout(ctx, browserPatience)
	defer cancel()
	if err := chromedp.Do(sctx, until(`document.querySelector("#live-talk #live-talk-reply li[data-answer]")?.textContent.includes(`+jsText(answer)+`)`)); err != nil {
		t.Fatalf("her answer never showed under the talk box: %v\n%s\n%s", err, pageHTML(t, ctx), logs)
	}
	// Beside the box: the answer's top is within a screen's third of the
	// box's bottom, and it carries its time.
	gap := eval[float64](t, ctx, `document.querySelector("#live-talk-reply li[data-answer]").getBoundingClientRect().top -
		document.querySelector("#live-talk textarea").getBoundingClientRect().bottom`)
	if gap < 0 || gap > 844/3 {
		t.Errorf("her answer is %.0f px from the bottom of the talk box; want it just under it", gap)
	}
	if !eval[bool](t, ctx, `!!document.querySelector("#live-talk-reply li[data-answer] time[datetime]")`) {
		t.Errorf("her answer under the talk box has no time:\n%s", pageHTML(t, ctx))
	}

	browse(t, ctx, "pausing her",
		chromedp.Click(chromedp.CSS(`#live-hands button[hx-post="/live/pause"]`)),
		until(`document.querySelector("#live-hands [data-paused]")?.textContent.includes("Her reflexes still eat, fight back and flee")`))
	const pausedBanner = `document.querySelector("#live-alerts [data-standing]")?.textContent.replace(/\s+/g, " ")`
	if err := chromedp.Do(sctx, until(pausedBanner+`?.includes("Bea is paused: she still eats, fights back and flees, but it is night and she stands in the open")`)); err != nil {
		t.Fatalf("no banner warned of the night while she is paused: %v\n%s\n%s", err, pageHTML(t, ctx), logs)
	}
	browse(t, ctx, "the tab's title", until(`document.title.startsWith("⚠ In danger, paused")`))
	browse(t, ctx, "letting her play from the banner",
		chromedp.Click(chromedp.CSS(`#live-alerts [data-standing] button`)),
		until(`!document.querySelector("#live-alerts [data-standing]") && !document.querySelector("#live-hands [data-paused]")`))
	browse(t, ctx, "stopping her",
		until(`(() => {
			const b = document.querySelector("#live-hands button.danger");
			if (!window.__stopClicked && b && b["htmx-internal-data"]) { window.__stopClicked = true; b.click(); }
			return !!window.__stopClicked;
		})()`),
		until(`document.querySelector("#live-alerts [data-standing]")?.textContent.includes("is stopped: she still eats, fights back and flees")`))
}
