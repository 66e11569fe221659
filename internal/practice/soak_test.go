package practice

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"beaweb/internal/game/protocol"
)

// FuzzFrame sends any frame at all: the world must go on answering.
func FuzzFrame(f *testing.F) {
	f.Add([]byte(`{"id":"r1-aaaaaa","action":"move_to","parameters":{"x":1,"y":70,"z":1}}`))
	f.Add([]byte(`{"id":"r2-aaaaaa","action":"build","parameters":{"origin":{"x":0,"y":70,"z":0},"layers":[["ab"]],"palette":{"a":"stone","b":"air"}}}`))
	f.Add([]byte(`{"id":"r3-aaaaaa","action":"craft_item","parameters":{"item":"stick","count":-1}}`))
	f.Add([]byte(`[1,2,3]`))
	f.Add([]byte(`{"id":7,"action":null}`))
	h := newHarness(f, Options{Seed: 1, Quiet: true, Size: 64})
	f.Fuzz(func(t *testing.T, frame []byte) {
		h.t = t
		h.sendRaw(frame)
		h.tick(3)
		want(t, h.do("mc_chat", obj{"message": "still here"}, 2), protocol.Success)
		clear(h.answers)
		h.events = h.events[:0]
	})
}

// TestRandomRequests throws a seeded stream of requests, sensible and
// not, at a world with monsters and a scripted player, and checks that
// every one is answered once and none breaks the world.
func TestRandomRequests(t *testing.T) {
	h := newHarness(t, Options{Seed: 4})
	r := rand.New(rand.NewPCG(1, 2))
	spawn := h.w.Spawn()
	coord := func() any {
		switch r.IntN(8) {
		case 0:
			return "x"
		case 1:
			return 1e12
		}
		return spawn.X - 20 + r.IntN(40)
	}
	items := []string{"oak_log", "log", "stone", "dirt", "oak_planks", "stick", "crafting_table", "bread", "cobblestone", "nothing_at_all", ""}
	names := actionOrder()
	var ids []string
	for i := 0; i < 100; i++ {
		action := names[r.IntN(len(names))]
		if r.IntN(20) == 0 {
			action = "bogus"
		}
		params := obj{
			"x": coord(), "y": spawn.Y - 3 + r.IntN(8), "z": coord(), "block": items[r.IntN(len(items))],
			"item": items[r.IntN(len(items))], "count": r.IntN(5), "radius": r.IntN(70), "distance": r.IntN(12),
			"height": r.IntN(4), "depth": r.IntN(4), "direction": []string{"north", "east", "up"}[r.IntN(3)],
			"face": []string{"top", "west", "inside"}[r.IntN(3)], "player": []string{"Alex", "Zed"}[r.IntN(2)],
			"entity": []string{"cow", "zombie", "Alex"}[r.IntN(3)], "message": fmt.Sprint("line ", i),
			"slot": r.IntN(10), "range": r.IntN(4),
			"origin": obj{"x": spawn.X + 3, "y": spawn.Y, "z": spawn.Z + 3}, "layers": []any{[]string{"ab"}},
			"palette": obj{"a": "dirt", "b": "air"},
		}
		for k := range params {
			if r.IntN(3) == 0 {
				delete(params, k)
			}
		}
		id := h.send(action, params)
		ids = append(ids, id)
		if r.IntN(3) == 0 {
			h.tick(r.IntN(200))
			continue
		}
		a := h.wait(id, 20*700)
		if a.Result == protocol.FailException {
			t.Fatalf("%s %v: %s", action, params, a.Message)
		}
	}
	h.do("stop_moving", nil, 2) // a follow_player may go on; its answer came already
	h.tick(20 * 60)
	for id, a := range h.answers {
		if a.Result == protocol.FailException {
			t.Fatalf("%s: %s", id, a.Message)
		}
	}
	// Every request got its answer (twice would have failed the harness).
	for _, id := range ids {
		if !h.answered[id] {
			t.Errorf("request %s was never answered", id)
		}
	}
}
