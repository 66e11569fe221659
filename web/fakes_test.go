package web_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/settings"
	"beaweb/web"
	"beaweb/web/fanout"
)

// clock is the fixed "now" of the tests: the action in her hands started
// 12 s before it.
var clock = time.Date(2026, 12, 2, 12, 0, 12, 0, time.UTC)

// fakeLive is the mind's snapshot, changed by the tests. Update publishes
// the change as the mind does.
type fakeLive struct {
	mu   sync.Mutex
	snap agent.Snapshot
	seq  uint64
	hub  *fanout.Hub[agent.Change]
}

func newFakeLive() *fakeLive {
	return &fakeLive{snap: sampleSnapshot(), hub: fanout.New[agent.Change](4096)}
}

func (f *fakeLive) Snapshot() agent.Snapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.snap
}

func (f *fakeLive) Update(t agent.Topic, fn func(*agent.Snapshot)) uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(&f.snap)
	f.seq++
	f.hub.Publish(agent.Change{Seq: f.seq, Topic: t, Snap: f.snap})
	return f.seq
}

func sampleSnapshot() agent.Snapshot {
	started := clock.Add(-12 * time.Second)
	return agent.Snapshot{
		At:      clock,
		Name:    "Bea",
		Enabled: true,
		Conn: protocol.ConnStatus{
			URL: "ws://127.0.0.1:8080", Connected: true, Since: started, Protocol: 2,
		},
		GameSide: &agent.GameSide{ModVersion: "1.4.0", Version: "1.21.4"},
		Model:    agent.ModelStatus{Provider: "rules", Model: "autopilot", LastLatency: 3 * time.Millisecond},
		Doing: &agent.Doing{
			ID: "r7-a", Action: "find_block", Call: "find_block(block=log, count=4)", Params: `{"block":"oak_log","count":4}`, Started: started,
			Progress: &agent.Progress{Done: 1, Total: 4, Message: "chopped 1 of 4 logs", At: clock},
		},
		Last: &agent.Finished{
			ID: "r6-a", Action: "move_to", Call: "move_to(x=3, y=64, z=-2)", Result: protocol.Success,
			Message: "arrived", Started: started.Add(-5 * time.Second), Ended: started,
		},
		World: game.WorldID{Server: "practice", Dimension: "overworld"},
		Body: &agent.Body{Health: 17.5, Food: 18, Position: game.Vec3{X: 3.5, Y: 64, Z: -1.5},
			Time: 1000, Weather: "clear", Biome: "plains"},
		Voice: []agent.Line{{At: clock, Text: "Off to find some wood."}},
		Chat:  []agent.ChatLine{{At: clock, Name: "Steve", Message: "hi Bea"}},
	}
}

// fakeHistory serves a fixed list and records the queries it was asked.
type fakeHistory struct {
	mu      sync.Mutex
	rows    []agent.ActionRecord
	queries []web.ActionQuery
	err     error
}

func (f *fakeHistory) RecentActions(_ context.Context, q web.ActionQuery) ([]agent.ActionRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.queries = append(f.queries, q)
	if f.err != nil {
		return nil, f.err
	}
	var out []agent.ActionRecord
	for _, r := range f.rows {
		if (q.Action == "" || r.Action == q.Action) && (q.Result == "" || r.Result == q.Result) && (!q.Running || r.Finished.IsZero()) &&
			(q.Before.IsZero() || r.Started.Before(q.Before)) {
			out = append(out, r)
		}
	}
	if q.Limit > 0 && len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, nil
}

func (f *fakeHistory) add(r agent.ActionRecord) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows = append([]agent.ActionRecord{r}, f.rows...)
}

// fakeAsker records each question; answer, when set, runs on each.
type fakeAsker struct {
	mu     sync.Mutex
	asked  int
	err    error
	answer func()
}

func (f *fakeAsker) Ask(context.Context) error {
	f.mu.Lock()
	f.asked++
	err, answer := f.err, f.answer
	f.mu.Unlock()
	if err == nil && answer != nil {
		answer()
	}
	return err
}

func (f *fakeAsker) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.asked
}

// fakeSettings keeps the settings as the program does, through package
// settings, and answers the Test buttons with what it is told.
type fakeSettings struct {
	mu      sync.Mutex
	st      web.Settings
	model   string // TestModel's answer
	modErr  error  // TestMod's failure
	modURLs []string
	tested  []web.SettingsUpdate // what each model test was given
}

