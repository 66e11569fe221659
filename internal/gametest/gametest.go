// Package gametest is a fake game side for tests: a WebSocket server that a
// test programs packet by packet, misbehaviour included (garbage frames,
// answers to the wrong id, a frame cut off in the middle, a dropped socket).
// It serves on a loopback port, or on an in-memory network for tests that run
// inside a testing/synctest bubble, where real sockets would keep the fake
// clock from moving.
package gametest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"beaweb/internal/game/protocol"
)

// Mod is the fake game side.
type Mod struct {
	t        testing.TB
	url      string
	upgrader websocket.Upgrader
	accepted chan *Conn
	pipe     *pipeListener // nil on a real loopback port
	httpSrv  *httptest.Server
	memSrv   *http.Server
	serveEnd chan struct{}

	mu     sync.Mutex
	refuse int // connection attempts still to refuse with 503
	conns  []*Conn
	closed bool
}

// New starts a fake game side on a loopback port. It is closed when the
// test ends.
func New(t testing.TB) *Mod {
	m := newMod(t)
	m.httpSrv = httptest.NewServer(http.HandlerFunc(m.handle))
	m.url = "ws" + m.httpSrv.URL[len("http"):]
	t.Cleanup(m.Close)
	return m
}

// NewInMemory starts a fake game side on an in-memory network: give
// NetDial to the client (modclient.Config.NetDial). Call it inside the
// synctest bubble that uses it; it is closed when the test ends, or earlier
// with Close (a bubble must close it before it returns). The network is
// net.Pipe: a write waits until the other side reads it.
func NewInMemory(t testing.TB) *Mod {
	m := newMod(t)
	m.pipe = &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
	m.memSrv = &http.Server{Handler: http.HandlerFunc(m.handle)}
	m.url = "ws://127.0.0.1:8080/"
	m.serveEnd = make(chan struct{})
	go func() {
		defer close(m.serveEnd)
		_ = m.memSrv.Serve(m.pipe) // ends with ErrServerClosed once Close runs
	}()
	t.Cleanup(m.Close)
	return m
}

func newMod(t testing.TB) *Mod {
	return &Mod{t: t, accepted: make(chan *Conn, 16),
		upgrader: websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}}
}

// URL is the address the client dials.
func (m *Mod) URL() string { return m.url }

// NetDial opens a connection to the in-memory fake; nil for one on a real
// port, where the client dials TCP itself.
func (m *Mod) NetDial() func(ctx context.Context, network, addr string) (net.Conn, error) {
	if m.pipe == nil {
		return nil
	}
	return m.pipe.dial
}

// Refuse makes the next n connection attempts fail with HTTP 503.
func (m *Mod) Refuse(n int) {
	m.mu.Lock()
	m.refuse = n
	m.mu.Unlock()
}

func (m *Mod) handle(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	if m.refuse > 0 || m.closed {
		m.refuse = max(m.refuse-1, 0)
		m.mu.Unlock()
		http.Error(w, "the fake game refuses this connection", http.StatusServiceUnavailable)
		return
	}
	m.mu.Unlock()
	ws, err := m.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade has answered the client already
	}
	c := &Conn{ws: ws}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		ws.Close()
		return
	}
	m.conns = append(m.conns, c)
	m.mu.Unlock()
	select {
	case m.accepted <- c:
	default:
		m.t.Errorf("gametest: more than %d connections were never accepted by the test", cap(m.accepted))
		ws.Close()
	}
}

// Accept waits for the client's next connection.
func (m *Mod) Accept(ctx context.Context) (*Conn, error) {
	select {
	case c := <-m.accepted:
		return c, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("gametest: no connection came: %w", ctx.Err())
	}
}

// MustAccept waits up to ten seconds for the client's next connection and
// fails the test without one.
func (m *Mod) MustAccept() *Conn {
	m.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := m.Accept(ctx)
	if err != nil {
		m.t.Fatal(err)
	}
	return c
}

// Close drops every connection and stops the server.
func (m *Mod) Close() {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	m.closed = true
	conns := m.conns
	m.mu.Unlock()
	for _, c := range conns {
		c.Drop()
	}
	if m.httpSrv != nil {
		m.httpSrv.Close()
	}
	if m.memSrv != nil {
		m.memSrv.Close()
		<-m.serveEnd
	}
}

// Conn is one connection from the client, driven by the test.
type Conn struct {
	ws      *websocket.Conn
	writeMu sync.Mutex
}

// Send writes a packet as the game side would.
func (c *Conn) Send(p protocol.Packet) error {
	b, err := protocol.Encode(p)
	if err != nil {
		return err
	}
	return c.SendRaw(string(b))
}

// SendJSON writes any value as one JSON frame.
func (c *Conn) SendJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("gametest: %w", err)
	}
	return c.SendRaw(string(b))
}

// SendRaw writes one text frame exactly as given, JSON or not.
func (c *Conn) SendRaw(frame string) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	return c.ws.WriteMessage(websocket.TextMessage, []byte(frame))
}

