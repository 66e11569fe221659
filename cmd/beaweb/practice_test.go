package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/modclient"
)

func TestRunPracticePrintsItsURLAndServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, pw := io.Pipe()
	var stderr strings.Builder
	code := make(chan int, 1)
	go func() {
		code <- runPractice(ctx, []string{"--addr", "127.0.0.1:0", "--seed", "5", "--speed", "10", "--quiet"}, pw, &stderr)
		pw.Close()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(line, "ws://")
	if i < 0 {
		t.Fatalf("no URL in %q", line)
	}
	url := strings.TrimSpace(line[i:])
	// Through the mod client, as beaweb itself connects: only it and the
	// practice world may speak WebSocket (internal/archtest).
	client := modclient.New(modclient.Config{URL: url, Logger: slog.New(slog.DiscardHandler)})
	clientCtx, stopClient := context.WithCancel(ctx)
	clientDone := make(chan error, 1)
	go func() { clientDone <- client.Run(clientCtx) }()
	select {
	case p := <-client.Events():
		h, ok := p.(protocol.Hello)
		if !ok || h.Protocol != 2 || h.World.Server != "practice" {
			t.Fatalf("first packet %+v, want the practice world's protocol-2 hello", p)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no hello within 10 s")
	}
	stopClient()
	if err := <-clientDone; err != nil {
		t.Fatal(err)
	}
	for range client.Events() { // closed once Run has returned
	}
	cancel()
	go io.Copy(io.Discard, out)
	if c := <-code; c != 0 {
		t.Fatalf("exit code %d, stderr %s", c, stderr.String())
	}
}

func TestRunPracticeRefusesBadFlags(t *testing.T) {
	var stdout, stderr strings.Builder
	if c := runPractice(context.Background(), []string{"--speed", "0.0001"}, &stdout, &stderr); c != 2 {
		t.Fatalf("exit code %d for a speed out of range", c)
	}
	if c := runPractice(context.Background(), []string{"extra"}, &stdout, &stderr); c != 2 {
		t.Fatalf("exit code %d for an extra argument", c)
	}
}
