package web_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/templates/partials"
	"beaweb/web"
)

// event is one SSE event as a browser would assemble it.
type event struct {
	ID, Name, Data string
	Comment        string // a comment line, such as the heartbeat
}

// stream reads SSE events from a response body.
type stream struct {
	resp *http.Response
	r    *bufio.Reader
}

func openStream(t testing.TB, ctx context.Context, c *http.Client, base string) *stream {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/live/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("open stream: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		t.Fatalf("open stream: status %d", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("Content-Type %q, want text/event-stream", ct)
	}
	return &stream{resp: resp, r: bufio.NewReader(resp.Body)}
}

func (s *stream) Close() { s.resp.Body.Close() }

// next returns the next event or comment; retry-only blocks are skipped.
func (s *stream) next() (event, error) {
	var ev event
	var data []string
	seen := false
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			if seen {
				ev.Data = strings.Join(data, "\n")
				return ev, nil
			}
			continue
		case strings.HasPrefix(line, ":"):
			return event{Comment: strings.TrimSpace(line[1:])}, nil
		case strings.HasPrefix(line, "id: "):
			ev.ID, seen = line[4:], true
		case strings.HasPrefix(line, "event: "):
			ev.Name, seen = line[7:], true
		case strings.HasPrefix(line, "data: "):
			data, seen = append(data, line[6:]), true
		case strings.HasPrefix(line, "retry: "):
		default:
			return ev, fmt.Errorf("unexpected SSE line %q", line)
		}
	}
}

// nextEvent skips comments.
func (s *stream) nextEvent() (event, error) {
	for {
		ev, err := s.next()
		if err != nil || ev.Comment == "" {
			return ev, err
		}
	}
}

// snapshot reads the whole redraw a stream starts with, by event: one event
// per card of partials.Cards, in the table's order, none numbered.
func (s *stream) snapshot(t testing.TB) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, c := range partials.Cards() {
		ev, err := s.nextEvent()
		if err != nil {
			t.Fatalf("reading the first redraw: %v (got %d cards)", err, len(got))
		}
		if ev.ID != "" {
			t.Fatalf("event %q of the first redraw has id %q; a redraw has none", ev.Name, ev.ID)
		}
		if ev.Name != c.Event {
			t.Fatalf("the first redraw sent %q where the card table has %q next", ev.Name, c.Event)
		}
		got[ev.Name] = ev.Data
	}
	return got
}

func TestStreamStartsWithSnapshotThenSendsChanges(t *testing.T) {
	f := serve(t)
	s := openStream(t, t.Context(), browser(t), f.URL)
	defer s.Close()

	snap := s.snapshot(t)
	for topic, want := range map[string]string{
		"hands": "find_block(block=log, count=4)",
		"conn":  "1.21.4",
		"body":  "17.5/20",
		"chat":  "hi Bea",
		"voice": "Off to find some wood.",
	} {
		if !strings.Contains(snap[topic], want) {
			t.Errorf("redraw of %s lacks %q:\n%s", topic, want, snap[topic])
		}
	}
	if !strings.Contains(snap["hands"], `data-elapsed="12"`) || !strings.Contains(snap["hands"], "12 s") {
		t.Errorf("hands lacks its 12 s so far:\n%s", snap["hands"])
	}

	seq := f.Live.Update(agent.TopicHands, func(s *agent.Snapshot) {
		d := *s.Doing
		d.Progress = &agent.Progress{Done: 3, Total: 4, Message: "chopped 3 of 4 logs"}
		s.Doing = &d
	})
	ev, err := s.nextEvent()
	if err != nil {
		t.Fatal(err)
	}
	if ev.Name != "hands" || ev.ID != strconv.FormatUint(seq, 10) || !strings.Contains(ev.Data, "chopped 3 of 4 logs") {
		t.Fatalf("after a progress change got %+v", ev)
	}
}

