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

	"beaweb/internal/lockstep"
)

// Serve runs the world and serves WebSocket clients on ln until ctx ends.
// Every client gets the hello first, then the state, survey and events of
// the one shared game; each request is answered on the connection it came
// from. Every goroutine Serve starts has ended when it returns.
func (w *World) Serve(ctx context.Context, ln net.Listener) error {
	if !w.serving.CompareAndSwap(false, true) {
		return ErrServing
	}
	s := &server{log: w.log, hub: w.hub, game: w, speed: w.opts.Speed, step: w.opts.Lockstep}
	return s.serve(ctx, ln)
}

// ticking is what the server drives: the game, one tick at a time with
// what arrived since the last, and its end when the server stops.
type ticking interface {
	step(in []inbound)
	shutdown()
	now() int64
}

// server is the protocol server: it accepts WebSocket clients on a
// listener, ticks the game at its speed and hands each tick the frames
// that came in.
type server struct {
	log   *slog.Logger
	hub   *hub
	game  ticking
	speed float64
	step  *lockstep.Clock // nil: the world keeps to the wall clock
}

// serve is Serve's work, once the world is known not to be served yet.
func (s *server) serve(ctx context.Context, ln net.Listener) error {
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
			s.log.Info("practice: upgrade refused", slog.Any("error", err))
			return
		}
		s.hub.serveConn(ctx, conn, r.RemoteAddr, inbox)
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second, ErrorLog: nil}

	var loop sync.WaitGroup
	if s.step != nil {
		loop.Go(func() { s.runLockstep(ctx, inbox) })
	} else {
		loop.Go(func() { s.run(ctx, inbox) })
	}
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
func (s *server) run(ctx context.Context, inbox <-chan inbound) {
	interval := time.Duration(float64(time.Second) / (ticksPerSecond * s.speed))
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
			s.game.shutdown()
			return
		case m := <-inbox:
			pending = append(pending, m)
			continue
		case <-timer.C:
		}
		now := time.Now()
		for n := 0; !next.After(now) && n < 200; n++ {
			s.safeStep(pending)
			pending = pending[:0]
			next = next.Add(interval)
		}
		if now.Sub(next) > time.Second {
			next = now
		}
		s.hub.flush()
		timer.Reset(time.Until(next))
	}
}

// patience is how long of the wall clock the world waits for the brain to
// settle before it runs the tick anyway and forgives the work still out;
// see lockstep's limits. Only a bug in the accounting should ever need it,
// and then it costs one patience and the run's sameness, which the bench
// reports. It is long so that no slow step of a starved machine (a test
// suite under the race detector beside a browser) is ever taken for one.
const patience = time.Minute

// runLockstep is run for a world in lockstep with a brain: it waits for the
// first client (so no tick passes before anyone plays), then before each
// tick waits until the brain has settled, takes every request that came,
// runs the tick and tells the clock. The speed caps the pace; a brain that
// thinks for longer than a tick slows the world instead of losing time.
func (s *server) runLockstep(ctx context.Context, inbox <-chan inbound) {
	defer s.game.shutdown()
	var pending []inbound
	select {
	case <-ctx.Done():
		return
	case m := <-inbox:
		pending = append(pending, m)
	}
	interval := time.Duration(float64(time.Second) / (ticksPerSecond * s.speed))
	next := time.Now()
	for {
		if !s.step.Settle(ctx, nil, patience) && ctx.Err() == nil {
			s.log.Warn("practice: the brain did not settle in time; the tick runs without it", slog.Int64("tick", s.game.now()+1),
				slog.Int64("work", s.step.Work()))
			s.step.Forgive()
		}
		for drained := false; !drained; {
			select {
			case m := <-inbox:
				pending = append(pending, m)
			default:
				drained = true
			}
		}
		if ctx.Err() != nil {
			return
		}
		s.safeStep(pending)
		pending = pending[:0]
		s.step.Begin(s.game.now()) // the brain reads the frames in this tick's time
		s.hub.flush()
		s.step.Advance(s.game.now())
		if next = next.Add(interval); time.Until(next) > 0 {
			t := time.NewTimer(time.Until(next))
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
		} else if time.Since(next) > time.Second {
			next = time.Now()
		}
	}
}

// safeStep runs a tick and keeps a bug in it from taking the process down:
// the practice world runs inside beaweb, and a brain that loses its game
// reconnects, while one that loses its process does not.
func (s *server) safeStep(in []inbound) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("practice: tick panicked", slog.Int64("tick", s.game.now()), slog.Any("panic", p),
				slog.String("stack", string(debug.Stack())))
		}
	}()
	s.game.step(in)
}
