package modclient_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/modclient"
)

// The tests in this file run in a testing/synctest bubble over the
// in-memory fake, so timeouts, the hello timeout and the backoff run on the
// bubble's fake clock.

func TestTimeoutSaysWhoGaveUp(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(nil)
		t0 := time.Now()
		ch := h.goCall(context.Background(), "move_to", map[string]int{"x": 1, "y": 2, "z": 3})
		r := recv(t, c)
		res := <-ch
		if d := time.Since(t0); d != 125*time.Second {
			t.Errorf("gave up after %v, want the budget 120 s + 5 s", d)
		}
		wantErr(t, res.err, modclient.ErrTimeout)
		if res.ans.Result != protocol.Failure || res.ans.Message != "beaweb gave up waiting for move_to after 125 s" || res.ans.ID != r.ID {
			t.Errorf("answer %+v", res.ans)
		}
		if n := h.client.Pending(); n != 0 {
			t.Errorf("%d pending after a timeout", n)
		}
		// The answer that comes after all is dropped as late.
		if err := c.Answer(r, protocol.Success, "arrived at last"); err != nil {
			t.Fatal(err)
		}
		h.barrier(c)
		if got := h.client.Counters().Late; got != 1 {
			t.Errorf("late answers %d, want 1", got)
		}
	})
}

func TestWaitPerBudget(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(func(hl *protocol.Hello) {
			hl.Budgets = map[string]float64{"scan": 1, "move_to": 120, "mine_block": -5, "craft_item": 7.5, "follow_player": 0,
				"goto_player": 1e12}
		})
		tests := []struct {
			action string
			want   time.Duration
			says   string
		}{
			{"scan", 10 * time.Second, "after 10 s"},                 // 1 + 5 is under the 10 s floor
			{"craft_item", 12500 * time.Millisecond, "after 12.5 s"}, // fractional budgets count
			{"mine_block", 125 * time.Second, "after 125 s"},         // negative: beaweb's default 120 s
			{"use_block", 125 * time.Second, "after 125 s"},          // absent: the default
			{"find_block", 305 * time.Second, "after 305 s"},         // absent, but known to be long
			{"go_to_surface", 305 * time.Second, "after 305 s"},      // absent: protocol.Budget's 300 s
			{"build", 605 * time.Second, "after 605 s"},
		}
		for _, tt := range tests {
			t0 := time.Now()
			ch := h.goCall(context.Background(), tt.action, nil)
			recv(t, c)
			res := <-ch
			if d := time.Since(t0); d != tt.want {
				t.Errorf("%s gave up after %v, want %v", tt.action, d, tt.want)
			}
			if !strings.HasSuffix(res.ans.Message, tt.says) || !errors.Is(res.err, modclient.ErrTimeout) {
				t.Errorf("%s: %+v %v", tt.action, res.ans, res.err)
			}
		}
		if h.logs.count("negative budgets", "mine_block") != 1 {
			t.Errorf("a negative budget must be logged:\n%s", h.logs)
		}

		// A budget of 0 means no timeout at all; so does one of centuries,
		// which a time.Duration cannot hold.
		for _, action := range []string{"follow_player", "goto_player"} {
			ch := h.goCall(context.Background(), action, map[string]string{"player": "Alex"})
			r := recv(t, c)
			select {
			case res := <-ch:
				t.Fatalf("%s returned %+v", action, res.ans)
			case <-time.After(24 * time.Hour):
			}
			if err := c.Answer(r, protocol.Success, "on the way to Alex"); err != nil {
				t.Fatal(err)
			}
			if res := <-ch; res.err != nil || res.ans.Message != "on the way to Alex" {
				t.Errorf("%s: %+v %v", action, res.ans, res.err)
			}
		}
		if h.logs.count("budgets of centuries", "goto_player") != 1 {
			t.Errorf("a budget too long to wait for must be logged:\n%s", h.logs)
		}
	})
}

func TestNoHelloMeansProtocol1(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.mod.MustAccept()
		synctest.Wait() // the client has finished its side of the handshake
		t0 := time.Now()
		ch := h.goCall(context.Background(), "mine_block", map[string]int{"x": 1, "y": 2, "z": 3})
		r := recv(t, c)
		if d := time.Since(t0); d != 3*time.Second {
			t.Errorf("the request went out after %v; without a hello the client waits 3 s", d)
		}
		if err := c.AnswerP1("mine_block", protocol.Success, "mined stone"); err != nil {
			t.Fatal(err)
		}
		res := <-ch
		if res.err != nil || res.ans.Message != "mined stone" || res.ans.ID != r.ID || res.ans.Result != protocol.Success {
			t.Errorf("protocol-1 answer: %+v %v", res.ans, res.err)
		}
		if s := h.client.Status(); s.Protocol != 1 {
			t.Errorf("status protocol %d", s.Protocol)
		}
		if h.logs.count("level=ERROR", "outdated") != 1 {
			t.Errorf("one error that the mod is outdated:\n%s", h.logs)
		}
		testProtocol1(t, h, c)
	})
}

