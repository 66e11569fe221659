package modclient_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/modclient"
)

func TestCallAnsweredByID(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)

	ch := h.goCall(context.Background(), "mine_block", map[string]int{"x": 100, "y": 64, "z": 100})
	r := recv(t, c)
	if want := regexp.MustCompile(`^r1-` + h.client.Mark() + `$`); !want.MatchString(r.ID) {
		t.Errorf("id %q, want r<seq>-<mark> with mark %s", r.ID, h.client.Mark())
	}
	if !regexp.MustCompile(`^[0-9a-f]{6}$`).MatchString(h.client.Mark()) {
		t.Errorf("mark %q is not six hex digits", h.client.Mark())
	}
	if r.Action != "mine_block" || string(r.Parameters) != `{"x":100,"y":64,"z":100}` {
		t.Errorf("request %s %s", r.Action, r.Parameters)
	}
	send(t, c, protocol.Answer{Status: protocol.StatusFinished, ID: r.ID, Action: "mine_block",
		Result: protocol.Success, Message: "mined stone", Log: []string{"walked 2 blocks"}, Data: json.RawMessage(`{"n":1}`)})
	res := wait(t, ch)
	if res.err != nil || res.ans.Result != protocol.Success || res.ans.Message != "mined stone" ||
		len(res.ans.Log) != 1 || string(res.ans.Data) != `{"n":1}` {
		t.Errorf("Call = %+v, %v", res.ans, res.err)
	}

	// A failure the game sends is an answer, not an error.
	ch = h.goCall(context.Background(), "craft_item", nil)
	r = recv(t, c)
	if string(r.Parameters) != "{}" || !strings.HasPrefix(r.ID, "r2-") {
		t.Errorf("second request %s %s", r.ID, r.Parameters)
	}
	if err := c.Answer(r, protocol.Failure, "you are short of 2 planks"); err != nil {
		t.Fatal(err)
	}
	if res := wait(t, ch); res.err != nil || res.ans.Result != protocol.Failure {
		t.Errorf("Call = %+v, %v", res.ans, res.err)
	}
	if n := h.client.Pending(); n != 0 {
		t.Errorf("%d pending after every call returned", n)
	}
	if h.logs.count("hello", "protocol=2", "mod_version=1.4.0-test", "mc_version=26.2") != 1 {
		t.Errorf("the hello was not logged at info:\n%s", h.logs)
	}
}

func TestAnswersMatchedByIDOutOfOrder(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	// A second move_to replaces the first: the game answers the first
	// INTERRUPTED (replaced) and the second on its own, in either order.
	first := h.goCall(context.Background(), "move_to", map[string]int{"x": 1, "y": 2, "z": 3})
	r1 := recv(t, c)
	second := h.goCall(context.Background(), "move_to", map[string]int{"x": 9, "y": 2, "z": 3})
	r2 := recv(t, c)
	if err := c.Answer(r2, protocol.Success, "arrived at (9, 2, 3)"); err != nil {
		t.Fatal(err)
	}
	send(t, c, protocol.Answer{Status: protocol.StatusFinished, ID: r1.ID, Action: "move_to", Result: protocol.Interrupted,
		Message: "interrupted (replaced)", Reason: protocol.ReasonReplaced})
	if res := wait(t, second); res.err != nil || res.ans.Message != "arrived at (9, 2, 3)" || res.ans.ID != r2.ID {
		t.Errorf("the second move_to got %+v %v", res.ans, res.err)
	}
	if res := wait(t, first); res.err != nil || res.ans.Result != protocol.Interrupted || res.ans.Reason != "replaced" || res.ans.ID != r1.ID {
		t.Errorf("the replaced move_to got %+v %v", res.ans, res.err)
	}
}

