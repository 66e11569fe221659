package modclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"beaweb/internal/fault"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// conn is one WebSocket connection with its reader and writer. Its tables
// are guarded by the client's mutex.
type conn struct {
	c   *Client
	ws  *websocket.Conn
	url string

	ready     chan struct{} // closed once the protocol is known
	done      chan struct{} // closed when the connection has ended
	closeOnce sync.Once
	wake      chan struct{} // tells the writer the outbox has work

	// Guarded by c.mu.
	proto      int                // 0 until the hello (or its absence) says
	calls      map[string]*call   // every call not yet ended, by id
	order      []*call            // protocol 1: calls in the order their answers will come
	outbox     []*call            // calls waiting for the writer
	budgets    map[string]float64 // from the hello, negative ones removed
	closed     bool
	reason     error
	helloTimer *time.Timer
	missing    map[string]bool // state parts already reported missing
}

// dial opens a connection. Cancelling ctx aborts a handshake in progress.
func (c *Client) dial(ctx context.Context, u string) (*conn, error) {
	netDial := c.cfg.NetDial
	if netDial == nil {
		netDial = (&net.Dialer{}).DialContext
	}
	var stops []func() bool
	d := websocket.Dialer{
		HandshakeTimeout: handshakeTimeout,
		NetDialContext: func(dialCtx context.Context, network, addr string) (net.Conn, error) {
			nc, err := netDial(dialCtx, network, addr)
			if err == nil {
				// Watch Run's context, not dialCtx: the dialer cancels its own
				// when the handshake is over.
				stops = append(stops, context.AfterFunc(ctx, func() { nc.Close() }))
			}
			return nc, err
		},
	}
	var header http.Header
	if u == c.cfg.URL {
		header = c.cfg.Header
	}
	ws, resp, err := d.DialContext(ctx, u, header)
	for _, stop := range stops {
		stop()
	}
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	if err != nil {
		if resp != nil {
			return nil, fault.Wrap(fault.CodeUnavailable, fmt.Errorf("modclient: dial %s: %w (HTTP %s)", u, err, resp.Status),
				fmt.Sprintf("Something answers at %s, but not as the BeaCraft mod does (it said %s).", hostOf(u), resp.Status))
		}
		return nil, fault.Wrap(fault.CodeUnavailable, fmt.Errorf("modclient: dial %s: %w", u, err), dialSentence(u, err))
	}
	if ctx.Err() != nil {
		ws.Close()
		return nil, ctx.Err()
	}
	ws.SetReadLimit(hardFrameLimit)
	return &conn{
		c:       c,
		ws:      ws,
		url:     u,
		ready:   make(chan struct{}),
		done:    make(chan struct{}),
		wake:    make(chan struct{}, 1),
		calls:   map[string]*call{},
		missing: map[string]bool{},
	}, nil
}

// serve runs the connection until it ends or ctx does, and returns why it
// ended. Every call still pending has failed by then.
func (c *Client) serve(ctx context.Context, cn *conn, attempts int) error {
	c.mu.Lock()
	c.cur = cn
	c.status.Connected = true
	c.status.Since = c.cfg.Now()
	c.status.Attempts = attempts
	// The last link's protocol is not known of this one: it is settled by
	// this link's hello or its absence.
	c.status.Protocol = 0
	cn.helloTimer = time.AfterFunc(c.cfg.HelloTimeout, cn.noHello)
	moved := c.url != cn.url // SetURL ran while this dial was finishing
	c.mu.Unlock()
	if moved {
		cn.close(errURLChanged)
	}
	c.log.Info("modclient: connected to the game", slog.String("url", cn.url))
	c.notify()

	var wg sync.WaitGroup
	wg.Go(cn.read)
	wg.Go(cn.write)
	select {
	case <-cn.done:
	case <-ctx.Done():
		cn.close(errStopping)
	}
	wg.Wait()

	c.mu.Lock()
	if c.cur == cn {
		c.cur = nil
	}
	err := cn.reason
	left := cn.pendingLocked()
	if left > 0 {
		c.undrained = append(c.undrained, cn)
	}
	c.mu.Unlock()
	if left > 0 {
		// close fails every call, so this is a bug in the client.
		c.log.Error("modclient: a closed connection left calls pending", slog.Int("pending", left))
	}
	return err
}

// close ends the connection once: every call not yet ended fails with a
// sentence saying why, and the socket is closed, which ends the reader.
func (cn *conn) close(reason error) {
	cn.closeOnce.Do(func() {
		c := cn.c
		// Logged before the calls fail, so the line is there when they return.
		if reason != errStopping && reason != errURLChanged {
			c.log.Warn("modclient: the connection to the game ended", slog.Any("error", reason))
		}
		c.mu.Lock()
		cn.closed = true
		cn.reason = reason
		if cn.helloTimer != nil {
			cn.helloTimer.Stop()
		}
		for _, k := range cn.calls {
			cn.finishLocked(k, result{ans: lostAnswer(k, reason), err: fmt.Errorf("modclient: %s: %w: %v", k.action, ErrDisconnected, reason)}, late)
		}
		cn.order, cn.outbox = nil, nil
		close(cn.done)
		c.mu.Unlock()
		cn.ws.Close()
	})
}

