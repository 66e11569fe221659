package web_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// The page links each static file under a name that changes with its
// bytes, cached for a year; the plain name is revalidated by its ETag.
// Both are gzipped for a browser that takes it, and the favicon is there.
func TestStaticFilesAreCompressedAndCached(t *testing.T) {
	f := serve(t)
	c := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	fetch := func(path string, header ...string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, f.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := c.Do(req)
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
	_, page := fetch("/")
	css := regexp.MustCompile(`href="(/static/app\.[0-9a-f]{8}\.css)"`).FindStringSubmatch(string(page))
	icon := regexp.MustCompile(`<link rel="icon" type="image/svg\+xml" href="(/static/favicon\.[0-9a-f]{8}\.svg)"`).FindStringSubmatch(string(page))
	htmx := regexp.MustCompile(`src="(/static/vendor/htmx-2\.0\.11\.min\.[0-9a-f]{8}\.js)"`).FindStringSubmatch(string(page))
	if css == nil || icon == nil || htmx == nil {
		t.Fatalf("the page does not link fingerprinted files: css %v icon %v htmx %v", css, icon, htmx)
	}

	resp, plain := fetch(css[1])
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("fingerprinted css: %d %v", resp.StatusCode, resp.Header)
	}
	resp, zipped := fetch(css[1], "Accept-Encoding", "gzip, deflate, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || len(zipped) >= len(plain)/2 {
		t.Fatalf("gzipped css: %v, %d bytes of %d", resp.Header, len(zipped), len(plain))
	}
	zr, err := gzip.NewReader(strings.NewReader(string(zipped)))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil || string(unzipped) != string(plain) {
		t.Fatalf("the gzipped css does not unzip to the css (%v)", err)
	}

	resp, _ = fetch("/static/app.css")
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-cache" || etag == "" {
		t.Fatalf("plain css: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, body := fetch("/static/app.css", "If-None-Match", etag); resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Fatalf("css with its ETag: %d, %d bytes; want 304 and nothing", resp.StatusCode, len(body))
	}
	if resp, _ := fetch("/static/app.css", "If-None-Match", `"other"`); resp.StatusCode != http.StatusOK {
		t.Fatalf("css with another ETag: %d", resp.StatusCode)
	}
	for _, p := range []string{icon[1], "/favicon.ico"} {
		if resp, body := fetch(p); resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(string(body), "<svg") {
			t.Fatalf("%s: %d %v", p, resp.StatusCode, resp.Header)
		}
	}
	if resp, _ := fetch("/static/app.00000000.css"); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("an unknown fingerprint: %d", resp.StatusCode)
	}
}
