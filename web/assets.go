package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
)

// asset is one static file, read and hashed once at start and compressed
// once, the first time a browser takes it gzipped: a page load then costs
// a look-up, and a browser that has the file costs a 304 or nothing at
// all. Compressing at the first use keeps a start quick (three.js alone
// took 200 ms of gzip at every start, at every test's server).
type asset struct {
	ctype  string
	etag   string
	raw    []byte
	zipped sync.Once
	gz     []byte // nil when compressing does not make it smaller
}

// gzipped is the file compressed, or nil when that saves nothing.
func (f *asset) gzipped() []byte {
	f.zipped.Do(func() { f.gz = gzipped(f.raw) })
	return f.gz
}

// assets are the dashboard's static files. Each is served under its own
// name, revalidated by its ETag at every use, and under a fingerprinted
// name (app.3f2a9c1b.css) that changes with its content, cached for a year:
// the pages link the fingerprinted names, so a new beaweb's files are
// fetched once and an unchanged one's never again.
type assets struct {
	files  map[string]*asset // by the path under /static/, plain and fingerprinted
	pinned map[string]string // a file's name → its fingerprinted name
}

// yearLong is how long a browser may keep a fingerprinted file without
// asking: its name changes whenever its bytes do.
const yearLong = "public, max-age=31536000, immutable"

// loadAssets reads every file of fsys. Only files whose type the browser
// needs to know are served: a file of an unknown type is an error, so that
// a new kind of file is noticed at start, not in a browser.
func loadAssets(fsys fs.FS) (*assets, error) {
	a := &assets{files: map[string]*asset{}, pinned: map[string]string{}}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := path.Ext(name)
		ctype := mime.TypeByExtension(ext)
		if ctype == "" {
			if ext != ".LICENSE" && ext != ".go" {
				return fmt.Errorf("web: static file %s: no content type is known for %q", name, ext)
			}
			ctype = "text/plain; charset=utf-8"
		}
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return fmt.Errorf("web: static file %s: %w", name, err)
		}
		sum := sha256.Sum256(raw)
		hash := hex.EncodeToString(sum[:4])
		f := &asset{ctype: ctype, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, raw: raw}
		pinned := strings.TrimSuffix(name, ext) + "." + hash + ext
		a.files[name], a.files[pinned], a.pinned[name] = f, f, pinned
		return nil
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// gzipped is b compressed as well as gzip can, or nil when that saves
// nothing worth a header.
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil
	}
	if _, err := zw.Write(b); err != nil || zw.Close() != nil {
		return nil
	}
	if buf.Len()+64 >= len(b) {
		return nil
	}
	return buf.Bytes()
}

// Path is where a page links the static file name: its fingerprinted name,
// or its plain one for a file there is not (which then answers 404).
func (a *assets) Path(name string) string {
	if p, ok := a.pinned[name]; ok {
		return "/static/" + p
	}
	return "/static/" + name
}

// handle answers GET and HEAD /static/<path>.
func (a *assets) handle(c echo.Context) error {
	p := c.Param("*")
	f, ok := a.files[p]
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	cache := "no-cache" // use it, but ask first: its ETag makes the asking cheap
	if _, plain := a.pinned[p]; !plain {
		cache = yearLong
	}
	return f.write(c, cache)
}

// handleIcon answers /favicon.ico, which browsers ask for on their own.
func (a *assets) handleIcon(name string) echo.HandlerFunc {
	return func(c echo.Context) error {
		f, ok := a.files[name]
		if !ok {
			return echo.NewHTTPError(http.StatusNotFound)
		}
		return f.write(c, "public, max-age=86400")
	}
}

// write answers with the file: 304 when the browser's copy is this one,
// gzipped when the browser takes that.
func (f *asset) write(c echo.Context, cache string) error {
	h := c.Response().Header()
	h.Set("Cache-Control", cache)
	h.Set("ETag", f.etag)
	h.Add("Vary", "Accept-Encoding")
	if match := c.Request().Header.Get("If-None-Match"); match != "" && etagMatches(match, f.etag) {
		return c.NoContent(http.StatusNotModified)
	}
	body := f.raw
	if acceptsGzip(c.Request()) {
		if gz := f.gzipped(); gz != nil {
			h.Set("Content-Encoding", "gzip")
			body = gz
		}
	}
	if c.Request().Method == http.MethodHead {
		h.Set("Content-Type", f.ctype)
		return c.NoContent(http.StatusOK)
	}
	return c.Blob(http.StatusOK, f.ctype, body)
}

// etagMatches reads an If-None-Match list: "*", or tags, weak or strong.
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding: gzip, unless given a q of 0.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
