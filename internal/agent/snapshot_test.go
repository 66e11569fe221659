package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// randomPacket is one packet of the kinds that change her state, made up
// from r.
func randomPacket(r *rand.Rand, tick *int64) protocol.Packet {
	items := []string{"oak_log", "cobblestone", "stick", "bread", "iron_ingot"}
	switch r.IntN(8) {
	case 0, 1, 2:
		*tick += int64(1 + r.IntN(40))
		var inv []game.Slot
		for i, it := range items {
			if r.IntN(2) == 0 {
				inv = append(inv, game.Slot{Slot: i, Item: it, Count: 1 + r.IntN(64)})
			}
		}
		return protocol.State{Tick: *tick, Inventory: inv, World: protocol.WorldState{Time: *tick % 24000},
			Player: protocol.PlayerState{Health: float64(r.IntN(21)), Food: r.IntN(21), Dimension: "overworld",
				Position: game.Vec3{X: float64(r.IntN(200) - 100), Y: 64, Z: float64(r.IntN(200) - 100)}, OnGround: true}}
	case 3:
		return protocol.Reflex{Reflex: []string{"defend", "eat", "flee"}[r.IntN(3)],
			Event: []string{"started", "finished", "failed"}[r.IntN(3)], Message: fmt.Sprintf("note %d", r.IntN(100))}
	case 4:
		return protocol.Survey{Radius: 20, Kinds: []game.SurveyKind{{Kind: "iron_ore", Count: 1 + r.IntN(9)}}}
	case 5:
		return protocol.Respawn{Position: game.Vec3{X: 1, Y: 70, Z: 1}, Dimension: "overworld"}
	case 6:
		return protocol.WorldChange{Server: "practice", Dimension: []string{"overworld", "the_nether"}[r.IntN(2)]}
	default:
		return protocol.Damage{Amount: 1, Health: 19, Source: "mob"}
	}
}

// TestHerPromptAndThePanelReadOneSnapshot: whatever packets came, the live
// state her model is shown is rendered from the very snapshot the
// dashboard last received: the same tick, the same inventory, the same
// reflexes, and the same text when rendered again from the dashboard's copy.
func TestHerPromptAndThePanelReadOneSnapshot(t *testing.T) {
	for seed := range uint64(25) {
		synctest.Test(t, func(t *testing.T) {
			model := &scripted{}
			m, _ := newTestMind(model, &gametest.Game{}, MindConfig{Prompt: func(string) string { return "play" }})
			pub := m.live.pub.(*recorder)
			r := rand.New(rand.NewPCG(seed, 7))
			var tick int64
			var last *protocol.State
			for range 1 + r.IntN(40) {
				p := randomPacket(r, &tick)
				if st, ok := p.(protocol.State); ok {
					last = &st
				}
				m.Senses.Handle(context.Background(), p)
				time.Sleep(time.Duration(r.IntN(3000)) * time.Millisecond)
			}
			pub.mu.Lock()
			panel := pub.changes[len(pub.changes)-1].Snap
			pub.mu.Unlock()

			m.turn(context.Background(), []Perception{{Source: SourceDashboard, Kind: KindAsk, Addressed: true, Text: "what now?"}})
			reqs := model.requests()
			if len(reqs) == 0 {
				t.Fatal("no model call")
			}
			want := "# Right now\n\n" + RenderLiveState(panel, nil, time.Now())
			if reqs[0].System != "play" || reqs[0].Now != want {
				t.Fatalf("seed %d: her prompt is not rendered from the panel's snapshot:\n%s\n--- the panel's ---\n%s", seed, reqs[0].Now, want)
			}
			if last != nil && (panel.Tick != last.Tick || !slices.Equal(panel.Body.Inventory, last.Inventory)) {
				t.Errorf("seed %d: the panel shows tick %d and %v, the last state was tick %d with %v", seed, panel.Tick, panel.Body.Inventory, last.Tick, last.Inventory)
			}
			now := m.live.Snapshot()
			if now.Tick != panel.Tick || !slices.Equal(now.Reflexes, panel.Reflexes) || !maps(now.Inventory(), panel.Inventory()) {
				t.Errorf("seed %d: the snapshot she reads and the panel's differ", seed)
			}
		})
	}
}

func maps(a, b game.Inventory) bool { return sameInventory(a, b) }

// TestTrailVitalsAndDeaths: her position every 5 s for 10 min, her health
// and food every 10 s for 20 min, and her last five deaths with what she
// carried, by the snapshot's clock.
func TestTrailVitalsAndDeaths(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		live := NewLive("Bea", nil, nil)
		s := NewSenses(live, nil, nil, nil, discard(), func(Perception) {})
		ctx := context.Background()
		start := time.Now()
		for i := range 30 * 60 { // half an hour of a state every second
			s.Handle(ctx, protocol.State{Tick: int64(i * 20), Inventory: []game.Slot{{Item: "stick", Count: 2}},
				Player: protocol.PlayerState{Health: 20, Food: 20, Position: game.Vec3{X: float64(i)}, Dimension: "overworld"}})
			time.Sleep(time.Second)
		}
		snap := live.Snapshot()
		if n := len(snap.Trail); n < 119 || n > 121 {
			t.Errorf("%d trail points, want one every 5 s for 10 min", n)
		}
		if n := len(snap.Vitals); n < 119 || n > 121 {
			t.Errorf("%d vitals, want one every 10 s for 20 min", n)
		}
		for i := 1; i < len(snap.Trail); i++ {
			if d := snap.Trail[i].At.Sub(snap.Trail[i-1].At); d != 5*time.Second {
				t.Fatalf("trail points %v apart, want 5 s", d)
			}
		}
		if first := snap.Trail[0].At; time.Since(first) > 10*time.Minute+trailEvery || first.Before(start) {
			t.Errorf("the oldest trail point is %v old", time.Since(first))
		}
		for i := range 7 {
			s.Handle(ctx, protocol.Death{Cause: fmt.Sprintf("death %d", i), Position: game.Vec3{X: 1, Y: 2, Z: 3}})
		}
		d := live.Snapshot().Deaths
		if len(d) != keepDeaths || d[len(d)-1].Cause != "death 6" || d[0].Cause != "death 2" {
			t.Errorf("deaths %+v, want the last five, newest last", d)
		}
		if c := d[0].Carried; len(c) != 1 || c[0] != (game.Stack{Item: "stick", Count: 2}) || d[0].Dimension != "overworld" {
			t.Errorf("a death carried %v in %q", c, d[0].Dimension)
		}
	})
}

