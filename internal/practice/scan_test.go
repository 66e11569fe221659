package practice

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// stepWith runs one tick with the frames arriving from c.
func (h *harness) stepWith(c *client, frames ...[]byte) {
	in := make([]inbound, len(frames))
	for i, f := range frames {
		in[i] = inbound{c: c, frame: f}
	}
	h.w.step(in)
	h.w.hub.flush()
	h.drain()
}

// walkTicks sends a walk, and with it floods scans of radius 64 for the
// first flood ticks (twenty a tick, as many as a client may send), and
// returns how many ticks the walk took, the scans' ids and the most cells
// any tick searched.
func walkTicks(t *testing.T, flood int) (ticks int, scans []string, most int, h *harness) {
	h = arena(t, quiet, 16)
	h.events = nil
	walk := h.send("move_to", obj{"x": 12, "y": arenaY + 1, "z": 0})
	for tick := 1; tick <= 2000; tick++ {
		var frames [][]byte
		if tick <= flood {
			for i := 0; i < maxFramesPerTick; i++ {
				id, f := h.request("scan", obj{"block": "stone", "radius": 64})
				scans = append(scans, id)
				frames = append(frames, f)
			}
		}
		h.stepWith(h.c, frames...)
		most = max(most, h.w.scans.lastCells)
		if a, ok := h.answers[walk]; ok && ticks == 0 {
			want(t, a, protocol.Success)
			ticks = tick
		}
		if ticks > 0 && tick > flood && len(h.w.scans.queue) == 0 {
			break
		}
	}
	if ticks == 0 {
		t.Fatal("the walk was never answered")
	}
	return ticks, scans, most, h
}

// TestAFloodOfBigScansDoesNotStopTheWorld: a client sending radius-64
// scans as fast as it may neither slows the world in ticks (her walk takes
// the ticks it takes without them, a state comes every ten ticks) nor
// makes any tick search more than its budget of cells, and every scan is
// answered exactly once.
func TestAFloodOfBigScansDoesNotStopTheWorld(t *testing.T) {
	calm, _, _, _ := walkTicks(t, 0)
	busy, scans, most, h := walkTicks(t, 40)
	if busy != calm {
		t.Errorf("the walk took %d ticks under a flood of scans and %d without", busy, calm)
	}
	// A tick's share of scanning is a fixed budget whatever the flood: a
	// quarter of a million cells (a sixth of one radius-64 cube, well under
	// a millisecond), plus the rest of the column a slice ends in.
	if limit := 1<<18 + 2*64 + 2; most > limit || most == 0 {
		t.Errorf("a tick searched %d cells; the most it may is %d", most, limit)
	}
	states := len(eventsOf[protocol.State](h))
	if ticks := int(h.w.tick); states < ticks/10-1 {
		t.Errorf("%d states in %d ticks", states, ticks)
	}
	results := map[protocol.Result]int{}
	for _, id := range scans {
		a, ok := h.answers[id]
		if !ok {
			t.Fatalf("scan %s was never answered", id)
		}
		results[a.Result]++
		switch a.Result {
		case protocol.Success:
			if !strings.HasPrefix(a.Message, "found ") || len(a.Data) == 0 {
				t.Errorf("scan answered %q with data %s", a.Message, a.Data)
			}
		case protocol.FailBusy:
			if !strings.Contains(a.Message, "scans waiting") {
				t.Errorf("a refused scan says %q", a.Message)
			}
		default:
			t.Errorf("scan answered %s: %s", a.Result, a.Message)
		}
	}
	if len(h.answers) != len(scans)+1 {
		t.Errorf("%d answers to %d scans and a walk", len(h.answers), len(scans))
	}
	if results[protocol.Success] < scansPerClient || results[protocol.FailBusy] == 0 {
		t.Errorf("results %v", results)
	}
}

// TestABigScanIsWorkedInSlicesAndCountsRight: a radius-64 scan is answered
// some ticks after it was asked, with the count a plain search of the cube
// gives and the nearest block first.
func TestABigScanIsWorkedInSlicesAndCountsRight(t *testing.T) {
	h := newHarness(t, quiet)
	w := h.w
	feet := w.bea.feet()
	id := h.send("scan", obj{"block": "log", "radius": 64})
	if _, ok := h.answers[id]; ok {
		t.Fatal("a radius-64 scan was answered in the tick it was asked")
	}
	a := h.wait(id, 40)
	want(t, a, protocol.Success)
	count, nearest := 0, -1.0
	var near game.Pos
	eye := feet.Add(up1)
	for x := feet.X - 64; x <= feet.X+64; x++ {
		for z := feet.Z - 64; z <= feet.Z+64; z++ {
			for y := feet.Y - 64; y <= feet.Y+64; y++ {
				p := game.Pos{X: x, Y: y, Z: z}
				if w.grid.inside(p) && strings.HasSuffix(w.grid.name(p), "_log") {
					count++
					if d := p.Dist(eye); nearest < 0 || d < nearest {
						nearest, near = d, p
					}
				}
			}
		}
	}
	var data struct {
		Count int `json:"count"`
		Hits  []struct {
			X, Y, Z int
		} `json:"hits"`
	}
	if err := json.Unmarshal(a.Data, &data); err != nil {
		t.Fatal(err)
	}
	if count == 0 || data.Count != count || len(data.Hits) != scanNearest {
		t.Fatalf("the scan found %d logs (%d hits listed); a plain search finds %d", data.Count, len(data.Hits), count)
	}
	if h0 := data.Hits[0]; (game.Pos{X: h0.X, Y: h0.Y, Z: h0.Z}).Dist(eye) != nearest {
		t.Fatalf("the nearest hit is %v; a plain search finds %v", h0, near)
	}
}

