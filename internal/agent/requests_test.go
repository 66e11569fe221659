package agent

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// chatFrom is a line Alex or another player says to her.
func chatFrom(name, msg string) Perception {
	return Perception{Source: SourceChat, Kind: KindChat, Addressed: true,
		Chat: &Heard{Author: Author{UUID: "uuid-" + name, Name: name}, Message: msg},
		Text: name + " says in the game chat: " + msg}
}

// TestOnlyThePlayersSheObeysAreMarkedSo: each line said to her says
// whether she takes requests from its speaker, in its fields and in the
// words a model reads.
func TestOnlyThePlayersSheObeysAreMarkedSo(t *testing.T) {
	ps := []Perception{chatFrom("Alex", "come here"), chatFrom("Mallory", "give me your pickaxe")}
	markObeyed(ps, Policy{Obey: []string{"alex", "Steve"}})
	if !ps[0].Chat.Obeyed || strings.Contains(ps[0].Text, "not one of the players") {
		t.Errorf("Alex: %+v %q", ps[0].Chat, ps[0].Text)
	}
	if ps[1].Chat.Obeyed || !strings.Contains(ps[1].Text, "Mallory is not one of the players you take requests from") {
		t.Errorf("Mallory: %+v %q", ps[1].Chat, ps[1].Text)
	}
	everyone := []Perception{chatFrom("Mallory", "hi")}
	markObeyed(everyone, Policy{})
	if !everyone[0].Chat.Obeyed {
		t.Error("with nobody listed she obeys nobody; want everyone")
	}
}

// TestAPlayerHasSoManyTurnsAMinute: lines beyond a player's turns wait for
// a later turn, gathered, never dropped; another player is not held up. A
// player whose lines begin to wait is told once, by a paced perception
// naming them, not once a line; the autopilot brain is held to the limit
// too.
func TestAPlayerHasSoManyTurnsAMinute(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		autopilot := &scripted{}
		m, _ := newTestMind(autopilot, &gametest.Game{}, MindConfig{})
		m.fallback = autopilot // she thinks with the offline autopilot: no exemption
		m.SetPolicy(Policy{TurnsPerMinute: 2})
		var read, paced []string
		turn := func(ps ...Perception) {
			for _, p := range m.limitPlayers(ps, m.live.Now()) {
				if p.Kind == KindPaced {
					paced = append(paced, p.Chat.Author.Name+": "+p.Chat.Message)
					continue
				}
				read = append(read, p.Chat.Message)
			}
		}
		turn(chatFrom("Alex", "1"))
		turn(chatFrom("Alex", "2"))
		turn(chatFrom("Alex", "3"), chatFrom("Steve", "s1"))
		turn(chatFrom("Alex", "4"))
		turn(chatFrom("Alex", "5"), chatFrom("Alex", "6"))
		if got := strings.Join(read, " "); got != "1 2 s1" {
			t.Fatalf("in the first minute her turns read %q, want Alex's first two and Steve's", got)
		}
		if got := strings.Join(paced, " | "); got != "Alex: 3" {
			t.Errorf("told of the pace: %q, want once, of Alex's first line that waits", got)
		}
		time.Sleep(time.Minute)
		turn()
		if got := strings.Join(read, " "); got != "1 2 s1 3 4 5 6" {
			t.Errorf("a minute on her turns read %q, want Alex's waiting lines together", got)
		}
		if len(paced) != 1 {
			t.Errorf("the waiting lines read, she was told of the pace again: %q", paced)
		}
	})
}

// TestTheSpendCapPausesTheModel: at the cap her turns go to the offline
// autopilot, the live panel shows the figure, and the model comes back
// once the last hour's spend is under the cap.
func TestTheSpendCapPausesTheModel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		costly := ModelResponse{ToolCalls: []ToolCall{call("1", "stay_silent", `{}`)}, Usage: Usage{InputTokens: 1_000_000}}
		model := &scripted{steps: []ModelResponse{costly, costly}}
		autopilot := &scripted{}
		live := NewLive("Bea", nil, nil)
		inbox := NewInbox(0, discard(), live)
		hands := NewHands(&gametest.Game{}, nil, live, discard(), inbox.Perceive)
		m := NewMind(MindConfig{}, MindDeps{Model: func() Model { return model }, Tools: toolbox{}, Live: live,
			Hands: hands, Inbox: inbox, Prices: fixedPrices{in: 3, cached: 0.3, out: 15}, Fallback: autopilot, Logger: discard()})
		m.SetPolicy(Policy{SpendCap: 5})
		live.SetConn(protocol.ConnStatus{Connected: true})
		ask := []Perception{{Source: SourceDashboard, Kind: KindAsk, Text: "?"}}
		m.turn(context.Background(), ask) // $3
		m.turn(context.Background(), ask) // $6: at the cap from now
		m.turn(context.Background(), ask)
		if n := len(model.requests()); n != 2 {
			t.Errorf("the model was called %d times, want 2: the third turn is past the cap", n)
		}
		if n := len(autopilot.requests()); n != 1 {
			t.Errorf("the autopilot took %d turns, want 1", n)
		}
		c := live.Snapshot().Model.Capped
		if c == nil || c.Cap != 5 || c.Spent < 5.99 || c.Spent > 6.01 {
			t.Fatalf("the live panel shows the cap as %+v, want 6 spent of 5", c)
		}
		time.Sleep(61 * time.Minute)
		model.steps = append(model.steps, costly)
		m.turn(context.Background(), ask)
		if n := len(model.requests()); n != 3 || live.Snapshot().Model.Capped != nil {
			t.Errorf("an hour on: %d model calls, cap %+v; want the model back and no cap shown", n, live.Snapshot().Model.Capped)
		}
	})
}

// TestStopHoldsHerStill: Stop on the dashboard ends the running action and
// has her stand still, with no idle nudge, until a new action or "Let her
// play".
func TestStopHoldsHerStill(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := newTestMind(&scripted{}, &gametest.Game{}, MindConfig{IdleNudge: time.Second})
		if _, err := m.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := m.live.Snapshot().Held
		if h == nil || h.By != "the dashboard" {
			t.Fatalf("held %+v, want held by the dashboard", h)
		}
		time.Sleep(time.Minute)
		if p, ok := m.nudge(context.Background(), m.live.Now()); ok {
			t.Errorf("held, she was nudged: %q", p.Text)
		}
		if !strings.Contains(m.liveState(context.Background()), "you are standing still: the dashboard told you to stop") {
			t.Errorf("her live state does not say she was stopped:\n%s", m.liveState(context.Background()))
		}
		m.SetEnabled(context.Background(), true) // Let her play
		if m.live.Snapshot().Held != nil {
			t.Error("Let her play left her held")
		}
		m.hands.Hold("Alex")
		m.hands.Start(context.Background(), []Action{{Name: "move_to", Call: "move_to(x=1)"}}, 0)
		if m.live.Snapshot().Held != nil {
			t.Error("a new action left her held")
		}
		m.hands.Wait()
	})
}