// TestASignInShowsUntilSheJoinsOrItExpires: the sign_in packet puts its URL,
// code and expiry in the snapshot; a state (she has joined), a world packet
// or a new connection's hello clears it, and an expired code is no longer
// pending. It wakes no turn: she cannot sign in herself.
func TestASignInShowsUntilSheJoinsOrItExpires(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		live := NewLive("Bea", nil, nil)
		var woke []Perception
		s := NewSenses(live, nil, nil, nil, discard(), func(p Perception) { woke = append(woke, p) })
		ctx := context.Background()
		signIn := protocol.SignIn{URL: "https://microsoft.com/link", Code: "ABCD-1234", ExpiresIn: 900, Message: "To sign in…"}
		for _, clear := range []protocol.Packet{
			protocol.State{Player: protocol.PlayerState{Health: 20, Dimension: "overworld"}},
			protocol.WorldChange{Server: "play.example.net", Dimension: "overworld"},
			protocol.Hello{Protocol: 2},
		} {
			s.Handle(ctx, signIn)
			got := live.Snapshot().PendingSignIn(time.Now())
			if got == nil || got.URL != signIn.URL || got.Code != signIn.Code || got.Expires.Sub(time.Now()) != 15*time.Minute {
				t.Fatalf("after the sign_in packet the snapshot holds %+v", got)
			}
			s.Handle(ctx, clear)
			if got := live.Snapshot().SignIn; got != nil {
				t.Errorf("a %s packet left the sign-in %+v", clear.PacketType(), got)
			}
		}
		s.Handle(ctx, signIn)
		time.Sleep(15*time.Minute - time.Second)
		if live.Snapshot().PendingSignIn(time.Now()) == nil {
			t.Error("the code expired a second early")
		}
		time.Sleep(time.Second)
		if got := live.Snapshot().PendingSignIn(time.Now()); got != nil {
			t.Errorf("an expired code is still pending: %+v", got)
		}
		for _, p := range woke {
			if p.Kind != KindConnected {
				t.Errorf("a sign-in woke her: %+v", p)
			}
		}
	})
}

// TestHerWorldOutlivesAnOutageNotANewLink: the senses keep her world and
// what the hello said, the one copy of each. A change of dimension keeps
// the server; an outage keeps both, for the panel and the places, though
// her prompt says the game is away; a new link forgets them, since the game
// side at its end may be another, until its hello or first state says.
func TestHerWorldOutlivesAnOutageNotANewLink(t *testing.T) {
	live := NewLive("Bea", nil, nil)
	s := NewSenses(live, nil, nil, nil, discard(), func(Perception) {})
	ctx := context.Background()
	live.SetConn(protocol.ConnStatus{Connected: true})
	s.Handle(ctx, gametest.Hello())
	s.Handle(ctx, protocol.WorldChange{Dimension: "the_nether"})
	nether := game.WorldID{Server: "fake.test:25565", Dimension: "the_nether"}
	if w := live.Snapshot().World; w != nether {
		t.Fatalf("after a change of dimension her world is %+v, want %+v", w, nether)
	}
	live.SetConn(protocol.ConnStatus{Attempts: 1, LastError: "refused"})
	live.SetConn(protocol.ConnStatus{Attempts: 2, LastError: "refused"})
	away := live.Snapshot()
	if away.World != nether {
		t.Errorf("during an outage her world is %+v, want %+v", away.World, nether)
	}
	if g := away.GameSide; g == nil || g.Version != "26.2" || g.ModVersion != "1.4.0-test" || g.Player != "Bea" {
		t.Errorf("during an outage the hello's game side is %+v", g)
	}
	if got := RenderLiveState(away, nil, time.Now()); !strings.Contains(got, "the game is not connected") {
		t.Errorf("during an outage her live state says:\n%s", got)
	}
	live.SetConn(protocol.ConnStatus{Connected: true})
	if s := live.Snapshot(); s.World != (game.WorldID{}) || s.GameSide != nil {
		t.Errorf("a new link that said nothing yet shows the last one's world %+v and game side %+v", s.World, s.GameSide)
	}
	s.Handle(ctx, protocol.State{Player: protocol.PlayerState{Dimension: "overworld"}, World: protocol.WorldState{Server: "old.jar"}})
	if w := live.Snapshot().World; w != (game.WorldID{Server: "old.jar", Dimension: "overworld"}) {
		t.Errorf("a jar with no hello: her world from its state is %+v", w)
	}
}
