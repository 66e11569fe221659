package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/web"
)

// BenchmarkNewServer makes a dashboard: what every start of beaweb, and
// every test's server, pays before it answers (its static files read and
// hashed, the route table).
func BenchmarkNewServer(b *testing.B) {
	l := newFakeLive()
	for b.Loop() {
		if _, err := web.New(web.Config{}, web.Deps{Live: l, Changes: l.hub, Now: func() time.Time { return clock }}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkView3D answers the live page's 3D view over a hilly ground of
// 48 columns a side with trees, a close view of 300 blocks and a crowd:
// what a page pays each second for the boxes, and each second after for
// where she is when the boxes are the same (have=).
func BenchmarkView3D(b *testing.B) {
	l := newFakeLive()
	world := l.Snapshot().World.Server
	ground := landscape(-21, -26, func(x, z int) (string, int) {
		if (x*x+z*z)%7 == 0 {
			return "oak_leaves", 70
		}
		return "grass_block", 63 + (x/3+z/4)%5
	})
	l.Update(agent.TopicBody, func(s *agent.Snapshot) {
		s.Ground, _ = s.Ground.With(world, ground)
		body := *s.Body
		for i := range 300 {
			body.Blocks = append(body.Blocks, game.SeenBlock{Block: "stone", X: 3 + i%9 - 4, Y: 60 + i/81, Z: -2 + (i/9)%9 - 4})
		}
		for i := range 30 {
			body.Players = append(body.Players, game.NearPlayer{Name: "Player", X: float64(i), Y: 64, Z: 0, Distance: float64(i)})
			body.Entities = append(body.Entities, game.Entity{ID: i, Type: "zombie", X: 0, Y: 64, Z: float64(i), Distance: float64(i)})
		}
		s.Body = &body
	})
	srv, err := web.New(web.Config{}, web.Deps{Live: l, Changes: l.hub, Now: func() time.Time { return clock }})
	if err != nil {
		b.Fatal(err)
	}
	handler := srv.Handler()
	for _, c := range []struct{ name, query string }{{"boxes", ""}, {"same", "?have="}} {
		b.Run(c.name, func(b *testing.B) {
			url := "http://127.0.0.1/live/view3d" + c.query
			if c.query != "" {
				v, _ := answer(b, handler, "http://127.0.0.1/live/view3d")
				url += v
			}
			var size, zipped int
			for b.Loop() {
				_, size = answer(b, handler, url)
			}
			req := httptest.NewRequest(http.MethodGet, url, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			zipped = rec.Body.Len()
			b.ReportMetric(float64(size), "bytes/answer")
			b.ReportMetric(float64(zipped), "gzipped-bytes/answer")
		})
	}
}

// answer asks handler for url and answers the view's version and its size.
func answer(b *testing.B, handler http.Handler, url string) (string, int) {
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, nil))
	if rec.Code != http.StatusOK {
		b.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var v struct{ Version string }
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || v.Version == "" {
		b.Fatalf("no version (%v) in %s", err, rec.Body)
	}
	return v.Version, rec.Body.Len()
}