// TestCancelledCallerSendsNothing: a caller whose context has ended before
// the call gets its answer at once, and its action never reaches the game.
func TestCancelledCallerSendsNothing(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for range 20 { // the hello and the end of ctx are both there: each try is a coin toss without the check
		a, err := h.client.Call(ctx, "move_to", nil)
		wantErr(t, err, context.Canceled)
		if a.Result != protocol.Interrupted || a.Message != "move_to was called off before the game answered" {
			t.Fatalf("answer %+v", a)
		}
		if a.ID != "" {
			t.Fatalf("the call was given the id %s: it was queued for the game", a.ID)
		}
	}
	ch := h.goCall(context.Background(), "scan", nil)
	if r := recv(t, c); r.Action != "scan" {
		t.Fatalf("the game received %s from a caller that had given up", r.Action)
	} else if err := c.Answer(r, protocol.Success, "found"); err != nil {
		t.Fatal(err)
	}
	wait(t, ch)
}

// TestFrameOverTheHardLimit: a frame beyond what is even worth draining
// ends the link with a sentence that says so, whether it comes whole or in
// pieces; the next link works.
func TestFrameOverTheHardLimit(t *testing.T) {
	// In a bubble, so that the waits before dialling again take no time.
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(nil)
		if err := c.BreakMidFrame(65 << 20); err != nil {
			t.Fatal(err)
		}
		c = h.connect(nil)
		if err := c.BreakMidMessage(65 << 20); err != nil {
			t.Fatal(err)
		}
		c = h.connect(nil)
		h.barrier(c)
		if n := h.logs.count("connection to the game ended", "a frame over 64 MiB"); n != 2 {
			t.Errorf("%d clear log lines for the two frames over 64 MiB, want 2:\n%s", n, h.logs)
		}
	})
}

func TestParams(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	tests := []struct {
		params any
		want   string
	}{
		{nil, `{}`},
		{json.RawMessage(`{"block":"oak_log"}`), `{"block":"oak_log"}`},
		{struct {
			Block string `json:"block"`
			Count *int   `json:"count"`
		}{Block: "stone"}, `{"block":"stone","count":null}`},
		{map[string]any(nil), `{}`},
	}
	for _, tt := range tests {
		ch := h.goCall(context.Background(), "find_block", tt.params)
		r := recv(t, c)
		if string(r.Parameters) != tt.want {
			t.Errorf("params %#v sent as %s, want %s", tt.params, r.Parameters, tt.want)
		}
		_ = c.Answer(r, protocol.Success, "ok")
		wait(t, ch)
	}
	for _, bad := range []any{[]int{1, 2}, "text", make(chan int)} {
		a, err := h.client.Call(context.Background(), "find_block", bad)
		if err == nil || a.Result != protocol.FailInvalid || a.Message == "" {
			t.Errorf("params %#v: %+v, %v", bad, a, err)
		}
	}
	if a, err := h.client.Call(context.Background(), "", nil); err == nil || a.Result != protocol.FailInvalid {
		t.Errorf("no action: %+v, %v", a, err)
	}
}

func TestNotConnected(t *testing.T) {
	mod := gametest.New(t)
	mod.Refuse(1000)
	h := start(t, mod, nil)
	a, err := h.client.Call(context.Background(), "move_to", nil)
	wantErr(t, err, modclient.ErrNotConnected)
	if a.Result != protocol.Failure || a.Message != "the game is not connected" || a.Action != "move_to" {
		t.Errorf("answer %+v", a)
	}
	if s := h.client.Status(); s.Connected {
		t.Errorf("status %+v", s)
	}
}

func TestCallBeforeRun(t *testing.T) {
	c := modclient.New(modclient.Config{URL: "ws://127.0.0.1:1"})
	a, err := c.Call(context.Background(), "scan", nil)
	wantErr(t, err, modclient.ErrNotConnected)
	if a.Message != "the game is not connected" {
		t.Errorf("answer %+v", a)
	}
}

func TestRunTwice(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	h.connect(nil)
	if err := h.client.Run(context.Background()); err == nil {
		t.Error("a second Run must be refused")
	}
}

