// Package llmtest is for the model adapters' tests: a loopback server that
// replays the HTTP exchanges recorded in a package's testdata and checks the
// requests against them, servers that hang or refuse, and the checks both
// adapters' tests make of an answer or an error; and for the tests that run
// her mind, the scripted model. Only tests import it.
package llmtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

// recording is one testdata file: the HTTP exchanges of one Generate call,
// in order. Each request lists what the adapter must send (the body keys it
// names must be equal, others are not checked) and the response the server
// gives back.
type recording struct {
	Comment   string     `json:"comment"`
	Exchanges []exchange `json:"exchanges"`
}

type exchange struct {
	Request struct {
		Method        string                     `json:"method"`
		Path          string                     `json:"path"`
		Headers       map[string]string          `json:"headers"`
		AbsentHeaders []string                   `json:"absent_headers"`
		Body          map[string]json.RawMessage `json:"body"`
	} `json:"request"`
	Response struct {
		Status  int               `json:"status"`
		Headers map[string]string `json:"headers"`
		Body    json.RawMessage   `json:"body"`
	} `json:"response"`
}

// Replay serves the recording in testdata/name, relative to the directory
// the test runs in (its package's), on a loopback server and returns the
// server's URL. Every request is checked against the next exchange; at the
// end of the test every exchange must have been used.
func Replay(t testing.TB, name string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var rec recording
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var mu sync.Mutex
	next := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		i := next
		next++
		mu.Unlock()
		if i >= len(rec.Exchanges) {
			t.Errorf("%s: request %d, but the recording holds %d", name, i+1, len(rec.Exchanges))
			http.Error(w, "no more exchanges", http.StatusTeapot)
			return
		}
		ex := rec.Exchanges[i]
		checkRequest(t, name, i, ex, r)
		for k, v := range ex.Response.Headers {
			w.Header().Set(k, v)
		}
		w.WriteHeader(ex.Response.Status)
		_, _ = w.Write(ex.Response.Body)
	}))
	t.Cleanup(func() {
		srv.Close()
		mu.Lock()
		defer mu.Unlock()
		if next != len(rec.Exchanges) {
			t.Errorf("%s: %d requests made, the recording holds %d", name, next, len(rec.Exchanges))
		}
	})
	return srv.URL
}

func checkRequest(t testing.TB, name string, i int, ex exchange, r *http.Request) {
	t.Helper()
	if ex.Request.Method != "" && r.Method != ex.Request.Method {
		t.Errorf("%s #%d: method %s, want %s", name, i, r.Method, ex.Request.Method)
	}
	if ex.Request.Path != "" && r.URL.Path != ex.Request.Path {
		t.Errorf("%s #%d: path %s, want %s", name, i, r.URL.Path, ex.Request.Path)
	}
	for k, v := range ex.Request.Headers {
		if got := r.Header.Get(k); got != v {
			t.Errorf("%s #%d: header %s = %q, want %q", name, i, k, got, v)
		}
	}
	for _, k := range ex.Request.AbsentHeaders {
		if got := r.Header.Get(k); got != "" {
			t.Errorf("%s #%d: header %s = %q, want none", name, i, k, got)
		}
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		t.Errorf("%s #%d: reading the body: %v", name, i, err)
		return
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Errorf("%s #%d: the body is not a JSON object: %v\n%s", name, i, err, body)
		return
	}
	for k, raw := range ex.Request.Body {
		var want any
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Errorf("%s #%d: the recording's %q: %v", name, i, k, err)
			continue
		}
		if !reflect.DeepEqual(got[k], want) {
			gotJSON, _ := json.MarshalIndent(got[k], "", "  ")
			wantJSON, _ := json.MarshalIndent(want, "", "  ")
			t.Errorf("%s #%d: request %q differs\n got: %s\nwant: %s", name, i, k, gotJSON, wantJSON)
		}
	}
}
