package main

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
)

// heardLog is the chat of a practice world and her positions, as the
// world sent them: what a player beside her saw and heard.
type heardLog struct {
	mu    sync.Mutex
	tick  int64
	lines []heardAt
	at    map[int64]game.Vec3 // her position by state tick
}

type heardAt struct {
	tick     int64
	name, ok string
}

func (h *heardLog) watch(p protocol.Packet) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch p := p.(type) {
	case protocol.State:
		h.tick = p.Tick
		h.at[p.Tick] = p.Player.Position
	case protocol.Chat:
		h.lines = append(h.lines, heardAt{tick: h.tick, name: p.Name, ok: p.Message})
	}
}

// after is what name said after the line said at tick from, in order.
func (h *heardLog) after(from int64, name string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, l := range h.lines {
		if l.tick >= from && l.name == name {
			out = append(out, l.ok)
		}
	}
	return out
}

func (h *heardLog) now() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tick
}

func (h *heardLog) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var b strings.Builder
	for _, l := range h.lines {
		fmt.Fprintf(&b, "%6d %s: %s\n", l.tick, l.name, l.ok)
	}
	return b.String()
}

// TestAPlayerAsksAndSheDoes: a second player in the practice world asks her
// for things in plain words, with no model configured. She answers each
// line in the game chat, comes, hands over what she carries, tells what she
// has, stops and stays stopped, and comes again when asked.
func TestAPlayerAsksAndSheDoes(t *testing.T) {
	alex := practice.PlayerScript{Name: "Alex", Offset: game.Pos{X: 12, Z: 0}, Requests: []practice.Timed{
		{At: 15, Line: "Bea, come here"},
		{At: 30, Line: "bea what do you have?"},
		{At: 35, Line: "Bea, give me 2 planks please"},
		{At: 60, Line: "bea stop"},
		{At: 80, Line: "where are you bea"},
		{At: 110, Line: "Bea come here"},
	}}
	heard := &heardLog{at: map[int64]game.Vec3{}}
	_, logs := startBeawebEnv(t, env{
		practice: &practice.Options{Seed: 1, Speed: 10000, Peaceful: true, Players: []practice.PlayerScript{alex}},
		lockstep: lockstep.New(time.Now()), watch: heard.watch},
		"--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	deadline := time.Now().Add(4 * time.Minute)
	for heard.now() < 140*20 {
		if time.Now().After(deadline) {
			t.Fatalf("the world did not reach 140 game seconds in 4 minutes:\n%s\n%s", heard, logs)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the chat:\n%s", heard)
	said := strings.Join(heard.after(0, "Bea"), "\n")
	for _, want := range []string{"Coming, Alex!", "Here I am!", "I have ", "Okay, I'll stay right here.", "I'm at "} {
		if !strings.Contains(said, want) {
			t.Errorf("she never said %q; the chat:\n%s", want, heard)
		}
	}
	if !strings.Contains(strings.Join(heard.after(35*20, "Alex"), "\n"), "thanks for the") {
		t.Errorf("Alex never got the planks; the chat:\n%s", heard)
	}
	// Stopped at 60 s, she stood still until asked again at 110 s.
	heard.mu.Lock()
	var moved float64
	var first *game.Vec3
	for tick := int64(62 * 20); tick < 108*20; tick++ {
		if p, ok := heard.at[tick]; ok {
			if first == nil {
				first = &p
			}
			moved = max(moved, p.Dist(*first))
		}
	}
	heard.mu.Unlock()
	if first == nil || moved > 1.5 {
		t.Errorf("told to stop, she moved %.1f blocks before she was asked again; the chat:\n%s", moved, heard)
	}
}

// TestGetMeSomeStoneIsHandedOver: "hii bea can u get me some stone pls",
// as a player types it, is understood as stone to be mined for him, with
// no model configured: she mines cobblestone and hands it to Alex, whose
// inventory takes it (he thanks her for it), and tells him what she
// handed over. Steve's "hol mir 5 steine" and "tráeme 4 piedras" are
// handed over to him as well; "mine 3 stone" from Alex after is mined and
// kept.
func TestGetMeSomeStoneIsHandedOver(t *testing.T) {
	alex := practice.PlayerScript{Name: "Alex", Offset: game.Pos{X: 5, Z: 3}, Requests: []practice.Timed{
		{At: 10, Line: "hii bea can u get me some stone pls"},
		{At: 200, Line: "bea mine 3 stone"},
	}}
	steve := practice.PlayerScript{Name: "Steve", Offset: game.Pos{X: -4, Z: 5}, Requests: []practice.Timed{
		{At: 100, Line: "bea hol mir 5 steine bitte"},
		{At: 150, Line: "bea tráeme 4 piedras porfa"},
	}}
	heard := &heardLog{at: map[int64]game.Vec3{}}
	_, logs := startBeawebEnv(t, env{
		practice: &practice.Options{Seed: 1, Speed: 10000, Peaceful: true, Players: []practice.PlayerScript{alex, steve},
			Kit: game.Inventory{"wooden_pickaxe": 1}},
		lockstep: lockstep.New(time.Now()), watch: heard.watch},
		"--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	deadline := time.Now().Add(4 * time.Minute)
	for heard.now() < 320*20 {
		if time.Now().After(deadline) {
			t.Fatalf("the world did not reach 320 game seconds in 4 minutes:\n%s\n%s", heard, logs)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the chat:\n%s", heard)
	first := strings.Join(heard.after(10*20, "Bea"), "\n")
	for _, want := range []string{"I'll mine 8 cobblestone and bring it to you.", "There you go: "} {
		if !strings.Contains(first, want) {
			t.Errorf("she never said %q; the chat:\n%s", want, heard)
		}
	}
	if !slices.Contains(heard.after(10*20, "Alex"), "thanks for the cobblestone!") {
		t.Errorf("Alex never got the cobblestone; the chat:\n%s", heard)
	}
	// Steve asks in German, then in Spanish, and gets it both times.
	thanked := 0
	for _, l := range heard.after(100*20, "Steve") {
		if l == "thanks for the cobblestone!" {
			thanked++
		}
	}
	if thanked < 2 {
		t.Errorf("Steve got the cobblestone %d times of 2 (German, Spanish); the chat:\n%s", thanked, heard)
	}
	second := strings.Join(heard.after(200*20, "Bea"), "\n")
	if !strings.Contains(second, "and I'm keeping it") || strings.Contains(second, "There you go") {
		t.Errorf("asked only to mine, she did not keep it; the chat:\n%s", heard)
	}
}
