package main

import (
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
)

// playScene runs beaweb with no model in a practice world with the given
// players, in lockstep, until the world's clock reaches until game
// seconds, and returns what was said and where she stood.
func playScene(t *testing.T, opts practice.Options, until float64) *heardLog {
	t.Helper()
	heard := &heardLog{at: map[int64]game.Vec3{}}
	opts.Speed, opts.Peaceful = 10000, true
	startBeawebEnv(t, env{practice: &opts, lockstep: lockstep.New(time.Now()), watch: heard.watch},
		"--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	deadline := time.Now().Add(4 * time.Minute)
	for heard.now() < int64(until*20) {
		if time.Now().After(deadline) {
			t.Fatalf("the world did not reach %.0f game seconds in 4 minutes:\n%s", until, heard)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the chat:\n%s", heard)
	return heard
}

// farthest is the farthest she stood from where she stood at from, between
// two game seconds.
func (h *heardLog) farthest(from, to float64) float64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	var first *game.Vec3
	far := 0.0
	for tick := int64(from * 20); tick < int64(to*20); tick++ {
		if p, ok := h.at[tick]; ok {
			if first == nil {
				first = &p
			}
			far = max(far, p.Dist(*first))
		}
	}
	return far
}

// TestTwoPlayersAreServedInTurn: Steve asks for planks while she walks to
// Alex; both hear that Steve's request waits, and once Alex's is done she
// brings Steve his planks, which he picks up.
func TestTwoPlayersAreServedInTurn(t *testing.T) {
	heard := playScene(t, practice.Options{Seed: 1, Players: []practice.PlayerScript{
		{Name: "Alex", Offset: game.Pos{X: 14, Z: 0}, Requests: []practice.Timed{{At: 35, Line: "Bea, come here"}}},
		{Name: "Steve", Offset: game.Pos{X: -4, Z: 3}, Requests: []practice.Timed{{At: 36, Line: "Bea, bring me 2 sticks please"}}},
	}}, 150)
	said := strings.Join(heard.after(35*20, "Bea"), "\n")
	for _, want := range []string{"Alex first, then you, Steve.", "Steve asked me for 2 sticks after you, Alex.", "Here I am!"} {
		if !strings.Contains(said, want) {
			t.Errorf("she never said %q", want)
		}
	}
	here, promise := strings.Index(said, "Here I am!"), strings.Index(said, "you 2 sticks")
	if promise < here {
		t.Errorf("her promise to Steve (at %d) does not come after she reached Alex (at %d)", promise, here)
	}
	if !strings.Contains(strings.Join(heard.after(36*20, "Steve"), "\n"), "thanks for the stick") {
		t.Errorf("Steve never got his sticks")
	}
}

// TestABurstGetsOneWordOnThePace: Alex says fifteen lines in thirteen
// seconds. She answers as many as his turns allow, says once that she will
// get to the rest, and answers what waited together: a handful of lines,
// not one a line, and never the same line twice in a row.
func TestABurstGetsOneWordOnThePace(t *testing.T) {
	var burst []practice.Timed
	for i := range 15 {
		burst = append(burst, practice.Timed{At: 20 + float64(i)*0.9, Line: "bea what do you have?"})
	}
	heard := playScene(t, practice.Options{Seed: 1, Players: []practice.PlayerScript{{Name: "Alex", Offset: game.Pos{X: 4, Z: 0}, Requests: burst}}}, 100)
	said := heard.after(20*20, "Bea")
	paced := 0
	for i, l := range said {
		if strings.HasPrefix(l, "One thing at a time, Alex") {
			paced++
		}
		if i > 0 && said[i-1] == l {
			t.Errorf("she said %q twice in a row", l)
		}
	}
	if paced != 1 || len(said) > 8 {
		t.Errorf("15 lines in 13 s: %d replies, %d on the pace; want at most 8, one on the pace", len(said), paced)
	}
}

// TestAHandoverThatNeverArrivesIsNotThanked: Steve, whose inventory is
// full, asks for sticks: she drops them at his feet and says he did not
// pick them up, never "There you go!".
func TestAHandoverThatNeverArrivesIsNotThanked(t *testing.T) {
	heard := playScene(t, practice.Options{Seed: 1, Players: []practice.PlayerScript{
		{Name: "Steve", Offset: game.Pos{X: 5, Z: 0}, Full: true, Requests: []practice.Timed{{At: 35, Line: "Bea, bring me 2 sticks please"}}},
	}}, 120)
	said := strings.Join(heard.after(35*20, "Bea"), "\n")
	if strings.Contains(said, "There you go") || !strings.Contains(said, "but you didn't pick it up") {
		t.Errorf("a hand-over that never arrived: she said\n%s", said)
	}
}

// TestSheStaysWhileSpokenTo: on flat land with no tree, where her search
// for wood fails and her routine walks off to look elsewhere, she stays by
// Alex while he keeps asking her things; with Alex silent, the same world
// sees her walk off.
func TestSheStaysWhileSpokenTo(t *testing.T) {
	var asks []practice.Timed
	for at := 0.5; at <= 60; at += 5 {
		asks = append(asks, practice.Timed{At: at, Line: "bea what are you doing?"})
	}
	if far := farFromAlex(t, asks); far > 20 {
		t.Errorf("while Alex asked her something every 5 s she went %.0f blocks from him", far)
	}
	if far := farFromAlex(t, nil); far <= 20 {
		t.Errorf("with Alex silent she kept within %.0f blocks of him: the scene proves nothing unless she walks off alone", far)
	}
}

// farFromAlex plays a minute on flat land beside Alex, who says the given
// lines, and answers how far from him she went in it.
func farFromAlex(t *testing.T, asks []practice.Timed) float64 {
	t.Helper()
	var mu sync.Mutex
	alex := map[int64]game.Vec3{}
	opts := practice.Options{Seed: 1, Flat: true, Speed: 10000, Peaceful: true,
		Players: []practice.PlayerScript{{Name: "Alex", Offset: game.Pos{X: 3, Z: 0}, Requests: asks}}}
	heard := &heardLog{at: map[int64]game.Vec3{}}
	watch := func(p protocol.Packet) {
		heard.watch(p)
		if s, ok := p.(protocol.State); ok {
			for _, q := range s.Players {
				if q.Name == "Alex" {
					mu.Lock()
					alex[s.Tick] = game.Vec3{X: q.X, Y: q.Y, Z: q.Z}
					mu.Unlock()
				}
			}
		}
	}
	_, _, stop := runBeaweb(t, env{practice: &opts, lockstep: lockstep.New(time.Now()), watch: watch}, "--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	defer stop()
	deadline := time.Now().Add(4 * time.Minute)
	for heard.now() < 62*20 {
		if time.Now().After(deadline) {
			t.Fatalf("the world did not reach 62 game seconds in 4 minutes:\n%s", heard)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the chat:\n%s", heard)
	heard.mu.Lock()
	defer heard.mu.Unlock()
	mu.Lock()
	defer mu.Unlock()
	far := 0.0
	for tick := int64(20); tick < 60*20; tick++ {
		if p, ok := heard.at[tick]; ok {
			if a, ok := alex[tick]; ok {
				far = max(far, p.Dist(a))
			}
		}
	}
	return far
}
