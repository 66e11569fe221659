package web

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"beaweb/internal/agent"
	"beaweb/templates/partials"
)

// streamLevel is how hard the live stream is compressed. Go's BestSpeed
// forgets the events before each flush and saves only a third; from level
// 2 on the compressor matches across them, and 4 saved 19 parts in 20 of a
// recorded practice stream at about the cost of BestSpeed.
const streamLevel = 4

// frame is one or more SSE events, encoded once and written as they are to
// every viewer.
type frame struct {
	seq  uint64 // the change it draws; 0 for a whole redraw or a heartbeat
	data []byte
	z    []byte // data compressed after every frame before it (gzstream.go)
}

// heartbeat is the comment an idle stream is sent, so that proxies and
// browsers keep it open.
const heartbeat = ": heartbeat\n\n"

// relay turns each change of her snapshot into its SSE event, once for all
// viewers, until ctx ends: rendering costs the same with one viewer or a
// hundred, and no change reads the database (the actions topic carries its
// row, kept in the action feed). It starts from a subscription Serve
// made before accepting viewers, so no viewer can see a snapshot older than
// the first change relayed. When the mind's hub drops the relay for falling
// behind, it resubscribes and sends a whole redraw.
func (s *Server) relay(ctx context.Context, changes <-chan agent.Change, cancel func()) {
	out := &relayOut{s: s, z: newDeflater()}
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	for {
		n := s.pump(ctx, changes, out, beat.C)
		cancel()
		if ctx.Err() != nil {
			return
		}
		if n == 0 {
			// A subscription that ends before a single change means the
			// source has closed for good; resubscribing would only spin.
			s.log.Warn("web: the live changes closed; the live panel shows snapshots only from now on")
			for {
				select {
				case <-ctx.Done():
					return
				case <-beat.C:
					out.publish(0, []byte(heartbeat))
				}
			}
		}
		s.log.Warn("web: the live relay fell behind her changes; redrawing the whole panel")
		changes, cancel = s.deps.Changes.Subscribe()
		s.sent.reset()
		// Rows written while it was behind came in no change it read.
		out.publish(0, s.renderPanel(ctx, s.freshData(ctx)))
	}
}

// relayOut is where the relay publishes: each frame compressed once, as
// the continuation of the shared stream, for every viewer.
type relayOut struct {
	s *Server
	z *deflater
}

func (o *relayOut) publish(seq uint64, data []byte) {
	o.s.frames.Publish(frame{seq: seq, data: data, z: o.z.next(data)})
}

// pump renders changes until the channel closes or ctx ends, with a
// heartbeat at each beat, and says how many changes it rendered. The
// heartbeat is the relay's, one for all viewers, so that every viewer's
// stream is the same frames in the same order (gzstream.go).
func (s *Server) pump(ctx context.Context, changes <-chan agent.Change, out *relayOut, beat <-chan time.Time) int {
	n := 0
	for {
		select {
		case <-ctx.Done():
			return n
		case <-beat:
			out.publish(0, []byte(heartbeat))
		case ch, ok := <-changes:
			if !ok {
				return n
			}
			n++
			out.publish(ch.Seq, s.renderChange(ctx, ch))
		}
	}
}

// renderChange is the events of one change: the topic's own card with the
// change's number, then the cards drawn from it whose drawing changed. A
// topic no card is drawn from redraws the whole panel, so nothing it
// changed is missed. A change of the actions topic carries the row that
// was written, laid over the feed here: the card is redrawn from memory.
func (s *Server) renderChange(ctx context.Context, ch agent.Change) []byte {
	if ch.Topic == agent.TopicActions && ch.Snap.Recorded != nil {
		s.actions.apply(*ch.Snap.Recorded)
	}
	d := s.liveData(ch.Snap)
	var buf bytes.Buffer
	known := false
	for _, c := range s.cards {
		if c.Owns(ch.Topic) {
			known = true
			s.writeCard(ctx, &buf, ch.Seq, c, d, false)
		}
	}
	for _, c := range s.cards {
		if !c.Owns(ch.Topic) && c.Redraws(ch.Topic) {
			known = true
			s.writeCard(ctx, &buf, 0, c, d, true)
		}
	}
	if !known {
		s.log.Debug("web: a change of an unknown topic; redrawing the whole panel", slog.String("topic", string(ch.Topic)))
		return s.renderPanel(ctx, d)
	}
	return buf.Bytes()
}

// renderPanel is a whole redraw: one event per card of the live panel.
func (s *Server) renderPanel(ctx context.Context, d partials.LiveData) []byte {
	var buf bytes.Buffer
	for _, c := range s.cards {
		s.writeCard(ctx, &buf, 0, c, d, false)
	}
	return buf.Bytes()
}

