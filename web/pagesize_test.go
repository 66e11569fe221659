package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"beaweb/internal/agent"
)

// TestPagesAreGzipped: a page goes gzipped to a browser that takes gzip,
// and unzips to the page a browser that does not gets; the history of 450
// actions is a twentieth of its size on the wire.
func TestPagesAreGzipped(t *testing.T) {
	f := serve(t)
	for i := range 450 {
		f.History.rows = append(f.History.rows, agent.ActionRecord{ID: "a" + strconv.Itoa(i), Action: "find_block",
			Params: `{"block":"oak_log","count":4}`, Started: clock.Add(-time.Duration(i) * time.Second), Result: "SUCCESS",
			Message: "collected 4 oak_log in " + strconv.Itoa(i) + " s"})
	}
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	defer raw.CloseIdleConnections()
	fetch := func(path, encoding string) (*http.Response, []byte) {
		req, err := http.NewRequest(http.MethodGet, f.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		resp, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, b
	}
	for _, path := range []string{"/history", "/", "/settings"} {
		plainResp, plain := fetch(path, "")
		resp, zipped := fetch(path, "gzip, deflate, br")
		if plainResp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Vary") == "" {
			t.Errorf("%s: encoded %q without gzip, %q with it (Vary %q)", path, plainResp.Header.Get("Content-Encoding"),
				resp.Header.Get("Content-Encoding"), resp.Header.Values("Vary"))
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatal(err)
		}
		back, err := io.ReadAll(zr)
		if err != nil || len(back) != len(plain) {
			t.Errorf("%s: the gzipped page unzips to %d bytes of %d (%v)", path, len(back), len(plain), err)
		}
		t.Logf("%s: %d KB, %d KB gzipped", path, len(plain)>>10, len(zipped)>>10)
		if path == "/history" && len(zipped)*10 > len(plain) {
			t.Errorf("the history is %d bytes gzipped of %d", len(zipped), len(plain))
		}
	}
}