func TestDiscardedAnswers(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)

	ch := h.goCall(context.Background(), "move_to", nil)
	r := recv(t, c)
	// Not ours, unknown, without id: all dropped; the call still waits.
	send(t, c, protocol.Answer{Status: protocol.StatusFinished, ID: "r1-zzzzzz", Result: protocol.Success, Message: "other brain"})
	send(t, c, protocol.Answer{Status: protocol.StatusFinished, ID: "r999-" + h.client.Mark(), Result: protocol.Success, Message: "unknown"})
	send(t, c, protocol.Answer{Status: protocol.StatusFinished, Result: protocol.Success, Message: "no id"})
	if err := c.Answer(r, protocol.Success, "arrived"); err != nil {
		t.Fatal(err)
	}
	if res := wait(t, ch); res.ans.Message != "arrived" {
		t.Fatalf("the call got %+v", res.ans)
	}
	// The same answer again is a duplicate, and a third time too.
	for range 2 {
		if err := c.Answer(r, protocol.Success, "arrived twice"); err != nil {
			t.Fatal(err)
		}
	}
	// A call given up (its context ended) and answered afterwards: late.
	ctx, cancel := context.WithCancel(context.Background())
	ch = h.goCall(ctx, "find_block", nil)
	r = recv(t, c)
	cancel()
	res := wait(t, ch)
	wantErr(t, res.err, context.Canceled)
	if res.ans.Result != protocol.Interrupted || !strings.Contains(res.ans.Message, "find_block was called off") || res.ans.ID != r.ID {
		t.Errorf("cancelled call: %+v", res.ans)
	}
	if err := c.Answer(r, protocol.Success, "too late"); err != nil {
		t.Fatal(err)
	}
	h.barrier(c)

	got := h.client.Counters()
	want := modclient.Counters{OtherMark: 1, UnknownID: 1, NoID: 1, Duplicate: 2, Late: 1}
	if got != want {
		t.Errorf("counters %+v, want %+v", got, want)
	}
	for line, n := range map[string]int{"not one of this brain's": 1, "no call has that id": 1, "it has no id": 1,
		"already answered": 2, "already ended": 1} {
		if got := h.logs.count("dropped an answer", line); got != n {
			t.Errorf("%d log lines for %q, want %d:\n%s", got, line, n, h.logs)
		}
	}
}

func TestBadFramesKeepTheConnection(t *testing.T) {
	// In a bubble, so that synctest.Wait can tell when the client is idle.
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), nil)
		c := h.connect(nil)
		raw(t, c, "this is not JSON")
		raw(t, c, `[{"type":"chat"}]`)
		raw(t, c, `{"type":"chat"`)
		raw(t, c, `{"id":"r1-abcdef","result":"SUCCESS"}`)
		raw(t, c, `{"type":"weather_forecast","rain_in":100}`)
		raw(t, c, `{"type":"weather_forecast","rain_in":50}`)
		raw(t, c, `{"type":"fishing_report","catch":2}`)
		raw(t, c, `{"type":"state","tick":5}`)
		raw(t, c, `{"type":"state","tick":6}`)
		raw(t, c, `{"type":"chat","name":"Alex","message":"`+strings.Repeat("a", 10<<20)+`"}`)
		h.barrier(c)
		synctest.Wait() // the events are all in the mailbox

		got := h.client.Counters()
		if got.BadFrames != 4 || got.UnknownTypes != 3 || got.Oversize != 1 {
			t.Errorf("counters %+v", got)
		}
		// The first is logged; the rest of the run only counted, so that a
		// flood of bad frames cannot fill the disk.
		if n := h.logs.count("dropped a frame that could not be read"); n != 1 {
			t.Errorf("%d log lines for four unreadable frames in a row, want 1:\n%s", n, h.logs)
		}
		for _, kind := range []string{"weather_forecast", "fishing_report"} {
			if n := h.logs.count("does not know", "type="+kind); n != 1 {
				t.Errorf("the unknown type %s must be logged once, got %d:\n%s", kind, n, h.logs)
			}
		}
		if n := h.logs.count("refused a frame over 1 MiB"); n != 1 {
			t.Errorf("the 10 MiB frame was not logged: %d", n)
		}
		if n := h.logs.count("without some of its parts", "player", "inventory", "world"); n != 1 {
			t.Errorf("a state with missing parts must be logged once per connection, got %d:\n%s", n, h.logs)
		}
		// The two states were coalesced into the newest.
		if s := h.nextEvent("state").(protocol.State); s.Tick != 6 {
			t.Errorf("state tick %d, want the newest (6)", s.Tick)
		}
		h.noEvent()
		if !h.client.Status().Connected {
			t.Error("bad frames dropped the connection")
		}
		// A thousand more within the minute add nothing to the log; the
		// next one after it says how many were held back.
		for range 1000 {
			raw(t, c, "this is not JSON")
		}
		h.barrier(c)
		time.Sleep(time.Minute)
		raw(t, c, "this is not JSON")
		h.barrier(c)
		if n := h.logs.count("dropped a frame that could not be read"); n != 2 {
			t.Errorf("%d log lines for unreadable frames over a minute, want 2", n)
		}
		if n := h.logs.count("1003 more like the last were not logged", "kind=unreadable"); n != 1 {
			t.Errorf("the held-back count was not logged:\n%s", h.logs)
		}
	})
}