// liveData is what the cards are drawn from now: snap, the clock, and the
// action feed as it stands (read from memory, never from the database).
func (s *Server) liveData(snap agent.Snapshot) partials.LiveData {
	rows, problem := s.actions.list()
	return partials.LiveData{Snap: snap, Now: s.now(), Actions: rows, ActionsProblem: problem}
}

// freshData is liveData after a read of the action history: for a person
// who opens the live page or its stream, who sees the history as it is.
func (s *Server) freshData(ctx context.Context) partials.LiveData {
	s.actions.refresh(ctx, s.deps.Actions, s.log)
	return s.liveData(s.deps.Live.Snapshot())
}

// writeEvent appends one SSE event. Every line of the body becomes a data
// line (SSE ends a line at CR, LF or CRLF, and the browser joins them back
// with LF), so no text inside it can end the event early or forge another.
func writeEvent(buf *bytes.Buffer, seq uint64, name string, body []byte) {
	if seq > 0 {
		buf.WriteString("id: ")
		buf.WriteString(strconv.FormatUint(seq, 10))
		buf.WriteByte('\n')
	}
	buf.WriteString("event: ")
	buf.WriteString(name)
	buf.WriteByte('\n')
	for {
		i := bytes.IndexAny(body, "\r\n")
		if i < 0 {
			break
		}
		buf.WriteString("data: ")
		buf.Write(body[:i])
		buf.WriteByte('\n')
		if body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			i++
		}
		body = body[i+1:]
	}
	buf.WriteString("data: ")
	buf.Write(body)
	buf.WriteString("\n\n")
}

// handleEvents is the live stream of one page: a whole redraw first, then
// each change as it comes, and the relay's heartbeat while nothing happens.
// A viewer that falls Buffer events behind, or whose connection stalls for
// WriteTimeout, is dropped; its browser reconnects and starts again from a
// fresh redraw.
func (s *Server) handleEvents(c echo.Context) error {
	req := c.Request()
	ctx := req.Context()
	// Subscribe before the snapshot is taken, so no change falls between.
	frames, cancel := s.frames.Subscribe()
	defer cancel()

	sw := s.openStream(c)
	defer sw.close()
	first := append([]byte("retry: 2000\n\n"), s.renderPanel(ctx, s.freshData(ctx))...)
	if !sw.send(first, nil) {
		return nil
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.stopping:
			return nil
		case f, ok := <-frames:
			if !ok {
				s.log.Info("web: dropped a live viewer that fell behind", slog.String("remote", c.RealIP()))
				return nil
			}
			if !sw.send(f.data, &f) {
				return nil
			}
		}
	}
}

// liveStream is one viewer's event stream: written event by event, each
// flushed at once, under the server's write deadline.
type liveStream struct {
	s  *Server
	rc *http.ResponseController
	w  io.Writer
	gz *gzipStream // nil for a viewer that takes no gzip
}

// openStream sends the stream's headers, and the gzip header for a viewer
// that takes gzip: the stream is one gzip stream for its whole life
// (gzstream.go).
func (s *Server) openStream(c echo.Context) *liveStream {
	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	h.Add("Vary", "Accept-Encoding")
	// The controller is over net/http's own writer, not Echo's, whose
	// Flush drops the error of a flush that failed.
	ls := &liveStream{s: s, rc: http.NewResponseController(w.Writer), w: w}
	if acceptsGzip(c.Request()) {
		h.Set("Content-Encoding", "gzip")
	}
	w.WriteHeader(http.StatusOK)
	if acceptsGzip(c.Request()) {
		ls.gz, _ = newGzipStream(w, s.compressors) // a failed write shows at the first send
	}
	return ls
}

// send writes b, which is f's data when it is a frame every viewer gets
// (nil: this viewer's own), and reports whether the viewer is still there.
func (ls *liveStream) send(b []byte, f *frame) bool {
	if err := ls.rc.SetWriteDeadline(time.Now().Add(ls.s.cfg.WriteTimeout)); err != nil {
		ls.s.log.Debug("web: live stream write deadline not supported", slog.Any("error", err))
	}
	var err error
	switch {
	case ls.gz == nil:
		_, err = ls.w.Write(b)
	case f == nil:
		err = ls.gz.own(b)
	default:
		err = ls.gz.frame(*f)
	}
	if err == nil {
		err = ls.rc.Flush() // the event leaves now
	}
	if err != nil {
		ls.s.log.Debug("web: live viewer gone", slog.Any("error", err))
		return false
	}
	return true
}

// close ends the gzip stream whole, however the stream ends, so that the
// browser reads an end, not a cut.
func (ls *liveStream) close() {
	if ls.gz == nil {
		return
	}
	_ = ls.rc.SetWriteDeadline(time.Now().Add(ls.s.cfg.WriteTimeout))
	if ls.gz.close() == nil {
		_ = ls.rc.Flush()
	}
}
