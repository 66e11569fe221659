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
	"time"
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
//
// Warnings and errors are rate-limited by kind (rateLimited): a flood of
// one (wrong tokens from a thousand addresses) is a few lines and a count.
func newLogger(w io.Writer, level slog.Level) *slog.Logger {
	var h slog.Handler = &consoleHandler{out: &lockedWriter{w: w}, level: level}
	if level <= slog.LevelDebug {
		h = slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})
	}
	return slog.New(&rateLimited{next: h, kinds: &logKinds{seen: map[string]*logKind{}}})
}

// flushLog writes what the rate limit of logger still holds back: at the
// end of a run, the count of each kind of warning it did not show.
func flushLog(logger *slog.Logger) {
	if h, ok := logger.Handler().(*rateLimited); ok {
		h.flush(context.Background(), time.Time{})
	}
}

// How many warnings or errors of one kind (one message) are written in a
// minute; the rest are counted, and the count written once the minute is
// over, at the next line beaweb logs, or when it stops.
const (
	logBurst   = 5
	logWindow  = time.Minute
	logKindCap = 1024 // kinds kept at once; messages are the program's own, so few
)

// rateLimited passes on every record below warning, and of each kind of
// warning or error logBurst a logWindow.
type rateLimited struct {
	next  slog.Handler
	kinds *logKinds // shared by the handlers WithAttrs and WithGroup make
}

type logKinds struct {
	mu   sync.Mutex
	seen map[string]*logKind
	due  time.Time // the end of the first window that holds a count back; zero: none does
}

// logKind is one message's window: when it began, how many were written
// and how many held back in it, and the level and handler to write its
// count with.
type logKind struct {
	start         time.Time
	written, held int
	level         slog.Level
	next          slog.Handler
}

func (h *rateLimited) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *rateLimited) Handle(ctx context.Context, r slog.Record) error {
	h.flush(ctx, r.Time)
	if r.Level < slog.LevelWarn {
		return h.next.Handle(ctx, r)
	}
	h.kinds.mu.Lock()
	k := h.kinds.seen[r.Message]
	if k == nil || r.Time.Sub(k.start) >= logWindow {
		if k == nil && len(h.kinds.seen) >= logKindCap {
			h.kinds.mu.Unlock()
			return h.next.Handle(ctx, r) // kinds past the cap go unlimited rather than uncounted
		}
		k = &logKind{start: r.Time}
		h.kinds.seen[r.Message] = k
	}
	k.level, k.next = r.Level, h.next
	write, last := k.written < logBurst, k.written == logBurst-1
	if write {
		k.written++
	} else {
		if k.held++; k.held == 1 {
			if end := k.start.Add(logWindow); h.kinds.due.IsZero() || end.Before(h.kinds.due) {
				h.kinds.due = end
			}
		}
	}
	h.kinds.mu.Unlock()
	if !write {
		return nil
	}
	if last {
		r = r.Clone()
		r.AddAttrs(slog.String("note", "more like this in the next minute are counted, not shown"))
	}
	return h.next.Handle(ctx, r)
}

// flush writes, for each kind whose window ended by now (every kind for a
// zero now), how many of it were held back.
func (h *rateLimited) flush(ctx context.Context, now time.Time) {
	type count struct {
		msg   string
		held  int
		level slog.Level
		next  slog.Handler
	}
	var due []count
	h.kinds.mu.Lock()
	if !now.IsZero() && (h.kinds.due.IsZero() || now.Before(h.kinds.due)) {
		h.kinds.mu.Unlock()
		return // no count is due: the usual case, decided without a look at every kind
	}
	h.kinds.due = time.Time{}
	for msg, k := range h.kinds.seen {
		end := k.start.Add(logWindow)
		switch {
		case now.IsZero() || !now.Before(end):
			if k.held > 0 {
				due = append(due, count{msg, k.held, k.level, k.next})
			}
			delete(h.kinds.seen, msg)
		case k.held > 0 && (h.kinds.due.IsZero() || end.Before(h.kinds.due)):
			h.kinds.due = end
		}
	}
	h.kinds.mu.Unlock()
	for _, c := range due {
		at := now
		if at.IsZero() {
			at = time.Now()
		}
		r := slog.NewRecord(at, c.level, fmt.Sprintf("%s: %d more like this were not shown", c.msg, c.held), 0)
		_ = c.next.Handle(ctx, r)
	}
}

func (h *rateLimited) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &rateLimited{next: h.next.WithAttrs(attrs), kinds: h.kinds}
}

func (h *rateLimited) WithGroup(name string) slog.Handler {
	return &rateLimited{next: h.next.WithGroup(name), kinds: h.kinds}
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