func TestHelloProtocol1(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(func(hl *protocol.Hello) { hl.Protocol, hl.Budgets = 1, nil })
		testProtocol1(t, h, c)
		// A call given up holds its place in the order until the link ends,
		// and the link's end lets the place go.
		held := h.goCall(context.Background(), "mine_block", nil)
		recv(t, c)
		wantErr(t, (<-held).err, modclient.ErrTimeout)
		if n := h.client.Pending(); n != 1 {
			t.Errorf("pending %d, want the place held", n)
		}
		// A second connection does not log the outdated mod again.
		c.Drop()
		c = h.connect(func(hl *protocol.Hello) { hl.Protocol = 1 })
		if n := h.client.Pending(); n != 0 {
			t.Errorf("pending %d after the link with a held place ended", n)
		}
		h.barrierP1(c)
		if n := h.logs.count("level=ERROR", "outdated"); n != 1 {
			t.Errorf("%d errors about the outdated mod, want one:\n%s", n, h.logs)
		}
	})
}

// testProtocol1 runs the protocol-1 rules on a connection that speaks it.
func testProtocol1(t *testing.T, h *harness, c *gametest.Conn) {
	t.Helper()
	// The four actions protocol 1 never answers succeed once written.
	for _, action := range []string{"stop_moving", "look_at", "look_at_player", "mc_chat"} {
		ch := h.goCall(context.Background(), action, nil)
		if r := recv(t, c); r.Action != action {
			t.Fatalf("sent %s", r.Action)
		}
		res := <-ch
		if res.err != nil || res.ans.Result != protocol.Success || !strings.Contains(res.ans.Message, "never confirms") {
			t.Errorf("%s: %+v %v", action, res.ans, res.err)
		}
	}
	// Answers are matched in order.
	first := h.goCall(context.Background(), "move_to", nil)
	recv(t, c)
	second := h.goCall(context.Background(), "craft_item", nil)
	recv(t, c)
	if err := c.AnswerP1("move_to", protocol.Success, "arrived"); err != nil {
		t.Fatal(err)
	}
	if err := c.AnswerP1("craft_item", protocol.Failure, "short of planks"); err != nil {
		t.Fatal(err)
	}
	if a := (<-first).ans; a.Message != "arrived" || a.Action != "move_to" {
		t.Errorf("first %+v", a)
	}
	if a := (<-second).ans; a.Message != "short of planks" || a.Result != protocol.Failure {
		t.Errorf("second %+v", a)
	}
	// A call given up keeps its place: its late answer is dropped, not given
	// to the next call.
	late := h.goCall(context.Background(), "mine_block", nil)
	recv(t, c)
	wantErr(t, (<-late).err, modclient.ErrTimeout)
	if n := h.client.Pending(); n != 1 {
		t.Errorf("the given-up call must hold its place: pending %d", n)
	}
	next := h.goCall(context.Background(), "use_block", nil)
	recv(t, c)
	if err := c.AnswerP1("mine_block", protocol.Success, "late"); err != nil {
		t.Fatal(err)
	}
	if err := c.AnswerP1("use_block", protocol.Success, "used"); err != nil {
		t.Fatal(err)
	}
	if a := (<-next).ans; a.Message != "used" {
		t.Errorf("the call after a given-up one got %+v", a)
	}
	if n := h.client.Pending(); n != 0 {
		t.Errorf("pending %d", n)
	}
	before := h.client.Counters()
	if err := c.AnswerP1("scan", protocol.Success, "nobody asked"); err != nil {
		t.Fatal(err)
	}
	synctest.Wait() // read before the next call, or it would be that call's answer
	h.barrierP1(c)
	if got := h.client.Counters(); got.UnknownID != before.UnknownID+1 || got.Late != 1 {
		t.Errorf("counters %+v", got)
	}
}

// barrierP1 is barrier for a protocol-1 connection.
func (h *harness) barrierP1(c *gametest.Conn) {
	h.t.Helper()
	ch := h.goCall(context.Background(), "check_death_log", nil)
	recv(h.t, c)
	if err := c.AnswerP1("check_death_log", protocol.Success, "barrier"); err != nil {
		h.t.Fatal(err)
	}
	if res := <-ch; res.ans.Message != "barrier" {
		h.t.Fatalf("barrier: %+v %v", res.ans, res.err)
	}
}

func TestLateHelloSwitchesToProtocol2(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.mod.MustAccept()
		time.Sleep(4 * time.Second)
		if got := h.client.Status().Protocol; got != 1 {
			t.Fatalf("protocol %d after the hello timeout", got)
		}
		if err := c.SendHello(nil); err != nil {
			t.Fatal(err)
		}
		h.nextEvent("hello")
		if got := h.client.Status().Protocol; got != 2 {
			t.Errorf("protocol %d after a late hello with nothing pending", got)
		}
		// Now answers go by id again.
		a := h.goCall(context.Background(), "move_to", nil)
		ra := recv(t, c)
		b := h.goCall(context.Background(), "scan", nil)
		rb := recv(t, c)
		_ = c.Answer(rb, protocol.Success, "b")
		_ = c.Answer(ra, protocol.Success, "a")
		if (<-a).ans.Message != "a" || (<-b).ans.Message != "b" {
			t.Error("answers were not matched by id")
		}
	})
}

