package main

import (
	"beaweb/internal/browsertest"

	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"go.uber.org/goleak"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/logtest"
	"beaweb/internal/practice"
)

// These tests drive a headless Chromium (Debian's chromium package; set
// BEA_CHROMIUM to use another binary) against the whole program playing in
// the practice world. A failing test leaves a screenshot of the page in
// BEA_SCREENSHOT_DIR, by default $TMPDIR/beaweb-screenshots, and names it in
// the log. Without a Chromium they skip.
//
// Every wait polls the page under a deadline; the deadlines are generous
// because the practice world shares a slow machine with the browser.

// browserPatience bounds one wait on the page.
const browserPatience = 90 * time.Second

// browse runs steps under the test's patience; a page that never gets
// there fails the test instead of hanging it.
func browse(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	browsertest.Within(t, ctx, browserPatience, what, steps...)
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, browserPatience)
	defer cancel()
	v, err := chromedp.Run(sctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// until waits, polling the page, until a JavaScript expression is true.
// The deadline is browse's, not Poll's own 30 seconds.
func until(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Poll[bool]("!!("+expr+")",
			chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(0))(ctx, tg)
		return chromedp.Void{}, err
	}
}

// clickOnce clicks the element css finds, once, when htmx has taken it in:
// the live cards are redrawn as she plays, and a node found before a
// redraw is gone by the click (chromedp's Click then fails), while a button
// clicked before htmx processed it posts nothing.
func clickOnce(css string) chromedp.Action[chromedp.Void] {
	flag := "__clicked_" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, css)
	return until(`(() => { const b = document.querySelector(` + jsText(css) + `);
		if (!window.` + flag + ` && b && b["htmx-internal-data"]) { window.` + flag + ` = true; b.click(); }
		return window.` + flag + `; })()`)
}

// jsDo evaluates a JavaScript statement in the page, as a step.
func jsDo(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[bool]("(() => { "+expr+"; return true })()")(ctx, tg)
		return chromedp.Void{}, err
	}
}

func jsText(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "<", `\x3c`).Replace(s) + `"`
}

