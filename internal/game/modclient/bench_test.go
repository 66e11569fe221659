package modclient_test

import (
	"context"
	"testing"
	"time"

	"beaweb/internal/game/gametest"
	"beaweb/internal/game/modclient"
	"beaweb/internal/game/protocol"
)

// benchClient runs a client against a fake on a loopback port and returns
// its connection once the hello has been read.
func benchClient(b *testing.B) (*modclient.Client, *gametest.Conn) {
	b.Helper()
	mod := gametest.New(b)
	client := modclient.New(modclient.Config{URL: mod.URL()})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- client.Run(ctx) }()
	b.Cleanup(func() {
		cancel()
		<-done
		for range client.Events() {
		}
	})
	c := mod.MustAccept()
	if err := c.SendHello(nil); err != nil {
		b.Fatal(err)
	}
	select {
	case p := <-client.Events():
		if p.PacketType() != "hello" {
			b.Fatalf("first event %s", p.PacketType())
		}
	case <-time.After(10 * time.Second):
		b.Fatal("no hello")
	}
	return client, c
}

// BenchmarkCallRoundTrip is one call and its answer over a loopback socket.
func BenchmarkCallRoundTrip(b *testing.B) {
	client, c := benchClient(b)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() {
		defer close(served)
		_ = c.Respond(ctx, func(r protocol.Request) protocol.Answer {
			return protocol.Answer{Action: r.Action, Result: protocol.Success, Message: "mined stone"}
		})
	}()
	params := map[string]int{"x": 100, "y": 64, "z": 100}
	b.ReportAllocs()
	for b.Loop() {
		a, err := client.Call(context.Background(), "mine_block", params)
		if err != nil || a.Result != protocol.Success {
			b.Fatal(a, err)
		}
	}
	b.StopTimer()
	cancel()
	<-served
}

// BenchmarkProgressToSubscriber sends 10,000 progress packets per op
// through the client to a consumer of Events.
func BenchmarkProgressToSubscriber(b *testing.B) {
	const n = 10000
	client, c := benchClient(b)
	frames := make([]string, n)
	for i := range frames {
		f, _ := protocol.Encode(protocol.Progress{ID: "r1-abcdef", Action: "build", Done: i, Total: n, Message: "placed a cell"})
		frames[i] = string(f)
	}
	var received, op int64
	b.ReportAllocs()
	for b.Loop() {
		op++
		sent := make(chan error, 1)
		go func() {
			for _, f := range frames {
				if err := c.SendRaw(f); err != nil {
					sent <- err
					return
				}
			}
			// A heartbeat is never dropped, so it marks the end.
			sent <- c.Send(protocol.Heartbeat{Tick: op})
		}()
		for done := false; !done; {
			switch p := (<-client.Events()).(type) {
			case protocol.Progress:
				received++
			case protocol.Heartbeat:
				done = p.Tick == op
			}
		}
		if err := <-sent; err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(client.Counters().DroppedEvents)/float64(op), "dropped/op")
	b.ReportMetric(float64(received)/float64(op), "delivered/op")
}
