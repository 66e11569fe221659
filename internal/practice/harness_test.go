package practice

import (
	"encoding/json"
	"fmt"
	"testing"

	"beaweb/internal/game/protocol"
)

// harness drives a world tick by tick without a socket, as one client.
type harness struct {
	t   testing.TB
	w   *World
	c   *client
	seq int
	// events collects every unsolicited packet seen, in order.
	events []protocol.Packet
	// answers holds answers read but not yet asked for, by id.
	answers map[string]protocol.Answer
	// answered holds the id of every answer ever read.
	answered map[string]bool
	// frames keeps every frame as sent, when record is on.
	frames [][]byte
	record bool
}

func newHarness(t testing.TB, opts Options) *harness {
	t.Helper()
	if opts.Size == 0 {
		opts.Size = 96
	}
	w, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	c := &client{send: make(chan []byte, 1<<16), done: make(chan struct{}), remote: "test"}
	h := &harness{t: t, w: w, c: c, answers: map[string]protocol.Answer{}, answered: map[string]bool{}}
	// A job still running at the end holds a coroutine: stop it.
	t.Cleanup(w.shutdown)
	w.step([]inbound{{c: c, hello: true}})
	w.hub.flush()
	h.drain()
	return h
}

// drain reads every frame the client has been sent.
func (h *harness) drain() {
	for {
		select {
		case f := <-h.c.send:
			if h.record {
				h.frames = append(h.frames, f)
			}
			p, err := protocol.Decode(f)
			if err != nil {
				h.t.Fatalf("the world sent a frame the brain cannot decode: %v: %s", err, f)
			}
			if a, ok := p.(protocol.Answer); ok {
				if h.answered[a.ID] {
					h.t.Fatalf("request %s answered twice", a.ID)
				}
				h.answered[a.ID] = true
				h.answers[a.ID] = a
				continue
			}
			h.events = append(h.events, p)
		default:
			return
		}
	}
}

// tick lets n ticks pass.
func (h *harness) tick(n int) {
	for i := 0; i < n; i++ {
		h.w.step(nil)
		h.w.hub.flush()
		h.drain()
	}
}

// request encodes one request frame for the harness's client.
func (h *harness) request(action string, params any) (string, []byte) {
	h.seq++
	id := fmt.Sprintf("r%d-test00", h.seq)
	raw, err := json.Marshal(params)
	if err != nil {
		h.t.Fatal(err)
	}
	frame, _ := protocol.EncodeRequest(protocol.Request{ID: id, Action: action, Parameters: raw})
	return id, frame
}

// send sends a request in the next tick and returns its id.
func (h *harness) send(action string, params any) string {
	id, frame := h.request(action, params)
	h.sendRaw(frame)
	return id
}

func (h *harness) sendRaw(frame []byte) {
	h.w.step([]inbound{{c: h.c, frame: frame}})
	h.w.hub.flush()
	h.drain()
}

// wait lets ticks pass until the answer to id comes, at most limit ticks.
func (h *harness) wait(id string, limit int) protocol.Answer {
	h.t.Helper()
	for i := 0; ; i++ {
		if a, ok := h.answers[id]; ok {
			delete(h.answers, id)
			return a
		}
		if i >= limit {
			h.t.Fatalf("no answer to %s within %d ticks", id, limit)
		}
		h.tick(1)
	}
}

// do sends a request and waits for its answer.
func (h *harness) do(action string, params any, limit int) protocol.Answer {
	h.t.Helper()
	return h.wait(h.send(action, params), limit)
}

// want fails the test unless the answer has the result.
func want(t *testing.T, a protocol.Answer, r protocol.Result) {
	t.Helper()
	if a.Result != r {
		t.Fatalf("%s answered %s (%s), want %s; log %q", a.Action, a.Result, a.Message, r, a.Log)
	}
}

type obj = map[string]any