// noHello runs when no hello came in time: the game side is taken for a
// protocol-1 jar.
func (cn *conn) noHello() {
	c := cn.c
	c.mu.Lock()
	if cn.closed || cn.proto != 0 {
		c.mu.Unlock()
		return
	}
	cn.proto = 1
	c.status.Protocol = 1
	first := !c.outdated
	c.outdated = true
	c.mu.Unlock()
	if first {
		c.log.Error("modclient: no hello came within the hello timeout; the mod is taken for an outdated protocol-1 jar: answers are matched in order, and stop_moving, look_at, look_at_player and mc_chat are not waited for. Update the mod.",
			slog.Duration("hello_timeout", c.cfg.HelloTimeout))
	}
	// Calls are let go only once the line is written, so whoever a call
	// releases finds it in the log. proto is already set under the lock, so
	// nothing else closes ready.
	close(cn.ready)
	c.notify()
}

// read is the connection's one reader. It ends when the socket does.
func (cn *conn) read() {
	var buf bytes.Buffer
	for {
		kind, r, err := cn.ws.NextReader()
		if err != nil {
			cn.close(readError(err))
			return
		}
		if kind != websocket.TextMessage {
			cn.c.complain("binary", "modclient: ignored a binary frame; the protocol sends text only")
			cn.c.cfg.Lockstep.Give(lockstep.Frame, 1)
			continue
		}
		buf.Reset()
		n, err := buf.ReadFrom(io.LimitReader(r, protocol.MaxFrame+1))
		if err != nil {
			cn.close(midFrameError(err))
			return
		}
		if n > protocol.MaxFrame {
			rest, err := io.Copy(io.Discard, r)
			cn.c.mu.Lock()
			cn.c.counts.Oversize++
			cn.c.mu.Unlock()
			cn.c.complain("oversize", "modclient: refused a frame over 1 MiB", slog.Int64("bytes", n+rest),
				slog.String("start", protocol.Excerpt(buf.Bytes(), 120)))
			if err != nil {
				cn.close(midFrameError(err))
				return
			}
			cn.c.cfg.Lockstep.Give(lockstep.Frame, 1)
			continue
		}
		cn.c.handleFrame(cn, buf.Bytes())
		cn.c.cfg.Lockstep.Give(lockstep.Frame, 1) // the frame is handed on, each part paid for
	}
}

// readError says in words why reading stopped.
func readError(err error) error {
	var ce *websocket.CloseError
	switch {
	case errors.As(err, &ce) && ce.Code == websocket.CloseAbnormalClosure:
		return fmt.Errorf("the connection broke off without a close frame: %w", err)
	case errors.As(err, &ce):
		return fmt.Errorf("the game closed the connection (%d %s)", ce.Code, ce.Text)
	case errors.Is(err, websocket.ErrReadLimit):
		return fmt.Errorf("the game sent a frame over %d MiB: %w", hardFrameLimit>>20, err)
	}
	return err
}

// midFrameError says in words why a frame could not be read to its end.
func midFrameError(err error) error {
	if errors.Is(err, websocket.ErrReadLimit) {
		return readError(err) // a message in pieces grew past the hard limit
	}
	return fmt.Errorf("the connection broke off in the middle of a frame: %w", err)
}

// write is the connection's one writer: it sends the outbox in order. A
// request it cannot write fails at once and ends the connection.
func (cn *conn) write() {
	c := cn.c
	for {
		select {
		case <-cn.done:
			return
		case <-cn.wake:
		}
		c.mu.Lock()
		batch := cn.outbox
		cn.outbox = nil
		for _, k := range batch {
			k.written = true
		}
		c.mu.Unlock()
		for i, k := range batch {
			err := cn.ws.SetWriteDeadline(time.Now().Add(writeTimeout))
			if err == nil {
				err = cn.ws.WriteMessage(websocket.TextMessage, k.frame)
			}
			c.mu.Lock()
			if cn.closed {
				c.mu.Unlock()
				return
			}
			if err != nil {
				c.cfg.Lockstep.Give(lockstep.Request, len(batch)-i) // they never reached the game
				cn.finishLocked(k, result{
					ans: failed(k, protocol.Failure, fmt.Sprintf("%s could not be sent to the game: %v", k.action, err)),
					err: fmt.Errorf("modclient: %s: %w: %v", k.action, ErrDisconnected, err),
				}, late)
				c.mu.Unlock()
				cn.close(fmt.Errorf("writing to the game failed: %w", err))
				return
			}
			if k.unanswered {
				cn.finishLocked(k, result{ans: protocol.Answer{
					Status: protocol.StatusFinished, ID: k.id, Action: k.action, Result: protocol.Success,
					Message: fmt.Sprintf("%s was sent; this outdated mod never confirms it", k.action),
				}}, answered)
			}
			c.mu.Unlock()
		}
	}
}

