package practice

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"go.uber.org/goleak"

	"beaweb/internal/game/protocol"
)

// wsClient is a brain-side stand-in over a real socket.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	seq  int
	// paid, when set, is called for each frame read: a lockstep test gives
	// the frame's token back with it.
	paid func()
}

func dial(t *testing.T, addr string) *wsClient {
	t.Helper()
	conn, _, err := websocket.DefaultDialer.Dial("ws://"+addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &wsClient{t: t, conn: conn}
}

func (c *wsClient) read() protocol.Packet {
	c.t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	_, frame, err := c.conn.ReadMessage()
	if err != nil {
		c.t.Fatal(err)
	}
	if c.paid != nil {
		c.paid()
	}
	p, err := protocol.Decode(frame)
	if err != nil {
		c.t.Fatalf("%v: %s", err, frame)
	}
	return p
}

func (c *wsClient) call(action string, params any) (protocol.Answer, []protocol.Packet) {
	c.t.Helper()
	c.seq++
	id := fmt.Sprintf("r%d-abcdef", c.seq)
	raw, _ := json.Marshal(params)
	frame, _ := protocol.EncodeRequest(protocol.Request{ID: id, Action: action, Parameters: raw})
	if err := c.conn.WriteMessage(websocket.TextMessage, frame); err != nil {
		c.t.Fatal(err)
	}
	var seen []protocol.Packet
	for {
		p := c.read()
		if a, ok := p.(protocol.Answer); ok && a.ID == id {
			return a, seen
		}
		seen = append(seen, p)
	}
}

func serve(t *testing.T, opts Options) (string, func()) {
	t.Helper()
	w, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Serve(ctx, ln) }()
	return ln.Addr().String(), func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}
}

func TestServeOverAWebSocket(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	addr, stop := serve(t, Options{Seed: 1, Speed: 50, Quiet: true, Size: 96})
	defer stop()
	c := dial(t, addr)
	defer c.conn.Close()
	hello, ok := c.read().(protocol.Hello)
	if !ok || hello.Protocol != 2 || len(hello.Actions) != 32 {
		t.Fatalf("hello = %+v", hello)
	}
	a, seen := c.call("find_block", obj{"block": "log", "count": 2})
	want(t, a, protocol.Success)
	var states, progress int
	for _, p := range seen {
		switch p.(type) {
		case protocol.State:
			states++
		case protocol.Progress:
			progress++
		}
	}
	if states == 0 || progress == 0 {
		t.Fatalf("%d states and %d progress packets while she worked", states, progress)
	}
	a, _ = c.call("mc_chat", obj{"message": "hi"})
	want(t, a, protocol.Success)
	a, _ = c.call("no_such_action", nil)
	want(t, a, protocol.FailInvalid)

	// A second client shares the game; the first leaving does not stop it.
	d := dial(t, addr)
	defer d.conn.Close()
	if _, ok := d.read().(protocol.Hello); !ok {
		t.Fatal("the second client got no hello")
	}
	c.conn.Close()
	a, _ = d.call("check_death_log", nil)
	want(t, a, protocol.Success)
}

func TestEveryActionAnswersOnce(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	for _, name := range actionOrder() {
		id := h.send(name, obj{})
		a := h.wait(id, 20*700)
		if a.Action != name || a.Status != protocol.StatusFinished {
			t.Errorf("%s: answer %+v", name, a)
		}
		if a.Message == "" {
			t.Errorf("%s answered %s without a sentence", name, a.Result)
		}
		if strings.Contains(a.Message, "%!") {
			t.Errorf("%s: malformed message %q", name, a.Message)
		}
	}
	h.tick(40)
	if len(h.answers) != 0 {
		t.Fatalf("answers nobody asked for: %v", h.answers)
	}
}