// pageHTML is the page's markup as the browser holds it now.
func pageHTML(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.documentElement.outerHTML`)
}

// markWindow puts a mark on the window that any reload would wipe.
const markWindow = `window.__beaMark = "still here"`

// reloadedSince says how the page shows it was loaded again since
// markWindow, or "" when it was not: the mark is gone, or the navigation
// was a reload.
const reloadedSince = `(() => {
	const nav = (performance.getEntriesByType("navigation")[0] || {}).type || "none";
	if (window.__beaMark !== "still here") return "the mark on the window is gone (navigation " + nav + ")";
	return nav === "reload" ? "the navigation was a reload" : "";
})()`

// checkNoReload fails the test when the page was loaded again since
// markWindow.
func checkNoReload(t *testing.T, ctx context.Context) {
	t.Helper()
	if how := eval[string](t, ctx, reloadedSince); how != "" {
		t.Fatalf("the page was loaded again: %s", how)
	}
}

// watchHands records every state the hands card goes through from now on,
// as the page shows it: the action in her hands with its progress, and the
// last finished one with its result and end time.
const watchHands = `
	const sec = document.getElementById("live-hands");
	const read = () => {
		const last = sec.querySelector("[data-last-id]");
		const doing = sec.querySelector("[data-doing-id]");
		const prog = sec.querySelector(".progress progress");
		const at = last && last.querySelector("time");
		return {
			doing: doing ? doing.dataset.action : "",
			progress: prog ? prog.getAttribute("value") + "/" + prog.getAttribute("max") : "",
			last: last ? last.dataset.action : "", result: last ? last.dataset.result : "",
			lastAt: at ? at.getAttribute("datetime") : "",
		};
	};
	window.__hands = [read()];
	new MutationObserver(() => window.__hands.push(read())).observe(sec, {childList: true, subtree: true, characterData: true});`

// TestBrowserLivePanelFollowsAnAction: the live page, once loaded, shows
// find_block running with its progress, then find_block as the last
// finished action with its result, without ever being loaded again.
//
// Her model waits for the page: it stands idle until the test is watching,
// then starts one find_block at the next idle nudge, so the whole action
// happens in front of the page however slow the machine is.
func TestBrowserLivePanelFollowsAnAction(t *testing.T) {
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
				return []agent.ToolCall{tool("find_block", map[string]any{"block": "log", "count": 4})}
			}
		default:
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	}}
	// A quiet world: no monster interrupts her with a reflex.
	a, logs := startBeawebEnv(t, env{model: gated, practice: &practice.Options{Seed: 1, Speed: 20, Quiet: true}},
		"--idle-nudge-seconds", "1")
	ctx := browsertest.Launch(t, path, 1024, 900)
	browse(t, ctx, "loading the live page",
		chromedp.Navigate(a.Dashboard+"/"),
		chromedp.WaitVisible(chromedp.ID("live-hands")),
		jsDo(markWindow),
		jsDo(watchHands),
	)
	close(watching)
	// A state with find_block's progress, and after it a newly finished
	// find_block with its result.
	const progressThenEnd = `(() => {
		const h = window.__hands;
		const i = h.findIndex((s, k) => k > 0 && s.doing.startsWith("find_block") && /^\d+\/\d+$/.test(s.progress));
		return i > 0 && h.slice(i + 1).some(s => s.last.startsWith("find_block") && /^[A-Z_]+$/.test(s.result) && s.lastAt !== h[i].lastAt);
	})()`
	sctx, cancel := context.WithTimeout(ctx, 3*browserPatience)
	defer cancel()
	if err := chromedp.Do(sctx, until(progressThenEnd)); err != nil {
		seen := eval[string](t, ctx, `JSON.stringify(window.__hands.slice(-20))`)
		t.Fatalf("the hands card never showed find_block's progress and then its end: %v\nlast states: %s\n%s", err, seen, logs)
	}
	checkNoReload(t, ctx)
	if first := eval[string](t, ctx, `window.__hands[0].doing + window.__hands[0].last`); first != "" {
		t.Errorf("the page showed %q in her hands before she was let act", first)
	}
	end := eval[string](t, ctx, `(() => { const h = window.__hands;
		const i = h.findIndex((s, k) => k > 0 && s.doing.startsWith("find_block") && /^\d+\/\d+$/.test(s.progress));
		const e = h.slice(i + 1).find(s => s.last.startsWith("find_block") && s.lastAt !== h[i].lastAt);
		return h[i].doing + " at " + h[i].progress + " → " + e.last + ": " + e.result; })()`)
	t.Logf("seen live: %s", end)
}

// TestBrowserAskButtonGetsHerAnswer: pressing the button posts the ask
// through the page (with its CSRF token), the page says it asked, and her
// spoken answer appears in the voice feed.
func TestBrowserAskButtonGetsHerAnswer(t *testing.T) {
	path := browsertest.Need(t)
	a, logs := startBeaweb(t)
	ctx := browsertest.Launch(t, path, 1024, 900)
	browse(t, ctx, "loading the live page",
		chromedp.Navigate(a.Dashboard+"/"),
		chromedp.WaitVisible(chromedp.ID("ask")),
		jsDo(markWindow),
	)
	// The autopilot speaks only when asked, so any answer in the feed is
	// the answer to this press.
	if n := eval[int](t, ctx, `document.querySelectorAll("#live-voice li").length`); n != 0 {
		t.Fatalf("the voice feed has %d lines before she was asked", n)
	}
	browse(t, ctx, "pressing the Ask button", chromedp.Click(chromedp.ID("ask")),
		until(`document.querySelector("#ask-status").textContent.includes("Asked")`))
	sctx, cancel := context.WithTimeout(ctx, 2*browserPatience)
	defer cancel()
	const answered = `[...document.querySelectorAll("#live-voice li")].some(li => /I'm |Nothing in my hands/.test(li.textContent))`
	if err := chromedp.Do(sctx, until(answered)); err != nil {
		t.Fatalf("her answer never reached the voice feed: %v\n%s", err, logs)
	}
	checkNoReload(t, ctx)
	t.Logf("her answer: %s", eval[string](t, ctx, `document.querySelector("#live-voice li").textContent`))
}

// runningBeaweb is one run of the whole beaweb over a database that outlives it.
type runningBeaweb struct {
	addrs
	logs   *logtest.Buffer
	cancel context.CancelFunc
	done   chan int
	once   sync.Once
}

// stop ends the run and checks it exits cleanly; later calls do nothing.
func (p *runningBeaweb) stop(t *testing.T) {
	t.Helper()
	p.once.Do(func() {
		p.cancel()
		select {
		case code := <-p.done:
			if code != 0 {
				t.Errorf("beaweb exited with %d:\n%s", code, p.logs)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("beaweb did not stop within 30 s of its context ending:\n%s", p.logs)
		}
	})
}

// restartable runs beaweb, in the practice world with the autopilot, any
// number of times in a row over one database. Make it before the browser:
// its cleanup stops what still runs and then checks every goroutine of the
// runs and of the browser has ended.
type restartable struct {
	t  *testing.T
	db string
	// environ is the environment every start sees; nil is an empty one.
	environ map[string]string

	mu   sync.Mutex
	runs []*runningBeaweb
}

func newRestartable(t *testing.T) *restartable {
	t.Helper()
	leaks := []goleak.Option{goleak.IgnoreCurrent()}
	r := &restartable{t: t, db: filepath.Join(t.TempDir(), "bea.db")}
	t.Cleanup(func() {
		r.mu.Lock()
		runs := r.runs
		r.mu.Unlock()
		for _, p := range runs {
			p.stop(t)
		}
		goleak.VerifyNone(t, leaks...)
	})
	return r
}

// start runs beaweb once more over the database and waits until it serves.
func (r *restartable) start() *runningBeaweb {
	t := r.t
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	p := &runningBeaweb{logs: &logtest.Buffer{}, cancel: cancel, done: make(chan int, 1)}
	r.mu.Lock()
	r.runs = append(r.runs, p)
	r.mu.Unlock()
	ready := make(chan addrs, 1)
	args := []string{"--practice", "--speed", "20", "--addr", "127.0.0.1:0", "--db", r.db}
	go func() {
		e := env{getenv: func(k string) string { return r.environ[k] }, stdout: p.logs, stderr: p.logs}
		e.ready = func(a addrs) { ready <- a }
		p.done <- run(ctx, args, e)
	}()
	select {
	case p.addrs = <-ready:
	case code := <-p.done:
		p.done <- code // for stop
		t.Fatalf("beaweb exited with %d before it was ready:\n%s", code, p.logs)
	case <-time.After(60 * time.Second):
		t.Fatalf("beaweb was not ready within 60 s:\n%s", p.logs)
	}
	return p
}

// httpGet is the body of a GET, as another client than the browser sees it.
func httpGet(t *testing.T, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), browserPatience)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	return string(b)
}

