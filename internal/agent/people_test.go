package agent

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// roster is a memory of people as the store keeps it: a tally of lines per
// UUID, the names each went by, and whether she keeps a card on them.
type roster struct {
	mu    sync.Mutex
	lines map[string]int
	names map[string][]string
	cards map[string]bool
	sets  []string // the UUIDs SetCard was called for, in order
	facts map[string][]string
}

func newRoster() *roster {
	return &roster{lines: map[string]int{}, names: map[string][]string{}, cards: map[string]bool{}, facts: map[string][]string{}}
}

func (r *roster) RecordDeath(context.Context, string, game.Death) error { return nil }

func (r *roster) RememberLook(context.Context, string, string, game.Look) error { return nil }

func (r *roster) RememberBlocks(context.Context, string, string, []game.KnownBlock, []game.Pos) error {
	return nil
}

func (r *roster) CountMessage(_ context.Context, uuid, name string, _ time.Time) (game.Person, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines[uuid]++
	if ns := r.names[uuid]; len(ns) == 0 || ns[len(ns)-1] != name {
		r.names[uuid] = append(ns, name)
	}
	return game.Person{UUID: uuid, Name: name, Messages: r.lines[uuid], Card: r.cards[uuid]}, nil
}

func (r *roster) SetCard(_ context.Context, uuid string, card bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cards[uuid] = card
	r.sets = append(r.sets, uuid)
	return nil
}

func (r *roster) Places(context.Context, string) ([]game.Place, error) { return nil, nil }

func (r *roster) NearestKinds(context.Context, string, string, game.Pos, int) ([]game.KnownBlock, error) {
	return nil, nil
}

func (r *roster) Facts(_ context.Context, uuid string) ([]game.Fact, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []game.Fact
	for _, f := range r.facts[uuid] {
		out = append(out, game.Fact{UUID: uuid, Text: f})
	}
	return out, nil
}

func mindWithMemory(model Model, r *roster) *testMind {
	return wireMind(model, &gametest.Game{}, MindConfig{Prompt: youAre}, testParts{senses: r, recall: r})
}

// TestWhoTalksToHerIsTallied: every line a player says is counted for their
// UUID, under whatever name they go by now; her own lines and the server's
// are not; someone who has talked with her three times gets a card, once.
func TestWhoTalksToHerIsTallied(t *testing.T) {
	r := newRoster()
	m := mindWithMemory(&scripted{}, r)
	ctx := context.Background()
	near := 3.0
	say := func(uuid, name, msg string) {
		m.Senses.Handle(ctx, protocol.Chat{UUID: uuid, Name: name, Message: msg, Distance: &near})
	}
	say("u-alex", "Alex", "hi")
	say("u-steve", "Steve", "anyone seen iron?")
	say("u-alex", "Alex", "nice house")
	if len(r.sets) != 0 {
		t.Fatalf("a card after two lines: %v", r.sets)
	}
	say("u-alex", "Alexa", "I changed my name") // the same player, a third line
	r.mu.Lock()
	carded := append([]string(nil), r.sets...)
	r.mu.Unlock()
	if len(carded) != 1 || carded[0] != "u-alex" {
		t.Fatalf("after Alex's third line the cards set are %v, want Alex's", carded)
	}
	m.Senses.Handle(ctx, protocol.Chat{Name: "Bea", Message: "hello all", Self: true})
	m.Senses.Handle(ctx, protocol.Chat{Name: "Server", Message: "Restart in 5 minutes"})
	say("u-alex", "Alexa", "still there?")
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.lines["u-alex"] != 4 || r.lines["u-steve"] != 1 || len(r.lines) != 2 {
		t.Errorf("tally %v, want Alex's UUID at 4 and Steve's at 1, nobody else", r.lines)
	}
	if got := strings.Join(r.names["u-alex"], ","); got != "Alex,Alexa" {
		t.Errorf("Alex's names %s", got)
	}
	if len(r.sets) != 1 || r.sets[0] != "u-alex" || !r.cards["u-alex"] || r.cards["u-steve"] {
		t.Errorf("cards set %v (%v), want one card, for Alex at the third line", r.sets, r.cards)
	}
}

// TestWhatSheKnowsOfPeopleNearbyIsInHerContext: the facts she keeps on a
// player standing near her are in the prompt of every step; those of a
// player who is not about are not.
func TestWhatSheKnowsOfPeopleNearbyIsInHerContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRoster()
		r.facts["u-alex"] = []string{"lives by the lake", "owes you 3 iron"}
		r.facts["u-steve"] = []string{"hates creepers"}
		model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "stay_silent", `{}`)}}}}
		m := mindWithMemory(model, r)
		m.Senses.Handle(context.Background(), protocol.State{
			Player:  protocol.PlayerState{Health: 20, Food: 20, Position: game.Vec3{X: 0.5, Y: 64, Z: 0.5}, OnGround: true},
			World:   protocol.WorldState{Server: "play.example.net"},
			Players: []game.NearPlayer{{Name: "Alex", UUID: "u-alex", X: 3, Y: 64, Z: 0, Distance: 2.5}, {Name: "Kim", UUID: "u-kim", X: 9, Y: 64, Z: 0, Distance: 8.5}},
		})
		m.turn(context.Background(), gamePerception("Alex (2 blocks away) says in the game chat: hey"))
		reqs := model.requests()
		if len(reqs) == 0 {
			t.Fatal("no model call")
		}
		sys := reqs[0].Now
		if !strings.Contains(sys, "Alex 2m (3, 64, 0) (you know: lives by the lake; owes you 3 iron)") {
			t.Errorf("what she knows of Alex, who stands near her, is not in her prompt:\n%s", sys)
		}
		if strings.Contains(sys, "hates creepers") {
			t.Errorf("Steve is not about, yet his facts are in her prompt:\n%s", sys)
		}
		if !strings.Contains(sys, "Kim 8m (9, 64, 0)") || strings.Contains(sys, "Kim 8m (9, 64, 0) (you know") {
			t.Errorf("Kim, of whom she knows nothing, is not listed plainly:\n%s", sys)
		}
	})
}
