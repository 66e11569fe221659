package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
	"beaweb/internal/store"
)

// Stop and Pause on the dashboard, played through the whole program in
// lockstep: she stands still, and the game side's reflexes keep her alive.

// nightLog is what a practice world sent through a night: the time of
// day, her deaths, respawns and reflexes, in order, each with the tick of
// the state before it. dawn is closed at the first state of the morning.
type nightLog struct {
	mu       sync.Mutex
	tick     int64
	day      int64 // the state's time of day
	events   []nightEvent
	dawn     chan struct{}
	dawnOnce sync.Once
}

type nightEvent struct {
	tick int64
	what string // "death", "respawn" or "reflex"
	p    protocol.Packet
}

// dawnAt is the time of day the night test waits for: the sun is up and
// the zombies burn.
const dawnAt = 23500

func newNightLog() *nightLog { return &nightLog{dawn: make(chan struct{})} }

func (n *nightLog) watch(p protocol.Packet) {
	n.mu.Lock()
	defer n.mu.Unlock()
	switch p := p.(type) {
	case protocol.State:
		n.tick, n.day = p.Tick, p.World.Time%24000
		if n.day >= dawnAt {
			n.dawnOnce.Do(func() { close(n.dawn) })
		}
	case protocol.Death:
		n.events = append(n.events, nightEvent{n.tick, "death", p})
	case protocol.Respawn:
		n.events = append(n.events, nightEvent{n.tick, "respawn", p})
	case protocol.Reflex:
		n.events = append(n.events, nightEvent{n.tick, "reflex", p})
	}
}

// since is the events from index i on, and how many there are in all.
func (n *nightLog) since(i int) ([]nightEvent, int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.events[min(i, len(n.events)):]), len(n.events)
}

func (n *nightLog) String() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	var b strings.Builder
	for _, e := range n.events {
		switch p := e.p.(type) {
		case protocol.Reflex:
			fmt.Fprintf(&b, "%6d %s %s: %s\n", e.tick, p.Reflex, p.Event, p.Message)
		case protocol.Death:
			fmt.Fprintf(&b, "%6d death: %s\n", e.tick, p.Cause)
		default:
			fmt.Fprintf(&b, "%6d %s\n", e.tick, e.what)
		}
	}
	return b.String()
}

// reflexDone reports whether a reflex of kind finished among events.
func reflexDone(events []nightEvent, kind string) bool {
	return slices.ContainsFunc(events, func(e nightEvent) bool {
		r, ok := e.p.(protocol.Reflex)
		return ok && r.Reflex == kind && r.Event == protocol.EventFinished
	})
}

// dashboard presses the live page's buttons as a browser does: with the
// session's cookie and its CSRF token.
type dashboard struct {
	base  string
	c     *http.Client
	token string
}

func openDashboard(base string) (*dashboard, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	d := &dashboard{base: base, c: &http.Client{Jar: jar, Timeout: time.Minute}}
	resp, err := d.c.Get(base + "/")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	u, _ := url.Parse(base)
	for _, ck := range jar.Cookies(u) {
		if ck.Name == "bea_csrf" {
			d.token = ck.Value
		}
	}
	return d, nil
}

// press posts one of the live page's controls, as htmx does.
func (d *dashboard) press(path string) error {
	req, err := http.NewRequest(http.MethodPost, d.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-CSRF-Token", d.token)
	req.Header.Set("HX-Request", "true")
	resp, err := d.c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("POST %s answered %s", path, resp.Status)
	}
	return nil
}

// page is the live page as a browser first loads it.
func (d *dashboard) page() (string, error) {
	resp, err := d.c.Get(d.base + "/")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// pressingModel is a scripted mind that starts a long dig at her first
// turn and, as a person at the dashboard would, presses Stop at the next
// step; told of her return after a death, it presses Pause. Standing still
// it says nothing. The buttons are pressed from inside her turn, so they
// land at the same tick of the world at every run.
type pressingModel struct {
	policyModel
	dash  chan *dashboard // the dashboard, once beaweb listens
	board *dashboard
	mu    sync.Mutex
	err   error // the first press that failed
	// pauseAfterRespawn has the model press Pause when she is back after
	// a death.
	pauseAfterRespawn bool
}

func newPressingModel(pauseAfterRespawn bool) *pressingModel {
	m := &pressingModel{dash: make(chan *dashboard, 1), pauseAfterRespawn: pauseAfterRespawn}
	dig := tool("find_block", map[string]any{"block": "dirt", "count": 256, "radius": 8})
	// A step that only starts an action ends her turn; a look at her
	// death log beside the dig gives her something to read, so the turn
	// has a next step, where the person presses Stop.
	deaths := tool("check_death_log", map[string]any{})
	silent := tool("stay_silent", map[string]any{})
	dug := false
	m.seen = func(_, perception string, step int) []agent.ToolCall {
		switch {
		case !dug && step == 0:
			dug = true
			return []agent.ToolCall{dig, deaths}
		case dug && step == 1 && strings.Contains(perception, "You are in the game now"):
			m.press("/live/stop")
		case m.pauseAfterRespawn && step == 0 && strings.Contains(perception, "You are back in the game after dying"):
			m.press("/live/pause")
		}
		return []agent.ToolCall{silent}
	}
	return m
}

func (m *pressingModel) press(path string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.board == nil {
		m.board = <-m.dash
	}
	if err := m.board.press(path); err != nil && m.err == nil {
		m.err = err
	}
}

func (m *pressingModel) failed() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.err
}

