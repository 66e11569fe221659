package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const packetsDir = "../../../testdata/minecraft_packets"

// canonical parses JSON and drops every null-valued key, so that an optional
// field written as null and one left out compare equal.
func canonical(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return dropNulls(v)
}

func dropNulls(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e == nil {
				delete(x, k)
				continue
			}
			x[k] = dropNulls(e)
		}
	case []any:
		for i := range x {
			x[i] = dropNulls(x[i])
		}
	}
	return v
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(packetsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// golden are the fixtures of testdata/minecraft_packets that are whole
// packets, each with the Go type it decodes to.
var golden = []goldenCase{
	{"p2/hello.json", Hello{}},
	{"p2/state.json", State{}},
	{"p2/survey.json", Survey{}},
	{"p2/terrain.json", Terrain{}},
	{"p2/chat.json", Chat{}},
	{"p2/chat_far.json", Chat{}},
	{"p2/chat_self.json", Chat{}},
	{"p2/damage.json", Damage{}},
	{"p2/damage_fall.json", Damage{}},
	{"p2/death.json", Death{}},
	{"p2/respawn.json", Respawn{}},
	{"p2/reflex.json", Reflex{}},
	{"p2/reflex_eat.json", Reflex{}},
	{"p2/progress.json", Progress{}},
	{"p2/follow_ended.json", FollowEnded{}},
	{"p2/world.json", WorldChange{}},
	{"p2/heartbeat.json", Heartbeat{}},
	{"p2/sign_in.json", SignIn{}},
	{"p2/answer_success.json", Answer{}},
	{"p2/answer_interrupted.json", Answer{}},
	{"p2/answer_timeout.json", Answer{}},
	{"p2/unknown_type.json", Unknown{}},
	{"p1/hello.json", Hello{}},
	{"p1/answer.json", Answer{}},
	{"p1/answer_failure.json", Answer{}},
	{"p1/state.json", State{}},
}

type goldenCase struct {
	file string
	want Packet
}

// fixturesOfTheirOwn are the fixtures other tests read: requests, and
// states that test what a state may lack or carry beyond the contract.
var fixturesOfTheirOwn = []string{"p2/request.json", "p2/request_no_parameters.json",
	"p2/state_extra_fields.json", "p2/state_missing_parts.json"}

// TestEveryKindHasAFixture: each packet type of docs/mod-protocol.md has a protocol-2
// fixture named after it, and every fixture file is read by some test.
func TestEveryKindHasAFixture(t *testing.T) {
	kinds := []Packet{Hello{}, State{}, Survey{}, Terrain{}, Chat{}, Damage{}, Death{}, Respawn{}, Reflex{},
		Progress{}, FollowEnded{}, WorldChange{}, Heartbeat{}, SignIn{}}
	for _, k := range kinds {
		file := "p2/" + k.PacketType() + ".json"
		if !slices.ContainsFunc(golden, func(g goldenCase) bool {
			return g.file == file && reflect.TypeOf(g.want) == reflect.TypeOf(k)
		}) {
			t.Errorf("the %s packet has no fixture %s decoded as %T", k.PacketType(), file, k)
		}
	}
	for _, dir := range []string{"p1", "p2"} {
		files, err := filepath.Glob(filepath.Join(packetsDir, dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no fixtures in %s", dir)
		}
		for _, f := range files {
			name := dir + "/" + filepath.Base(f)
			tested := slices.Contains(fixturesOfTheirOwn, name) || slices.ContainsFunc(golden, func(g goldenCase) bool {
				return g.file == name
			})
			if !tested {
				t.Errorf("no test reads the fixture %s; add it to golden", name)
			}
		}
	}
}

func TestGoldenPackets(t *testing.T) {
	for _, tt := range golden {
		t.Run(tt.file, func(t *testing.T) {
			frame := readFixture(t, tt.file)
			p, err := Decode(frame)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if reflect.TypeOf(p) != reflect.TypeOf(tt.want) {
				t.Fatalf("Decode gave %T, want %T", p, tt.want)
			}
			if s, ok := p.(State); ok && len(s.Missing) > 0 {
				t.Errorf("a complete state reports missing parts %v", s.Missing)
			}
			out, err := Encode(p)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if got, want := canonical(t, out), canonical(t, frame); !reflect.DeepEqual(got, want) {
				t.Errorf("re-encoded packet differs from the fixture\n got: %s\nwant: %s", out, frame)
			}
			again, err := Decode(out)
			if err != nil {
				t.Fatalf("Decode(Encode): %v", err)
			}
			if !reflect.DeepEqual(normalize(again), normalize(p)) {
				t.Errorf("decode(encode(p)) = %#v, want %#v", again, p)
			}
		})
	}
}

// normalize compacts the raw parts of a packet so two decodings of the same
// JSON compare equal whatever its spacing.
func normalize(p Packet) Packet {
	compact := func(raw json.RawMessage) json.RawMessage {
		if len(raw) == 0 {
			return raw
		}
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil {
			return raw
		}
		return b.Bytes()
	}
	switch x := p.(type) {
	case Answer:
		x.Data = compact(x.Data)
		return x
	case Unknown:
		x.Raw = compact(x.Raw)
		return x
	}
	return p
}

func TestGoldenValues(t *testing.T) {
	p, _ := Decode(readFixture(t, "p2/state.json"))
	s := p.(State)
	if s.Tick != 123456 || s.Player.Health != 18 || s.Player.Position.X != 100.5 || s.Held.Item != "stone_pickaxe" {
		t.Errorf("state read wrong: %+v", s)
	}
	if s.Armor.Head != nil || s.Armor.Chest == nil || *s.Armor.Chest != "leather_chestplate" {
		t.Errorf("armor read wrong: %+v", s.Armor)
	}
	if len(s.Blocks) != 3 || s.Blocks[2].Pos().X != 99 || s.Census["oak_log"] != 5 || !s.World.Dark {
		t.Errorf("close view read wrong: %+v %v", s.Blocks, s.Census)
	}

	p, _ = Decode(readFixture(t, "p2/hello.json"))
	h := p.(Hello)
	if h.Protocol != 2 || h.Budgets["build"] != 600 || h.Budgets["follow_player"] != 0 || h.World.Server != "play.example.net:25565" {
		t.Errorf("hello read wrong: %+v", h)
	}

	p, _ = Decode(readFixture(t, "p2/chat_far.json"))
	if c := p.(Chat); c.Distance != nil {
		t.Errorf("a null distance read as %v", *c.Distance)
	}

	p, _ = Decode(readFixture(t, "p1/answer.json"))
	a := p.(Answer)
	if a.ID != "" || a.Explanation() != "mined stone at (100, 64, 100)" {
		t.Errorf("protocol-1 answer read wrong: %+v", a)
	}
	p, _ = Decode(readFixture(t, "p2/answer_interrupted.json"))
	if a := p.(Answer); a.Result != Interrupted || a.Reason != "reflex: defend" || len(a.Log) != 2 {
		t.Errorf("interrupted answer read wrong: %+v", a)
	}
}

func TestUnknownFieldsTolerated(t *testing.T) {
	plain, err := Decode(readFixture(t, "p2/state.json"))
	if err != nil {
		t.Fatal(err)
	}
	extra, err := Decode(readFixture(t, "p2/state_extra_fields.json"))
	if err != nil {
		t.Fatalf("a state with fields this brain does not know: %v", err)
	}
	if !reflect.DeepEqual(plain, extra) {
		t.Errorf("unknown fields changed the packet:\n%+v\n%+v", plain, extra)
	}
}

// TestUnknownFieldsEverywhere adds fields this brain does not know to every
// golden packet, at the top and inside its objects: each decodes as before.
func TestUnknownFieldsEverywhere(t *testing.T) {
	for _, g := range golden {
		frame := readFixture(t, g.file)
		var v map[string]any
		if err := json.Unmarshal(frame, &v); err != nil {
			t.Fatal(err)
		}
		addField(v)
		extra, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := Decode(frame)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(extra)
		if err != nil {
			t.Errorf("%s with fields from a newer mod: %v", g.file, err)
			continue
		}
		if u, ok := got.(Unknown); ok { // kept raw, so only its type can match
			if u.Type != plain.PacketType() {
				t.Errorf("%s: unknown fields changed the type to %q", g.file, u.Type)
			}
			continue
		}
		// Compared as re-encoded JSON: an answer's raw data has its keys
		// in another order once the test has rewritten it.
		a, errA := Encode(got)
		b, errB := Encode(plain)
		if errA != nil || errB != nil || reflect.TypeOf(got) != reflect.TypeOf(plain) ||
			!reflect.DeepEqual(canonical(t, a), canonical(t, b)) {
			t.Errorf("%s: unknown fields changed the packet:\n%s\n%s", g.file, a, b)
		}
	}
}

// addField puts "from_the_future" into v and every object below it, but
// for the objects whose keys are data, not fields: a hello's budgets, a
// state's census, an answer's data (kept raw).
func addField(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k != "budgets" && k != "census" && k != "data" {
				addField(e)
			}
		}
		x["from_the_future"] = map[string]any{"a": []any{1.5, "b", nil}}
	case []any:
		for _, e := range x {
			addField(e)
		}
	}
}

