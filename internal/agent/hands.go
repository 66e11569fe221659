package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// Game is the game side as her hands see it: one request, one answer.
// sent, when not nil, is told the request's id as soon as it has one, so
// progress packets can be matched to the action before it ends.
type Game interface {
	Send(ctx context.Context, action string, params any, sent func(id string)) (protocol.Answer, error)
}

// ActionLog keeps the history of every action she takes.
type ActionLog interface {
	StartAction(ctx context.Context, rec ActionRecord) error
	FinishAction(ctx context.Context, rec ActionRecord) error
}

// Action is one game action a tool asked her hands to do.
type Action struct {
	Name   string // the protocol action
	Params any    // marshalled into the request's parameters
	Call   string // how she and the dashboard read it: find_block(block=log, count=4)
	// Read turns the answer into what she reads, under the batch's
	// context (a tool that learns from the answer, such as what a build
	// placed, writes it under that context); nil reads it as
	// "RESULT: message" followed by the log lines.
	Read func(ctx context.Context, a protocol.Answer) string
}

// Step is one action of a batch, with how it ended.
type Step struct {
	Action  Action
	Answer  protocol.Answer
	Text    string // what she reads of it
	Started time.Time
	Ended   time.Time
}

// Report is the outcome of a batch: the steps that ran, in order, and the
// actions that were not done because one before them failed or the batch
// was replaced.
type Report struct {
	Steps   []Step
	NotDone []Action
	TurnID  int64
}

// Text is the report as she reads it: one line per action, the first line
// of each its result, then what was not done.
func (r Report) Text() string {
	var b strings.Builder
	for i, s := range r.Steps {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[%s] result: %s", s.Action.Name, s.Text)
	}
	if len(r.NotDone) > 0 {
		names := make([]string, len(r.NotDone))
		for i, a := range r.NotDone {
			names[i] = a.Call
		}
		fmt.Fprintf(&b, "\nnot done: %s", strings.Join(names, ", "))
	}
	return b.String()
}

// Perception is the report as she perceives it: its facts as fields, and
// Text for a language model.
func (r Report) Perception() Perception {
	p := Perception{Source: SourceGame, Kind: KindAction, Text: r.Text(), Addressed: true}
	for _, s := range r.Steps {
		e := Ended{Action: s.Action.Name, Call: s.Action.Call, Result: s.Answer.Result, Message: s.Answer.Explanation()}
		switch e.Action {
		case "build":
			e.Build = BuildCountOf(s.Answer)
		case "give_item":
			if h, ok := s.Answer.Handover(); ok {
				e.Handover = &h
			}
		}
		p.Ended = append(p.Ended, e)
	}
	for _, a := range r.NotDone {
		p.NotDone = append(p.NotDone, a.Call)
	}
	return p
}

// ReadAnswer is the default reading of an answer: "RESULT: message" and the
// action's own last log lines, indented.
func ReadAnswer(a protocol.Answer) string {
	var b strings.Builder
	b.WriteString(string(a.Result))
	if msg := a.Explanation(); msg != "" {
		b.WriteString(": ")
		b.WriteString(msg)
	}
	if a.Result == protocol.Interrupted && a.Reason != "" && !strings.Contains(a.Explanation(), a.Reason) {
		fmt.Fprintf(&b, " (%s)", a.Reason)
	}
	for _, l := range a.Log {
		b.WriteString("\n  ")
		b.WriteString(l)
	}
	return b.String()
}

// Hands is her one pair of hands. A batch of actions runs in the background,
// in order; a new batch replaces the one still going (the game answers the
// running request INTERRUPTED / replaced, and the rest of the old batch is
// not started); the first failure stops the rest. Every batch ends in one
// Report, which it perceives as the end of the batch.
type Hands struct {
	game     Game
	log      ActionLog
	live     *Live
	logger   *slog.Logger
	perceive func(Perception)

	mu      sync.Mutex
	current *batch
	wg      sync.WaitGroup
}

type batch struct {
	superseded bool // guarded by Hands.mu
	id         string
	doing      *Doing
}

