package modclient_test

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/logtest"
	"beaweb/internal/modclient"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// logs collects the client's log lines.
type logs struct{ logtest.Buffer }

// count is how many log lines contain every one of parts.
func (l *logs) count(parts ...string) int {
	n := 0
	for _, line := range strings.Split(l.String(), "\n") {
		all := line != ""
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			n++
		}
	}
	return n
}

// harness runs one client against one fake game.
type harness struct {
	t      *testing.T
	mod    *gametest.Mod
	client *modclient.Client
	logs   *logs
	cancel context.CancelFunc
	done   chan error

	mu       sync.Mutex
	statuses []protocol.ConnStatus
}

// start runs a client against mod until the test ends; at the end it stops
// the client and checks that no call is left pending.
func start(t *testing.T, mod *gametest.Mod, edit func(*modclient.Config)) *harness {
	t.Helper()
	h := &harness{t: t, mod: mod, logs: &logs{}, done: make(chan error, 1)}
	cfg := modclient.Config{
		URL:     mod.URL(),
		Logger:  h.logs.Logger(),
		Rand:    rand.New(rand.NewPCG(1, 2)),
		NetDial: mod.NetDial(),
		OnStatus: func(s protocol.ConnStatus) {
			h.mu.Lock()
			h.statuses = append(h.statuses, s)
			h.mu.Unlock()
		},
	}
	if edit != nil {
		edit(&cfg)
	}
	h.client = modclient.New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go func() { h.done <- h.client.Run(ctx) }()
	t.Cleanup(h.stop)
	return h
}

// stop ends Run and checks it left nothing behind.
func (h *harness) stop() {
	h.t.Helper()
	if h.cancel == nil {
		return
	}
	h.cancel()
	h.cancel = nil
	if err := <-h.done; err != nil {
		h.t.Errorf("Run returned %v", err)
	}
	for range h.client.Events() { // Run closes the channel
	}
	if n := h.client.Pending(); n != 0 {
		h.t.Errorf("%d calls are left pending", n)
	}
}

// connect accepts the client's connection and sends the hello.
func (h *harness) connect(edit func(*protocol.Hello)) *gametest.Conn {
	h.t.Helper()
	c := h.mod.MustAccept()
	if err := c.SendHello(edit); err != nil {
		h.t.Fatal(err)
	}
	h.nextEvent("hello")
	return c
}

// nextEvent waits for the next event and checks its type.
func (h *harness) nextEvent(kind string) protocol.Packet {
	h.t.Helper()
	select {
	case p, ok := <-h.client.Events():
		if !ok {
			h.t.Fatalf("the events closed while waiting for %s", kind)
		}
		if p.PacketType() != kind {
			h.t.Fatalf("got a %s event (%+v), want %s", p.PacketType(), p, kind)
		}
		return p
	case <-time.After(10 * time.Second):
		h.t.Fatalf("no %s event came", kind)
	}
	return nil
}

// noEvent checks that no event is waiting.
func (h *harness) noEvent() {
	h.t.Helper()
	select {
	case p := <-h.client.Events():
		h.t.Fatalf("an unexpected %s event: %+v", p.PacketType(), p)
	default:
	}
}

type callResult struct {
	ans protocol.Answer
	err error
}

// goCall makes a call on its own goroutine; the result comes on the channel.
func (h *harness) goCall(ctx context.Context, action string, params any) <-chan callResult {
	ch := make(chan callResult, 1)
	go func() {
		a, err := h.client.Call(ctx, action, params)
		ch <- callResult{a, err}
	}()
	return ch
}

func recv(t *testing.T, c *gametest.Conn) protocol.Request {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := c.Recv(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func wait(t *testing.T, ch <-chan callResult) callResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("the call did not return")
	}
	return callResult{}
}

func send(t *testing.T, c *gametest.Conn, p protocol.Packet) {
	t.Helper()
	if err := c.Send(p); err != nil {
		t.Fatal(err)
	}
}

func raw(t *testing.T, c *gametest.Conn, frame string) {
	t.Helper()
	if err := c.SendRaw(frame); err != nil {
		t.Fatal(err)
	}
}

// barrier makes one call and answers it, so that every frame sent before
// has been read by the client when it returns.
func (h *harness) barrier(c *gametest.Conn) {
	h.t.Helper()
	ch := h.goCall(context.Background(), "check_death_log", nil)
	r := recv(h.t, c)
	if err := c.Answer(r, protocol.Success, "barrier"); err != nil {
		h.t.Fatal(err)
	}
	if res := wait(h.t, ch); res.err != nil || res.ans.Message != "barrier" {
		h.t.Fatalf("barrier call: %+v %v", res.ans, res.err)
	}
}

func wantErr(t *testing.T, err, sentinel error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Fatalf("error %v, want %v", err, sentinel)
	}
}

func slogTo(l *logs) *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }
