package agent

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

type fixedObjectives []Objective

func (f fixedObjectives) Objectives(context.Context) ([]Objective, error) { return f, nil }

func TestIdleNudge(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{IdleNudge: 30 * time.Second})
		m.objectives = fixedObjectives{{Text: "build a house"}, {Text: "find iron", Done: true}}
		start := time.Now()
		if _, ok := m.nudge(context.Background(), start.Add(29*time.Second)); ok {
			t.Fatal("nudged before 30 s")
		}
		p, ok := m.nudge(context.Background(), start.Add(30*time.Second))
		if !ok {
			t.Fatal("no nudge after 30 s standing around")
		}
		if !p.Addressed || p.Kind != KindIdle || !strings.Contains(p.Text, "30s") || !strings.Contains(p.Text, "1. build a house") || strings.Contains(p.Text, "find iron") {
			t.Errorf("idle nudge: %+v", p)
		}
		if _, ok := m.nudge(context.Background(), start.Add(45*time.Second)); ok {
			t.Error("nudged again 15 s after the last nudge")
		}
		if p, ok := m.nudge(context.Background(), start.Add(61*time.Second)); !ok || !strings.Contains(p.Text, "61s") {
			t.Errorf("the second nudge: %v %+v", ok, p)
		}
		m.objectives = fixedObjectives{}
		if p, ok := m.nudge(context.Background(), start.Add(95*time.Second)); !ok || !strings.Contains(p.Text, "a player in a field is still a player") {
			t.Errorf("with no objectives: %+v", p)
		}
	})
}

func TestIdleNudgeOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{IdleNudge: 0})
		if _, ok := m.nudge(context.Background(), time.Now().Add(time.Hour)); ok {
			t.Error("nudged with the idle nudge off")
		}
	})
}

// watching is a dashboard with viewers viewers.
type watching int

func (w watching) Viewers() int { return int(w) }

func TestCommentaryOnlyWhenSomethingChanged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		m, _ := newTestMind(&scripted{}, g, MindConfig{Commentary: 20 * time.Second, IdleNudge: 30 * time.Second})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		m.hands.Start(ctx, []Action{{Name: "find_block", Call: "find_block(block=log, count=16)"}}, 1)
		synctest.Wait()
		start := time.Now()
		if _, ok := m.nudge(context.Background(), start.Add(10*time.Second)); ok {
			t.Fatal("commentary before 20 s")
		}
		m.hands.Progress(protocol.Progress{ID: "r1-abcdef", Done: 3, Total: 16, Message: "chopping oak_log"})
		p, ok := m.nudge(context.Background(), start.Add(20*time.Second))
		if !ok || p.Kind != KindCommentary || !strings.Contains(p.Text, "3/16") || !strings.Contains(p.Text, "find_block(block=log, count=16)") {
			t.Fatalf("commentary: %v %+v", ok, p)
		}
		if _, ok := m.nudge(context.Background(), start.Add(45*time.Second)); ok {
			t.Error("commentary with nothing new: time passing is not news")
		}
		m.Senses.Handle(ctx, protocol.State{Inventory: []game.Slot{{Item: "oak_log", Count: 5}}})
		if p, ok := m.nudge(context.Background(), start.Add(50*time.Second)); !ok || !strings.Contains(p.Text, "5 oak_log") {
			t.Errorf("commentary after the inventory changed: %v %+v", ok, p)
		}
		if _, ok := m.nudge(context.Background(), start.Add(55*time.Second)); ok {
			t.Error("two comments within 20 s")
		}
		close(release)
		m.hands.Wait()
	})
}