func (f *fakeSettings) Settings(context.Context) (web.Settings, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st, nil
}

func (f *fakeSettings) SaveSettings(_ context.Context, u web.SettingsUpdate) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	next, err := f.st.Values.Change(u.Changes)
	if err == nil && u.ClearKey {
		next, err = next.Forget(settings.APIKey)
	}
	if err != nil {
		return err
	}
	f.st.Values, f.st.Enabled = next, u.Enabled
	return nil
}

func (f *fakeSettings) TestModel(_ context.Context, u web.SettingsUpdate) (string, error) {
	f.mu.Lock()
	f.tested = append(f.tested, u)
	f.mu.Unlock()
	if f.model == "" {
		return "", fault.New(fault.CodeUnavailable, "Her model's server at api.example.com refused the API key: check the key on Settings.")
	}
	return f.model, nil
}

func (f *fakeSettings) TestMod(_ context.Context, url string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.modURLs = append(f.modURLs, url)
	if f.modErr != nil {
		return "", f.modErr
	}
	return "The mod at " + url + " answered.", nil
}

// key is the API key kept, for tests that look for it where it must not be.
func (f *fakeSettings) key() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st.Values.Text(settings.APIKey)
}

// fakeObjectives is her plan in memory.
type fakeObjectives struct {
	mu   sync.Mutex
	list []agent.Objective
	next int64
}

func (f *fakeObjectives) Objectives(context.Context) ([]agent.Objective, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.list), nil
}

func (f *fakeObjectives) SaveObjective(_ context.Context, o *agent.Objective) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if o.ID != 0 {
		return errors.New("fake objectives: only adding is faked")
	}
	f.next++
	o.ID = f.next
	f.list = append(f.list, *o)
	return nil
}

func (f *fakeObjectives) SetObjectiveDone(_ context.Context, id int64, done bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.list {
		if f.list[i].ID == id {
			f.list[i].Done = done
			return nil
		}
	}
	return errGone
}

func (f *fakeObjectives) DeleteObjective(_ context.Context, id int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.list {
		if f.list[i].ID == id {
			f.list = slices.Delete(f.list, i, i+1)
			return nil
		}
	}
	return errGone
}

// fixture is a dashboard served on a loopback port with fakes behind it.
type fixture struct {
	URL        string
	Live       *fakeLive
	History    *fakeHistory
	Asker      *fakeAsker
	Settings   *fakeSettings
	Objectives *fakeObjectives
	Server     *web.Server
	stop       func()
}

type option func(*web.Config, *web.Deps)

// serve starts a dashboard on 127.0.0.1:0 and stops it when the test ends,
// checking that Serve returned without error.
func serve(t testing.TB, opts ...option) *fixture {
	t.Helper()
	f := &fixture{
		Live:       newFakeLive(),
		History:    &fakeHistory{},
		Asker:      &fakeAsker{},
		Settings:   &fakeSettings{st: web.Settings{Values: settings.Defaults(), Enabled: true}},
		Objectives: &fakeObjectives{},
	}
	cfg := web.Config{}
	deps := web.Deps{
		Live: f.Live, Changes: f.Live.hub, Ask: f.Asker, Actions: f.History,
		Settings: f.Settings, Objectives: f.Objectives,
		Now: func() time.Time { return clock },
	}
	for _, o := range opts {
		o(&cfg, &deps)
	}
	srv, err := web.New(cfg, deps)
	if err != nil {
		t.Fatalf("web.New: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	f.URL = "http://" + ln.Addr().String()
	f.Server = srv
	var once sync.Once
	f.stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
	t.Cleanup(f.stop)
	return f
}

// browser is an HTTP client with a cookie jar, as a browser would keep.
func browser(t testing.TB) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// csrfToken is the token the browser's cookie jar holds for u (a GET must
// have come first).
func csrfToken(t testing.TB, c *http.Client, u string) string {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	for _, ck := range c.Jar.Cookies(pu) {
		if ck.Name == "bea_csrf" {
			return ck.Value
		}
	}
	t.Fatal("no bea_csrf cookie: a GET must come before a POST")
	return ""
}

var errBoom = errors.New("boom")

// errGone is a fake's "not found", as the store says it.
var errGone = fault.New(fault.CodeNotFound, "There is nothing here: it may have been deleted.")
