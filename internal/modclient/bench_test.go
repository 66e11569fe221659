package modclient_test

import (
	"context"
	"testing"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/modclient"
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

// BenchmarkProgressToSubscriber is 10,000 progress packets of one request
// per op, from the game side's socket through the client to a consumer of
// Events.
//
// each: the consumer reads every one of them: the game side sends the next
// only once the previous one has been delivered, so ns/op is 10,000 trips
// through reader, mailbox and channel, and the op fails if one is missing.
//
// burst: the game side sends them as fast as it can. Progress only says how
// far the request is now, so while the consumer is behind, the newest
// replaces the older (Events' contract); delivered/op says how many reached
// it, and the last one, with the final count, always does.
func BenchmarkProgressToSubscriber(b *testing.B) {
	const n = 10000
	frames := make([]string, n)
	for i := range frames {
		f, _ := protocol.Encode(protocol.Progress{ID: "r1-abcdef", Action: "build", Done: i + 1, Total: n, Message: "placed a cell"})
		frames[i] = string(f)
	}
	b.Run("each", func(b *testing.B) {
		client, c := benchClient(b)
		var delivered int64
		b.ReportAllocs()
		for b.Loop() {
			for i, f := range frames {
				if err := c.SendRaw(f); err != nil {
					b.Fatal(err)
				}
				p, ok := (<-client.Events()).(protocol.Progress)
				if !ok || p.Done != i+1 {
					b.Fatalf("packet %d: got %+v, want the progress with done=%d", i, p, i+1)
				}
				delivered++
			}
		}
		b.ReportMetric(float64(delivered)/float64(b.N), "delivered/op")
	})
	b.Run("burst", func(b *testing.B) {
		client, c := benchClient(b)
		var delivered, op int64
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
				// A heartbeat is queued after the last progress, so it marks the end.
				sent <- c.Send(protocol.Heartbeat{Tick: op})
			}()
			last := 0
			for done := false; !done; {
				switch p := (<-client.Events()).(type) {
				case protocol.Progress:
					delivered++
					last = p.Done
				case protocol.Heartbeat:
					done = p.Tick == op
				}
			}
			if err := <-sent; err != nil {
				b.Fatal(err)
			}
			if last != n {
				b.Fatalf("the last progress delivered says %d of %d", last, n)
			}
		}
		b.ReportMetric(float64(client.Counters().DroppedEvents)/float64(op), "dropped/op")
		b.ReportMetric(float64(delivered)/float64(op), "delivered/op")
	})
}
