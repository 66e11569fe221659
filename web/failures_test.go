package web_test

import (
	"bufio"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
)

// The History filter's "still running" keeps the actions without a result,
// and only those.
func TestHistoryStillRunningFilter(t *testing.T) {
	f := serve(t)
	f.History.add(agent.ActionRecord{ID: "r1-done", Action: "move_to", Params: `{"x":123456,"y":64,"z":0}`, Started: clock, Finished: clock, Result: "SUCCESS"})
	f.History.add(agent.ActionRecord{ID: "r2-open", Action: "find_block", Params: `{"block":"diamond_ore"}`, Started: clock})
	code, page := get(t, browser(t), f.URL+"/history?result=running")
	if code != http.StatusOK || !strings.Contains(page, "diamond") || strings.Contains(page, "123456") {
		t.Fatalf("still running: %d, open %v, done %v", code, strings.Contains(page, "diamond"), strings.Contains(page, "123456"))
	}
	q := f.History.queries[len(f.History.queries)-1]
	if !q.Running || q.Result != "" {
		t.Fatalf("the query asked for %+v; want Running and no result", q)
	}
}

// A failing model is a banner that names the tab, says the provider's
// sentence and what to do; the hands card says the model is failing, not
// that she is thinking.
func TestFailingModelIsAnAlertAndTheHandsSayIt(t *testing.T) {
	f := serve(t)
	c := browser(t)
	free := func(s *agent.Snapshot) { s.Doing = nil }
	f.Live.Update(agent.TopicHands, free)
	_, page := get(t, c, f.URL+"/")
	if !strings.Contains(page, `data-free="idle"`) || strings.Contains(page, "Model failing") {
		t.Fatalf("a quiet model: the page says %q", between(page, `id="live-hands"`, "</section>"))
	}
	f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) { s.Model.Asking = clock.Add(-4 * time.Second) })
	if _, page = get(t, c, f.URL+"/"); !strings.Contains(page, `data-free="thinking"`) || !strings.Contains(page, "4 s") {
		t.Fatalf("a model call in flight: %q", between(page, `id="live-hands"`, "</section>"))
	}
	const said = `Her model's server at 127.0.0.1:9 is not answering (connection refused): check that it is running and that its address on Settings is right.`
	f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) {
		s.Model.Asking, s.Model.Failures, s.Model.FailingSince, s.Model.LastError = time.Time{}, 3, clock.Add(-2*time.Minute), said
	})
	_, page = get(t, c, f.URL+"/")
	alerts := between(page, `class="alerts"`, `id="live-`)
	for _, want := range []string{`data-title="⚠ Model failing · Bea"`, "Her model is not answering; she plays on the autopilot meanwhile", "3 calls failed in a row", "connection refused", "Test the model", `href="/settings"`} {
		if !strings.Contains(alerts, want) {
			t.Errorf("the banner lacks %q: %q", want, alerts)
		}
	}
	if !strings.Contains(page, `data-free="failing"`) || strings.Contains(between(page, `id="live-hands"`, "</section>"), "Thinking") {
		t.Errorf("the hands card: %q", between(page, `id="live-hands"`, "</section>"))
	}
	// Asking her while the model fails promises nothing of the model:
	// under the talk box a sentence says the autopilot answers meanwhile.
	if code, body := htmxPost(t, c, f.URL, "/minecraft/ask", nil); code != http.StatusOK || strings.Contains(body, "will appear") {
		t.Errorf("asking with the model failing: %d %q", code, body)
	}
	if _, page = get(t, c, f.URL+"/"); !strings.Contains(between(page, `id="live-talk-reply"`, "</div>"), "Her model is not answering, so the autopilot answers meanwhile") {
		t.Errorf("the talk box does not say her model fails: %q", between(page, `id="live-talk"`, "</section>"))
	}
	f.Live.Update(agent.TopicModel, func(s *agent.Snapshot) {
		s.Model.Failures, s.Model.FailingSince, s.Model.LastError = 0, time.Time{}, ""
	})
	if _, page = get(t, c, f.URL+"/"); strings.Contains(page, "Her model is not answering") {
		t.Errorf("the banner stays once the model answers")
	}
}

// What is not being saved is a banner with what, since when and the
// database's words.
func TestUnsavedIsAnAlert(t *testing.T) {
	f := serve(t)
	f.Live.Update(agent.TopicSaving, func(s *agent.Snapshot) {
		s.Unsaved = []agent.SaveTrouble{{What: "her actions (the History page)", Since: clock.Add(-time.Minute), Error: "database or disk is full", Count: 30}}
	})
	_, page := get(t, browser(t), f.URL+"/")
	alerts := between(page, `class="alerts"`, `id="live-`)
	for _, want := range []string{`data-title="⚠ Not saving · Bea"`, "Not being saved:", "her actions (the History page)", "30 writes failed, the first", "database or disk is full", "Free some disk space"} {
		if !strings.Contains(alerts, want) {
			t.Errorf("the banner lacks %q: %q", want, alerts)
		}
	}
}

// The live stream is gzipped for a browser that takes it, one event at a
// time: each event arrives whole as soon as it is sent.
func TestLiveStreamIsCompressed(t *testing.T) {
	f := serve(t)
	req, err := http.NewRequest(http.MethodGet, f.URL+"/live/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("the stream is not gzipped: %v", resp.Header)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(zr)
	seq := f.Live.Update(agent.TopicVoice, func(s *agent.Snapshot) {
		s.Voice = append(s.Voice, agent.Line{At: clock, Text: "the last line of the test"})
	})
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		if strings.TrimSpace(line) == "id: "+strconv.FormatUint(seq, 10) {
			break
		}
	}
}

// between is the part of s from the first from to the first to after it.
func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	s = s[i:]
	if j := strings.Index(s[len(from):], to); j >= 0 {
		return s[:len(from)+j]
	}
	return s
}