func TestDisconnectFailsPendingAtOnce(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	ch := h.goCall(context.Background(), "build", nil)
	recv(t, c)
	c.Drop()
	res := wait(t, ch)
	wantErr(t, res.err, modclient.ErrDisconnected)
	if res.ans.Result != protocol.Failure || res.ans.Message != "the connection to the game was lost before it finished" {
		t.Errorf("answer %+v", res.ans)
	}
}

func TestServerClosesMidFrame(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	ch := h.goCall(context.Background(), "move_to", nil)
	recv(t, c)
	if err := c.BreakMidFrame(5000); err != nil {
		t.Fatal(err)
	}
	res := wait(t, ch)
	wantErr(t, res.err, modclient.ErrDisconnected)
	if h.logs.count("connection to the game ended", "middle of a frame") != 1 {
		t.Errorf("no clear log line:\n%s", h.logs)
	}
}

func TestPoliteCloseIsLogged(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	ch := h.goCall(context.Background(), "move_to", nil)
	recv(t, c)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	wantErr(t, wait(t, ch).err, modclient.ErrDisconnected)
	if h.logs.count("connection to the game ended", "the game closed the connection (1000") != 1 {
		t.Errorf("no clear log line:\n%s", h.logs)
	}
}

func TestEventsCoalesceAndQueue(t *testing.T) {
	// In a bubble, so that synctest.Wait can tell when the client is idle.
	synctest.Test(t, func(t *testing.T) {
		h := start(t, gametest.NewInMemory(t), func(cfg *modclient.Config) { cfg.EventQueue = 4 })
		c := h.connect(nil)
		for i := range 5 {
			send(t, c, protocol.State{Tick: int64(i)})
			send(t, c, protocol.Survey{Radius: i})
		}
		for i := range 10 {
			send(t, c, protocol.Chat{Name: "Alex", Message: fmt.Sprint(i)})
		}
		send(t, c, protocol.Heartbeat{Tick: 1})
		send(t, c, protocol.Heartbeat{Tick: 2})
		h.barrier(c)
		synctest.Wait() // the events are all in the mailbox

		if s := h.nextEvent("state").(protocol.State); s.Tick != 4 {
			t.Errorf("state %d, want the newest", s.Tick)
		}
		if s := h.nextEvent("survey").(protocol.Survey); s.Radius != 4 {
			t.Errorf("survey %d, want the newest", s.Radius)
		}
		for i := range 4 {
			if m := h.nextEvent("chat").(protocol.Chat).Message; m != fmt.Sprint(i) {
				t.Errorf("chat %q, want %d: the queue keeps the oldest", m, i)
			}
		}
		if hb := h.nextEvent("heartbeat").(protocol.Heartbeat); hb.Tick != 2 {
			t.Errorf("heartbeat %d", hb.Tick)
		}
		h.noEvent()
		if got := h.client.Counters().DroppedEvents; got != 6 {
			t.Errorf("dropped %d events, want 6", got)
		}
		if h.logs.count("too slow") != 1 {
			t.Errorf("the drops must be logged once when they start:\n%s", h.logs)
		}
		// Once there is room again the run of drops is reported with its size.
		send(t, c, protocol.Chat{Name: "Alex", Message: "again"})
		h.nextEvent("chat")
		if h.logs.count("caught up", "dropped=6") != 1 {
			t.Errorf("the end of the drops must be logged with their number:\n%s", h.logs)
		}
	})
}

