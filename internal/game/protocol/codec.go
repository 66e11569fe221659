package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// MaxFrame is the largest frame either side accepts. A state packet with a
// full close view is a few tens of kilobytes; a megabyte leaves room for any
// honest packet and refuses a runaway one before it is parsed.
const MaxFrame = 1 << 20

// Errors Decode wraps; check them with errors.Is.
var (
	ErrNotObject = errors.New("protocol: the frame is not a JSON object")
	ErrBadJSON   = errors.New("protocol: the frame is not valid JSON")
	ErrNoKind    = errors.New("protocol: the frame has neither type nor status")
	ErrTooLarge  = errors.New("protocol: the frame is larger than 1 MiB")
)

// Decode reads one frame from the game side. It dispatches on "type" first;
// only a frame without a type is an answer, told by its "status". An unknown
// type comes back as Unknown, never as an error. Unknown fields are ignored.
// A state packet that lacks one of its parts still decodes, with the missing
// parts named in State.Missing so the reader can say so.
func Decode(frame []byte) (Packet, error) {
	if len(frame) > MaxFrame {
		return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, len(frame))
	}
	trimmed := bytes.TrimLeft(frame, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, ErrNotObject
	}
	kind, typed := fastType(trimmed)
	if !typed {
		var head struct {
			Type   json.RawMessage `json:"type"`
			Status json.RawMessage `json:"status"`
		}
		if err := json.Unmarshal(frame, &head); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadJSON, err)
		}
		var err error
		if kind, typed, err = headString("type", head.Type); err != nil {
			return nil, err
		}
		if !typed {
			if _, hasStatus, err := headString("status", head.Status); err != nil {
				return nil, err
			} else if !hasStatus {
				return nil, ErrNoKind
			}
			var a Answer
			if err := json.Unmarshal(frame, &a); err != nil {
				return nil, fmt.Errorf("protocol: answer: %w", err)
			}
			return a, nil
		}
	}
	p, err := decodeTyped(kind, frame)
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return nil, fmt.Errorf("%w: %v", ErrBadJSON, err)
	case err != nil:
		return nil, fmt.Errorf("protocol: %s packet: %w", kind, err)
	}
	return p, nil
}

// fastType reads the type of a frame that begins {"type":"kind", as every
// packet of the game side does, without a pass over the whole frame. Any
// other frame takes the slow way.
func fastType(frame []byte) (string, bool) {
	const prefix = `{"type":"`
	if !bytes.HasPrefix(frame, []byte(prefix)) {
		return "", false
	}
	rest := frame[len(prefix):]
	for i, ch := range rest {
		switch {
		case ch >= 'a' && ch <= 'z', ch == '_', i > 0 && ch >= '0' && ch <= '9':
		case ch == '"' && i > 0 && i+1 < len(rest) && (rest[i+1] == ',' || rest[i+1] == '}'):
			return string(rest[:i]), true
		default:
			return "", false
		}
	}
	return "", false
}

// stateWire reads a state packet and tells a part left out (or null) from
// one that is merely empty: the outer fields hide State's own.
type stateWire struct {
	State
	Tick      *int64       `json:"tick"`
	Player    *PlayerState `json:"player"`
	Inventory *[]Slot      `json:"inventory"`
	World     *WorldState  `json:"world"`
}

func decodeState(frame []byte) (Packet, error) {
	var w stateWire
	if err := json.Unmarshal(frame, &w); err != nil {
		return nil, err
	}
	s := w.State
	if w.Tick != nil {
		s.Tick = *w.Tick
	} else {
		s.Missing = append(s.Missing, "tick")
	}
	if w.Player != nil {
		s.Player = *w.Player
	} else {
		s.Missing = append(s.Missing, "player")
	}
	if w.Inventory != nil {
		s.Inventory = *w.Inventory
	} else {
		s.Missing = append(s.Missing, "inventory")
	}
	if w.World != nil {
		s.World = *w.World
	} else {
		s.Missing = append(s.Missing, "world")
	}
	return s, nil
}

// headString reads "type" or "status": absent and null both mean absent;
// anything but a string is an error.
func headString(name string, raw json.RawMessage) (string, bool, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, fmt.Errorf("%w: %q must be a string, not %s", ErrBadJSON, name, truncate(raw, 40))
	}
	return s, true, nil
}

// truncate shortens a frame for a log line or an error.
func truncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "…"
}

// Excerpt is the start of a frame, at most n bytes, for a log line about a
// frame that could not be read.
func Excerpt(frame []byte, n int) string { return truncate(frame, n) }

func decodeTyped(kind string, frame []byte) (Packet, error) {
	switch kind {
	case "hello":
		return decodeAs[Hello](frame)
	case "state":
		return decodeState(frame)
	case "survey":
		return decodeAs[Survey](frame)
	case "terrain":
		return decodeAs[Terrain](frame)
	case "chat":
		return decodeAs[Chat](frame)
	case "damage":
		return decodeAs[Damage](frame)
	case "death":
		return decodeAs[Death](frame)
	case "respawn":
		return decodeAs[Respawn](frame)
	case "reflex":
		return decodeAs[Reflex](frame)
	case "progress":
		return decodeAs[Progress](frame)
	case "follow_ended":
		return decodeAs[FollowEnded](frame)
	case "world":
		return decodeAs[WorldChange](frame)
	case "heartbeat":
		return decodeAs[Heartbeat](frame)
	case "sign_in":
		return decodeAs[SignIn](frame)
	}
	// An unknown type is not parsed, but it must still be JSON.
	if err := json.Unmarshal(frame, new(struct{})); err != nil {
		return nil, err
	}
	return Unknown{Type: kind, Raw: append(json.RawMessage(nil), frame...)}, nil
}

func decodeAs[T Packet](frame []byte) (Packet, error) {
	var p T
	if err := json.Unmarshal(frame, &p); err != nil {
		return nil, err
	}
	return p, nil
}

// Encode writes a packet as one frame, with its "type" first for the typed
// packets. An Answer is written as it is, without a type.
func Encode(p Packet) ([]byte, error) {
	if u, ok := p.(Unknown); ok {
		return append([]byte(nil), u.Raw...), nil
	}
	body, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("protocol: encode %T: %w", p, err)
	}
	kind := p.PacketType()
	if kind == "" {
		return body, nil
	}
	head := `{"type":` + quote(kind)
	if len(body) > 2 {
		head += ","
	}
	return append([]byte(head), body[1:]...), nil
}

// EncodeRequest writes a request frame.
func EncodeRequest(r Request) ([]byte, error) {
	if len(r.Parameters) == 0 {
		r.Parameters = json.RawMessage("{}")
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("protocol: encode request: %w", err)
	}
	return b, nil
}

// DecodeRequest reads a request frame, as the game side does.
func DecodeRequest(frame []byte) (Request, error) {
	if len(frame) > MaxFrame {
		return Request{}, fmt.Errorf("%w (%d bytes)", ErrTooLarge, len(frame))
	}
	var r Request
	if err := json.Unmarshal(frame, &r); err != nil {
		return Request{}, fmt.Errorf("protocol: request: %w", err)
	}
	if r.Action == "" {
		return r, errors.New("protocol: request: the action is missing")
	}
	return r, nil
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
