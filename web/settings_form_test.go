package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/planner/blueprint"
	"beaweb/internal/settings"
	"beaweb/web"
)

// TestEveryMistakeIsShownAtOnce: a form with three mistakes comes back
// with all three, each under its field, and nothing is saved.
func TestEveryMistakeIsShownAtOnce(t *testing.T) {
	f := serve(t)
	c := browser(t)
	get(t, c, f.URL+"/settings")
	form := url.Values{"_csrf": {csrfToken(t, c, f.URL)}, "name": {"Dr Bea"}, "idle_nudge_seconds": {"soon"},
		"price_input": {"free"}, "model": {"ok-model"}}
	resp, body := post(t, c, f.URL+"/settings", form, nil)
	if resp.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("a form with three mistakes: %d", resp.StatusCode)
	}
	for _, want := range []string{"3 things to fix", "Her name is a Minecraft player name", "The idle nudge is a whole number",
		"The input price is what a million tokens cost", `id="problem-name"`, `id="problem-idle_nudge_seconds"`, `id="problem-price_input"`, `value="ok-model"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if st, _ := f.Settings.Settings(t.Context()); st.Values.Text(settings.Model) != "" {
		t.Error("a form with mistakes saved a value")
	}
}

// TestTheModelTestTestsWhatIsTyped: the model test is given what the form
// changed, saved or not, and nothing it left as shown.
func TestTheModelTestTestsWhatIsTyped(t *testing.T) {
	f := serve(t)
	f.Settings.model = "openai/typed answered."
	c := browser(t)
	get(t, c, f.URL+"/settings")
	form := url.Values{"_csrf": {csrfToken(t, c, f.URL)}, "model_provider": {"openai"}, "model_url": {"http://127.0.0.1:11434/v1"},
		"model": {"typed"}, "api_key": {"sk-typed"}, "name": {"Bea"}, "idle_nudge_seconds": {"30"}}
	resp, body := post(t, c, f.URL+"/settings/test-model", form, map[string]string{"HX-Request": "true"})
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "typed answered") {
		t.Fatalf("test: %d %q", resp.StatusCode, body)
	}
	f.Settings.mu.Lock()
	defer f.Settings.mu.Unlock()
	if len(f.Settings.tested) != 1 {
		t.Fatalf("tested %d times", len(f.Settings.tested))
	}
	got := f.Settings.tested[0].Changes
	want := map[settings.Key]string{settings.Provider: "openai", settings.ModelURL: "http://127.0.0.1:11434/v1", settings.Model: "typed", settings.APIKey: "sk-typed"}
	if len(got) != len(want) {
		t.Errorf("tested %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("tested %s=%q, want %q", k, got[k], v)
		}
	}
	if st := f.Settings.st; st.Values.Text(settings.Model) != "" {
		t.Error("a test saved what it tested")
	}
}

// slowScripts holds every preview until it is let go.
type slowScripts struct {
	started chan struct{}
	release chan struct{}
}

func (s slowScripts) PreviewScript(ctx context.Context, src string) ([]blueprint.Cell, []string, error) {
	s.started <- struct{}{}
	<-s.release
	return fakeScripts{}.PreviewScript(ctx, src)
}

// TestPreviewsAreCapped: two previews run at once; a third is turned away
// with a sentence, not queued behind them.
func TestPreviewsAreCapped(t *testing.T) {
	tpl := loadTemplates(t)
	slow := slowScripts{started: make(chan struct{}, 2), release: make(chan struct{})}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Blueprints, d.Scripts = tpl, slow })
	c := browser(t)
	get(t, c, f.URL+"/builds")
	form := url.Values{"src": {`set(0, 0, 0, "stone")`}}
	hdr := map[string]string{"X-CSRF-Token": csrfToken(t, c, f.URL), "HX-Request": "true"}
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if resp, _ := post(t, c, f.URL+"/builds/script", form, hdr); resp.StatusCode != http.StatusOK {
				t.Errorf("a preview within the cap: %d", resp.StatusCode)
			}
		})
	}
	<-slow.started
	<-slow.started
	resp, body := post(t, c, f.URL+"/builds/script", form, hdr)
	close(slow.release)
	wg.Wait()
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Two previews are already being drawn") {
		t.Errorf("a third preview at once: %d %q", resp.StatusCode, body)
	}
}