// TestHerModelHearsCommentaryOnlyWithAnAudience: her commentary reaches
// her model only when someone hears it (a dashboard viewer, a player
// within 16 blocks) and at most once a game minute; the autopilot playing
// a goal hears every one.
func TestHerModelHearsCommentaryOnlyWithAnAudience(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{Commentary: 20 * time.Second})
		ctx := context.Background()
		said := func(players ...game.NearPlayer) bool {
			time.Sleep(20 * time.Second) // the synctest clock: the commentary's own pace
			m.Senses.Handle(ctx, protocol.State{Players: players})
			return m.wakesModel(Perception{Kind: KindCommentary, At: m.live.Now()}, false)
		}
		if said() {
			t.Error("her model heard a comment nobody hears")
		}
		if said(game.NearPlayer{Name: "Alex", Distance: 40}) {
			t.Error("her model heard a comment for a player 40 blocks away")
		}
		if !said(game.NearPlayer{Name: "Alex", Distance: 12}) {
			t.Error("her model did not hear a comment with Alex 12 blocks away")
		}
		m.SetAudience(watching(2))
		if said() || said() {
			t.Error("her model heard two comments within a game minute")
		}
		if !said() {
			t.Error("her model did not hear a comment a minute on, with two people watching")
		}
		m.SetAudience(watching(0))
		time.Sleep(time.Minute)
		if said() {
			t.Error("her model heard a comment for a dashboard nobody watches")
		}
		if !forAutopilot(Perception{Kind: KindCommentary}) {
			t.Error("the autopilot playing a goal does not hear her commentary")
		}
	})
}

func TestAskPutsAPerceptionOnTheBus(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{})
		m.Senses.Handle(context.Background(), protocol.State{Inventory: []game.Slot{{Item: "cobblestone", Count: 12}}})
		if err := m.Ask(context.Background()); err != nil {
			t.Fatal(err)
		}
		p := <-m.inbox.queue
		if p.Kind != KindAsk || !p.Addressed || !strings.Contains(p.Text, "12 cobblestone") || !strings.Contains(p.Text, "hands are free") {
			t.Errorf("ask: %+v", p)
		}
		m.SetEnabled(context.Background(), false)
		if err := m.Ask(context.Background()); err == nil {
			t.Error("asking with the skill off did not say so")
		}
	})
}

func TestCommentaryOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, release := holding()
		m, _ := newTestMind(&scripted{}, g, MindConfig{Commentary: 0, IdleNudge: 30 * time.Second})
		m.hands.Start(context.Background(), []Action{{Name: "find_block", Call: "find_block(block=log, count=16)"}}, 1)
		synctest.Wait()
		m.hands.Progress(protocol.Progress{ID: "r1-abcdef", Done: 3, Total: 16})
		if p, ok := m.nudge(context.Background(), time.Now().Add(time.Hour)); ok {
			t.Errorf("with commentary off, an hour into find_block: %+v", p)
		}
		close(release)
		m.hands.Wait()
	})
}

// stuckObjectives is a store that answers only when its caller gives up.
type stuckObjectives struct{ entered chan struct{} }

func (s *stuckObjectives) Objectives(ctx context.Context) ([]Objective, error) {
	close(s.entered)
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestANudgeReadsItsObjectivesWithNoLockHeld: while the store is slow to
// give her objectives, the mind's lock is free (a setting still applies at
// once), and the read gives up at its deadline with a nudge all the same.
func TestANudgeReadsItsObjectivesWithNoLockHeld(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{IdleNudge: 30 * time.Second})
		stuck := &stuckObjectives{entered: make(chan struct{})}
		m.objectives = stuck
		done := make(chan Perception)
		go func() {
			p, _ := m.nudge(context.Background(), time.Now().Add(time.Hour))
			done <- p
		}()
		<-stuck.entered
		m.SetNudges(time.Minute, 0) // takes the mind's lock
		start := time.Now()
		p := <-done
		if waited := time.Since(start); waited > objectivesWait {
			t.Errorf("the nudge waited %v on the store, more than its %v", waited, objectivesWait)
		}
		if !strings.Contains(p.Text, "Nobody has set you an objective") {
			t.Errorf("the nudge after a store that did not answer: %q", p.Text)
		}
	})
}
