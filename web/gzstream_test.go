package web

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// TestGzipStreamsJoin: viewers who join at different frames, each with its
// own first part, read back exactly what they were sent, whether a frame
// reached them compressed on its own or as the shared stream's blocks.
func TestGzipStreamsJoin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"<div class=\"card\">", "health ", "food ", "oak_log ", "</div>", "\n", "data: ", "event: body\n"}
	text := func(n int) []byte {
		var b bytes.Buffer
		for b.Len() < n {
			b.WriteString(words[rng.IntN(len(words))])
			fmt.Fprintf(&b, "%d ", rng.IntN(50))
		}
		return b.Bytes()
	}
	d, c := newDeflater(), newCompressors(2)
	type viewer struct {
		out  bytes.Buffer
		gz   *gzipStream
		sent bytes.Buffer
	}
	var viewers []*viewer
	for i := range 400 {
		if i%40 == 0 {
			v := &viewer{}
			var err error
			if v.gz, err = newGzipStream(&v.out, c); err != nil {
				t.Fatal(err)
			}
			first := text(20 << 10)
			if err := v.gz.own(first); err != nil {
				t.Fatal(err)
			}
			v.sent.Write(first)
			viewers = append(viewers, v)
		}
		data := text(rng.IntN(3000) + 1)
		f := frame{data: data, z: d.next(data)}
		for _, v := range viewers {
			if err := v.gz.frame(f); err != nil {
				t.Fatal(err)
			}
			v.sent.Write(data)
		}
	}
	for i, v := range viewers {
		if err := v.gz.close(); err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(&v.out)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, v.sent.Bytes()) {
			t.Errorf("viewer %d: %v; %d bytes back of %d sent", i, err, len(got), v.sent.Len())
		}
	}
}
