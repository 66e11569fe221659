package main

import (
	"beaweb/internal/logtest"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkSSEBytesPerSecondWhileShePlays runs the whole program with the
// autopilot in the practice world at the game's own speed, and counts the
// bytes one viewer's live stream carries over each 10 s window after the
// first redraw: what watching her costs a phone on a slow link.
func BenchmarkSSEBytesPerSecondWhileShePlays(b *testing.B) {
	const window = 10 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &logtest.Buffer{}
	ready := make(chan addrs, 1)
	done := make(chan int, 1)
	args := []string{"--practice", "--speed", "1", "--addr", "127.0.0.1:0", "--db", filepath.Join(b.TempDir(), "bea.db")}
	go func() {
		e := env{getenv: func(string) string { return "" }, stdout: logs, stderr: logs}
		e.ready = func(a addrs) { ready <- a }
		done <- run(ctx, args, e)
	}()
	var a addrs
	select {
	case a = <-ready:
	case code := <-done:
		b.Fatalf("beaweb exited with %d:\n%s", code, logs)
	case <-time.After(60 * time.Second):
		b.Fatalf("beaweb was not ready within 60 s:\n%s", logs)
	}
	defer func() {
		cancel()
		<-done
	}()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.Dashboard+"/live/events", nil)
	if err != nil {
		b.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 64<<10)
	// The first redraw is a page's worth, paid once per viewer.
	if _, err := resp.Body.Read(buf); err != nil {
		b.Fatal(err)
	}
	var total int64
	var elapsed time.Duration
	for b.Loop() {
		start := time.Now()
		deadline := start.Add(window)
		for time.Now().Before(deadline) {
			n, err := resp.Body.Read(buf)
			total += int64(n)
			if err == io.EOF {
				b.Fatalf("the live stream ended:\n%s", logs)
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		elapsed += time.Since(start)
	}
	b.ReportMetric(float64(total)/elapsed.Seconds(), "bytes/s")
}
