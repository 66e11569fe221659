package main

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/internal/browsertest"
	"beaweb/internal/practice"
)

// The dashboard a person watches, in Chromium against the whole program in
// the practice world, at a desktop's width and a phone's.

// pagesWide is the pages checked for sideways scrolling.
var pagesWide = []string{"/", "/places", "/history", "/people", "/deaths", "/builds", "/settings"}

// widerThanViewport is, for the page loaded, what sticks out past the
// viewport's right edge, or "" when nothing does.
const widerThanViewport = `(() => {
	const w = document.documentElement.clientWidth;
	if (document.documentElement.scrollWidth <= w) return "";
	const out = [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > w + 1)
		.map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + e.className : ""));
	return "scrollWidth " + document.documentElement.scrollWidth + " > " + w + ": " + out.slice(0, 8).join(", ");
})()`

// TestBrowserDashboardAtDesktopAndPhoneWidth: at 1,400 and 390 px the live
// page shows her inventory as slots and her on the map, both change
// without a reload as she plays, and no page scrolls sideways. At 390 px
// her hands, her body and the talk box come first, and the live page is at most
// three screens taller than at 1,400 px.
func TestBrowserDashboardAtDesktopAndPhoneWidth(t *testing.T) {
	path := browsertest.Need(t)
	a, logs := startBeaweb(t)
	heights := map[int]int{}
	for _, size := range []struct{ w, h int }{{1400, 900}, {390, 844}} {
		ctx := browsertest.Launch(t, path, size.w, size.h)
		browse(t, ctx, "loading the live page",
			chromedp.Navigate(a.Dashboard+"/"),
			until(`document.querySelectorAll("#live-inventory li.slot").length > 0 && document.querySelector("#live-map .map-live svg.map-layer[data-x]")`),
			jsDo(markWindow),
			jsDo(`window.__start = document.querySelector("#live-inventory").textContent + "|" +
				document.querySelector("#live-map .map-live svg.map-layer").getAttribute("data-x") + "," +
				document.querySelector("#live-map .map-live svg.map-layer").getAttribute("data-z")`),
		)
		sctx, cancel := context.WithTimeout(ctx, 2*browserPatience)
		const changed = `(() => {
			const inv = document.querySelector("#live-inventory").textContent;
			const svg = document.querySelector("#live-map .map-live svg.map-layer");
			const [inv0, pos0] = window.__start.split("|");
			return inv !== inv0 && svg && svg.getAttribute("data-x") + "," + svg.getAttribute("data-z") !== pos0;
		})()`
		if err := chromedp.Do(sctx, until(changed)); err != nil {
			cancel()
			t.Fatalf("at %d px the inventory and the map never both changed as she played: %v\n%s", size.w, err, logs)
		}
		cancel()
		checkNoReload(t, ctx)
		if n := eval[int](t, ctx, `document.querySelectorAll("#live-map .map-blocks rect").length`); n == 0 {
			t.Errorf("at %d px the map shows no remembered block", size.w)
		}
		heights[size.w] = eval[int](t, ctx, `document.documentElement.scrollHeight`)
		if size.w == 390 {
			order := eval[string](t, ctx, `[...document.querySelectorAll(".grid.live > section")].slice(0, 3).map(s => s.id).join(",")`)
			if order != "live-hands,live-body-card,live-talk" {
				t.Errorf("at 390 px the live page starts with %s", order)
			}
		}
		for _, p := range pagesWide {
			browse(t, ctx, "loading "+p, chromedp.Navigate(a.Dashboard+p), chromedp.WaitVisible(chromedp.ID("main")))
			if wide := eval[string](t, ctx, widerThanViewport); wide != "" {
				t.Errorf("at %d px %s scrolls sideways: %s", size.w, p, wide)
			}
		}
	}
	t.Logf("the live page is %d px tall at 1,400 px and %d px at 390 px", heights[1400], heights[390])
	if heights[390]-heights[1400] > 3*844 {
		t.Errorf("at 390 px the live page is %d px taller than at 1,400 px; at most three screens (%d px)", heights[390]-heights[1400], 3*844)
	}
}