// TestDispatchTypeBeforeStatus: a packet with a type is never an answer,
// even when it carries a status too, whichever key comes first.
func TestDispatchTypeBeforeStatus(t *testing.T) {
	for _, frame := range []string{
		`{"type":"chat","status":"FINISHED","id":"r1-abcdef","name":"Alex","message":"hi"}`,
		`{"status":"FINISHED","id":"r1-abcdef","type":"chat","name":"Alex","message":"hi"}`,
		`{"status":"FINISHED","type":"weather_forecast"}`,
	} {
		p, err := Decode([]byte(frame))
		if err != nil {
			t.Errorf("%s: %v", frame, err)
			continue
		}
		if _, answer := p.(Answer); answer || p.PacketType() == "" {
			t.Errorf("%s decoded as an answer: %#v", frame, p)
		}
	}
	p, err := Decode([]byte(`{"status":"FINISHED","type":null,"id":"r1-abcdef","result":"SUCCESS"}`))
	if a, ok := p.(Answer); err != nil || !ok || a.ID != "r1-abcdef" {
		t.Errorf("a packet whose type is null is told by its status: %#v %v", p, err)
	}
}

func TestStateMissingParts(t *testing.T) {
	p, err := Decode(readFixture(t, "p2/state_missing_parts.json"))
	if err != nil {
		t.Fatalf("a state with missing parts must still decode: %v", err)
	}
	s := p.(State)
	if want := []string{"player", "inventory", "world"}; !slices.Equal(s.Missing, want) {
		t.Errorf("Missing = %v, want %v", s.Missing, want)
	}
	if s.Held != nil || s.Inventory != nil {
		t.Errorf("missing parts must read as empty: %+v", s)
	}
	p, _ = Decode([]byte(`{"type":"state","tick":1,"player":null,"inventory":[],"world":{}}`))
	if got := p.(State).Missing; !slices.Equal(got, []string{"player"}) {
		t.Errorf("a null player is missing; Missing = %v", got)
	}
}