// standStill runs beaweb in lockstep in the practice world opened at dusk
// (12000) with opts, the model pressing the buttons, until dawn.
func standStill(t *testing.T, opts practice.Options, m *pressingModel) (*nightLog, addrs, *dashboard) {
	t.Helper()
	night := newNightLog()
	opts.StartTime, opts.Speed, opts.Players = 12000, 10000, []practice.PlayerScript{}
	a, logs := startBeawebEnv(t, env{model: m, practice: &opts, lockstep: lockstep.New(time.Now()), watch: night.watch},
		"--idle-nudge-seconds", "0", "--commentary-seconds", "0")
	d, err := openDashboard(a.Dashboard)
	if err != nil {
		t.Fatal(err)
	}
	m.dash <- d
	select {
	case <-night.dawn:
	case <-time.After(5 * time.Minute):
		t.Fatalf("no dawn within 5 minutes; the night:\n%s\n%s", night, logs)
	}
	if err := m.failed(); err != nil {
		t.Fatalf("a button of the live page failed: %v\n%s", err, logs)
	}
	t.Logf("the night:\n%s", night)
	return night, a, d
}

// TestStoppedAtDuskSheEatsFightsBackAndLives: opened at dusk, hungry (food
// 8) with a sword and bread, she starts digging and the person at the
// dashboard presses Stop. The dig ends as stopped and she stands still the
// whole night in the open, where the zombies come: the game side's
// reflexes eat her bread and fight them off, and she is alive at dawn. The
// live page says she is stopped and that her reflexes go on, and its
// reflex card lists what they did.
func TestStoppedAtDuskSheEatsFightsBackAndLives(t *testing.T) {
	m := newPressingModel(false)
	night, a, d := standStill(t, practice.Options{Seed: 2, Food: 8, Kit: game.Inventory{"stone_sword": 1, "bread": 4}}, m)
	events, _ := night.since(0)
	if i := slices.IndexFunc(events, func(e nightEvent) bool { return e.what == "death" }); i >= 0 {
		t.Fatalf("stopped at dusk she died at tick %d:\n%s", events[i].tick, night)
	}
	if !reflexDone(events, protocol.ReflexEat) || !reflexDone(events, protocol.ReflexDefend) {
		t.Errorf("standing still she did not both eat and fight back:\n%s", night)
	}
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.RecentActions(context.Background(), 100, store.ActionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rows, func(r agent.ActionRecord) bool {
		return r.Action == "find_block" && r.Result == string(protocol.Interrupted) && strings.Contains(r.Message, "stopped")
	}) {
		t.Errorf("the dig did not end as stopped: %+v", rows)
	}
	if slices.ContainsFunc(rows, func(r agent.ActionRecord) bool { return r.Action != "find_block" && r.Action != "stop_moving" }) {
		t.Errorf("stopped, her hands took up something else: %+v", rows)
	}
	page, err := d.page()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"data-held", "Her reflexes still eat, fight back and flee", "Ate bread", "Fought off a Zombie"} {
		if !strings.Contains(page, want) {
			t.Errorf("the live page lacks %q:\n%s", want, page)
		}
	}
}

// TestPausedAfterARespawnSheFightsBackAndLives: stopped at dusk with a
// sword and bread, she dies in the night (the night in the open is beyond
// her reflexes, which is why the page warns of it); back at her spawn, the
// zombies still about, the person presses Pause. Her mind decides nothing
// from then on, and the reflexes alone fight back, eat, and keep her alive
// until dawn; the live page lists them.
func TestPausedAfterARespawnSheFightsBackAndLives(t *testing.T) {
	m := newPressingModel(true)
	night, _, d := standStill(t, practice.Options{Seed: 5, Food: 8, Kit: game.Inventory{"stone_sword": 1, "bread": 4}}, m)
	events, _ := night.since(0)
	back := slices.IndexFunc(events, func(e nightEvent) bool { return e.what == "respawn" })
	if back < 0 {
		t.Fatalf("she never died and came back, so the pause after a respawn was never pressed:\n%s", night)
	}
	after := events[back:]
	if i := slices.IndexFunc(after, func(e nightEvent) bool { return e.what == "death" }); i >= 0 {
		t.Fatalf("paused after her respawn at tick %d, she died again at tick %d:\n%s", events[back].tick, after[i].tick, night)
	}
	if !reflexDone(after, protocol.ReflexDefend) {
		t.Errorf("paused after her respawn, she never fought back:\n%s", night)
	}
	page, err := d.page()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"data-paused", "Her reflexes still eat, fight back and flee", "Fought off a Zombie"} {
		if !strings.Contains(page, want) {
			t.Errorf("the live page lacks %q:\n%s", want, page)
		}
	}
}