// TestOneClientsScansDoNotStarveAnother: a second client's one scan is
// answered long before the first client's queue is worked through.
func TestOneClientsScansDoNotStarveAnother(t *testing.T) {
	h := newHarness(t, quiet)
	other := &client{send: make(chan []byte, 1<<16), done: make(chan struct{}), remote: "other"}
	h.w.step([]inbound{{c: other, hello: true}})
	var frames [][]byte
	var mine []string
	for i := 0; i < scansPerClient; i++ {
		id, f := h.request("scan", obj{"block": "stone", "radius": 64})
		mine = append(mine, id)
		frames = append(frames, f)
	}
	h.stepWith(h.c, frames...)
	_, theirs := h.request("scan", obj{"block": "stone", "radius": 64})
	h.stepWith(other, theirs)
	var answered bool
	for tick := 0; tick < 400 && !answered; tick++ {
		for len(other.send) > 0 {
			p, err := protocol.Decode(<-other.send)
			if err != nil {
				t.Fatal(err)
			}
			if a, ok := p.(protocol.Answer); ok && a.Action == "scan" {
				want(t, a, protocol.Success)
				answered = true
			}
		}
		h.tick(1)
	}
	if !answered {
		t.Fatal("the other client's scan was never answered")
	}
	if _, ok := h.answers[mine[len(mine)-1]]; ok {
		t.Fatal("the other client waited for the whole of the first client's queue")
	}
}

// TestEveryScanIsAnsweredWithinItsBudget: three clients each with a full
// queue of radius-64 scans; the queue cannot all be worked in ten seconds,
// and what cannot answers FAILURE_TIMEOUT in time, each scan exactly once.
func TestEveryScanIsAnsweredWithinItsBudget(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true, Size: 128})
	clients := []*client{h.c}
	for i := 0; i < 2; i++ {
		c := &client{send: make(chan []byte, 1<<16), done: make(chan struct{}), remote: fmt.Sprint("other", i)}
		h.w.step([]inbound{{c: c, hello: true}})
		clients = append(clients, c)
	}
	asked := h.w.tick + 1
	var in []inbound
	ids := map[string]bool{}
	for _, c := range clients {
		for i := 0; i < scansPerClient; i++ {
			id, f := h.request("scan", obj{"block": "stone", "radius": 64})
			ids[id] = true
			in = append(in, inbound{c: c, frame: f})
		}
	}
	h.w.step(in)
	got := map[string]int{}
	results := map[protocol.Result]int{}
	for h.w.tick <= asked+scanBudgetTicks {
		h.w.hub.flush()
		for _, c := range clients {
			for len(c.send) > 0 {
				p, err := protocol.Decode(<-c.send)
				if err != nil {
					t.Fatal(err)
				}
				if a, ok := p.(protocol.Answer); ok {
					got[a.ID]++
					results[a.Result]++
					if a.Result == protocol.FailTimeout && !strings.Contains(a.Message, "10 s budget") {
						t.Errorf("a scan out of time says %q", a.Message)
					}
				}
			}
		}
		h.w.step(nil)
	}
	for id := range ids {
		if got[id] != 1 {
			t.Errorf("scan %s answered %d times within its budget", id, got[id])
		}
	}
	if results[protocol.Success] == 0 || results[protocol.FailTimeout] == 0 || len(got) != len(ids) {
		t.Errorf("results %v for %d scans", results, len(ids))
	}
}

// TestAScanWaitingAtShutdownIsAnswered: the world closing answers the
// scans still waiting, once, as interrupted.
func TestAScanWaitingAtShutdownIsAnswered(t *testing.T) {
	h := newHarness(t, quiet)
	id := h.send("scan", obj{"block": "stone", "radius": 64})
	if h.answered[id] {
		t.Fatal("a radius-64 scan was answered at once")
	}
	h.w.shutdown()
	h.drain()
	a := h.wait(id, 0)
	want(t, a, protocol.Interrupted)
	if a.Reason != protocol.ReasonDisconnected || len(h.w.scans.queue) != 0 {
		t.Fatalf("reason %q, %d scans left", a.Reason, len(h.w.scans.queue))
	}
}