// handleFrame decodes one frame and routes it.
func (c *Client) handleFrame(cn *conn, frame []byte) {
	p, err := protocol.Decode(frame)
	if err != nil {
		c.mu.Lock()
		c.counts.BadFrames++
		c.mu.Unlock()
		c.complain("unreadable", "modclient: dropped a frame that could not be read", slog.Any("error", err),
			slog.String("frame", protocol.Excerpt(frame, 200)))
		return
	}
	switch p := p.(type) {
	case protocol.Answer:
		c.handleAnswer(cn, p)
		return
	case protocol.Hello:
		c.handleHello(cn, p)
	case protocol.Unknown:
		c.mu.Lock()
		c.counts.UnknownTypes++
		first := !c.unknownTypes[p.Type] && len(c.unknownTypes) < maxLoggedNames
		if first {
			c.unknownTypes[p.Type] = true
		}
		c.mu.Unlock()
		if first {
			c.log.Warn("modclient: ignoring packets of a type this brain does not know", slog.String("type", p.Type))
		}
		return
	case protocol.State:
		if len(p.Missing) > 0 {
			c.reportMissing(cn, p.Missing)
		}
	}
	c.box.put(p)
}

// reportMissing warns once per connection for each part a state packet
// came without.
func (c *Client) reportMissing(cn *conn, parts []string) {
	var fresh []string
	c.mu.Lock()
	for _, p := range parts {
		if !cn.missing[p] {
			cn.missing[p] = true
			fresh = append(fresh, p)
		}
	}
	c.mu.Unlock()
	if len(fresh) > 0 {
		c.log.Warn("modclient: a state packet came without some of its parts; they read as empty",
			slog.Any("missing", fresh))
	}
}

// handleHello records the hello and settles the connection's protocol.
func (c *Client) handleHello(cn *conn, h protocol.Hello) {
	var negative, endless []string
	budgets := make(map[string]float64, len(h.Budgets))
	for a, b := range h.Budgets {
		switch {
		case b < 0:
			negative = append(negative, a)
			continue
		case b >= maxBudgetSeconds:
			endless = append(endless, a)
		}
		budgets[a] = b
	}
	slices.Sort(negative)
	slices.Sort(endless)
	mode := 2
	if h.Protocol < 2 {
		mode = 1
	}

	c.mu.Lock()
	c.status.Protocol = h.Protocol
	cn.budgets = budgets
	switched, kept, settled := false, false, false
	switch {
	case cn.closed:
	case cn.proto == 0:
		cn.proto = mode
		cn.helloTimer.Stop()
		settled = true
	case cn.proto != mode && mode == 2 && len(cn.order) == 0 && len(cn.outbox) == 0:
		cn.proto = mode
		switched = true
	case cn.proto != mode:
		kept = true
		c.status.Protocol = cn.proto
	}
	logOutdated := mode == 1 && !c.outdated
	if mode == 1 {
		c.outdated = true
	}
	c.mu.Unlock()

	c.log.Info("modclient: hello", slog.Int("protocol", h.Protocol), slog.String("mod_version", h.ModVersion),
		slog.String("mc_version", h.MCVersion), slog.String("player", h.Player.Name),
		slog.String("server", h.World.Server), slog.Int("actions", len(h.Actions)))
	if h.Protocol > protocol.Version {
		c.log.Warn("modclient: the mod speaks a newer protocol than this brain; carrying on as protocol 2",
			slog.Int("protocol", h.Protocol))
	}
	if logOutdated {
		c.log.Error("modclient: the mod is outdated (protocol 1): answers are matched in order, and stop_moving, look_at, look_at_player and mc_chat are not waited for. Update the mod.",
			slog.String("mod_version", h.ModVersion))
	}
	if len(negative) > 0 {
		c.log.Warn("modclient: the hello gives negative budgets; using beaweb's own for those actions",
			slog.Any("actions", negative))
	}
	if len(endless) > 0 {
		c.log.Warn("modclient: the hello gives budgets of centuries; beaweb waits as long as those actions take, as for a budget of 0",
			slog.Any("actions", endless))
	}
	if switched {
		c.log.Warn("modclient: the hello came after the hello timeout; switching this connection to protocol 2")
	}
	if kept {
		c.log.Warn("modclient: the hello came after the hello timeout while calls were waiting in protocol-1 order; this connection stays on protocol 1 until it reconnects")
	}
	if settled {
		// As in noHello: the waiting calls go only after the lines above.
		close(cn.ready)
	}
	c.notify()
}
