package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/bodyproc"
	"beaweb/internal/squidworld"
)

// requestBenchBody is `beaweb bench --requests N --body`: the request bench
// through the body. flying-squid runs on loopback (the body's
// test/integration/serve-squid.js, with a ring of log trunks round the
// spawn) with Alex, its scripted player, in it; beaweb joins it as Bea
// through the body with the brain it runs. Alex says the lines in game
// chat, and what he hears and sees is what the bench judges, in real time:
// once through the request table (a line's window ends early once she has
// served it and 10 s have passed), then n requests three seconds apart.
//
// flying-squid crafts nothing and drops nothing thrown out of an inventory
// window, so Alex first hands her planks and sticks (/give), and her
// "There you go!" after a give stands in for his thanks.
func requestBenchBody(ctx context.Context, s benchSettings, n int, stdout, stderr io.Writer) error {
	node, err := bodyproc.FindNode(ctx)
	if err != nil {
		return err
	}
	dir := bodyproc.Dir()
	if err := bodyproc.Install(ctx, dir, node, stderr, slog.New(slog.DiscardHandler)); err != nil {
		return err
	}
	w := newRequestWatch()
	w.handoverUnseen = true
	world, err := squidworld.Start(ctx, squidworld.Options{Node: node, Dir: dir, Player: "Alex", Grove: true, Stderr: io.Discard, Watch: w.note})
	if err != nil {
		return err
	}
	defer world.Close()
	stop, logs, err := joinSquid(ctx, s, world.Port)
	if err != nil {
		return err
	}
	defer stop()
	fmt.Fprintln(stderr, "flying-squid is up and she is joining it; the bench takes about ten minutes")
	if err := pollUntil(ctx, 2*time.Minute, func() bool { v, ok := world.Latest(); _, seen := v.Players["Bea"]; return ok && seen }); err != nil {
		return fmt.Errorf("Alex never saw her in the game: %w (beaweb's last log lines: %s)", err, strings.TrimSpace(logs.String()))
	}
	for _, line := range []string{"/give Bea oak_planks", "/give Bea oak_planks", "/give Bea oak_planks", "/give Bea oak_planks", "/give Bea stick", "/give Bea stick"} {
		if _, err := world.Say(line); err != nil {
			return err
		}
	}
	v, _ := world.Latest()
	if _, err := world.Say(fmt.Sprintf("/tp Alex %d 5 %d", int(math.Floor(v.Me.X))+10, int(math.Floor(v.Me.Z)))); err != nil {
		return err
	}

	ps := probes()
	spans := make([]span, len(ps))
	for i, p := range ps {
		if err := pause(ctx, 2*time.Second); err != nil {
			return err
		}
		from := w.now()
		if _, err := world.Say(p.line); err != nil {
			return err
		}
		ends := time.Now().Add(time.Duration(p.window * float64(time.Second)))
		early := time.Now().Add(time.Duration(min(p.window, 10) * float64(time.Second)))
		if err := pollUntil(ctx, time.Until(ends), func() bool { return time.Now().After(early) && p.served(w, from, w.now()) }); err != nil && ctx.Err() != nil {
			return err
		}
		spans[i] = span{from, w.now()}
	}
	printServed(stdout, ps, w, spans)

	asked := make([]askedLine, n)
	for i := range n {
		from := w.now()
		if _, err := world.Say(ps[i%len(ps)].line); err != nil {
			return err
		}
		if err := pause(ctx, 3*time.Second); err != nil {
			return err
		}
		asked[i] = askedLine{span{from, w.now()}, ps[i%len(ps)].line, ps[i%len(ps)].moves}
	}
	printLatency(stdout, w, asked, "through the body on flying-squid, seen by Alex (every 100 ms)")
	return nil
}

// joinSquid runs beaweb joined to flying-squid on port as Bea through the
// body, until stop, with the tail of its log; its database is a temporary one unless s.Keep names a
// folder.
func joinSquid(ctx context.Context, s benchSettings, port int) (stop func(), logs *tailWriter, err error) {
	path, err := s.database(1)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.beaweb(append([]string{"--server", "127.0.0.1:" + strconv.Itoa(port), "--username", "Bea",
		"--addr", "127.0.0.1:0", "--db", path}, s.model...))
	if err != nil {
		return nil, nil, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	logs = &tailWriter{max: 4 << 10}
	done := make(chan error, 1)
	go func() {
		done <- b.Serve(runCtx, Hooks{Stderr: logs})
	}()
	return func() {
		cancel()
		<-done
		if s.Keep == "" {
			os.RemoveAll(filepath.Dir(path))
		}
	}, logs, nil
}

// pollUntil polls cond every 100 ms until it holds, ctx ends or within passes.
func pollUntil(ctx context.Context, within time.Duration, cond func() bool) error {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			return fmt.Errorf("not within %s", within)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
	return nil
}

// pause waits d unless ctx ends first.
func pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
