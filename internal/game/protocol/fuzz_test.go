package protocol

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// FuzzDecode feeds the decoder anything. No input may panic; a frame over
// MaxFrame is refused; whatever decodes encodes again, and that encoding is a
// fixed point (decoding and encoding it once more gives the same bytes).
// The seed corpus is in testdata/fuzz/FuzzDecode and runs with go test.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"type":"heartbeat","tick":1}`))
	f.Add([]byte(`{"status":"FINISHED","id":"r1-abcdef","result":"SUCCESS","data":{"a":[1,2]}}`))
	f.Fuzz(func(t *testing.T, frame []byte) {
		p, err := Decode(frame)
		if len(frame) > MaxFrame && !errors.Is(err, ErrTooLarge) {
			t.Fatalf("a frame of %d bytes was not refused: %v", len(frame), err)
		}
		if err != nil && p != nil {
			t.Fatalf("Decode returned both %#v and %v", p, err)
		}
		// The quick path for frames that begin {"type":"…" must agree with
		// the full one, which a space after the brace forces. (A frame that
		// repeats the key may differ: the quick path reads the first, the
		// full one the last, matching keys without case and with escapes.)
		repeated := bytes.Count(bytes.ToLower(frame), []byte("type")) > 1 || bytes.Contains(frame, []byte(`\u`))
		if trimmed := bytes.TrimLeft(frame, " \t\r\n"); len(frame) <= MaxFrame && bytes.HasPrefix(trimmed, []byte("{")) && !repeated {
			slow, slowErr := Decode(append([]byte("{ "), trimmed[1:]...))
			if (err == nil) != (slowErr == nil) {
				t.Fatalf("quick path: %v, full path: %v", err, slowErr)
			}
			if _, unknown := p.(Unknown); err == nil && !unknown && !reflect.DeepEqual(normalize(p), normalize(slow)) {
				t.Fatalf("quick path %#v, full path %#v", p, slow)
			}
		}
		if err != nil {
			return
		}
		first, err := Encode(p)
		if err != nil {
			t.Fatalf("Encode(%#v): %v", p, err)
		}
		again, err := Decode(first)
		if err != nil {
			t.Fatalf("Decode(Encode(p)) = %v\nframe: %q\nencoded: %q", err, frame, first)
		}
		if reflect.TypeOf(again) != reflect.TypeOf(p) || again.PacketType() != p.PacketType() {
			t.Fatalf("the kind changed from %T %q to %T %q", p, p.PacketType(), again, again.PacketType())
		}
		second, err := Encode(again)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, second) {
			t.Fatalf("encoding is not stable:\n%s\n%s", first, second)
		}
	})
}

// FuzzRequest does the same for the frames the game side reads.
func FuzzRequest(f *testing.F) {
	f.Add([]byte(`{"id":"r41-3fa2c1","action":"mine_block","parameters":{"x":100,"y":64,"z":100}}`))
	f.Fuzz(func(t *testing.T, frame []byte) {
		r, err := DecodeRequest(frame)
		if err != nil {
			return
		}
		out, err := EncodeRequest(r)
		if err != nil {
			t.Fatalf("EncodeRequest(%#v): %v", r, err)
		}
		back, err := DecodeRequest(out)
		if err != nil || back.ID != r.ID || back.Action != r.Action {
			t.Fatalf("request did not survive a round trip: %#v %v", back, err)
		}
	})
}
