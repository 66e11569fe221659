package modclient

import (
	"context"
	"net"
	"strings"
	"testing"

	"beaweb/internal/game/protocol"
)

// TestALinkRefusedIsSaidInWords (38.2): a mod address where nothing
// listens is said on the dashboard as a sentence, not Go's dial error.
func TestALinkRefusedIsSaidInWords(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan string, 1)
	c := New(Config{URL: "ws://" + addr, OnStatus: func(s protocol.ConnStatus) {
		if s.LastError != "" {
			select {
			case got <- s.LastError:
			default:
			}
			cancel()
		}
	}})
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	said := <-got
	<-done
	if want := "Nothing answers at " + addr + " (connection refused)."; said != want {
		t.Errorf("the link's last error reads %q, want %q", said, want)
	}
	if strings.Contains(said, "dial tcp") || strings.Contains(said, "modclient") {
		t.Errorf("raw words in %q", said)
	}
}
