package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/browsertest"
)

// TestBrowserSettingsFixedByTheEnvironment: beaweb started with
// BEA_MODEL_PROVIDER and BEA_API_KEY shows both read-only on its Settings
// page, at phone width, with the sentence saying how to change them and no
// way to forget the key; the rest of the form still saves, and the
// provider stays the environment's.
func TestBrowserSettingsFixedByTheEnvironment(t *testing.T) {
	path := browsertest.Need(t)
	const key = "sk-env-browser-5d1c0b9a"
	r := newRestartable(t)
	r.environ = map[string]string{"BEA_MODEL_PROVIDER": "rules", "BEA_API_KEY": key}
	p := r.start()
	ctx := browsertest.Launch(t, path, 390, 844)
	browse(t, ctx, "the settings page",
		chromedp.Navigate(p.Dashboard+"/settings"),
		chromedp.WaitVisible(chromedp.CSS("select[name=model_provider]")),
	)
	got := eval[map[string]string](t, ctx, `(() => {
		const q = s => document.querySelector(s);
		return {provider: String(q("select[name=model_provider]").disabled), key: String(q("input[name=api_key]").disabled),
			model: String(q("input[name=model]").disabled), forget: String(!!q("input[name=clear_key]")),
			note: q("#note-model_provider").textContent, keyNote: q("#note-api_key").textContent,
			wide: String(document.documentElement.scrollWidth > window.innerWidth)}; })()`)
	if got["provider"] != "true" || got["key"] != "true" || got["model"] != "false" || got["forget"] != "false" {
		t.Errorf("read-only fields: %v", got)
	}
	if !strings.Contains(got["note"], "Set by BEA_MODEL_PROVIDER in the environment beaweb started with; unset it and restart") ||
		!strings.Contains(got["keyNote"], "BEA_API_KEY") {
		t.Errorf("the page does not say why: %q, %q", got["note"], got["keyNote"])
	}
	if got["wide"] != "false" {
		t.Error("the settings page scrolls sideways at 390 px")
	}
	browse(t, ctx, "saving the rest",
		chromedp.SetValue(chromedp.CSS("input[name=commentary_seconds]"), "45"),
		chromedp.Click(chromedp.CSS("main form button[type=submit]")),
	)
	browse(t, ctx, "the saved notice", chromedp.WaitVisible(chromedp.CSS("p.notice.ok")))
	after := eval[map[string]string](t, ctx, `(() => ({provider: document.querySelector("select[name=model_provider]").value,
		commentary: document.querySelector("input[name=commentary_seconds]").value}))()`)
	if after["provider"] != "rules" || after["commentary"] != "45" {
		t.Errorf("after saving: %v", after)
	}
	if strings.Contains(pageHTML(t, ctx), key) {
		t.Error("the key from the environment is in the page")
	}
}
