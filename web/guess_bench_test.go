package web_test

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"beaweb/web"
)

// BenchmarkBearerGuesses sends wrong tokens in an Authorization header as
// fast as one client can, for b.N tries under the real clock, and counts
// the tries the dashboard heard (answered 401, the token compared) and
// those it refused unheard (429, the address waiting): guesses heard per
// second is what guessing the token through the header costs.
//
//	go test ./web/ -run '^$' -bench BenchmarkBearerGuesses -benchtime 5s
func BenchmarkBearerGuesses(b *testing.B) {
	live := newFakeLive()
	srv, err := web.New(web.Config{Token: hostileToken}, web.Deps{Live: live, Changes: live.hub})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	req, err := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+"/history", nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer wrong-q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0G")
	heard := 0
	start := time.Now()
	for b.Loop() {
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests {
			heard++
		}
	}
	b.ReportMetric(float64(heard)/time.Since(start).Seconds(), "heard/s")
}
