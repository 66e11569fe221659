package practice

import (
	"bytes"
	"hash/fnv"
	"testing"

	"beaweb/internal/game/protocol"
)

// play runs a fixed script of requests against a fresh world, with the
// scripted players and the monsters on, and returns every frame it sent.
func play(t *testing.T, seed int64) [][]byte {
	h := newHarness(t, Options{Seed: seed})
	h.record = true
	h.frames = nil
	h.do("find_block", obj{"block": "log", "count": 3}, 20*300)
	h.do("craft_item", obj{"item": "oak_planks", "count": 4}, 200)
	h.do("mc_chat", obj{"message": "hello Alex"}, 2)
	h.do("scan", obj{"block": "stone", "radius": 16}, 2)
	start := h.w.bea.feet()
	walk := h.send("move_to", obj{"x": start.X - 10, "y": start.Y, "z": start.Z + 6})
	h.tick(15)
	h.do("stop_moving", nil, 2)
	h.wait(walk, 2)
	h.do("move_away", obj{"distance": 6}, 20*60)
	h.do("follow_player", obj{"player": "Alex"}, 20)
	h.tick(200)
	h.do("pickup_items", nil, 20*60)
	h.tick(600) // Alex's lines, whatever the animals do
	return h.frames
}

func TestSameSeedSameGame(t *testing.T) {
	a, b := play(t, 11), play(t, 11)
	if len(a) != len(b) {
		t.Fatalf("%d frames, then %d", len(a), len(b))
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("frame %d differs:\n%s\n%s", i, a[i], b[i])
		}
	}
	var answers, states int
	for _, f := range a {
		p, _ := protocol.Decode(f)
		switch p.(type) {
		case protocol.Answer:
			answers++
		case protocol.State:
			states++
		}
	}
	if answers < 9 || states < 100 {
		t.Fatalf("the script played too little: %d answers, %d states", answers, states)
	}
	hash := func(frames [][]byte) uint64 {
		h := fnv.New64a()
		for _, f := range frames {
			h.Write(f)
		}
		return h.Sum64()
	}
	if hash(a) == hash(play(t, 12)) {
		t.Fatal("another seed played the very same game")
	}
}