// TestStatusAndWorld: the status is the link's; her world is the senses'
// to keep, so a change of world is an event and no change of the status.
func TestStatusAndWorld(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	s := h.client.Status()
	if !s.Connected || s.Protocol != 2 || s.URL != h.mod.URL() {
		t.Errorf("status %+v", s)
	}
	h.mu.Lock()
	n := len(h.statuses)
	h.mu.Unlock()
	send(t, c, protocol.WorldChange{Server: "fake.test:25565", Dimension: "the_nether"})
	h.nextEvent("world")
	h.mu.Lock()
	after := len(h.statuses)
	h.mu.Unlock()
	if n < 2 || after != n {
		t.Errorf("OnStatus saw %d statuses by the hello, %d after a change of world", n, after)
	}
}

func TestRemoteURLWarns(t *testing.T) {
	l := &logs{}
	for _, u := range []string{"ws://127.0.0.1:8080", "ws://localhost:8080", "ws://[::1]:8080"} {
		modclient.New(modclient.Config{URL: u, Logger: slogTo(l)})
	}
	if l.String() != "" {
		t.Errorf("a loopback address warned:\n%s", l)
	}
	modclient.New(modclient.Config{URL: "ws://192.168.1.20:8080", Logger: slogTo(l)})
	if l.count("not on this machine", "192.168.1.20") != 1 {
		t.Errorf("no warning for a remote address:\n%s", l)
	}
}

func TestSetURL(t *testing.T) {
	first, second := gametest.New(t), gametest.New(t)
	h := start(t, first, nil)
	c := h.connect(nil)
	ch := h.goCall(context.Background(), "move_to", nil)
	recv(t, c)
	h.client.SetURL(second.URL())
	res := wait(t, ch)
	wantErr(t, res.err, modclient.ErrDisconnected)
	if res.ans.Message != "the game's address changed before move_to finished" {
		t.Errorf("answer %+v", res.ans)
	}
	c2 := second.MustAccept()
	if err := c2.SendHello(func(hl *protocol.Hello) { hl.World.Server = "second.test" }); err != nil {
		t.Fatal(err)
	}
	hl := h.nextEvent("hello").(protocol.Hello)
	s := h.client.Status()
	if s.URL != second.URL() || hl.World.Server != "second.test" {
		t.Errorf("status %+v, hello %+v", s, hl)
	}
	h.barrier(c2)
}

func TestSendTellsTheIDBeforeTheAnswer(t *testing.T) {
	h := start(t, gametest.New(t), nil)
	c := h.connect(nil)
	ids := make(chan string, 1)
	ch := make(chan callResult, 1)
	go func() {
		a, err := h.client.Send(context.Background(), "build", nil, func(id string) { ids <- id })
		ch <- callResult{a, err}
	}()
	r := recv(t, c)
	if id := <-ids; id != r.ID {
		t.Errorf("sent told %q, the request has %q", id, r.ID)
	}
	send(t, c, protocol.Progress{ID: r.ID, Action: "build", Done: 10, Total: 96})
	if p := h.nextEvent("progress").(protocol.Progress); p.ID != r.ID {
		t.Errorf("progress %+v", p)
	}
	_ = c.Answer(r, protocol.Success, "built")
	if res := wait(t, ch); res.err != nil || res.ans.Message != "built" {
		t.Errorf("%+v %v", res.ans, res.err)
	}
	// Not connected: sent is never told an id.
	h.stop()
	a, err := h.client.Send(context.Background(), "build", nil, func(string) { t.Error("sent was called without a request") })
	wantErr(t, err, modclient.ErrNotConnected)
	if a.Message != "the game is not connected" {
		t.Errorf("%+v", a)
	}
}
