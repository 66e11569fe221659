package main

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"beaweb/internal/game/protocol"
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
	conn, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, frame, err := conn.ReadMessage()
	if err != nil {
		t.Fatal(err)
	}
	p, err := protocol.Decode(frame)
	if h, ok := p.(protocol.Hello); err != nil || !ok || h.Protocol != 2 {
		t.Fatalf("first frame %s", frame)
	}
	conn.Close()
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
