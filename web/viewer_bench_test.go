package web_test

import (
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/web"
)

// rss is this process's resident memory, from /proc (0 where there is no
// /proc).
func rss() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// countingReader counts what the viewers read of their streams, raw (not
// unzipped), so that their side costs next to nothing of the memory
// measured.
type countingReader struct {
	mu sync.Mutex
	n  int64
}

// BenchmarkLiveViewerMemory measures what the server holds per viewer of
// the live stream that takes gzip: 100 viewers open, each gets its first
// redraw and then 200 changes of her body, and the growth of the heap in
// use and of the resident memory is divided by 100. The viewers read their
// streams raw (not unzipped) so that what is measured is the server's.
//
//	go test ./web/ -run '^$' -bench BenchmarkLiveViewerMemory -benchtime 1x
func BenchmarkLiveViewerMemory(b *testing.B) {
	const viewers, changes = 100, 200
	f := serve(b, func(c *web.Config, _ *web.Deps) { c.Limits.ConnsPerClient = 2 * viewers })
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: viewers}}
	defer client.CloseIdleConnections()
	var heap, res, wire float64
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rss0 := rss()
		var wg sync.WaitGroup
		var got countingReader
		bodies := make([]io.ReadCloser, viewers)
		for i := range bodies {
			req, _ := http.NewRequest(http.MethodGet, f.URL+"/live/events", nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			bodies[i] = resp.Body
			wg.Go(func() {
				buf := make([]byte, 4096)
				for {
					n, err := resp.Body.Read(buf)
					got.mu.Lock()
					got.n += int64(n)
					got.mu.Unlock()
					if err != nil {
						return
					}
				}
			})
		}
		for i := range changes {
			f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) {
				body := *s.Body
				body.Food = i % 21
				body.Position.X = float64(i)
				s.Body = &body
			})
			time.Sleep(2 * time.Millisecond) // a game's pace, not a flood the hub would drop viewers for
		}
		time.Sleep(200 * time.Millisecond) // the last frames reach every viewer
		runtime.GC()
		runtime.ReadMemStats(&after)
		heap = float64(int64(after.HeapInuse)-int64(before.HeapInuse)) / viewers
		res = float64(rss()-rss0) / viewers
		got.mu.Lock()
		wire = float64(got.n) / viewers
		got.mu.Unlock()
		for _, body := range bodies {
			body.Close()
		}
		wg.Wait()
	}
	b.ReportMetric(heap, "heap-bytes/viewer")
	b.ReportMetric(res, "rss-bytes/viewer")
	b.ReportMetric(wire, "wire-bytes/viewer")
}