// TestBrowserSettingsSurviveARestart: the settings saved on the page are in
// force after the program stops and starts again over the same database,
// and the API key typed there never comes back in a page or a log line.
func TestBrowserSettingsSurviveARestart(t *testing.T) {
	path := browsertest.Need(t)
	const (
		key   = "sk-beaweb-browser-7f3a9c2e41d8"
		model = "gpt-test-restart"
		nudge = "75"
	)
	r := newRestartable(t)
	first := r.start()
	ctx := browsertest.Launch(t, path, 1024, 900)

	browse(t, ctx, "saving the settings",
		chromedp.Navigate(first.Dashboard+"/settings"),
		chromedp.WaitVisible(chromedp.CSS("input[name=model]")),
		chromedp.SetValue(chromedp.CSS("input[name=model]"), model),
		chromedp.SetValue(chromedp.CSS("input[name=idle_nudge_seconds]"), nudge),
		chromedp.SendKeys(chromedp.CSS("input[name=api_key]"), key),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
	)
	// The post answers with a redirect to the page: wait on the new page.
	browse(t, ctx, "the saved notice", chromedp.WaitVisible(chromedp.CSS("p.notice.ok")))
	checkKeyHidden := func(when string, p *runningBeaweb) {
		t.Helper()
		if strings.Contains(pageHTML(t, ctx), key) {
			t.Errorf("%s: the API key is in the settings page as the browser holds it", when)
		}
		for _, page := range []string{"/settings", "/"} {
			if strings.Contains(httpGet(t, p.Dashboard+page), key) {
				t.Errorf("%s: the API key is in the HTML of %s", when, page)
			}
		}
		if strings.Contains(p.logs.String(), key) {
			t.Errorf("%s: the API key is in a log line", when)
		}
	}
	checkKeyHidden("after saving", first)

	first.stop(t)
	second := r.start()
	browse(t, ctx, "reading the settings back after the restart",
		chromedp.Navigate(second.Dashboard+"/settings"),
		chromedp.WaitVisible(chromedp.CSS("input[name=model]")),
	)
	got := eval[map[string]string](t, ctx, `(() => { const v = n => document.querySelector("[name=" + n + "]");
		return {model: v("model").value, idle_nudge: v("idle_nudge_seconds").value, api_key: v("api_key").value,
			placeholder: v("api_key").placeholder, clear_key: String(!!v("clear_key"))}; })()`)
	if got["model"] != model || got["idle_nudge"] != nudge {
		t.Errorf("after the restart the page shows model %q and idle nudge %q, want %q and %q", got["model"], got["idle_nudge"], model, nudge)
	}
	if got["api_key"] != "" || !strings.Contains(got["placeholder"], "a key is saved") || got["clear_key"] != "true" {
		t.Errorf("after the restart the key field should be empty and say a key is saved: %v", got)
	}
	checkKeyHidden("after the restart", second)
	if strings.Contains(first.logs.String(), key) {
		t.Errorf("the API key is in a log line of the first run")
	}
}

