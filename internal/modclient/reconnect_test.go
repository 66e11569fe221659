package modclient_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/gametest"
	"beaweb/internal/modclient"
)

// The reconnection and the status the dashboard shows, in a
// testing/synctest bubble over the in-memory fake.

func TestReconnectBackoff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mod := gametest.NewInMemory(t)
		var mu sync.Mutex
		var dials []time.Time
		mod.Refuse(8)
		h := start(t, mod, func(cfg *modclient.Config) {
			cfg.NetDial = func(ctx context.Context, network, addr string) (net.Conn, error) {
				mu.Lock()
				dials = append(dials, time.Now())
				mu.Unlock()
				return mod.NetDial()(ctx, network, addr)
			}
		})
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		c, err := mod.Accept(ctx)
		if err != nil {
			t.Fatal(err)
		}
		synctest.Wait() // the client has finished its side of the handshake
		mu.Lock()
		got := gaps(dials)
		mu.Unlock()
		want := []time.Duration{1, 2, 4, 8, 16, 30, 30, 30}
		if len(got) != len(want) {
			t.Fatalf("%d waits between dials, want %d", len(got), len(want))
		}
		jittered := 0
		for i, g := range got {
			within(t, fmt.Sprintf("wait %d", i+1), g, want[i]*time.Second)
			if g != want[i]*time.Second {
				jittered++
			}
		}
		// Without jitter every client that lost the same game would dial it
		// again in step.
		if jittered < len(got)/2 {
			t.Errorf("only %d of %d waits are shifted from the plain doubling %v: %v", jittered, len(got), want, got)
		}
		if s := h.client.Status(); !s.Connected || s.Attempts != 8 || !strings.Contains(s.LastError, "503") {
			t.Errorf("status after 8 refusals %+v", s)
		}
		if err := c.SendHello(nil); err != nil {
			t.Fatal(err)
		}
		h.nextEvent("hello")

		// While disconnected every call fails at once.
		mod.Refuse(1)
		c.Drop()
		synctest.Wait()
		a, err := h.client.Call(context.Background(), "move_to", nil)
		wantErr(t, err, modclient.ErrNotConnected)
		if a.Message != "the game is not connected" {
			t.Errorf("%+v", a)
		}
		if s := h.client.Status(); s.Connected || s.LastError == "" {
			t.Errorf("status while disconnected %+v", s)
		}
		// That link was short, so the wait goes on doubling from where it was.
		c = mustAccept(t, mod)
		mu.Lock()
		got = gaps(dials[len(dials)-3:])
		mu.Unlock()
		within(t, "after a short link", got[0], 30*time.Second)
		within(t, "after a short link", got[1], 30*time.Second)

		// A link up for a whole minute starts the waits over at 1 s.
		time.Sleep(61 * time.Second)
		dropped := time.Now()
		c.Drop()
		c = mustAccept(t, mod)
		within(t, "after a healthy minute", time.Since(dropped), time.Second)
		// A short link after it does not reset: the next wait is 2 s.
		time.Sleep(5 * time.Second)
		dropped = time.Now()
		c.Drop()
		mustAccept(t, mod)
		within(t, "after a short link", time.Since(dropped), 2*time.Second)
	})
}

func mustAccept(t *testing.T, mod *gametest.Mod) *gametest.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	c, err := mod.Accept(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func gaps(ts []time.Time) []time.Duration {
	var out []time.Duration
	for i := 1; i < len(ts); i++ {
		out = append(out, ts[i].Sub(ts[i-1]))
	}
	return out
}

// within checks d is base shifted by at most a fifth.
func within(t *testing.T, what string, d, base time.Duration) {
	t.Helper()
	if d < base*8/10 || d > base*12/10 {
		t.Errorf("%s: waited %v, want %v ± 20%%", what, d, base)
	}
}

// TestStatusSince: while the link is up, since is when it came up; while it
// is down, when the outage began, however many attempts fail after it.
func TestStatusSince(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mod := gametest.NewInMemory(t)
		h := start(t, mod, nil)
		c := h.connect(nil)
		up := time.Now()
		if s := h.client.Status(); !s.Connected || !s.Since.Equal(up) || s.Attempts != 0 {
			t.Errorf("status once connected %+v, want since %v", s, up)
		}
		time.Sleep(90 * time.Second)
		if s := h.client.Status(); !s.Since.Equal(up) {
			t.Errorf("since moved while the link stayed up: %v, want %v", s.Since, up)
		}

		mod.Refuse(3)
		down := time.Now()
		c.Drop()
		synctest.Wait()
		s := h.client.Status()
		if s.Connected || !s.Since.Equal(down) || s.Attempts != 1 || s.LastError == "" {
			t.Errorf("status once the link dropped %+v, want since %v", s, down)
		}
		time.Sleep(10 * time.Second) // 1 s, 2 s and 4 s of backoff: three refusals
		synctest.Wait()
		s = h.client.Status()
		if s.Connected || !s.Since.Equal(down) || s.Attempts < 3 || !strings.Contains(s.LastError, "503") {
			t.Errorf("status after refused attempts %+v, want since %v (the outage's start)", s, down)
		}

		c = mustAccept(t, mod)
		back := time.Now()
		if err := c.SendHello(nil); err != nil {
			t.Fatal(err)
		}
		h.nextEvent("hello")
		if s := h.client.Status(); !s.Connected || !s.Since.Equal(back) {
			t.Errorf("status once back %+v, want since %v", s, back)
		}
		h.mu.Lock()
		last := h.statuses[len(h.statuses)-1]
		h.mu.Unlock()
		if !last.Connected || !last.Since.Equal(back) {
			t.Errorf("the dashboard was last told %+v", last)
		}
	})
}

// TestNewLinkForgetsTheOldHello: what a hello said describes its own link.
// A jar that sends none after a newer mod speaks protocol 1, whatever the
// newer one spoke. (The versions and world a hello says are the senses' to
// keep; agent.Live forgets them at a new link.)
func TestNewLinkForgetsTheOldHello(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(nil)
		if s := h.client.Status(); s.Protocol != 2 {
			t.Fatalf("status %+v", s)
		}
		c.Drop()
		c = mustAccept(t, h.mod)
		time.Sleep(4 * time.Second) // past the hello timeout: a protocol-1 jar
		s := h.client.Status()
		if !s.Connected || s.Protocol != 1 {
			t.Errorf("a link without a hello shows %+v", s)
		}
		h.barrierP1(c)
	})
}