// NewHands returns hands that act in game, record in log (nil records
// nowhere), show themselves in live and hand every batch's report, as a
// perception, to perceive.
func NewHands(game Game, log ActionLog, live *Live, logger *slog.Logger, perceive func(Perception)) *Hands {
	return &Hands{game: game, log: log, live: live, logger: logger, perceive: perceive}
}

// Busy reports whether an action is running and what it is.
func (h *Hands) Busy() (Doing, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.current == nil || h.current.doing == nil {
		return Doing{}, false
	}
	return *h.current.doing, true
}

// Start runs the actions in the background and returns at once. ctx bounds
// the whole batch: cancelling it (the program stopping) ends every call.
func (h *Hands) Start(ctx context.Context, actions []Action, turnID int64) {
	if len(actions) == 0 {
		return
	}
	// She is doing the first action from now on, not from when the game
	// hears of it: the next step of her turn must not read her as idle.
	b := &batch{}
	h.mu.Lock()
	if h.current != nil {
		h.current.superseded = true
	}
	h.current = b
	h.showLocked(b, &Doing{Action: actions[0].Name, Call: actions[0].Call, Started: h.live.Now()})
	h.mu.Unlock()
	h.Release() // a new action is the end of standing still
	h.wg.Add(1)
	// The batch's goroutine is work until it waits for the game, which it
	// does under its own name.
	tok := h.live.Clock().Token("hands")
	ctx = lockstep.Named(ctx, "hands")
	go func() {
		defer h.wg.Done()
		defer tok.Give()
		h.run(ctx, b, actions, turnID)
	}()
}

// Stop marks the running batch so none of its remaining actions start. The
// running request itself is stopped by the game (stop_moving).
func (h *Hands) Stop() {
	h.mu.Lock()
	if h.current != nil {
		h.current.superseded = true
	}
	h.mu.Unlock()
}

// Hold stops the running batch, as Stop does, and has her stand still
// until a new action starts or Release: the nudges leave her be, the
// autopilot starts nothing, and the live panel says she was stopped and by
// whom ("" for her own choice).
func (h *Hands) Hold(by string) {
	h.Stop()
	now := h.live.Now()
	h.live.Update(TopicHands, func(s *Snapshot) { s.Held = &Hold{Since: now, By: by} })
}

// Release ends a hold; without one it changes nothing.
func (h *Hands) Release() {
	if h.live.Snapshot().Held == nil {
		return
	}
	h.live.Update(TopicHands, func(s *Snapshot) { s.Held = nil })
}

// stopWait bounds how long StopNow waits for the game to answer its
// stop_moving.
const stopWait = 3 * time.Second

// StopNow stops the batch and, when an action is running, asks the game to
// stop it too (stop_moving), waiting under ctx, and stopWait at most, for
// the answer.
func (h *Hands) StopNow(ctx context.Context) {
	h.Stop()
	if _, busy := h.Busy(); !busy {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, stopWait)
	defer cancel()
	if ans, err := h.game.Send(ctx, "stop_moving", nil, nil); err != nil || !ans.Result.OK() {
		h.logger.Warn("agent: the running action could not be stopped", slog.String("answer", ans.Explanation()), slog.Any("error", err))
	}
}

// LastEnd is when the game last answered an action of hers; zero before
// the first. What the action did shows in the next state packet, not in the
// answer's. The snapshot's last action keeps it: the hands keep no copy.
func (h *Hands) LastEnd() time.Time {
	if last := h.live.Snapshot().Last; last != nil {
		return last.Ended
	}
	return time.Time{}
}

// Wait blocks until every batch has ended.
func (h *Hands) Wait() { h.wg.Wait() }

// Progress records a progress packet if it belongs to the running action.
func (h *Hands) Progress(p protocol.Progress) {
	h.mu.Lock()
	defer h.mu.Unlock()
	b := h.current
	if b == nil || b.doing == nil || b.id != p.ID {
		return
	}
	d := *b.doing
	d.Progress = &Progress{Done: p.Done, Total: p.Total, Message: p.Message, At: h.live.Now()}
	h.showLocked(b, &d)
}

// showLocked makes d what batch b is doing, and, while b is the running
// batch, what the snapshot shows her hands on: both change under h.mu, so
// her hands and the snapshot never disagree. h.mu is held; Live.Update
// never blocks.
func (h *Hands) showLocked(b *batch, d *Doing) {
	b.doing = d
	if h.current == b {
		h.live.Update(TopicHands, func(s *Snapshot) { s.Doing = d })
	}
}