func TestRequestRoundTrip(t *testing.T) {
	for _, name := range []string{"p2/request.json", "p2/request_no_parameters.json"} {
		frame := readFixture(t, name)
		r, err := DecodeRequest(frame)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := EncodeRequest(r)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(canonical(t, out), canonical(t, frame)) {
			t.Errorf("%s: re-encoded %s", name, out)
		}
	}
	out, err := EncodeRequest(Request{ID: "r1-abcdef", Action: "go_to_surface"})
	if err != nil || !strings.Contains(string(out), `"parameters":{}`) {
		t.Errorf("a request without parameters must send {}: %s %v", out, err)
	}
	if _, err := DecodeRequest([]byte(`{"id":"r1-abcdef"}`)); err == nil {
		t.Error("a request without an action must be refused")
	}
}

func TestDecodeBadFrames(t *testing.T) {
	huge := append([]byte(`{"type":"chat","message":"`), bytes.Repeat([]byte("a"), MaxFrame)...)
	huge = append(huge, `"}`...)
	tests := []struct {
		name  string
		frame string
		want  error
	}{
		{"text", "hello there", ErrNotObject},
		{"empty", "", ErrNotObject},
		{"array", `[{"type":"state"}]`, ErrNotObject},
		{"number", `42`, ErrNotObject},
		{"broken object", `{"type":"state"`, ErrBadJSON},
		{"trailing garbage", `{"type":"heartbeat","tick":1} x`, ErrBadJSON},
		{"type not a string", `{"type":7}`, ErrBadJSON},
		{"status not a string", `{"status":true}`, ErrBadJSON},
		{"neither type nor status", `{"id":"r1-abcdef","result":"SUCCESS"}`, ErrNoKind},
		{"too large", string(huge), ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Decode([]byte(tt.frame))
			if !errors.Is(err, tt.want) {
				t.Errorf("Decode = %v, %v; want %v", p, err, tt.want)
			}
		})
	}
	if _, err := Decode([]byte(`{"type":"state","tick":"soon"}`)); err == nil || !strings.Contains(err.Error(), "state packet") {
		t.Errorf("a mistyped field must name the packet: %v", err)
	}
	p, err := Decode([]byte(`{"status":"FINISHED","result":"SUCCESS"}`))
	if err != nil || p.(Answer).ID != "" {
		t.Errorf("an answer without id still decodes, so the client can count it: %v %v", p, err)
	}
	p, err = Decode([]byte(`{"type":null,"status":"FINISHED","id":"r1-abcdef","result":"SUCCESS"}`))
	if _, ok := p.(Answer); err != nil || !ok {
		t.Errorf("a null type is no type: %v %v", p, err)
	}
}

