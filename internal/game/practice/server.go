package practice

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"beaweb/internal/game/protocol"
)

// Serve runs the world and serves WebSocket clients on ln until ctx ends.
// Every client gets the hello first, then the state, survey and events of
// the one shared game; each request is answered on the connection it came
// from. Every goroutine Serve starts has ended when it returns.
func (w *World) Serve(ctx context.Context, ln net.Listener) error {
	if !w.serving.CompareAndSwap(false, true) {
		return ErrServing
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	inbox := make(chan inbound, 256)

	var (
		mu      sync.Mutex
		closing bool
		conns   sync.WaitGroup
	)
	up := websocket.Upgrader{ReadBufferSize: 4096, WriteBufferSize: 16384}
	handler := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if closing {
			mu.Unlock()
			http.Error(rw, "the practice world is shutting down", http.StatusServiceUnavailable)
			return
		}
		conns.Add(1)
		mu.Unlock()
		defer conns.Done()
		conn, err := up.Upgrade(rw, r, nil)
		if err != nil {
			w.log.Info("practice: upgrade refused", slog.Any("error", err))
			return
		}
		w.hub.serveConn(ctx, conn, r.RemoteAddr, inbox)
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second, ErrorLog: nil}

	var loop sync.WaitGroup
	loop.Go(func() { w.run(ctx, inbox) })
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	var err error
	select {
	case <-ctx.Done():
	case err = <-served:
		cancel()
	}
	mu.Lock()
	closing = true
	mu.Unlock()
	srv.Close()
	if err == nil {
		if e := <-served; !errors.Is(e, http.ErrServerClosed) {
			err = e
		}
	} else if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	conns.Wait()
	loop.Wait()
	if err != nil {
		return errors.Join(errors.New("practice: serve"), err)
	}
	return nil
}

// run is the world goroutine: it ticks at 20 times the speed a second,
// catching up when it falls behind by less than a second and letting the
// rest go, and hands each tick what arrived since the last one.
func (w *World) run(ctx context.Context, inbox <-chan inbound) {
	interval := time.Duration(float64(time.Second) / (ticksPerSecond * w.opts.Speed))
	if interval <= 0 {
		interval = time.Nanosecond
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	next := time.Now()
	var pending []inbound
	for {
		select {
		case <-ctx.Done():
			w.shutdown()
			return
		case m := <-inbox:
			pending = append(pending, m)
			continue
		case <-timer.C:
		}
		now := time.Now()
		for n := 0; !next.After(now) && n < 200; n++ {
			w.safeStep(pending)
			pending = pending[:0]
			next = next.Add(interval)
		}
		if now.Sub(next) > time.Second {
			next = now
		}
		w.hub.flush()
		timer.Reset(time.Until(next))
	}
}

// shutdown answers the running action, since every request is answered
// exactly once, and drops every client.
func (w *World) shutdown() {
	w.hands.interrupt(protocol.ReasonDisconnected)
	if w.hands.reflex != nil {
		w.hands.halt(w.hands.reflex)
		w.hands.reflex = nil
	}
	for len(w.scans.queue) > 0 {
		w.scans.end(w.scans.queue[0], outcome{result: protocol.Interrupted, message: "interrupted (disconnected): the practice world is shutting down"},
			protocol.ReasonDisconnected)
	}
	w.hub.flush()
	w.hub.dropAll()
}

// safeStep runs a tick and keeps a bug in it from taking the process down:
// the practice world runs inside beaweb, and a brain that loses its game
// reconnects, while one that loses its process does not.
func (w *World) safeStep(in []inbound) {
	defer func() {
		if p := recover(); p != nil {
			w.log.Error("practice: tick panicked", slog.Int64("tick", w.tick), slog.Any("panic", p),
				slog.String("stack", string(debug.Stack())))
		}
	}()
	w.step(in)
}

// step is one tick of the game.
func (w *World) step(in []inbound) {
	w.tick++
	var perClient map[*client]int
	for _, m := range in {
		switch {
		case m.hello:
			w.connect(m.c)
		case m.gone:
			w.disconnect(m.c)
		default:
			if !w.hub.has(m.c) {
				continue
			}
			if perClient == nil {
				perClient = map[*client]int{}
			}
			if perClient[m.c]++; perClient[m.c] > maxFramesPerTick {
				w.refuseFlood(m.c, m.frame)
				continue
			}
			w.handleFrame(m.c, m.frame)
		}
	}
	w.scans.step(w.tick)
	w.simulate()
	w.stepReflex()
	w.hands.stepJob(w.tick)
	w.ents.sweep()
	// The state and the survey cost more than a tick's simulation; with
	// nobody connected they are not built at all.
	if w.tick%10 == 0 && w.hub.connected() {
		w.hub.broadcast(w.statePacket())
	}
	if w.tick%40 == 0 && w.hub.connected() {
		w.hub.broadcast(w.surveyPacket())
	}
	if w.tick%100 == 0 {
		w.hub.broadcast(protocol.Heartbeat{Tick: w.tick})
	}
}

// maxFramesPerTick is how many requests one client may have handled in one
// tick; a flood beyond it is answered FAILURE_BUSY, so one client cannot
// hold the world up for the others.
const maxFramesPerTick = 20

// refuseFlood answers a request that came in a flood.
func (w *World) refuseFlood(c *client, frame []byte) {
	req, err := protocol.DecodeRequest(frame)
	id := req.ID
	if err != nil {
		id = lenientID(frame)
	}
	w.hands.answer(c, id, req.Action, fail(protocol.FailBusy,
		"you sent more than %d requests in one tick; send it again in a moment", maxFramesPerTick), "", nil)
}

// connect greets a new client with the hello and her state. Frames queued
// for the others go out first, so the hello is the newcomer's first frame.
func (w *World) connect(c *client) {
	w.hub.join(c)
	h := w.Hello()
	h.World.Dimension = w.bea.dimension // a client that joins while she is in the nether
	w.hub.send(c, h)
	w.hub.send(c, w.statePacket())
	w.log.Info("practice: client connected", slog.String("remote", c.remote))
}

// disconnect forgets a client; the action it asked for ends with reason
// disconnected, which nobody hears.
func (w *World) disconnect(c *client) {
	if !w.hub.leave(c) {
		return
	}
	w.scans.drop(c)
	if w.hands.job != nil && w.hands.job.client == c {
		w.hands.interrupt(protocol.ReasonDisconnected)
	}
	w.log.Info("practice: client gone", slog.String("remote", c.remote))
}