func TestHelloProtocol3(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(func(hl *protocol.Hello) { hl.Protocol = 3 })
		if h.logs.count("level=WARN", "newer protocol", "protocol=3") != 1 {
			t.Errorf("no warning for protocol 3:\n%s", h.logs)
		}
		h.barrier(c)
		if s := h.client.Status(); s.Protocol != 3 {
			t.Errorf("status %+v", s)
		}
	})
}

func TestCallWaitsForTheHello(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.mod.MustAccept()
		synctest.Wait() // the client is connected and waits for the hello
		ch := h.goCall(context.Background(), "move_to", nil)
		time.Sleep(time.Second)
		if err := c.SendHello(nil); err != nil {
			t.Fatal(err)
		}
		r := recv(t, c)
		_ = c.Answer(r, protocol.Success, "by id")
		if res := <-ch; res.ans.Message != "by id" {
			t.Errorf("%+v %v", res.ans, res.err)
		}
		// A caller that gives up before the hello gets its context's error.
		c.Drop()
		h.mod.MustAccept()
		synctest.Wait()
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		a, err := h.client.Call(ctx, "move_to", nil)
		wantErr(t, err, context.DeadlineExceeded)
		if a.Result != protocol.Failure || !strings.Contains(a.Message, "called off") {
			t.Errorf("%+v", a)
		}
	})
}

func TestStopFailsPending(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(nil)
		ch := h.goCall(context.Background(), "move_to", nil)
		recv(t, c)
		h.stop()
		res := <-ch
		wantErr(t, res.err, modclient.ErrDisconnected)
		if res.ans.Message != "beaweb stopped before move_to finished" || res.ans.Result != protocol.Interrupted {
			t.Errorf("%+v", res.ans)
		}
		if _, open := <-h.client.Events(); open {
			t.Error("Events is still open after Run returned")
		}
		if s := h.client.Status(); s.Connected {
			t.Errorf("status %+v", s)
		}
	})
}

// failingConn fails every write once fail is set.
type failingConn struct {
	net.Conn
	fail *atomic.Bool
}

func (f failingConn) Write(b []byte) (int, error) {
	if f.fail.Load() {
		return 0, errors.New("simulated write failure")
	}
	return f.Conn.Write(b)
}

func TestWriteFailureFailsAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mod := gametest.NewInMemory(t)
		var fail atomic.Bool
		h := start(t, mod, func(cfg *modclient.Config) {
			cfg.NetDial = func(ctx context.Context, network, addr string) (net.Conn, error) {
				nc, err := mod.NetDial()(ctx, network, addr)
				return failingConn{nc, &fail}, err
			}
		})
		h.connect(nil)
		fail.Store(true)
		t0 := time.Now()
		a, err := h.client.Call(context.Background(), "move_to", nil)
		if d := time.Since(t0); d != 0 {
			t.Errorf("a request that could not be written failed after %v", d)
		}
		wantErr(t, err, modclient.ErrDisconnected)
		if !strings.HasPrefix(a.Message, "move_to could not be sent to the game") || a.Result != protocol.Failure {
			t.Errorf("%+v", a)
		}
		fail.Store(false)
		h.connect(nil) // the broken link is replaced
	})
}

func TestEventsKeepTheNewestState(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(nil)
		send(t, c, protocol.Chat{Message: "first"})
		for i := range 50 {
			send(t, c, protocol.State{Tick: int64(i)})
		}
		for i := range 30 {
			send(t, c, protocol.Progress{ID: "r1-aaaaaa", Action: "build", Done: i, Total: 30})
			send(t, c, protocol.Progress{ID: "r2-aaaaaa", Action: "find_block", Done: i, Total: 30})
		}
		send(t, c, protocol.Chat{Message: "second"})
		h.barrier(c)
		synctest.Wait()
		if m := h.nextEvent("chat").(protocol.Chat).Message; m != "first" {
			t.Errorf("chat %q", m)
		}
		if s := h.nextEvent("state").(protocol.State); s.Tick != 49 {
			t.Errorf("state %d, want the newest", s.Tick)
		}
		// The progress of each request is kept apart, the newest of each.
		for _, id := range []string{"r1-aaaaaa", "r2-aaaaaa"} {
			if p := h.nextEvent("progress").(protocol.Progress); p.ID != id || p.Done != 29 {
				t.Errorf("progress %+v, want the newest of %s", p, id)
			}
		}
		if m := h.nextEvent("chat").(protocol.Chat).Message; m != "second" {
			t.Errorf("chat %q", m)
		}
		h.noEvent()
		if got := h.client.Counters().DroppedEvents; got != 0 {
			t.Errorf("%d events dropped", got)
		}
	})
}
