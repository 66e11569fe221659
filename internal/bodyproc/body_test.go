package bodyproc

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beaweb/internal/game/protocol"
)

// fakeNode puts a node on PATH that prints version.
func fakeNode(t *testing.T, version string) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\necho " + version + "\n"
	if err := os.WriteFile(filepath.Join(dir, "node"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
}

func TestBodyRefusesAnOldNodeInOneSentence(t *testing.T) {
	fakeNode(t, "v20.20.2")
	_, _, _, err := Start(t.Context(), Config{Server: "play.example.net:25565", Username: "Bea", Auth: "offline", Dir: "../../body"}, &News{}, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "needs Node.js 22 or newer and PATH has v20.20.2") || !strings.Contains(err.Error(), "install") {
		t.Fatalf("err = %v, want the sentence naming the Node found and what to install", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := FindNode(context.Background()); err != errNoNode {
		t.Fatalf("without node: err = %v, want errNoNode", err)
	}
}

func TestBodyRefusesABadServerAndAuth(t *testing.T) {
	fakeNode(t, "v22.23.3")
	for _, c := range []Config{
		{Server: "play.example.net", Username: "Bea", Auth: "offline"},
		{Server: "play.example.net:25565", Username: "Bea", Auth: "mojang"},
	} {
		if _, _, _, err := Start(t.Context(), c, &News{}, slog.New(slog.DiscardHandler)); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestBodyLogLinesBecomeRecords(t *testing.T) {
	var out bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&out, nil))
	var records []map[string]any
	relayLog(strings.NewReader(`{"time":"t","msg":"ready","ms_to_spawn":812}`+"\nTypeError: boom\n"), logger, func(r map[string]any) { records = append(records, r) })
	if len(records) != 1 || records[0]["msg"] != "ready" {
		t.Fatalf("records = %v", records)
	}
	got := out.String()
	if !strings.Contains(got, `msg=ready ms_to_spawn=812`) || !strings.Contains(got, `line="TypeError: boom"`) {
		t.Fatalf("log = %s", got)
	}
}

func TestTheBodyGetsNoSecretsInItsEnvironment(t *testing.T) {
	got := withoutSecrets([]string{"PATH=/bin", "BEA_API_KEY=sk-1", "BEA_TOKEN=t", "BEA_LOGIN_PASSWORD=p", "HOME=/root"})
	if strings.Join(got, " ") != "PATH=/bin HOME=/root" {
		t.Fatalf("environment = %v", got)
	}
	if Header("") != nil || Header("k").Get("Authorization") != "Bearer k" {
		t.Fatal("the header carries the key as a bearer token, and nothing without one")
	}
}

// TestTheDashboardSaysWhatTheBodyIsDoing: each step of the body's link,
// read from its log, is one sentence on the panel's link status, and none
// of them names a mod.
func TestTheDashboardSaysWhatTheBodyIsDoing(t *testing.T) {
	var shown []string
	news := &News{}
	set := news.Wrap(func(st protocol.ConnStatus) { shown = append(shown, st.Body) })
	set(protocol.ConnStatus{URL: "ws://127.0.0.1:1"})
	r := &linkReport{server: "mc.example.net:25565", news: news}
	for _, step := range []struct {
		rec  map[string]any
		want string
	}{
		{map[string]any{"status": "connecting"}, "The body is connecting to mc.example.net:25565."},
		{map[string]any{"status": "error", "error": "connect ECONNREFUSED 127.0.0.1:25565"}, "mc.example.net:25565 cannot be reached: connect ECONNREFUSED 127.0.0.1:25565."},
		{map[string]any{"status": "joined"}, "She joined mc.example.net:25565."},
		{map[string]any{"status": "kicked", "reason": "You have been idle for too long!"}, "mc.example.net:25565 kicked her: You have been idle for too long!"},
	} {
		r.record(step.rec)
		if got := shown[len(shown)-1]; got != step.want {
			t.Errorf("after %v the panel says %q, want %q", step.rec, got, step.want)
		}
	}
	r.retrying(15 * time.Second)
	if got := news.now(); got != "mc.example.net:25565 kicked her: You have been idle for too long! It tries again in 15s." {
		t.Errorf("retrying: %q", got)
	}
	set(protocol.ConnStatus{URL: "ws://127.0.0.1:1", Attempts: 2})
	if got := shown[len(shown)-1]; !strings.HasPrefix(got, "mc.example.net:25565 kicked her") {
		t.Errorf("a new status of the link lost the body's sentence: %q", got)
	}
	for _, s := range shown {
		if strings.Contains(s, "BeaCraft") || strings.Contains(s, "mod") {
			t.Errorf("%q names a mod", s)
		}
	}
}

// TestABanStopsTheRetries: a body that the server refuses for good (exit
// status 3) is not started again, and the panel says why and what to do.
func TestABanStopsTheRetries(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\n" +
		`echo '{"msg":"the server refuses her","status":"refused","reason":"You are banned from this server."}' >&2` + "\nexit 3\n"
	node := filepath.Join(dir, "node")
	if err := os.WriteFile(node, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	news := &News{}
	var starts int
	logger := slog.New(slog.NewTextHandler(&countWriter{n: &starts, word: "body started"}, nil))
	supervise(t.Context(), Config{Server: "mc.example.net:25565", Dir: dir, Console: io.Discard}, node, nil, "{}\n", news, logger)
	if starts != 1 {
		t.Errorf("the body was started %d times, want once", starts)
	}
	want := "mc.example.net:25565 does not let her in: You are banned from this server. beaweb has stopped trying: fix it on the server, then restart beaweb."
	if got := news.now(); got != want {
		t.Errorf("the panel says %q, want %q", got, want)
	}
}

// countWriter counts the log lines that hold word.
type countWriter struct {
	n    *int
	word string
}

func (w *countWriter) Write(p []byte) (int, error) {
	*w.n += strings.Count(string(p), w.word)
	return len(p), nil
}