// TestTheServerCountsItsViewers: a page open on the live stream is a
// viewer (her mind comments only for viewers); the hub forgets one whose
// page has gone, as fanout's tests hold.
func TestTheServerCountsItsViewers(t *testing.T) {
	f := serve(t)
	if n := f.Server.Viewers(); n != 0 {
		t.Fatalf("%d viewers before any page opened", n)
	}
	s := openStream(t, t.Context(), browser(t), f.URL)
	s.snapshot(t)
	if n := f.Server.Viewers(); n != 1 {
		t.Errorf("%d viewers with one page open, want 1", n)
	}
	s.Close()
}

// TestAnActionsChangeCarriesItsRow: a change of the actions topic redraws
// the card from the row it carries, with no read of the history; a row
// that ends replaces the one that started, where it stood.
func TestAnActionsChangeCarriesItsRow(t *testing.T) {
	f := serve(t)
	s := openStream(t, t.Context(), browser(t), f.URL)
	defer s.Close()
	s.snapshot(t)
	f.History.mu.Lock()
	reads := len(f.History.queries)
	f.History.mu.Unlock()

	row := agent.ActionRecord{ID: "r9-a", Action: "craft_item", Params: `{"item":"oak_planks"}`, Started: clock}
	for _, step := range []struct {
		finish  func(*agent.ActionRecord)
		want    []string
		wantNot string
	}{
		{func(*agent.ActionRecord) {}, []string{"Crafting oak planks", "Running"}, "crafted 4"},
		{func(r *agent.ActionRecord) {
			r.Finished, r.Result, r.Message = clock.Add(time.Second), "SUCCESS", "crafted 4 oak_planks"
		}, []string{"Made oak planks", "crafted 4 oak_planks"}, "Running"},
	} {
		step.finish(&row)
		written := row
		f.Live.Update(agent.TopicActions, func(s *agent.Snapshot) { s.Recorded = &written })
		ev, err := s.nextEvent()
		if err != nil {
			t.Fatal(err)
		}
		if ev.Name != "actions" || strings.Contains(ev.Data, step.wantNot) || strings.Count(ev.Data, `<td class="when">`) != 1 {
			t.Fatalf("after the row %+v the stream sent %+v", row, ev)
		}
		for _, w := range step.want {
			if !strings.Contains(ev.Data, w) {
				t.Errorf("the actions card lacks %q:\n%s", w, ev.Data)
			}
		}
	}
	f.History.mu.Lock()
	defer f.History.mu.Unlock()
	if len(f.History.queries) != reads {
		t.Errorf("a change of the actions topic read the history %d times; it carries its row", len(f.History.queries)-reads)
	}
}

func TestUnknownTopicRedrawsEverything(t *testing.T) {
	f := serve(t)
	s := openStream(t, t.Context(), browser(t), f.URL)
	defer s.Close()
	s.snapshot(t)
	f.Live.Update(agent.Topic("weather"), func(*agent.Snapshot) {})
	s.snapshot(t)
}

func TestHeartbeatWhileNothingHappens(t *testing.T) {
	f := serve(t, func(c *web.Config, _ *web.Deps) { c.Heartbeat = 5 * time.Millisecond })
	s := openStream(t, t.Context(), browser(t), f.URL)
	defer s.Close()
	s.snapshot(t)
	ev, err := s.next()
	if err != nil {
		t.Fatal(err)
	}
	if ev.Comment != "heartbeat" {
		t.Fatalf("got %+v while idle, want the heartbeat comment", ev)
	}
}

func TestReconnectGetsFreshSnapshot(t *testing.T) {
	f := serve(t)
	c := browser(t)
	s := openStream(t, t.Context(), c, f.URL)
	s.snapshot(t)
	s.Close()

	f.Live.Update(agent.TopicHands, func(s *agent.Snapshot) {
		s.Last = &agent.Finished{Call: "find_block(block=log, count=4)", Result: "SUCCESS", Message: "collected 4 oak_log",
			Started: clock.Add(-12 * time.Second), Ended: clock}
		s.Doing = nil
	})
	s2 := openStream(t, t.Context(), c, f.URL)
	defer s2.Close()
	snap := s2.snapshot(t)
	if !strings.Contains(snap["hands"], "collected 4 oak_log") || !strings.Contains(snap["hands"], "Her hands are free") {
		t.Fatalf("the reconnect's redraw is stale:\n%s", snap["hands"])
	}
}