// TestBrowserStopEndsTheRunningAction: Stop on the live page ends the
// action in her hands, and its row says stopped.
func TestBrowserStopEndsTheRunningAction(t *testing.T) {
	path := browsertest.Need(t)
	watching := make(chan struct{})
	var started atomic.Bool
	gated := &policyModel{policy: func(_ string, step int) []agent.ToolCall {
		if step > 0 {
			return nil
		}
		select {
		case <-watching:
			if started.CompareAndSwap(false, true) {
				return []agent.ToolCall{tool("find_block", map[string]any{"block": "dirt", "count": 200})}
			}
		default:
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	}}
	a, logs := startBeawebEnv(t, env{model: gated, practice: &practice.Options{Seed: 1, Speed: 5, Quiet: true}},
		"--idle-nudge-seconds", "1")
	ctx := browsertest.Launch(t, path, 1400, 900)
	browse(t, ctx, "loading the live page", chromedp.Navigate(a.Dashboard+"/"), chromedp.WaitVisible(chromedp.ID("live-hands")))
	close(watching)
	browse(t, ctx, "waiting for find_block in her hands",
		until(`document.querySelector("#live-hands [data-doing-id][data-action=find_block]") && document.querySelector("#live-hands button.danger")`),
		// Clicked from the page itself, in one step with finding it, once
		// htmx has taken the button up: the stream redraws the card at
		// every step of her progress, so a button found by one call may be
		// gone by the next, and a new one is inert until htmx has seen it.
		until(`(() => {
			const b = document.querySelector("#live-hands button.danger");
			if (!window.__stopClicked && b && b["htmx-internal-data"]) { window.__stopClicked = true; b.click(); }
			return !!window.__stopClicked;
		})()`),
		until(`document.querySelector("#hands-status").textContent.includes("Stopped")`))
	sctx, cancel := context.WithTimeout(ctx, browserPatience)
	defer cancel()
	if err := chromedp.Do(sctx, until(`document.querySelector("#live-hands [data-last-id][data-action=find_block][data-result=INTERRUPTED]")`)); err != nil {
		t.Fatalf("find_block did not end as interrupted after Stop: %v\n%s\n%s", err, pageHTML(t, ctx), logs)
	}
	browse(t, ctx, "reading the actions", until(`document.querySelector("#live-actions").innerText.includes("Stopped")`))
}

// TestBrowserTalkReachesHerAndHerAnswerShows: a line typed in the talk box
// reaches the model as said to her from the dashboard, and the voice feed
// shows it beside her answer.
func TestBrowserTalkReachesHerAndHerAnswerShows(t *testing.T) {
	path := browsertest.Need(t)
	const said = "please bring me <b>iron</b>"
	var heard atomic.Value
	heard.Store("")
	m := &policyModel{policy: func(perception string, step int) []agent.ToolCall {
		if step == 0 && strings.Contains(perception, "says to you: \""+said+"\"") {
			heard.Store(perception)
			return []agent.ToolCall{tool("speak", map[string]any{"text": "On my way with the iron."})}
		}
		return nil
	}}
	a, logs := startBeawebEnv(t, env{model: m, practice: &practice.Options{Seed: 1, Speed: 5, Quiet: true}})
	ctx := browsertest.Launch(t, path, 390, 844)
	browse(t, ctx, "typing to her",
		chromedp.Navigate(a.Dashboard+"/"),
		until(`document.querySelector(".alerts[data-link=up]")`),
		chromedp.SendKeys(chromedp.CSS("#live-talk textarea"), said),
		chromedp.Click(chromedp.CSS("#live-talk button[type=submit]")),
		until(`document.querySelector("#ask-status").textContent.includes("Said")`))
	sctx, cancel := context.WithTimeout(ctx, browserPatience)
	defer cancel()
	const both = `(() => { const t = document.querySelector("#live-voice").textContent;
		return t.includes("You: please bring me <b>iron</b>") && t.includes("On my way with the iron."); })()`
	if err := chromedp.Do(sctx, until(both)); err != nil {
		t.Fatalf("the voice feed never showed the line and her answer: %v\nmodel heard %q\n%s", err, heard.Load(), logs)
	}
	if v := eval[string](t, ctx, `document.querySelector("#live-talk textarea").value`); v != "" {
		t.Errorf("the talk box still holds %q after it was sent", v)
	}
}

// TestBrowserAlertsAtNight: opened at dusk among zombies, with her digging
// in place, the banner and the tab title warn of low health or her death.
func TestBrowserAlertsAtNight(t *testing.T) {
	path := browsertest.Need(t)
	dig := tool("find_block", map[string]any{"block": "dirt", "count": 256, "radius": 8})
	a, logs := startBeawebEnv(t, env{
		model: &policyModel{policy: func(_ string, step int) []agent.ToolCall {
			if step > 0 {
				return nil
			}
			return []agent.ToolCall{dig}
		}},
		practice: &practice.Options{Seed: 1, Speed: 200, Players: []practice.PlayerScript{}, StartTime: 12500},
	}, "--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	ctx := browsertest.Launch(t, path, 1400, 900)
	browse(t, ctx, "loading the live page", chromedp.Navigate(a.Dashboard+"/"), chromedp.WaitVisible(chromedp.ID("live-alerts")))
	sctx, cancel := context.WithTimeout(ctx, 3*browserPatience)
	defer cancel()
	const warned = `[...document.querySelectorAll("#live-alerts .alert")].some(a => /She died|Her health is low/.test(a.textContent)) && document.title.startsWith("⚠")`
	if err := chromedp.Do(sctx, until(warned)); err != nil {
		t.Fatalf("no banner warned of low health or a death: %v\n%s", err, logs)
	}
	t.Logf("banner: %s; title: %s", eval[string](t, ctx, `document.querySelector("#live-alerts").textContent.replace(/\s+/g, " ").trim()`),
		eval[string](t, ctx, `document.title`))
}

// TestBrowserLinkDownTeaches: with no game at the mod URL the banner says
// what to do, the controls that need the game are disabled, and no raw Go
// error is the only text.
func TestBrowserLinkDownTeaches(t *testing.T) {
	path := browsertest.Need(t)
	a, _ := startBeaweb(t, "--mod-url", "ws://127.0.0.1:9")
	ctx := browsertest.Launch(t, path, 1400, 900)
	browse(t, ctx, "loading the live page", chromedp.Navigate(a.Dashboard+"/"),
		until(`document.querySelector(".alerts[data-link=down] .alert")`))
	text := eval[string](t, ctx, `document.querySelector("#live-alerts").textContent`)
	for _, want := range []string{"She is not in the game", "ws://127.0.0.1:9", "--practice", "BeaCraft"} {
		if !strings.Contains(text, want) {
			t.Errorf("the banner lacks %q: %s", want, text)
		}
	}
	if !eval[bool](t, ctx, `document.querySelector("#ask").disabled && document.querySelector("#live-talk textarea").disabled`) {
		t.Errorf("Ask and the talk box are enabled with the game link down")
	}
	if !strings.HasPrefix(eval[string](t, ctx, `document.title`), "⚠ Game link down") {
		t.Errorf("the tab title is %q", eval[string](t, ctx, `document.title`))
	}
}
