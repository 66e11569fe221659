package agent

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

func TestAddressed(t *testing.T) {
	near, far := 4.0, 30.0
	cases := []struct {
		msg  string
		dist *float64
		want bool
	}{
		{"anyone got iron?", &near, true},
		{"anyone got iron?", &far, false},
		{"anyone got iron?", nil, false},
		{"hey Bea, come here", &far, true},
		{"BEA!", nil, true},
		{"a bear ate my sandwich", nil, false},
		{"ask bea_bot", nil, false},
	}
	for _, c := range cases {
		if got := Addressed("Bea", c.msg, c.dist); got != c.want {
			t.Errorf("Addressed(%q, %v) = %v, want %v", c.msg, c.dist, got, c.want)
		}
	}
}

func TestGate(t *testing.T) {
	g := NewGate(20 * time.Second)
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	chat := func(at time.Duration, addressed bool) Perception {
		return Perception{Kind: KindChat, At: t0.Add(at), Addressed: addressed}
	}
	steps := []struct {
		p    Perception
		want bool
	}{
		{chat(0, false), true},
		{chat(5*time.Second, false), false}, // within the cooldown
		{chat(6*time.Second, true), true},   // addressed: bypasses it
		{Perception{Kind: KindAction, At: t0.Add(7 * time.Second)}, true},
		{Perception{Kind: KindDeath, At: t0.Add(7 * time.Second)}, true},
		{Perception{Kind: KindFight, At: t0.Add(7 * time.Second)}, true},
		{Perception{Kind: KindIdle, At: t0.Add(7 * time.Second), Addressed: true}, true},
		{chat(19*time.Second, false), false},
		{chat(21*time.Second, false), true},
	}
	for i, s := range steps {
		if got := g.Pass(&s.p); got != s.want {
			t.Errorf("step %d (%s at %s): pass = %v, want %v", i, s.p.Kind, s.p.At.Sub(t0), got, s.want)
		}
	}
}

// TestABlowIsNewsOnlyWhenItIsNew: every blow passes the gate (the
// autopilot hears them all), but only news is marked for her model: the
// first blow of an attacker, not its next ones until it has left her alone
// a minute; another attacker; a blow with no attacker (a fall) only when it
// takes her health across half or under 6, where the flee reflex starts.
func TestABlowIsNewsOnlyWhenItIsNew(t *testing.T) {
	g := NewGate(20 * time.Second)
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hit := func(at time.Duration, who string, amount, health float64) Perception {
		return Perception{Kind: KindFight, At: t0.Add(at), Hit: &Hit{Attacker: who, Amount: amount, Health: health}}
	}
	for i, s := range []struct {
		p    Perception
		want bool
	}{
		{hit(0, "zombie", 2, 18), true},                       // a new attacker
		{hit(2*time.Second, "zombie", 2, 16), false},          // the same, again
		{hit(4*time.Second, "Alex", 1, 15), true},             // another
		{hit(5*time.Second, "zombie", 3, 12), false},          // still above half
		{hit(6*time.Second, "zombie", 3, 9), true},            // across half
		{hit(7*time.Second, "", 2, 7), false},                 // a fall, above 6
		{hit(8*time.Second, "", 2, 5), true},                  // a fall, across 6
		{hit(9*time.Second, "", 1, 4), false},                 // below both marks already
		{hit(50*time.Second, "zombie", 1, 3), false},          // it kept at her
		{hit(3*time.Minute, "zombie", 1, 19), true},           // back after leaving her alone
		{hit(3*time.Minute+time.Second, "Alex", 1, 18), true}, // Alex too, long since
	} {
		if !g.Pass(&s.p) || s.p.Hit.News != s.want {
			t.Errorf("blow %d (%q, health %g): news = %v, want %v", i, s.p.Hit.Attacker, s.p.Hit.Health, s.p.Hit.News, s.want)
		}
	}
}

// TestSixBlocksIsTheEdgeOfEarshot: a line from 6 blocks is said to her, one
// from a little further is not, unless it names her.
func TestSixBlocksIsTheEdgeOfEarshot(t *testing.T) {
	six, further := 6.0, 6.2
	if !Addressed("Bea", "anyone got iron?", &six) {
		t.Error("a line from 6 blocks is not said to her")
	}
	if Addressed("Bea", "anyone got iron?", &further) {
		t.Error("a line from 6.2 blocks is said to her")
	}
}

// TestHeartbeatsNeverWakeHer: the senses take a heartbeat and wake nobody.
func TestHeartbeatsNeverWakeHer(t *testing.T) {
	m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{})
	for i := 0; i < 5; i++ {
		m.Senses.Handle(context.Background(), protocol.Heartbeat{Tick: int64(i)})
	}
	if n := len(m.inbox.queue); n != 0 {
		t.Errorf("%d perceptions from heartbeats", n)
	}
	m.Senses.Handle(context.Background(), protocol.Damage{Amount: 2, Health: 18, Source: "mob", Attacker: &game.Attacker{Type: "zombie"}})
	if n := len(m.inbox.queue); n != 1 {
		t.Errorf("a blow woke her %d times, want once (the queue is how this test sees a wake)", n)
	}
}

