package agent

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// datedLog is an action log that notes, for each write, whether its
// context had a deadline within recordWrite and was still live.
type datedLog struct {
	mu     sync.Mutex
	writes []string // "start" or "finish", then " dated" or " undated", " live" or " cancelled"
}

func (l *datedLog) note(ctx context.Context, what string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d, ok := ctx.Deadline(); ok && time.Until(d) <= recordWrite {
		what += " dated"
	} else {
		what += " undated"
	}
	if ctx.Err() == nil {
		what += " live"
	} else {
		what += " cancelled"
	}
	l.writes = append(l.writes, what)
	return nil
}

func (l *datedLog) StartAction(ctx context.Context, _ ActionRecord) error {
	return l.note(ctx, "start")
}
func (l *datedLog) FinishAction(ctx context.Context, _ ActionRecord) error {
	return l.note(ctx, "finish")
}

// TestRecordsAreWrittenWithADeadline: an action's records are written
// under a deadline of recordWrite, even when the turn that started it has
// been called off, and so is a turn's record.
func TestRecordsAreWrittenWithADeadline(t *testing.T) {
	log := &datedLog{}
	h := NewHands(&gametest.Game{}, log, NewLive("Bea", nil, nil), discard(), func(Perception) {})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h.Start(ctx, []Action{{Name: "craft_item", Call: "craft_item(stick)"}}, 1)
	h.Wait()
	log.mu.Lock()
	got := append([]string(nil), log.writes...)
	log.mu.Unlock()
	if len(got) != 2 || got[0] != "start dated live" || got[1] != "finish dated live" {
		t.Errorf("the action's records were written %q; want start and finish, each dated and live", got)
	}

	model := &scripted{steps: []ModelResponse{{ToolCalls: []ToolCall{call("1", "speak", `{"text":"hi"}`)}}}}
	m, turns := newTestMind(model, &gametest.Game{}, MindConfig{})
	m.turn(ctx, []Perception{{Source: SourceChat, Kind: KindChat, Addressed: true, Text: "Alex says: hi"}})
	turns.mu.Lock()
	defer turns.mu.Unlock()
	if len(turns.turns) == 0 || turns.undated != 0 {
		t.Errorf("%d turn records saved, %d of the saves without a deadline", len(turns.turns), turns.undated)
	}
}

// ctxMark marks the context a caller of StopNow passes.
type ctxMark struct{}

// markingGame answers stop_moving after noting the context it was sent
// under.
type markingGame struct {
	*gametest.Game
	mu     sync.Mutex
	marked bool // the stop_moving's context is the caller's
	within bool // and has a deadline of stopWait at most
}

func (g *markingGame) Send(ctx context.Context, action string, params any, sent func(string)) (protocol.Answer, error) {
	if action == "stop_moving" {
		g.mu.Lock()
		g.marked = ctx.Value(ctxMark{}) != nil
		d, ok := ctx.Deadline()
		g.within = ok && time.Until(d) <= stopWait
		g.mu.Unlock()
	}
	return g.Game.Send(ctx, action, params, sent)
}

// TestStopNowWaitsUnderItsCallersContext: the stop_moving StopNow sends
// goes under the caller's context, bounded by stopWait.
func TestStopNowWaitsUnderItsCallersContext(t *testing.T) {
	base, release := holding()
	defer close(release)
	g := &markingGame{Game: base}
	h := NewHands(g, nil, NewLive("Bea", nil, nil), discard(), func(Perception) {})
	h.Start(context.Background(), []Action{{Name: "find_block", Call: "find_block(iron_ore)"}}, 1) // busy from here on
	h.StopNow(context.WithValue(context.Background(), ctxMark{}, true))
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.marked || !g.within {
		t.Errorf("stop_moving went under the caller's context: %v, bounded by stopWait: %v", g.marked, g.within)
	}
}

// datedSenses is her memory as the senses write it, noting whether each
// write had a deadline.
type datedSenses struct {
	datedLog
}

func (s *datedSenses) RecordDeath(ctx context.Context, _ string, _ game.Death) error {
	return s.note(ctx, "death")
}

func (s *datedSenses) CountMessage(ctx context.Context, _, name string, _ time.Time) (game.Person, error) {
	return game.Person{Name: name}, s.note(ctx, "line")
}

func (s *datedSenses) SetCard(ctx context.Context, _ string, _ bool) error {
	return s.note(ctx, "card")
}

// TestTheSensesWriteWithADeadline: a death and a player's line are written
// within recordWrite.
func TestTheSensesWriteWithADeadline(t *testing.T) {
	senses := &datedSenses{}
	live := NewLive("Bea", nil, nil)
	s := NewSenses(live, nil, senses, nil, discard(), func(Perception) {})
	ctx := context.Background()
	s.Handle(ctx, protocol.Hello{Protocol: 2, World: game.WorldID{Server: "w:1"}})
	s.Handle(ctx, protocol.Chat{UUID: "u-alex", Name: "Alex", Message: "hi"})
	s.Handle(ctx, protocol.Death{Cause: "fell"})
	senses.mu.Lock()
	defer senses.mu.Unlock()
	if got := senses.writes; len(got) != 2 || got[0] != "line dated live" || got[1] != "death dated live" {
		t.Errorf("the senses wrote %q; want the line and the death, each dated", got)
	}
}

