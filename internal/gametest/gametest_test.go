package gametest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gorilla/websocket"
	"go.uber.org/goleak"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// exercise drives one connection from a bare WebSocket client.
func exercise(t *testing.T, mod *gametest.Mod, dialer *websocket.Dialer) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	mod.Refuse(1)
	_, resp, err := dialer.DialContext(ctx, mod.URL(), nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a refused dial: %v %v", resp, err)
	}
	resp.Body.Close()

	ws, resp, err := dialer.DialContext(ctx, mod.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	defer ws.Close()
	c, err := mod.Accept(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sent := async(func() error { return c.SendHello(func(h *protocol.Hello) { h.ModVersion = "edited" }) })
	_, frame, err := ws.ReadMessage()
	must(t, <-sent)
	if err != nil {
		t.Fatal(err)
	}
	p, err := protocol.Decode(frame)
	if h, ok := p.(protocol.Hello); err != nil || !ok || h.ModVersion != "edited" || h.Protocol != 2 {
		t.Fatalf("hello: %+v %v", p, err)
	}

	req, _ := protocol.EncodeRequest(protocol.Request{ID: "r1-abcdef", Action: "scan"})
	sent = async(func() error { return ws.WriteMessage(websocket.TextMessage, req) })
	r, err := c.Recv(ctx)
	must(t, <-sent)
	if err != nil || r.ID != "r1-abcdef" || r.Action != "scan" {
		t.Fatalf("Recv: %+v %v", r, err)
	}
	sent = async(func() error { return c.Answer(r, protocol.Success, "found") })
	_, frame, _ = ws.ReadMessage()
	must(t, <-sent)
	if a, _ := protocol.Decode(frame); a.(protocol.Answer).ID != "r1-abcdef" {
		t.Fatalf("answer %s", frame)
	}
	sent = async(func() error { return c.AnswerP1("scan", protocol.Failure, "old") })
	_, frame, _ = ws.ReadMessage()
	must(t, <-sent)
	if !strings.Contains(string(frame), `"details":"old"`) || strings.Contains(string(frame), `"id"`) {
		t.Fatalf("protocol-1 answer %s", frame)
	}
	sent = async(func() error { return c.SendRaw("not json") })
	_, frame, _ = ws.ReadMessage()
	must(t, <-sent)
	if string(frame) != "not json" {
		t.Fatalf("raw frame %q", frame)
	}
	sent = async(func() error { return c.BreakMidFrame(100) })
	_, _, err = ws.ReadMessage()
	<-sent // the write may fail as the pipe closes under it
	if err == nil {
		t.Fatal("a frame cut off must fail to read")
	}
	// Recv gives up with its context.
	ws2, resp, err := dialer.DialContext(ctx, mod.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	defer ws2.Close()
	c2, _ := mod.Accept(ctx)
	short, stop := context.WithTimeout(ctx, 50*time.Millisecond)
	defer stop()
	if _, err := c2.Recv(short); err == nil {
		t.Fatal("Recv without a request returned")
	}
	// A message cut off in its second piece fails to read as well.
	sent = async(func() error { return c2.BreakMidMessage(100) })
	_, _, err = ws2.ReadMessage()
	<-sent
	if err == nil {
		t.Fatal("a message cut off in its second piece must fail to read")
	}
}

func TestLoopback(t *testing.T) {
	mod := gametest.New(t)
	if !strings.HasPrefix(mod.URL(), "ws://127.0.0.1:") || mod.NetDial() != nil {
		t.Fatalf("URL %s", mod.URL())
	}
	exercise(t, mod, &websocket.Dialer{})
}

func TestInMemory(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mod := gametest.NewInMemory(t)
		exercise(t, mod, &websocket.Dialer{NetDialContext: mod.NetDial()})
		mod.Close()
	})
}

// async runs f on its own goroutine: over an in-memory pipe a write waits
// for its reader.
func async(f func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- f() }()
	return ch
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