// TestDeathAndReturnAreTold: her death and her return each reach her as a
// perception that wakes her, the return saying where she is now; requests
// fail while she is dead, so the return is when she can act again.
func TestDeathAndReturnAreTold(t *testing.T) {
	var got []Perception
	s := NewSenses(NewLive("Bea", &recorder{}, nil), nil, nil, nil, discard(), func(p Perception) { got = append(got, p) })
	ctx := context.Background()
	s.Handle(ctx, protocol.Death{Cause: "slain by Zombie", Position: game.Vec3{X: 3.5, Y: 64, Z: 4.5}, Dimension: "overworld"})
	s.Handle(ctx, protocol.Respawn{Position: game.Vec3{X: 0.5, Y: 70, Z: 0.5}, Dimension: "overworld"})
	if len(got) != 2 || got[0].Kind != KindDeath || got[1].Kind != KindRespawn {
		t.Fatalf("perceptions %+v, want the death then the return", got)
	}
	if want := "You are back in the game after dying, at (0, 70, 0) (overworld)"; !strings.HasPrefix(got[1].Text, want) {
		t.Errorf("the return says %q, want it to start %q", got[1].Text, want)
	}
	if !NewGate(time.Minute).Pass(&got[1]) {
		t.Errorf("the return does not pass the gate")
	}
}

// TestARespawnIsNotedOnce: the game side reports its respawn reflex
// itself, so the reflex feed holds its one line, not a second one of the
// senses' own beside it.
func TestARespawnIsNotedOnce(t *testing.T) {
	live := NewLive("Bea", nil, nil)
	s := NewSenses(live, nil, nil, nil, discard(), func(Perception) {})
	ctx := context.Background()
	s.Handle(ctx, protocol.Death{Cause: "slain by Zombie", Position: game.Vec3{X: 3.5, Y: 64, Z: 4.5}, Dimension: "overworld"})
	s.Handle(ctx, protocol.Reflex{Reflex: protocol.ReflexRespawn, Event: protocol.EventStarted, Message: "you respawn"})
	s.Handle(ctx, protocol.Respawn{Position: game.Vec3{X: 0.5, Y: 70, Z: 0.5}, Dimension: "overworld"})
	s.Handle(ctx, protocol.Reflex{Reflex: protocol.ReflexRespawn, Event: protocol.EventFinished, Message: "you are back"})
	var finished int
	for _, n := range live.Snapshot().Reflexes {
		if n.Reflex == protocol.ReflexRespawn && n.Event == protocol.EventFinished {
			finished++
		}
	}
	if finished != 1 {
		t.Errorf("%d notes of her return, want 1: %+v", finished, live.Snapshot().Reflexes)
	}
}

// TestAChatLineCarriesItsFacts: a chat perception says who spoke, from how
// far and what, and whether it was said to her by her name of the moment:
// a rename applies from the next line.
func TestAChatLineCarriesItsFacts(t *testing.T) {
	var got []Perception
	live := NewLive("Bea", nil, nil)
	s := NewSenses(live, nil, nil, nil, discard(), func(p Perception) { got = append(got, p) })
	far := 40.0
	line := protocol.Chat{UUID: "u-1", Name: "Steve", Message: "ada, are you there?", Distance: &far}
	s.Handle(context.Background(), line)
	live.Update(TopicConn, func(s *Snapshot) { s.Name = "Ada" })
	s.Handle(context.Background(), line)
	if len(got) != 2 {
		t.Fatalf("%d perceptions, want 2", len(got))
	}
	c := got[0].Chat
	if c == nil || c.Author != (Author{UUID: "u-1", Name: "Steve"}) || c.Distance == nil || *c.Distance != 40 || c.Message != line.Message {
		t.Errorf("the line's facts: %+v", c)
	}
	if got[0].Addressed || !got[1].Addressed {
		t.Errorf("addressed before and after the rename: %v, %v; want false, true", got[0].Addressed, got[1].Addressed)
	}
}

// TestAReportCarriesItsFacts: the perception of a batch names each action
// that ran, its result code and the game's sentence, and what was not done.
func TestAReportCarriesItsFacts(t *testing.T) {
	ans := protocol.Answer{Result: protocol.Failure, Message: "you need 2 planks"}
	r := Report{Steps: []Step{{Action: Action{Name: "craft_item", Call: "craft_item(item=stick)"}, Answer: ans, Text: ReadAnswer(ans)}},
		NotDone: []Action{{Name: "craft_item", Call: "craft_item(item=wooden_pickaxe)"}}}
	p := r.Perception()
	want := Ended{Action: "craft_item", Call: "craft_item(item=stick)", Result: protocol.Failure, Message: "you need 2 planks"}
	if p.Kind != KindAction || len(p.Ended) != 1 || p.Ended[0] != want || len(p.NotDone) != 1 || p.NotDone[0] != "craft_item(item=wooden_pickaxe)" {
		t.Errorf("the report's perception: %+v", p)
	}
	if !strings.Contains(p.Text, "you need 2 planks") {
		t.Errorf("its text for a model: %q", p.Text)
	}
}

// TestAMindStartedOffHearsNothing: a mind started with the skill off, as it
// was saved, shows so on the panel and lets no perception in until it is
// turned on.
func TestAMindStartedOffHearsNothing(t *testing.T) {
	m := wireMind(&scripted{}, &gametest.Game{}, MindConfig{Off: true}, testParts{})
	if m.Enabled() || m.live.Snapshot().Enabled {
		t.Fatal("a mind started off says it is on")
	}
	m.Perceive(Perception{Source: SourceGame, Kind: KindFight, Text: "hit"})
	if n := len(m.inbox.queue); n != 0 {
		t.Errorf("%d perceptions waiting while off", n)
	}
	m.SetEnabled(context.Background(), true)
	m.Perceive(Perception{Source: SourceGame, Kind: KindFight, Text: "hit"})
	if n := len(m.inbox.queue); n != 1 || !m.live.Snapshot().Enabled {
		t.Errorf("%d perceptions waiting once on, enabled %v", n, m.live.Snapshot().Enabled)
	}
}