// TestBrowserTemplatePreviewRenders: the builds page shows each template's
// isometric preview, and a layer's top view once its details are opened;
// each SVG loads and has a size.
func TestBrowserTemplatePreviewRenders(t *testing.T) {
	path := browsertest.Need(t)
	a, _ := startBeaweb(t)
	ctx := browsertest.Launch(t, path, 1024, 900)
	const isoLoaded = `(() => {
		const imgs = [...document.querySelectorAll("main article img.preview")].filter(i => i.getAttribute("src").endsWith("/iso.svg"));
		return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0);
	})()`
	browse(t, ctx, "the isometric previews loading",
		chromedp.Navigate(a.Dashboard+"/builds"),
		chromedp.WaitVisible(chromedp.CSS("main article img.preview")),
		until(isoLoaded),
	)
	n := eval[int](t, ctx, `document.querySelectorAll("main article img.preview[src$='/iso.svg']").length`)
	browse(t, ctx, "a layer's top view loading once opened",
		jsDo(`document.querySelector("main article details").open = true`),
		until(`(() => { const i = document.querySelector("main article details img.preview");
			return i && i.complete && i.naturalWidth > 0; })()`),
	)
	t.Logf("%d template previews loaded", n)
}

// hostile is a player whose name and chat line are markup that would run
// if the page took them as such.
var hostile = practice.PlayerScript{
	Name:   `<img src=x onerror="window.__pwned=1">`,
	Lines:  []string{`<script>window.__pwned=1</script>`, `<img src=y onerror="window.__pwned=2">`},
	Offset: game.Pos{X: 2},
}

// markupRan says what of a hostile chat line became markup or ran, or ""
// when nothing did.
const markupRan = `(() => {
	const out = [];
	if (window.__pwned !== undefined) out.push("window.__pwned is " + window.__pwned);
	if (document.querySelector("#live-chat img, #live-chat script")) out.push("the chat feed holds an img or a script");
	if (document.querySelector("[onerror]")) out.push("an element has an onerror attribute");
	if ([...document.scripts].some(s => s.textContent.includes("__pwned"))) out.push("a script element holds the line");
	return out.join("; ");
})()`

// TestBrowserHostileChatNeverRuns: a practice player whose name and lines
// are markup chats next to her; the lines reach the chat feed, live, as
// text, and nothing of them runs or becomes an element.
func TestBrowserHostileChatNeverRuns(t *testing.T) {
	path := browsertest.Need(t)
	// She stays silent and still, so the player stays near enough to talk.
	silent := &policyModel{policy: func(string, int) []agent.ToolCall { return nil }}
	a, logs := startBeawebEnv(t, env{model: silent, practice: &practice.Options{Seed: 1, Speed: 20, Players: []practice.PlayerScript{hostile}}})
	ctx := browsertest.Launch(t, path, 1024, 900)
	browse(t, ctx, "loading the live page",
		chromedp.Navigate(a.Dashboard+"/"),
		chromedp.WaitVisible(chromedp.ID("live-chat")),
		jsDo(markWindow),
		jsDo(`window.__chatLive = 0; new MutationObserver(() => {
			if (document.getElementById("live-chat").textContent.includes("window.__pwned=")) window.__chatLive++;
		}).observe(document.getElementById("live-chat"), {childList: true, subtree: true, characterData: true})`),
	)
	// Both lines, and a redraw of the feed with them after the page loaded.
	shown := `window.__chatLive > 0`
	for _, line := range hostile.Lines {
		shown += ` && document.getElementById("live-chat").textContent.includes(` + jsText(line) + `)`
	}
	// A name longer than a server's 32 characters is cut at her senses,
	// with a mark: its first 32 show.
	shown += ` && document.getElementById("live-chat").textContent.includes(` + jsText(hostile.Name[:32]+"…") + `)`
	sctx, cancel := context.WithTimeout(ctx, 2*browserPatience)
	defer cancel()
	if err := chromedp.Do(sctx, until(shown)); err != nil {
		t.Fatalf("the hostile lines never showed in the chat feed as text: %v\nfeed: %s\n%s", err,
			eval[string](t, ctx, `document.getElementById("live-chat").textContent`), logs)
	}
	checkNoReload(t, ctx)
	ran := eval[string](t, ctx, markupRan)
	if ran != "" {
		t.Fatalf("a chat line became markup: %s", ran)
	}
}

// TestBrowserChecksCanFail: the page checks the tests above rely on see
// what they look for: a reload, and markup from a chat line that ran.
func TestBrowserChecksCanFail(t *testing.T) {
	path := browsertest.Need(t)
	ctx := browsertest.Launch(t, path, 1024, 900)
	const page = `data:text/html,<div id="live-chat"><img src="x" onerror="window.__pwned=1"></div>`
	browse(t, ctx, "loading a page with markup that runs",
		chromedp.Navigate(page),
		until(`window.__pwned === 1`),
		jsDo(markWindow),
	)
	if ran := eval[string](t, ctx, markupRan); !strings.Contains(ran, "window.__pwned is 1") || !strings.Contains(ran, "onerror") {
		t.Errorf("markupRan missed the markup that ran: %q", ran)
	}
	if how := eval[string](t, ctx, reloadedSince); how != "" {
		t.Errorf("reloadedSince saw a reload before there was one: %q", how)
	}
	browse(t, ctx, "reloading", chromedp.Reload(), until(`document.readyState === "complete"`))
	if how := eval[string](t, ctx, reloadedSince); how == "" {
		t.Errorf("reloadedSince missed a reload")
	}
}
