package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/web"
)

// BenchmarkLivePage renders the live page with a full snapshot (a running
// action, 50 lines of voice, 100 of chat, 20 reflexes, 15 actions).
func BenchmarkLivePage(b *testing.B) {
	l := newFakeLive()
	l.Update(agent.TopicChat, func(s *agent.Snapshot) {
		for i := range 100 {
			s.Chat = append(s.Chat, agent.ChatLine{At: clock, Name: "Steve", Message: "line " + strconv.Itoa(i) + " <with> & markup"})
		}
		for i := range 50 {
			s.Voice = append(s.Voice, agent.Line{At: clock, Text: "I said " + strconv.Itoa(i)})
		}
		for i := range 20 {
			s.Reflexes = append(s.Reflexes, agent.ReflexNote{At: clock, Reflex: "flee", Event: "damage", Message: "ran " + strconv.Itoa(i)})
		}
	})
	h := &fakeHistory{}
	for i := range 15 {
		h.add(agent.ActionRecord{ID: "r" + strconv.Itoa(i), Action: "find_block", Params: `{"block":"log","count":4}`,
			Started: clock, Finished: clock.Add(time.Second), Result: "SUCCESS", Message: "collected 4 oak_log"})
	}
	srv, err := web.New(web.Config{}, web.Deps{Live: l, Changes: l.hub, Actions: h, Ask: &fakeAsker{},
		Objectives: &fakeObjectives{}, Now: func() time.Time { return clock }})
	if err != nil {
		b.Fatal(err)
	}
	handler := srv.Handler()
	req := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
	var size int
	for b.Loop() {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size), "bytes/page")
}

// BenchmarkStreamFanOut publishes 1,000 changes to 100 viewers of the live
// stream over loopback HTTP, each reading every event: the relay renders
// each change once, and each viewer's handler writes it.
func BenchmarkStreamFanOut(b *testing.B) {
	const viewers, events = 100, 1000
	for b.Loop() {
		b.StopTimer()
		f := serve(b, func(c *web.Config, _ *web.Deps) { c.Buffer = events + 8 })
		ctx, cancel := context.WithCancel(context.Background())
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: viewers}}
		streams := make([]*stream, viewers)
		for i := range streams {
			streams[i] = openStream(b, ctx, client, f.URL)
			streams[i].snapshot(b)
		}
		var wg sync.WaitGroup
		for _, s := range streams {
			wg.Go(func() {
				defer s.Close()
				for n := 0; n < events; {
					ev, err := s.nextEvent()
					if err != nil {
						b.Error(err)
						return
					}
					if ev.ID != "" {
						n++
					}
				}
			})
		}
		b.StartTimer()
		for range events {
			f.Live.Update(agent.TopicHands, func(*agent.Snapshot) {})
		}
		wg.Wait()
		b.StopTimer()
		cancel()
		client.CloseIdleConnections()
		f.stop()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*events*viewers), "ns/delivery")
}
