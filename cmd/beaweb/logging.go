package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// addLogFlag defines --verbose on fs. The answer reads, once fs is parsed,
// the level beaweb logs at: debug with --verbose, else BEA_LOG's (debug,
// info, warn or error), else info.
func addLogFlag(fs *flag.FlagSet, getenv func(string) string) func() (slog.Level, error) {
	verbose := fs.Bool("verbose", false, "log the start-up details and what her mind, the game link and the dashboard do (BEA_LOG=debug)")
	return func() (slog.Level, error) {
		if *verbose {
			return slog.LevelDebug, nil
		}
		return parseLogLevel(getenv("BEA_LOG"))
	}
}

// parseLogLevel reads BEA_LOG; empty is info.
func parseLogLevel(v string) (slog.Level, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "info":
		return slog.LevelInfo, nil
	case "debug":
		return slog.LevelDebug, nil
	case "warn", "warning":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	}
	return slog.LevelInfo, fmt.Errorf("BEA_LOG is %q; it takes debug, info, warn or error", v)
}

// newLogger is the one logger of a running beaweb. At debug it writes every
// record with all its details, for whoever is looking into beaweb itself.
// Above debug it writes for the person who started her (consoleHandler).
func newLogger(w io.Writer, level slog.Level) *slog.Logger {
	if level <= slog.LevelDebug {
		return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level}))
	}
	return slog.New(&consoleHandler{out: &lockedWriter{w: w}, level: level})
}

// forPeople tells the parts of the program (the "part" a logger is made
// with) whose info records a person sees without --verbose: beaweb itself
// and her model. The others' info records (her mind's actions, the game
// link, the store's migrations, the practice world, the dashboard's
// requests, the body's own log) are the program's workings, shown on the
// dashboard or with --verbose; their warnings and errors are always shown.
func forPeople(part string) bool { return part == "" || part == "model" }

// consoleHandler writes a record as a line a person reads: the time, then
// the sentence, with "Warning:" or "Error:" before it and the error after
// it, and any other detail in brackets. It drops the name of the Go package
// some messages start with ("agent: ...").
type consoleHandler struct {
	out   *lockedWriter
	level slog.Level
	part  string
	attrs []slog.Attr
	group string // the prefix of the keys of attributes added from here on
}

func (h *consoleHandler) Enabled(_ context.Context, l slog.Level) bool {
	if l < slog.LevelWarn && !forPeople(h.part) {
		l = slog.LevelDebug
	}
	return l >= h.level
}

func (h *consoleHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	if !r.Time.IsZero() {
		b.WriteString(r.Time.Format("15:04:05 "))
	}
	switch {
	case r.Level >= slog.LevelError:
		b.WriteString("Error: ")
	case r.Level >= slog.LevelWarn:
		b.WriteString("Warning: ")
	}
	msg := logSentence(r.Message)
	var errText string
	var details []string
	add := func(a slog.Attr) {
		a.Value = a.Value.Resolve()
		switch {
		case a.Equal(slog.Attr{}):
		case a.Key == "error" || a.Key == "panic":
			errText = a.Value.String()
		case a.Key != "part":
			details = append(details, a.Key+" "+a.Value.String())
		}
	}
	for _, a := range h.attrs {
		add(a)
	}
	r.Attrs(func(a slog.Attr) bool {
		a.Key = h.group + a.Key
		add(a)
		return true
	})
	b.WriteString(strings.TrimRight(msg, "."))
	if errText != "" {
		b.WriteString(": " + errText)
	}
	if len(details) > 0 {
		b.WriteString(" (" + strings.Join(details, ", ") + ")")
	}
	if !strings.HasSuffix(b.String(), ".") {
		b.WriteByte('.')
	}
	b.WriteByte('\n')
	return h.out.write(b.String())
}

func (h *consoleHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	next := *h
	next.attrs = slices.Clone(h.attrs)
	for _, a := range attrs {
		if a.Key == "part" && h.group == "" {
			next.part = a.Value.String()
			continue
		}
		a.Key = h.group + a.Key
		next.attrs = append(next.attrs, a)
	}
	return &next
}

func (h *consoleHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	next := *h
	next.group = h.group + name + "."
	return &next
}

// logSentence is msg without the name of the Go package some messages start
// with ("agent: ...", for whoever reads the code), starting with a capital
// letter.
func logSentence(msg string) string {
	if pkg, rest, ok := strings.Cut(msg, ": "); ok {
		switch pkg {
		case "agent", "modclient", "web", "store", "practice", "openai", "anthropic", "script":
			msg = rest
		}
	}
	r, n := utf8.DecodeRuneInString(msg)
	if n == 0 {
		return msg
	}
	return string(unicode.ToUpper(r)) + msg[n:]
}

// lockedWriter keeps the lines of several goroutines whole.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) write(s string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := io.WriteString(l.w, s)
	return err
}