// TestBuildCountOfReadsTheBuildData: a build's data (cells, right, missing
// by kind, protected cells), as the practice world and the body send it,
// gives its counts; data without a count of cells gives none.
func TestBuildCountOfReadsTheBuildData(t *testing.T) {
	for _, tc := range []struct {
		name   string
		result protocol.Result
		data   string
		want   *BuildCount
	}{
		{"practice", protocol.Failure, `{"cells":52,"right":40,"wrong":[{"x":1,"y":2,"z":3}],"missing":{"oak_planks":7,"glass":2},
			"protected":[{"x":1,"y":2,"z":3,"block":"bedrock"}]}`, &BuildCount{Cells: 52, Placed: 40, Missing: 9, Protected: 1,
			Short: map[string]int{"oak_planks": 7, "glass": 2}}},
		{"practice done", protocol.Success, `{"cells":52,"right":52,"wrong":null,"missing":{},"protected":null}`, &BuildCount{Cells: 52, Placed: 52}},
		{"body", protocol.Failure, `{"cells":12,"right":10,"wrong":[{"x":1,"y":2,"z":3,"block":"dirt"}],"missing":{"cobblestone":2},"protected":[]}`,
			&BuildCount{Cells: 12, Placed: 10, Missing: 2, Short: map[string]int{"cobblestone": 2}}},
		{"an old body's count", protocol.Failure, `{"done":10,"total":12}`, nil},
		{"no count", protocol.Failure, `{"wrong":[]}`, nil},
		{"none", protocol.Success, ``, nil},
		{"garbage", protocol.Failure, `[1,2]`, nil},
	} {
		got := BuildCountOf(protocol.Answer{Result: tc.result, Data: json.RawMessage(tc.data)})
		if got != nil && (got.Data == nil || got.Data.Cells != got.Cells) {
			t.Errorf("%s: the counted cells are not kept for the rules: %+v", tc.name, got.Data)
		}
		if got != nil {
			counts := *got
			counts.Data = nil
			got = &counts
		}
		if (got == nil) != (tc.want == nil) || got != nil && !reflect.DeepEqual(*got, *tc.want) {
			t.Errorf("%s: BuildCountOf = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestAnActionsChangeCarriesTheRowWritten: each row of the history her
// hands write is published with its change, as it was written (sent, then
// ended), so the dashboard redraws the history without reading it; a row
// that could not be written is not announced.
func TestAnActionsChangeCarriesTheRowWritten(t *testing.T) {
	pub := &recorder{}
	h := NewHands(&gametest.Game{}, &datedLog{}, NewLive("Bea", pub, nil), discard(), func(Perception) {})
	h.Start(context.Background(), []Action{{Name: "craft_item", Call: "craft_item(stick)", Params: map[string]any{"item": "stick"}}}, 4)
	h.Wait()
	pub.mu.Lock()
	var rows []ActionRecord
	for _, c := range pub.changes {
		if c.Topic == TopicActions {
			if c.Snap.Recorded == nil {
				t.Fatal("a change of the actions topic carries no row")
			}
			rows = append(rows, *c.Snap.Recorded)
		}
	}
	pub.mu.Unlock()
	if len(rows) != 2 {
		t.Fatalf("%d changes of the actions topic; want the start and the end", len(rows))
	}
	sent, ended := rows[0], rows[1]
	if sent.ID == "" || sent.ID != ended.ID || sent.Action != "craft_item" || sent.Params != `{"item":"stick"}` || sent.TurnID != 4 {
		t.Errorf("the sent row reads %+v", sent)
	}
	if !sent.Finished.IsZero() || sent.Result != "" || ended.Finished.IsZero() || ended.Result == "" {
		t.Errorf("the rows read sent %+v, ended %+v: the first runs, the second has ended", sent, ended)
	}

	pub = &recorder{}
	h = NewHands(&gametest.Game{}, failingLog{}, NewLive("Bea", pub, nil), discard(), func(Perception) {})
	h.Start(context.Background(), []Action{{Name: "craft_item", Call: "craft_item(stick)"}}, 4)
	h.Wait()
	pub.mu.Lock()
	defer pub.mu.Unlock()
	for _, c := range pub.changes {
		if c.Topic == TopicActions {
			t.Errorf("a row that was not written was announced: %+v", c.Snap.Recorded)
		}
	}
}

// failingLog is an action history that writes nothing.
type failingLog struct{}

func (failingLog) StartAction(context.Context, ActionRecord) error  { return errors.New("disk full") }
func (failingLog) FinishAction(context.Context, ActionRecord) error { return errors.New("disk full") }