// SendHello writes Hello(), changed by edit when it is not nil.
func (c *Conn) SendHello(edit func(*protocol.Hello)) error {
	h := Hello()
	if edit != nil {
		edit(&h)
	}
	return c.Send(h)
}

// Recv reads the client's next request.
func (c *Conn) Recv(ctx context.Context) (protocol.Request, error) {
	stop := context.AfterFunc(ctx, func() { _ = c.ws.NetConn().SetReadDeadline(time.Unix(1, 0)) })
	defer stop()
	kind, frame, err := c.ws.ReadMessage()
	if err != nil {
		return protocol.Request{}, fmt.Errorf("gametest: read a request: %w", err)
	}
	if kind != websocket.TextMessage {
		return protocol.Request{}, errors.New("gametest: the client sent a binary frame")
	}
	return protocol.DecodeRequest(frame)
}

// Answer answers a request with its own id.
func (c *Conn) Answer(r protocol.Request, result protocol.Result, message string) error {
	return c.Send(protocol.Answer{Status: protocol.StatusFinished, ID: r.ID, Action: r.Action,
		Result: result, Message: message})
}

// AnswerP1 answers as a protocol-1 jar does: no id, the sentence in details.
func (c *Conn) AnswerP1(action string, result protocol.Result, details string) error {
	return c.Send(protocol.Answer{Status: protocol.StatusFinished, Action: action, Result: result, Details: details})
}

// Respond answers every request with what answer returns until the
// connection or ctx ends; it returns the error that ended it.
func (c *Conn) Respond(ctx context.Context, answer func(protocol.Request) protocol.Answer) error {
	for {
		r, err := c.Recv(ctx)
		if err != nil {
			return err
		}
		a := answer(r)
		a.Status, a.ID = protocol.StatusFinished, r.ID
		if err := c.Send(a); err != nil {
			return err
		}
	}
}

// Close ends the connection politely, with a close frame.
func (c *Conn) Close() error {
	c.writeMu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage,
		websocket.FormatCloseMessage(websocket.CloseNormalClosure, "the fake game closes"), time.Now().Add(time.Second))
	c.writeMu.Unlock()
	return c.ws.Close()
}

// Drop ends the connection without a close frame, as a crashed game would.
func (c *Conn) Drop() { c.ws.NetConn().Close() }

// BreakMidFrame starts a text frame that promises size bytes, writes only
// the first part of it, and drops the connection.
func (c *Conn) BreakMidFrame(size int) error {
	return c.writeAndDrop(append(frameHead(0x81, uint64(size)), `{"type":"chat","message":"`...))
}

// BreakMidMessage starts a text message in pieces: a first short piece,
// then a continuation frame that promises size bytes, of which nothing
// follows; then it drops the connection. A reader learns the message's
// size only while it reads it.
func (c *Conn) BreakMidMessage(size int) error {
	first := `{"type":"chat","message":"`
	msg := append(frameHead(0x01, uint64(len(first))), first...)         // text, not final
	return c.writeAndDrop(append(msg, frameHead(0x80, uint64(size))...)) // continuation, final
}

// frameHead is the head of an unmasked frame (server to client) with a
// 64-bit length; b0 is the first byte: FIN flag and opcode.
func frameHead(b0 byte, size uint64) []byte {
	head := []byte{b0, 127, 0, 0, 0, 0, 0, 0, 0, 0}
	for i := 0; i < 8; i++ {
		head[9-i] = byte(size >> (8 * i))
	}
	return head
}

// writeAndDrop writes raw bytes on the socket, under the frame writer's
// lock, and drops the connection.
func (c *Conn) writeAndDrop(b []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	nc := c.ws.NetConn()
	_, err := nc.Write(b)
	nc.Close()
	return err
}

// Hello is a protocol-2 hello offering a few actions, with the budgets
// beaweb's own game sides give them (protocol.Budget).
func Hello() protocol.Hello {
	budgets := map[string]float64{}
	for _, a := range []string{"move_to", "find_block", "build", "smelt_item", "follow_player", "mine_block",
		"craft_item", "scan", "stop_moving", "mc_chat", "look_at", "look_at_player", "check_death_log"} {
		budgets[a], _ = protocol.Budget(a)
	}
	h := protocol.Hello{Protocol: 2, ModVersion: "1.4.0-test", MCVersion: "26.2",
		Player:     protocol.Identity{Name: "Bea", UUID: "00000000-0000-4000-8000-000000000001"},
		World:      protocol.WorldID{Server: "fake.test:25565", Dimension: "overworld"},
		Concurrent: []string{"scan", "look_at", "look_at_player", "mc_chat", "check_death_log", "stop_moving"},
		Budgets:    budgets}
	for a := range budgets {
		h.Actions = append(h.Actions, a)
	}
	return h
}

// pipeListener is a net.Listener over net.Pipe.
type pipeListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func (l *pipeListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.done:
		return nil, fmt.Errorf("gametest: dial: %w", net.ErrClosed)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "127.0.0.1:8080" }