// TestHundredViewersThousandEvents holds 100 viewers of the live stream
// while 1,000 changes are published, and checks every viewer sees every
// change, in order. The publisher runs at most window changes ahead of the
// slowest viewer, so each is healthy by construction: a viewer that missed
// one would be a fault of the dashboard, not of the viewer.
func TestHundredViewersThousandEvents(t *testing.T) {
	const viewers, events, window = 100, 1000, 32
	f := serve(t, func(c *web.Config, _ *web.Deps) { c.Buffer, c.Limits.ConnsPerClient = 4*window, 2*viewers }) // all from 127.0.0.1
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()

	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: viewers}}
	defer client.CloseIdleConnections()

	// received[i] is closed by every viewer once it has event i.
	var mu sync.Mutex
	counts := make([]int, events+1)
	reached := make([]chan struct{}, events+1)
	for i := range reached {
		reached[i] = make(chan struct{})
	}
	seen := func(seq int) {
		mu.Lock()
		defer mu.Unlock()
		counts[seq]++
		if counts[seq] == viewers {
			close(reached[seq])
		}
	}

	streams := make([]*stream, viewers)
	for i := range streams {
		streams[i] = openStream(t, ctx, client, f.URL)
		streams[i].snapshot(t)
	}
	errs := make(chan error, viewers)
	var wg sync.WaitGroup
	for i, s := range streams {
		wg.Go(func() {
			defer s.Close()
			want := 1
			for want <= events {
				ev, err := s.nextEvent()
				if err != nil {
					errs <- fmt.Errorf("viewer %d: after event %d: %w", i, want-1, err)
					return
				}
				if ev.ID == "" {
					continue // a card drawn from the same change (alerts, map…)
				}
				if ev.ID != strconv.Itoa(want) {
					errs <- fmt.Errorf("viewer %d: got event id %q, want %d", i, ev.ID, want)
					return
				}
				seen(want)
				want++
			}
		})
	}

	first := f.Live.Update(agent.TopicBody, func(*agent.Snapshot) {})
	if first != 1 {
		t.Fatalf("first seq %d", first)
	}
	for seq := 2; seq <= events; seq++ {
		if seq > window {
			select {
			case <-reached[seq-window]:
			case err := <-errs:
				t.Fatal(err)
			}
		}
		f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
			b := *s.Body
			b.Food = seq % 21
			s.Body = &b
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestSlowViewerIsDroppedOthersUnharmed has one viewer that never reads
// while another reads everything: the slow one's stream ends, the healthy
// one misses nothing.
//
// The drop is counted, not timed: the slow viewer is dropped for falling
// Buffer events behind, and no write deadline can fire while the test
// runs. A deadline of 50 ms also dropped the healthy viewer whenever a
// loaded machine left its reader unscheduled that long.
func TestSlowViewerIsDroppedOthersUnharmed(t *testing.T) {
	const events = 80
	f := serve(t, func(c *web.Config, _ *web.Deps) {
		c.Buffer = 4
		c.WriteTimeout = time.Hour
	})
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	// The slow viewer's socket keeps a small receive buffer, so that what it
	// does not read backs up into the server within a few megabytes.
	smallBuffer := &http.Client{Transport: &http.Transport{
		// Uncompressed: gzipped, 128 KiB of one letter is a few hundred
		// bytes and never fills anything.
		DisableCompression: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return conn, conn.(*net.TCPConn).SetReadBuffer(16 << 10)
		},
	}}
	defer smallBuffer.CloseIdleConnections()
	slow := openStream(t, t.Context(), smallBuffer, f.URL)
	defer slow.Close()
	healthy := openStream(t, t.Context(), client, f.URL)
	defer healthy.Close()
	healthy.snapshot(t)

	// Each change carries a chat line of 128 KiB, so a viewer that does not
	// read fills its socket (and the server's, at most 4 MiB on Linux) well
	// before the end.
	big := strings.Repeat("x", 128<<10)
	for i := 1; i <= events; i++ {
		f.Live.Update(agent.TopicChat, func(s *agent.Snapshot) {
			s.Chat = []agent.ChatLine{{At: clock, Name: "Steve", Message: strconv.Itoa(i) + big}}
		})
		ev, err := healthy.nextEvent()
		if err != nil {
			t.Fatalf("healthy viewer: %v", err)
		}
		if ev.ID != strconv.Itoa(i) {
			t.Fatalf("healthy viewer got id %q, want %d", ev.ID, i)
		}
	}
	// The slow viewer's write is still blocked on its full socket; reading
	// it out lets the write end, and the server then ends the stream.
	n, err := io.Copy(io.Discard, slow.r)
	if err != nil {
		t.Fatalf("reading the slow viewer's stream: %v", err)
	}
	if n >= int64(events*len(big)) {
		t.Fatalf("the slow viewer got %d bytes, all of it: it was not dropped", n)
	}
}