func TestExcerpt(t *testing.T) {
	if got := Excerpt([]byte("abcdef"), 3); got != "abc…" {
		t.Errorf("Excerpt = %q", got)
	}
	if got := Excerpt([]byte("ab"), 3); got != "ab" {
		t.Errorf("Excerpt = %q", got)
	}
}

// TestQuickAndFullPathAgree decodes frames that take the quick path for
// "type" and the same frames forced down the full one.
func TestQuickAndFullPathAgree(t *testing.T) {
	for _, frame := range []string{
		`{"type":"chat","name":"Alex","message":"hi"}`,
		`{"type":"Chat","name":"Alex"}`,
		`{"type":"follow_ended","player":"Alex","reason":"lost"}`,
		`{"type":"x1","a":1}`,
		`{"type":"state"}`,
	} {
		quick, err := Decode([]byte(frame))
		if err != nil {
			t.Fatalf("%s: %v", frame, err)
		}
		full, err := Decode([]byte("{ " + frame[1:]))
		if err != nil {
			t.Fatalf("%s: %v", frame, err)
		}
		if quick.PacketType() != full.PacketType() || reflect.TypeOf(quick) != reflect.TypeOf(full) {
			t.Errorf("%s: quick %T %q, full %T %q", frame, quick, quick.PacketType(), full, full.PacketType())
		}
	}
	for _, frame := range []string{`{"type":"state"`, `{"type":"chat",}`, `{"type":"a",0`} {
		if _, err := Decode([]byte(frame)); !errors.Is(err, ErrBadJSON) {
			t.Errorf("%s: %v, want ErrBadJSON", frame, err)
		}
	}
}

func TestTerrainReadsItsColumns(t *testing.T) {
	p, err := Decode(readFixture(t, "p2/terrain.json"))
	if err != nil {
		t.Fatal(err)
	}
	tr := p.(Terrain)
	if err := tr.Check(); err != nil {
		t.Fatalf("the fixture is refused: %v", err)
	}
	for _, c := range []struct {
		x, z int
		want string
	}{{96, -32, "grass_block"}, {100, -32, "water"}, {99, -31, "sand"}, {96, -29, "oak_leaves"}, {98, -28, ""}, {102, -32, ""}, {95, -32, ""}} {
		if got := tr.Top(c.x, c.z); got != c.want {
			t.Errorf("Top(%d, %d) = %q, want %q", c.x, c.z, got, c.want)
		}
	}
	for _, c := range []struct {
		x, z, want int
		ok         bool
	}{{96, -32, 65, true}, {97, -32, 64, true}, {100, -32, 62, true}, {99, -31, 63, true}, {96, -29, 70, true},
		{98, -28, 0, false}, {102, -32, 0, false}, {95, -32, 0, false}} {
		if got, ok := tr.Height(c.x, c.z); got != c.want || ok != c.ok {
			t.Errorf("Height(%d, %d) = %d, %v, want %d, %v", c.x, c.z, got, ok, c.want, c.ok)
		}
	}
	for _, y := range []int{-64, -1, 0, 62, 319, -HeightBase, HeightBase - 1} {
		one := Terrain{Size: 1, Palette: []string{"stone"}, Tops: "A", Heights: HeightChars(y)}
		if got, ok := one.Height(0, 0); !ok || got != y || one.Check() != nil {
			t.Errorf("y %d written as %q reads back as %d, %v (check: %v)", y, one.Heights, got, ok, one.Check())
		}
	}
	if _, ok := (Terrain{Size: 1, Palette: []string{"stone"}, Tops: "A"}).Height(0, 0); ok {
		t.Error("a square without heights gave one")
	}
	bad := []Terrain{
		{Size: 0},
		{Size: 2, Tops: "AAA", Palette: []string{"stone"}},
		{Size: 1, Tops: "B", Palette: []string{"stone"}},
		{Size: MaxTerrainSize + 1},
		{Size: 1, Tops: "A", Palette: []string{"stone"}, Heights: "hAh"},
		{Size: 1, Tops: "A", Palette: []string{"stone"}, Heights: "h!"},
	}
	for _, b := range bad {
		if b.Check() == nil {
			t.Errorf("%+v was accepted", b)
		}
	}
}
