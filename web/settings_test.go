package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"beaweb/internal/fault"
	"beaweb/internal/settings"
	"beaweb/web"
)

// fixedBy is a settings store whose values were started with env.
func fixedBy(t *testing.T, env map[string]string) *fakeSettings {
	t.Helper()
	vals, err := settings.Defaults().FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return &fakeSettings{st: web.Settings{Values: vals, Enabled: true}, model: "openai/gpt-x answered in 12ms: Hello there!"}
}

// TestSettingsFixedByTheEnvironment: a value BEA_* fixed is shown with its
// source, read-only, with the sentence saying how to change it; a form
// that sends another value anyway is refused, never answered "Saved".
func TestSettingsFixedByTheEnvironment(t *testing.T) {
	const key = "sk-env-0123456789abcdef"
	st := fixedBy(t, map[string]string{"BEA_MODEL_PROVIDER": "rules", "BEA_API_KEY": key})
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Settings = st })
	c := browser(t)
	_, page := get(t, c, f.URL+"/settings")
	for _, want := range []string{
		"Set by BEA_MODEL_PROVIDER in the environment beaweb started with; unset it and restart to change it here.",
		"Set by BEA_API_KEY in the environment beaweb started with",
		`name="model_provider" disabled`,
		"from BEA_MODEL_PROVIDER",
		"Input price",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "Forget the saved key") || strings.Contains(page, key) {
		t.Error("the page offers to forget a key the environment set, or shows it")
	}
	tok := csrfToken(t, c, f.URL)
	form := url.Values{"_csrf": {tok}, "model_provider": {"anthropic"}, "mod_url": {"ws://127.0.0.1:8080"}, "name": {"Bea"},
		"idle_nudge_seconds": {"30"}, "commentary_seconds": {"20"}, "enabled": {"on"}}
	resp, body := post(t, c, f.URL+"/settings", form, nil)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "BEA_MODEL_PROVIDER") {
		t.Errorf("choosing anthropic over BEA_MODEL_PROVIDER=rules: %d, want 403 saying why", resp.StatusCode)
	}
	form.Set("clear_key", "on")
	form.Del("model_provider")
	resp, body = post(t, c, f.URL+"/settings", form, nil)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "BEA_API_KEY") {
		t.Errorf("forgetting a key BEA_API_KEY set: %d, want 403 saying why", resp.StatusCode)
	}
	if s, _ := st.Settings(t.Context()); s.Values.Provider() != "rules" || st.key() != key {
		t.Errorf("a refused form changed the settings: %s, key kept %v", s.Values.Provider(), st.key() == key)
	}
	// The value in force, sent back as it is, saves what else changed.
	form.Del("clear_key")
	form.Set("model_provider", "rules")
	form.Set("commentary_seconds", "45")
	if resp, _ := post(t, c, f.URL+"/settings", form, nil); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("a form with the fixed value unchanged: %d", resp.StatusCode)
	}
	if s, _ := st.Settings(t.Context()); s.Values.Text(settings.Commentary) != "45" {
		t.Error("the rest of the form was not saved")
	}
}

// TestSettingsTestButtons: both Test buttons are POSTs behind the CSRF
// check and answer a sentence, the model's reply or its failure.
func TestSettingsTestButtons(t *testing.T) {
	st := fixedBy(t, map[string]string{"BEA_MODEL_PROVIDER": "openai"})
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Settings = st })
	c := browser(t)
	get(t, c, f.URL+"/settings")
	hx := map[string]string{"HX-Request": "true"}
	if resp, _ := post(t, c, f.URL+"/settings/test-model", url.Values{}, hx); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a test without the CSRF token: %d, want 403", resp.StatusCode)
	}
	if resp, _ := post(t, c, f.URL+"/settings/test-mod", url.Values{}, hx); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a mod test without the CSRF token: %d, want 403", resp.StatusCode)
	}
	tok := url.Values{"_csrf": {csrfToken(t, c, f.URL)}}
	resp, body := post(t, c, f.URL+"/settings/test-model", tok, hx)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "Hello there!") || !strings.Contains(body, `role="status"`) {
		t.Errorf("model test: %d %q", resp.StatusCode, body)
	}
	st.model = ""
	resp, body = post(t, c, f.URL+"/settings/test-model", tok, hx)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "refused the API key") || !strings.Contains(body, `role="alert"`) {
		t.Errorf("a failing model test: %d %q", resp.StatusCode, body)
	}
	form := url.Values{"_csrf": tok["_csrf"], "mod_url": {"ws://127.0.0.1:9999"}}
	resp, body = post(t, c, f.URL+"/settings/test-mod", form, hx)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "ws://127.0.0.1:9999 answered") {
		t.Errorf("mod test of the URL typed: %d %q", resp.StatusCode, body)
	}
	st.modErr = fault.New(fault.CodeUnavailable, "Nothing answered at ws://127.0.0.1:9999.")
	resp, body = post(t, c, f.URL+"/settings/test-mod", form, hx)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "Nothing answered") {
		t.Errorf("a failing mod test: %d %q", resp.StatusCode, body)
	}
}

// TestBrowserSettingFixedByTheEnvironmentIsReadOnly: in a real browser,
// a provider BEA_MODEL_PROVIDER set cannot be changed and says why, while
// one the page owns can.
func TestBrowserSettingFixedByTheEnvironmentIsReadOnly(t *testing.T) {
	ctx := openBrowser(t)
	st := fixedBy(t, map[string]string{"BEA_MODEL_PROVIDER": "rules"})
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Settings = st })
	within(t, ctx, "the settings page",
		chromedp.Navigate(f.URL+"/settings"),
		chromedp.WaitVisible(chromedp.CSS("select[name=model_provider]")),
		pollTrue(`document.querySelector("select[name=model_provider]").disabled && `+
			`!document.querySelector("input[name=model]").disabled && `+
			`document.getElementById("note-model_provider").textContent.includes("unset it and restart")`),
		chromedp.SetValue(chromedp.CSS("input[name=mod_url]"), "ws://127.0.0.1:9999"),
		chromedp.Click(chromedp.CSS("[data-setting=mod_url] button")),
		pollTrue(`(document.querySelector("#test-mod_url p.notice.ok") || {}).textContent === "The mod at ws://127.0.0.1:9999 answered."`),
		chromedp.SetValue(chromedp.CSS("input[name=model]"), "qwen3"),
		chromedp.Click(chromedp.CSS("form.settings button[type=submit]")),
	)
	// The mod test's answer is a notice too: wait for the page that says Saved.
	within(t, ctx, "the saved notice", chromedp.WaitVisible(chromedp.CSS("p.notice.saved")))
	if s, _ := st.Settings(t.Context()); s.Values.Provider() != "rules" || s.Values.Text(settings.Model) != "qwen3" {
		t.Errorf("after saving: provider %s, model %q", s.Values.Provider(), s.Values.Text(settings.Model))
	}
}
