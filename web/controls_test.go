package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/web"
)

// fakeMind records what the live page's controls asked of her mind.
type fakeMind struct {
	mu      sync.Mutex
	told    []string
	stops   int
	busy    bool
	playing []bool
	err     error
}

func (f *fakeMind) Tell(_ context.Context, text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.told = append(f.told, text)
	return f.err
}

func (f *fakeMind) Stop(context.Context) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stops++
	return f.busy, f.err
}

func (f *fakeMind) SetPlaying(_ context.Context, on bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.playing = append(f.playing, on)
	return f.err
}

func withMind(m *fakeMind) option {
	return func(_ *web.Config, d *web.Deps) { d.Tell, d.Stop, d.Play = m, m, m }
}

func htmxPost(t *testing.T, c *http.Client, base, path string, form url.Values) (int, string) {
	t.Helper()
	tok := csrfToken(t, c, base)
	resp, body := post(t, c, base+path, form, map[string]string{"X-CSRF-Token": tok, "HX-Request": "true"})
	return resp.StatusCode, body
}

func TestTalkBoxRefusesEmptyAndLongAndSaysWhatIsTyped(t *testing.T) {
	m := &fakeMind{}
	f := serve(t, withMind(m))
	c := browser(t)
	_, page := get(t, c, f.URL+"/")
	if !strings.Contains(page, `action="/live/tell"`) || !strings.Contains(page, `maxlength="256"`) {
		t.Fatalf("the live page has no talk box")
	}
	resp, _ := post(t, c, f.URL+"/live/tell", url.Values{"text": {"hello"}}, nil)
	if resp.StatusCode != http.StatusForbidden || len(m.told) != 0 {
		t.Fatalf("tell without a token: %d, told %v", resp.StatusCode, m.told)
	}
	for _, tc := range []struct{ text, want string }{
		{"   ", "Type something"},
		{strings.Repeat("a", 257), "257 characters"},
	} {
		code, body := htmxPost(t, c, f.URL, "/live/tell", url.Values{"text": {tc.text}})
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, tc.want) || !strings.Contains(body, `role="alert"`) {
			t.Errorf("telling %q: %d %q", tc.text, code, body)
		}
	}
	code, body := htmxPost(t, c, f.URL, "/live/tell", url.Values{"text": {"  <b>bring iron</b> "}})
	if code != http.StatusOK || !strings.Contains(body, "Said") || len(m.told) != 1 || m.told[0] != "<b>bring iron</b>" {
		t.Fatalf("telling: %d %q, told %q", code, body, m.told)
	}

	// With the game link down nothing reaches her, and the page says so.
	f.Live.Update(agent.TopicConn, func(s *agent.Snapshot) { s.Conn.Connected = false })
	code, body = htmxPost(t, c, f.URL, "/live/tell", url.Values{"text": {"hello"}})
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "not in the game") || len(m.told) != 1 {
		t.Fatalf("telling with the link down: %d %q, told %q", code, body, m.told)
	}
}

func TestStopAndPauseShowTheirResult(t *testing.T) {
	m := &fakeMind{busy: true}
	f := serve(t, withMind(m))
	c := browser(t)
	_, page := get(t, c, f.URL+"/")
	if !strings.Contains(page, `hx-post="/live/stop"`) || !strings.Contains(page, `hx-post="/live/pause"`) {
		t.Fatalf("the live page has no Stop or Pause")
	}
	if code, body := htmxPost(t, c, f.URL, "/live/stop", nil); code != http.StatusOK || !strings.Contains(body, "Stopped") || m.stops != 1 {
		t.Fatalf("stop: %d %q, %d stops", code, body, m.stops)
	}
	m.busy = false
	if code, body := htmxPost(t, c, f.URL, "/live/stop", nil); code != http.StatusOK || !strings.Contains(body, "She stands still now") {
		t.Fatalf("stop with free hands: %d %q", code, body)
	}
	if code, body := htmxPost(t, c, f.URL, "/live/pause", nil); code != http.StatusOK || !strings.Contains(body, "Paused") {
		t.Fatalf("pause: %d %q", code, body)
	}
	if code, body := htmxPost(t, c, f.URL, "/live/play", nil); code != http.StatusOK || !strings.Contains(body, "playing again") {
		t.Fatalf("play: %d %q", code, body)
	}
	if fmt.Sprint(m.playing) != "[false true]" {
		t.Fatalf("the switch went %v", m.playing)
	}
	// A failure the person cannot fix is a sentence, never the Go error.
	m.err = errBoom
	code, body := htmxPost(t, c, f.URL, "/live/pause", nil)
	if code != http.StatusInternalServerError || strings.Contains(body, "boom") || !strings.Contains(body, "log says why") {
		t.Fatalf("a failed pause: %d %q", code, body)
	}
	m.err = fmt.Errorf("agent: tell: %w", agent.ErrSkillOff)
	if code, body := htmxPost(t, c, f.URL, "/live/tell", url.Values{"text": {"hi"}}); code != http.StatusConflict || !strings.Contains(body, "paused") {
		t.Fatalf("telling her while paused: %q", body)
	}
}

// fakeMap is a remembered map of n×n blocks from (0, 0).
type fakeMap struct{ n int }

func (f fakeMap) BlocksIn(_ context.Context, _, dim string, x0, z0, x1, z1, limit int) ([]game.KnownBlock, bool, error) {
	var out []game.KnownBlock
	for x := max(x0, 0); x <= min(x1, f.n-1); x++ {
		for z := max(z0, 0); z <= min(z1, f.n-1); z++ {
			if len(out) == limit {
				return out, true, nil
			}
			out = append(out, game.KnownBlock{Dimension: dim, Pos: game.Pos{X: x, Y: 60, Z: z}, Block: "iron_ore"})
		}
	}
	return out, false, nil
}

func TestMapBlocksSendsOnlyTheBoxAsked(t *testing.T) {
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Map = fakeMap{n: 100} })
	c := browser(t)
	code, body := get(t, c, f.URL+"/map/blocks?dim=overworld&x0=0&z0=0&x1=9&z1=4")
	if code != http.StatusOK || strings.Count(body, "<rect") != 50 || !strings.Contains(body, `class="k-ore"`) ||
		!strings.Contains(body, `viewBox="0 0 10 5"`) || !strings.Contains(body, "iron ore at (3, 60, 2)") {
		t.Fatalf("GET the blocks of a 10×5 box: %d\n%.400s", code, body)
	}
	// A box larger than a screen is cut to its middle.
	_, body = get(t, c, f.URL+"/map/blocks?dim=overworld&x0=-5000&z0=-5000&x1=5000&z1=5000")
	if !strings.Contains(body, `viewBox="-256 -256 512 512"`) {
		t.Fatalf("a huge box was not clamped:\n%.300s", body)
	}
	code, body = get(t, c, f.URL+"/map/blocks?dim=overworld&x0=a")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "whole block coordinates") {
		t.Fatalf("a bad box: %d %q", code, body)
	}
}