// TestEveryCardIsOnThePage: the live page's live elements are exactly the
// cards of the table, each once, marked with the table's id and swapped by
// its event (the stream's first redraw, read by snapshot above, sends every
// card's event in the table's order).
func TestEveryCardIsOnThePage(t *testing.T) {
	f := serve(t)
	code, body := get(t, browser(t), f.URL+"/")
	if code != http.StatusOK {
		t.Fatalf("GET / = %d", code)
	}
	cards := partials.Cards()
	if len(cards) < 12 {
		t.Fatalf("the card table has %d cards; the live panel has at least 12", len(cards))
	}
	for _, c := range cards {
		if want := fmt.Sprintf(`id="%s" sse-swap="%s"`, c.ID, c.Event); strings.Count(body, want) != 1 {
			t.Errorf("the live page has %d of the card %s, want 1", strings.Count(body, want), want)
		}
	}
	if got, want := strings.Count(body, "sse-swap="), len(cards); got != want {
		t.Errorf("the live page has %d elements swapped by the stream; the card table has %d cards", got, want)
	}
}

// TestABodyChangeRedrawsWhatIsDrawnFromIt: a change of her body sends the
// body card with the change's number, then the cards drawn from it whose
// drawing changed (inventory, map, vitals, alerts), unnumbered.
func TestABodyChangeRedrawsWhatIsDrawnFromIt(t *testing.T) {
	f := serve(t)
	s := openStream(t, t.Context(), browser(t), f.URL)
	defer s.Close()
	s.snapshot(t)
	seq := f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
		b := *s.Body
		b.Health = 3
		b.Inventory = append(slices.Clone(b.Inventory), game.Slot{Slot: 30, Item: "cobblestone", Count: 5})
		s.Body = &b
	})
	ev, err := s.nextEvent()
	if err != nil {
		t.Fatal(err)
	}
	if ev.Name != "body" || ev.ID != strconv.FormatUint(seq, 10) {
		t.Fatalf("a body change first sent %+v, want the numbered body card", ev)
	}
	got := map[string]string{}
	// The hands card is drawn from her body too (night falls on her free
	// hands); sent once first, as every derived card is, it may come before.
	for range 3 {
		if got[partials.EventAlerts] != "" && got[partials.EventInventory] != "" {
			break
		}
		ev, err := s.nextEvent()
		if err != nil {
			t.Fatal(err)
		}
		if ev.ID != "" {
			t.Errorf("the card %s drawn from the body carries the number %s", ev.Name, ev.ID)
		}
		got[ev.Name] = ev.Data
	}
	if !strings.Contains(got[partials.EventAlerts], "Her health is low") || !strings.Contains(got[partials.EventInventory], "cobblestone") {
		t.Errorf("after health 3 and new cobblestone the derived cards read %v", got)
	}
}
