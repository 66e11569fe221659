package web

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// The live stream is one gzip stream per viewer for the life of its page,
// so that an event, mostly the card it redraws as it was a moment ago,
// costs little more than what changed. A compressor of its own per viewer
// held about 0.9 MB (its window and hash tables) while the viewer watched;
// instead, the relay compresses each frame once, for every viewer, as the
// continuation of one shared deflate stream of all the frames (frame.z),
// and a viewer's gzip stream is built of deflate blocks: a frame's shared
// blocks refer back at most 32 KB (deflate's window), so a viewer that has
// received the last 32 KB of frames, whatever it received before, decodes
// them as they are. Until then (its own first redraw, and the frames that
// follow it up to 32 KB) each is compressed after the last 8 KB of its own
// stream, by one of a few compressors the server keeps. Every part ends on a sync flush, on a byte boundary, so the
// parts join. A viewer holds a checksum and two counts, not a compressor.

// window is how far back a deflate block may refer.
const window = 32 << 10

// deflater compresses frames as the continuation of one deflate stream.
// It belongs to the relay's goroutine.
type deflater struct {
	zw  *flate.Writer
	buf bytes.Buffer
}

func newDeflater() *deflater {
	d := &deflater{}
	d.zw, _ = flate.NewWriter(&d.buf, streamLevel) // a valid level cannot fail
	return d
}

// next is b compressed after everything compressed before it, ending on a
// sync flush.
func (d *deflater) next(b []byte) []byte {
	d.buf.Reset()
	_, _ = d.zw.Write(b) // into a buffer: cannot fail
	_ = d.zw.Flush()
	return bytes.Clone(d.buf.Bytes())
}

// compressors are those for the parts of a stream that are not the shared
// frames' blocks: made as they are first needed, at most as many as the
// slots a server gives them (its cores), however many viewers join, and
// kept for its life. (A sync.Pool let the collector free them and made one
// of 0.9 MB again at each use.)
type compressors chan *compressor

type compressor struct {
	zw   *flate.Writer
	sink *switchWriter
}

// switchWriter passes writes on to w, or drops them while w is nil.
type switchWriter struct{ w io.Writer }

func (s *switchWriter) Write(p []byte) (int, error) {
	if s.w == nil {
		return len(p), nil
	}
	return s.w.Write(p)
}

func newCompressors(n int) compressors {
	c := make(compressors, n)
	for range n {
		c <- nil // a slot whose compressor is not made yet
	}
	return c
}

// after is b compressed as what follows dict, the bytes just before it in
// the stream (of any length; the last window of it counts), ending on a
// sync flush. The compressor reads dict and drops what it makes of it, so
// that b may refer back into it as the viewer's decoder will. It waits for
// a free compressor.
func (c compressors) after(dict [][]byte, b []byte) []byte {
	k := <-c
	if k == nil {
		k = &compressor{sink: &switchWriter{}}
		k.zw, _ = flate.NewWriter(k.sink, streamLevel) // a valid level cannot fail
	}
	defer func() { c <- k }()
	k.sink.w = nil
	k.zw.Reset(k.sink)
	for _, d := range dict {
		_, _ = k.zw.Write(d) // dropped: cannot fail
	}
	if len(dict) > 0 {
		_ = k.zw.Flush()
	}
	var buf bytes.Buffer
	k.sink.w = &buf
	_, _ = k.zw.Write(b) // into a buffer: cannot fail
	_ = k.zw.Flush()
	k.sink.w = nil
	return buf.Bytes()
}

// gzipHeader opens a gzip stream: no name, no time, an unknown system.
const gzipHeader = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

// finalBlock ends a deflate stream that stopped on a byte boundary: an
// empty stored block marked last.
const finalBlock = "\x01\x00\x00\xff\xff"

// gzipStream is one viewer's gzip stream: its checksum and length, and how
// much of the shared frames it has received in a row.
type gzipStream struct {
	w      io.Writer
	c      compressors
	crc    uint32
	size   uint32
	shared int // bytes of shared frames since its last part of its own, up to window
	// tail is the last bytes of the stream, up to tailSize, while shared is
	// under window: what its next part is compressed after. The pieces are
	// the frames' own bytes, not copies.
	tail [][]byte
}

// tailSize is how much of its own stream a part compressed for one viewer
// refers back to: enough to hold the cards a frame redraws, small enough
// that compressing it again for each such part costs little.
const tailSize = 8 << 10

func newGzipStream(w io.Writer, c compressors) (*gzipStream, error) {
	_, err := io.WriteString(w, gzipHeader)
	return &gzipStream{w: w, c: c}, err
}

// own writes bytes of this viewer's own.
func (g *gzipStream) own(b []byte) error {
	g.shared = 0
	z := g.c.after(g.tail, b)
	g.keep(b)
	return g.write(b, z)
}

// frame writes a frame every viewer gets: its shared blocks once the last
// window of this stream is the shared stream's too, else compressed after
// this stream's tail.
func (g *gzipStream) frame(f frame) error {
	if g.shared >= window {
		return g.write(f.data, f.z)
	}
	z := g.c.after(g.tail, f.data)
	g.shared = min(window, g.shared+len(f.data))
	g.keep(f.data)
	if g.shared >= window {
		g.tail = nil // from now on every frame's shared blocks will do
	}
	return g.write(f.data, z)
}

// keep adds b to the tail, dropping what falls out of tailSize.
func (g *gzipStream) keep(b []byte) {
	g.tail = append(g.tail, b)
	n := 0
	for i := len(g.tail) - 1; i >= 0; i-- {
		if n += len(g.tail[i]); n >= tailSize {
			cut := g.tail[i][n-tailSize:]
			g.tail = append([][]byte{cut}, g.tail[i+1:]...)
			return
		}
	}
}

func (g *gzipStream) write(plain, z []byte) error {
	g.crc = crc32.Update(g.crc, crc32.IEEETable, plain)
	g.size += uint32(len(plain)) // gzip keeps the length modulo 2³²
	_, err := g.w.Write(z)
	return err
}

// close ends the stream whole: the last block, the checksum and length.
func (g *gzipStream) close() error {
	trailer := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32([]byte(finalBlock), g.crc), g.size)
	_, err := g.w.Write(trailer)
	return err
}

// gzip is b as a whole gzip stream.
func (c compressors) gzip(b []byte) []byte {
	g := &gzipStream{c: c}
	var out bytes.Buffer
	g.w = &out
	out.WriteString(gzipHeader)
	_ = g.own(b) // into a buffer: cannot fail
	_ = g.close()
	return out.Bytes()
}
