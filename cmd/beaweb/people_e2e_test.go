package main

import (
	"fmt"
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