func (h *Hands) run(ctx context.Context, b *batch, actions []Action, turnID int64) {
	rep := Report{TurnID: turnID}
	for i, a := range actions {
		h.mu.Lock()
		stop := b.superseded
		h.mu.Unlock()
		if stop {
			rep.NotDone = actions[i:]
			break
		}
		step := h.do(ctx, b, a, turnID)
		rep.Steps = append(rep.Steps, step)
		if !step.Answer.Result.OK() {
			rep.NotDone = actions[i+1:]
			break
		}
	}
	h.mu.Lock()
	if h.current == b {
		h.current = nil
	}
	h.mu.Unlock()
	h.perceive(rep.Perception())
}

func (h *Hands) do(ctx context.Context, b *batch, a Action, turnID int64) Step {
	started := h.live.Now()
	rec := ActionRecord{Action: a.Name, Params: paramsJSON(a.Params), Started: started, TurnID: turnID}
	h.mu.Lock()
	h.showLocked(b, &Doing{Action: a.Name, Call: a.Call, Params: rec.Params, Started: started})
	h.mu.Unlock()
	sent := func(id string) {
		rec.ID = id
		h.mu.Lock()
		b.id = id
		h.showLocked(b, &Doing{ID: id, Action: a.Name, Call: a.Call, Params: rec.Params, Started: started})
		h.mu.Unlock()
		h.record(ctx, rec, false)
	}
	h.logger.Info("agent: action started", slog.String("call", a.Call))
	ans, err := h.game.Send(ctx, a.Name, a.Params, sent)
	if err != nil {
		h.logger.Debug("agent: action did not complete in the game", slog.String("action", a.Name), slog.Any("error", err))
	}
	ended := h.live.Now()
	text := ReadAnswer(ans)
	if a.Read != nil {
		text = a.Read(ctx, ans)
	}
	step := Step{Action: a, Answer: ans, Text: text, Started: started, Ended: ended}
	h.logger.Info("agent: action finished", slog.String("call", a.Call), slog.String("result", string(ans.Result)),
		slog.String("message", ans.Explanation()), slog.Duration("took", ended.Sub(started).Round(time.Millisecond)))

	// The history is written before the live panel shows the end, so a
	// viewer who sees it can find its row.
	var built *BuildCount
	if a.Name == "build" {
		built = BuildCountOf(ans)
	}
	if rec.ID != "" {
		rec.Finished, rec.Result, rec.Message, rec.Log, rec.Build = ended, string(ans.Result), ans.Explanation(), ans.Log, built
		h.record(ctx, rec, true)
	}
	fin := &Finished{ID: rec.ID, Action: a.Name, Call: a.Call, Params: rec.Params, Result: ans.Result, Message: ans.Explanation(),
		Build: built, Started: started, Ended: ended}
	h.mu.Lock()
	mine := h.current == b
	b.doing = nil
	h.live.Update(TopicHands, func(s *Snapshot) {
		s.Last = fin
		if mine {
			s.Doing = nil
		}
	})
	h.mu.Unlock()
	return step
}

func (h *Hands) record(ctx context.Context, rec ActionRecord, finished bool) {
	if h.log == nil {
		return
	}
	// The history must be written even while the program shuts down, so a
	// finished action is not lost with the cancelled context; but no
	// longer than recordWrite, so a stuck disk never holds her hands.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWrite)
	defer cancel()
	var err error
	if finished {
		err = h.log.FinishAction(ctx, rec)
	} else {
		err = h.log.StartAction(ctx, rec)
	}
	if err != nil {
		h.logger.Warn("agent: the action history could not be written", slog.String("action", rec.Action), slog.Any("error", err))
		return
	}
	// The change carries the row as written. rec is this call's copy; its
	// log and build count come from the answer and, like Last's, are never
	// written again.
	h.live.Update(TopicActions, func(s *Snapshot) { s.Recorded = &rec })
}

func paramsJSON(p any) string {
	if p == nil {
		return "{}"
	}
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Sprintf("%q", fmt.Sprint(p))
	}
	return string(b)
}
