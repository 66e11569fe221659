package main

import (
	"beaweb/internal/logtest"
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestLogLevelFromFlagAndEnvironment(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want slog.Level
	}{
		{nil, nil, slog.LevelInfo},
		{[]string{"--verbose"}, nil, slog.LevelDebug},
		{nil, map[string]string{"BEA_LOG": "debug"}, slog.LevelDebug},
		{nil, map[string]string{"BEA_LOG": "WARN"}, slog.LevelWarn},
		{[]string{"--verbose"}, map[string]string{"BEA_LOG": "error"}, slog.LevelDebug},
	} {
		c, err := parseConfig(tc.args, envFrom(tc.env), io.Discard)
		if err != nil || c.LogLevel != tc.want {
			t.Errorf("%v %v: level %v (%v), want %v", tc.args, tc.env, c.LogLevel, err, tc.want)
		}
		// A saved setting laid over the flags keeps the level.
		c.applySaved(map[string]string{"model": "x"})
		if c.LogLevel != tc.want {
			t.Errorf("%v %v: the saved settings changed the level to %v", tc.args, tc.env, c.LogLevel)
		}
	}
	_, err := parseConfig(nil, envFrom(map[string]string{"BEA_LOG": "loud"}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), `BEA_LOG is "loud"; it takes debug, info, warn or error`) {
		t.Errorf("BEA_LOG=loud: %v", err)
	}
}

// TestConsoleLines: above debug a person reads sentences: no key=value, no
// Go package name, the workings of her parts left out, every warning and
// error kept with its error.
func TestConsoleLines(t *testing.T) {
	var out bytes.Buffer
	log := newLogger(&out, slog.LevelInfo)
	log.With("part", "store").Info("store: migration applied", slog.String("file", "00001_init.sql"))
	log.With("part", "mind").Info("agent: action started", slog.String("call", "find_block"))
	log.With("part", "mind").Debug("agent: a detail")
	log.With("part", "mind").Warn("agent: the turn was not recorded", slog.Any("error", errors.New("disk full")))
	log.With("part", "model").WithGroup("req").Error("the model could not be set up", slog.String("provider", "openai"))
	log.Info("Stopping: her running action first")
	got := regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d `).ReplaceAllString(out.String(), "")
	want := "Warning: The turn was not recorded: disk full.\n" +
		"Error: The model could not be set up (req.provider openai).\n" +
		"Stopping: her running action first.\n"
	if got != want {
		t.Errorf("the console reads\n%s\nwant\n%s", got, want)
	}

	out.Reset()
	log = newLogger(&out, slog.LevelDebug)
	log.With("part", "store").Info("store: migration applied", slog.String("file", "00001_init.sql"))
	log.With("part", "mind").Debug("agent: a detail")
	if s := out.String(); !strings.Contains(s, `msg="store: migration applied" part=store file=00001_init.sql`) || !strings.Contains(s, "a detail") {
		t.Errorf("at debug every record is written with its details:\n%s", s)
	}

	out.Reset()
	newLogger(&out, slog.LevelWarn).Info("Stopping.")
	if out.Len() != 0 {
		t.Errorf("BEA_LOG=warn wrote an info line: %q", out.String())
	}
}

func TestGreeting(t *testing.T) {
	c, err := parseConfig([]string{"--practice"}, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cfg   func(c config) config
		saved map[string]string
		want  string
	}{
		{func(c config) config { return c }, nil,
			"Open http://127.0.0.1:1 in your browser: Bea is already playing in the practice world, on the offline autopilot." +
				" Anyone with an account on this computer can use it too; set BEA_TOKEN to make it ask for a token. Ctrl-C stops her."},
		{func(c config) config { c.Practice = false; return c }, map[string]string{keyEnabled: "false"},
			"Open http://127.0.0.1:1 in your browser: Bea waits for Minecraft with the BeaCraft mod at ws://127.0.0.1:8080, on the offline autopilot" +
				" (no game at hand? stop here with Ctrl-C and start beaweb with --practice)." +
				" She is paused: press Let her play on the dashboard." +
				" Anyone with an account on this computer can use it too; set BEA_TOKEN to make it ask for a token. Ctrl-C stops her."},
	} {
		if got := greeting("http://127.0.0.1:1", tc.cfg(c), tc.saved); got != tc.want {
			t.Errorf("greeting\n%s\nwant\n%s", got, tc.want)
		}
	}
	c, err = parseConfig([]string{"--server", "play.example.net:25565", "--model-provider", "openai", "--model", "qwen2.5:14b"}, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := "Open http://127.0.0.1:1 in your browser: Bea is joining play.example.net:25565, thinking with qwen2.5:14b (openai)." +
		" Anyone with an account on this computer can use it too; set BEA_TOKEN to make it ask for a token. Ctrl-C stops her."
	if got := greeting("http://127.0.0.1:1", c, nil); got != want {
		t.Errorf("greeting\n%s\nwant\n%s", got, want)
	}
}

// TestFirstLinesOfARun: the whole beaweb in the practice world prints the
// greeting first and alone on stdout; its log at the info level has no
// migration in it and only sentences; --verbose brings the migrations back.
func TestFirstLinesOfARun(t *testing.T) {
	for _, verbose := range []bool{false, true} {
		db := filepath.Join(t.TempDir(), "bea.db") // new, so it has migrations to apply
		args := []string{"--practice", "--quiet", "--addr", "127.0.0.1:0", "--db", db}
		if verbose {
			args = append(args, "--verbose")
		}
		var stdout, stderr logtest.Buffer
		ctx, cancel := context.WithCancel(context.Background())
		ready := make(chan addrs, 1)
		done := make(chan int, 1)
		e := env{getenv: envFrom(nil), stdout: &stdout, stderr: &stderr, ready: func(a addrs) { ready <- a }}
		go func() { done <- run(ctx, args, e) }()
		var a addrs
		select {
		case a = <-ready:
		case code := <-done:
			cancel()
			t.Fatalf("beaweb exited with %d before it was ready:\n%s", code, stderr.String())
		case <-time.After(60 * time.Second):
			cancel()
			t.Fatalf("beaweb was not ready within 60 s:\n%s", stderr.String())
		}
		cancel()
		if code := <-done; code != 0 {
			t.Fatalf("beaweb exited with %d:\n%s", code, stderr.String())
		}
		want := "Open " + a.Dashboard + " in your browser: Bea is already playing in the practice world"
		if lines := strings.Split(strings.TrimSpace(stdout.String()), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], want) {
			t.Errorf("stdout is %q, want one line starting %q", stdout.String(), want)
		}
		logs := stderr.String()
		if got := strings.Contains(logs, "migration applied"); got != verbose {
			t.Errorf("verbose %v: the migrations are logged: %v\n%s", verbose, got, logs)
		}
		if verbose {
			continue
		}
		person := regexp.MustCompile(`^\d\d:\d\d:\d\d (Warning: |Error: )?[A-Z][^=]*\.$`)
		for _, l := range strings.Split(strings.TrimSpace(logs), "\n") {
			if l != "" && !person.MatchString(l) {
				t.Errorf("a log line is not a sentence: %q", l)
			}
		}
	}
}
