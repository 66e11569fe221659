// Package logtest holds what tests catch logs in: a buffer the goroutines
// still logging and the test reading may share. Only tests import it.
package logtest

import (
	"bytes"
	"log/slog"
	"sync"
)

// Buffer keeps what is written to it behind a lock, so that the race
// detector has nothing to say whichever goroutine writes while the test
// reads.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Logger returns a logger that writes every level, debug included, to b.
func (b *Buffer) Logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
