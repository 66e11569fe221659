package practice

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// This file holds the protocol server's side of the world: the clients,
// their connections and the frames a tick queues for them. The game hands
// it packets; it never reads the game.

// sendQueue is how many frames may wait for a client. A client that lets
// this many pile up is too slow to play with and is dropped, so it can
// never hold up the world or another client.
const sendQueue = 1024

// client is one WebSocket connection. The world goroutine owns its
// membership; its own writer goroutine drains send.
type client struct {
	conn   *websocket.Conn // nil for a client a test drives without a socket
	send   chan []byte
	done   chan struct{}
	once   sync.Once
	remote string
}

func newClient(conn *websocket.Conn, remote string) *client {
	return &client{conn: conn, send: make(chan []byte, sendQueue), done: make(chan struct{}), remote: remote}
}

// drop closes the connection; its reader then reports it gone.
func (c *client) drop() {
	c.once.Do(func() {
		close(c.done)
		if c.conn != nil {
			c.conn.Close()
		}
	})
}

// inbound is what a connection hands the world: a frame, its arrival or
// its end.
type inbound struct {
	c     *client
	frame []byte
	hello bool
	gone  bool
}

// outFrame is a frame waiting to be sent when the tick ends; nil c means
// every client.
type outFrame struct {
	c     *client
	frame []byte
}

// hub is the set of connected clients and the frames this tick has queued
// for them. The world goroutine owns it; each client's writer goroutine
// only drains that client's queue.
type hub struct {
	log     *slog.Logger
	clients map[*client]struct{}
	out     []outFrame // frames produced this tick, sent when it ends
	// step is the lockstep clock (nil without): each frame sent holds a
	// token until the brain has read it, and each request read gives back
	// the one its sender paid.
	step *lockstep.Clock
	// watch hears every packet sent to all (Options.Watch); nil hears none.
	watch func(protocol.Packet)
}

func newHub(log *slog.Logger, step *lockstep.Clock, watch func(protocol.Packet)) *hub {
	return &hub{log: log, clients: make(map[*client]struct{}), step: step, watch: watch}
}

// connected reports whether anyone is there to hear the world.
func (h *hub) connected() bool { return len(h.clients) > 0 }

// has reports whether c is connected.
func (h *hub) has(c *client) bool {
	_, ok := h.clients[c]
	return ok
}

// join adds c. Frames queued for the others go out first, so what is sent
// to c next is its first frame.
func (h *hub) join(c *client) {
	h.flush()
	h.clients[c] = struct{}{}
}

// leave forgets c and reports whether it was there. Frames still queued
// for it will never be read, and give their tokens back: its writer may
// have stopped before the world delivered them.
func (h *hub) leave(c *client) bool {
	if !h.has(c) {
		return false
	}
	delete(h.clients, c)
	c.giveBack(h.step)
	return true
}

// dropAll closes every connection and forgets it.
func (h *hub) dropAll() {
	for c := range h.clients {
		c.drop()
		delete(h.clients, c)
	}
}

// serveConn reads one client's frames until it goes or ctx ends; a writer
// goroutine it owns sends the client's queue.
func (h *hub) serveConn(ctx context.Context, conn *websocket.Conn, remote string, inbox chan<- inbound) {
	c := newClient(conn, remote)
	conn.SetReadLimit(protocol.MaxFrame)
	var writer sync.WaitGroup
	writer.Go(func() { c.writeLoop(h.step) })
	stop := context.AfterFunc(ctx, c.drop)
	defer func() {
		stop()
		c.drop()
		writer.Wait()
	}()
	select {
	case inbox <- inbound{c: c, hello: true}:
	case <-ctx.Done():
		return
	}
	for {
		kind, frame, err := conn.ReadMessage()
		if err != nil {
			break
		}
		if kind != websocket.TextMessage {
			h.log.Info("practice: binary frame ignored", slog.String("remote", remote))
			continue
		}
		select {
		case inbox <- inbound{c: c, frame: frame}:
			h.step.Give(lockstep.Request, 1) // the request is with the world now
		case <-ctx.Done():
			return
		}
	}
	select {
	case inbox <- inbound{c: c, gone: true}:
	case <-ctx.Done():
	}
}

func (c *client) writeLoop(step *lockstep.Clock) {
	defer c.giveBack(step)
	for {
		select {
		case <-c.done:
			return
		case frame := <-c.send:
			c.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if err := c.conn.WriteMessage(websocket.TextMessage, frame); err != nil {
				step.Give(lockstep.Frame, 1) // nobody will read it
				c.drop()
				return
			}
		}
	}
}

// giveBack empties c's queue: frames nobody will read give their tokens
// back.
func (c *client) giveBack(step *lockstep.Clock) {
	for {
		select {
		case <-c.send:
			step.Give(lockstep.Frame, 1)
		default:
			return
		}
	}
}

// send queues a packet for one client.
func (h *hub) send(c *client, p protocol.Packet) {
	frame, err := protocol.Encode(p)
	if err != nil {
		h.log.Error("practice: encode", slog.Any("error", err))
		return
	}
	h.out = append(h.out, outFrame{c: c, frame: frame})
}

// broadcast queues a packet for every client.
func (h *hub) broadcast(p protocol.Packet) {
	if len(h.clients) == 0 {
		return
	}
	if h.watch != nil {
		h.watch(p)
	}
	h.send(nil, p)
}

// flush hands the tick's frames to the clients' queues without ever
// waiting: a client whose queue is full is dropped. Every frame of the
// tick is paid for before the first goes: paid one by one, a brain could
// take in the first (a hello) and settle before the next (the state of the
// same tick) was paid, and read the tick half sent when the world's
// goroutine was slow to come back to its loop (a seed played a turn more
// under load).
func (h *hub) flush() {
	n := 0
	for _, f := range h.out {
		switch {
		case f.c == nil:
			n += len(h.clients)
		case h.has(f.c):
			n++
		}
	}
	h.step.Pay(lockstep.Frame, n)
	for _, f := range h.out {
		if f.c != nil {
			if h.has(f.c) { // not one that left since (an answer to it, say)
				h.deliver(f.c, f.frame)
			}
			continue
		}
		for c := range h.clients {
			h.deliver(c, f.frame)
		}
	}
	clear(h.out)
	h.out = h.out[:0]
}

// deliver queues a frame that flush has paid for.
func (h *hub) deliver(c *client, frame []byte) {
	select {
	case c.send <- frame:
	default:
		h.step.Give(lockstep.Frame, 1)
		h.log.Warn("practice: client too slow, dropped", slog.String("remote", c.remote))
		c.drop()
	}
}
