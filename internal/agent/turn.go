package agent

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
)

// leftUndone is what she is told when a turn about the game ends with her
// hands empty and nothing started.
const leftUndone = "Your turn is ending with your hands empty: nothing of yours is running and you started nothing. " +
	"Talking about a thing is not doing it. Call the action now, or stay_silent if you really choose to stand there."

// freshStateWait bounds the wait for the state that follows an action's
// answer: the game sends one every half second.
const freshStateWait = time.Second

// loopLimit is how many times the same call may give the same answer in one
// turn before the turn is ended.
const loopLimit = 3

// hiddenTools is a toolbox that answers tools by name that it shows no
// language model: the ones a merged tool stands for. The autopilot calls
// them by their own names, so its requests list them.
type hiddenTools interface {
	Hidden() []ToolSpec
}

// turnRun is one turn in progress: the conversation as the model sees it
// and what the turn has done so far.
type turnRun struct {
	rec   *TurnRecord
	model Model
	// autopilot: the offline autopilot takes this turn (a goal it plays,
	// her model out, the spend cap, or no model chosen). Its turns are no
	// model calls: they are not billed, leave her model's status alone and
	// stay out of the conversation her model reads.
	autopilot bool
	tools     Toolbox
	specs     []ToolSpec
	msgs      []Message // the history, then this turn's messages

	aboutGame   bool // a perception came from the game or its chat
	spoke       bool // she reached an audience
	started     bool // an action was started
	undoneGiven bool // she was told once that her hands are empty
	failed      bool // the model did not answer
	said        []string
	seen        map[string]int // answers per call, for the loop guard
}

// turn runs what the perceptions call for, with the brain whose they are
// (route.go): her model hears what is worth a call; while a goal is set
// the autopilot plays it, and her model hears only of people, danger,
// death and the goal's end; while her model does not answer, the
// autopilot plays on for it.
func (m *Mind) turn(ctx context.Context, ps []Perception) {
	if !m.Enabled() || len(ps) == 0 {
		return
	}
	if !m.live.Snapshot().Conn.Connected && !asked(ps) {
		// With the game away every action fails at once; a turn about it would
		// only buy another failure, and with a paid model, another bill.
		m.logger.Debug("agent: the game is not connected; the turn waits for it", slog.String("trigger", triggerOf(ps)))
		return
	}
	model := m.brainFor(m.live.Now())
	if m.fallback != nil && model == m.fallback {
		m.runTurn(ctx, ps, model) // the autopilot plays everything: it reads everything
		return
	}
	auto, think := m.route(ps)
	if len(auto) > 0 && m.fallback != nil {
		m.runTurn(ctx, auto, m.fallback)
	}
	if len(think) > 0 && !m.runTurn(ctx, think, model) && ctx.Err() == nil && m.fallback != nil {
		// Her model did not answer: rather than stand still, she plays
		// this turn on the autopilot, and the next ones until her model
		// is asked again (brainFor).
		m.runTurn(ctx, think, m.fallback)
	}
}

// runTurn runs one turn with model, from the perceptions to her last word,
// and reports whether the model answered.
func (m *Mind) runTurn(ctx context.Context, ps []Perception, model Model) bool {
	started := m.live.Now()
	t := m.beginTurn(ctx, ps, model)
	for step := 0; step < m.cfg.MaxSteps; step++ {
		resp, err := m.ask(ctx, t, step)
		if err != nil {
			t.failed = true
			break
		}
		if resp.GoalEnd != nil && t.autopilot {
			m.endGoal(*resp.GoalEnd)
		}
		if !m.act(ctx, t, resp) {
			break
		}
	}
	t.rec.Duration = m.live.Now().Sub(started)
	t.rec.Said = strings.Join(t.said, "\n")
	if !t.autopilot {
		m.remember(t.msgs)
	}
	m.saveTurn(ctx, t.rec)
	if !t.autopilot {
		m.ledger.add(m.live.Now(), len(t.rec.Calls), t.rec.Usage)
	}
	bill := m.ledger.bill(m.live.Now(), m.prices)
	m.live.Update(TopicModel, func(s *Snapshot) { s.Model.Bill = bill })
	return !t.failed
}

// beginTurn records the turn, waits for the state that follows her last
// action, and puts the perceptions after the history.
func (m *Mind) beginTurn(ctx context.Context, ps []Perception, model Model) *turnRun {
	t := &turnRun{
		rec:       &TurnRecord{Trigger: triggerOf(ps), Model: model.Name(), Started: m.live.Now()},
		model:     model,
		autopilot: m.fallback != nil && model == m.fallback,
		tools:     m.toolbox(),
		seen:      map[string]int{},
	}
	t.specs = t.tools.Specs()
	if h, ok := t.tools.(hiddenTools); ok && t.autopilot {
		t.specs = append(slices.Clone(t.specs), h.Hidden()...)
	}
	m.saveTurn(ctx, t.rec) // first now, so the actions it starts can name it
	var texts []string
	// Whatever woke her, she reads the game as it is after her last action
	// ended: a chat line that comes on the heels of a craft must not show
	// her the inventory from before it (and have her craft it again).
	after := m.hands.LastEnd()
	for _, p := range ps {
		texts = append(texts, p.Text)
		if p.Source == SourceGame || p.Source == SourceChat {
			t.aboutGame = true
		}
		if (p.Kind == KindAction || p.Kind == KindConnected || p.Kind == KindRespawn) && p.At.After(after) {
			after = p.At
		}
	}
	if !after.IsZero() {
		m.live.WaitState(ctx, after, freshStateWait)
		m.settle(ctx)
	}
	if !t.autopilot {
		// The autopilot reads only what is new; her model, the
		// conversation so far.
		m.mu.Lock()
		t.msgs = append([]Message(nil), m.history...)
		m.mu.Unlock()
	}
	t.msgs = append(t.msgs, Message{Role: RoleUser, Text: strings.Join(texts, "\n\n"), Perceptions: ps})
	return t
}

// ask makes one model call: the stable system prompt and the conversation,
// with her live state as it is now sent after them (and kept nowhere), so
// that everything before it is the same as at the call before.
func (m *Mind) ask(ctx context.Context, t *turnRun, step int) (ModelResponse, error) {
	system := ""
	if m.cfg.Prompt != nil {
		system = m.cfg.Prompt(m.live.Name()) // her name of the moment: a rename applies at once
	}
	// A tool of the step before may have waited for the game: what the
	// world sent meanwhile is sensed before the model reads her state.
	m.settle(ctx)
	now := "# Right now\n\n" + m.liveState(ctx)
	if step == 0 {
		t.rec.Shown = system + "\n\n---\n\n" + t.msgs[len(t.msgs)-1].Text + "\n\n" + now
	}
	req := ModelRequest{System: system, Messages: t.msgs, Now: now, Tools: t.specs}
	if t.autopilot {
		req.Goal = m.live.Snapshot().Goal
		resp, err := t.model.Generate(ctx, req)
		return resp, err
	}
	asked := m.live.Now()
	m.live.Update(TopicModel, func(s *Snapshot) { s.Model.Asking = asked })
	resp, err := t.model.Generate(ctx, req)
	t.rec.Calls = append(t.rec.Calls, resp.Usage)
	t.rec.Usage = t.rec.Usage.Add(resp.Usage)
	m.live.Update(TopicModel, func(s *Snapshot) { s.Model = s.Model.answered(asked, resp, err, ctx.Err() != nil) })
	if err != nil && ctx.Err() == nil {
		m.logger.Error("agent: the model failed", slog.String("model", t.model.Name()), slog.Any("error", err),
			slog.Bool("autopilot_plays", m.fallback != nil))
	}
	return resp, err
}

// act does what one answer asks and reports whether the turn goes on.
func (m *Mind) act(ctx context.Context, t *turnRun, resp ModelResponse) bool {
	t.msgs = append(t.msgs, Message{Role: RoleAssistant, Text: resp.Text, ToolCalls: resp.ToolCalls})
	if len(resp.ToolCalls) == 0 {
		if s := strings.TrimSpace(resp.Text); s != "" {
			m.say(s)
			t.said = append(t.said, s)
			t.spoke = true
		}
		return m.oneMore(t)
	}
	step := m.runCalls(ctx, t, resp.ToolCalls)
	switch {
	case step.looping:
		m.logger.Warn("agent: the same call gave the same answer three times; the turn is ended", slog.Int64("turn", t.rec.ID))
		return false
	case step.silent:
		return false
	case step.onlyStarts && step.started && !t.autopilot:
		// A step that only started actions (and said something, maybe)
		// ends her model's turn: "started" is nothing new to read, and the
		// result wakes her when it is over. The autopilot, which costs
		// nothing to ask, reads it: an errand's promise is said once the
		// tool has taken its first step.
		return false
	case t.spoke && step.onlyStarts:
		return m.oneMore(t)
	}
	return true
}

// stepDone is what one step's tool calls came to. onlyStarts is false when
// a call answered something she has to read; started, when the step
// started an action.
type stepDone struct {
	onlyStarts, started, silent, looping bool
}

// runCalls runs one step's tool calls and starts the actions among them.
func (m *Mind) runCalls(ctx context.Context, t *turnRun, calls []ToolCall) (step stepDone) {
	step.onlyStarts = true
	var actions []Action
	for _, call := range calls {
		out := m.invoke(ctx, t.tools, call)
		switch {
		case out.Action != nil:
			actions = append(actions, *out.Action)
			if out.Answer == "" {
				out.Answer = fmt.Sprintf("started: %s. Its result will reach you when it is over.", out.Action.Call)
			}
			if g := m.live.Snapshot().Goal; g != nil && !t.autopilot {
				// Her own action takes her hands from the goal.
				m.setGoal(nil)
				out.Answer += fmt.Sprintf(" Your goal (%s) is set aside for it; set_goal hands it back to the autopilot.", g)
			}
		case out.Goal != nil && !out.Failed:
			m.takeGoal(*out.Goal)
			step.started = true // handed over: the autopilot plays it, and the turn is over
		case !out.Answered && !out.Silent:
			step.onlyStarts = false
		}
		if out.Remembered {
			m.memory.forget()
		}
		if out.Said != "" {
			m.say(out.Said)
			t.said = append(t.said, out.Said)
		}
		t.spoke = t.spoke || out.Answered
		step.silent = step.silent || out.Silent
		t.rec.ToolCalls = append(t.rec.ToolCalls, ToolCallRecord{Name: call.Name, Args: string(call.Args), Answer: out.Answer})
		t.msgs = append(t.msgs, Message{Role: RoleTool, ToolCallID: call.ID, ToolName: call.Name, Text: out.Answer, Failed: out.Failed})
		key := callKey(call) + "\x00" + out.Answer
		t.seen[key]++
		step.looping = step.looping || t.seen[key] >= loopLimit
	}
	if len(actions) > 0 {
		m.hands.Start(m.runCtx(ctx), actions, t.rec.ID)
		t.started, step.started = true, true
	}
	if v := m.live.Snapshot(); v.Held != nil && v.Goal != nil {
		m.setGoal(nil) // told to stop: she stands still, goal and all
	}
	return step
}

// oneMore gives a turn about the game that is ending with her hands empty
// its one more step, telling her so, and reports whether it did.
func (m *Mind) oneMore(t *turnRun) bool {
	if !t.autopilot && m.live.Snapshot().Goal != nil {
		return false // the autopilot plays her goal: her hands are not idle by her choice
	}
	if !m.needsMore(t.aboutGame, t.started, &t.undoneGiven) {
		return false
	}
	t.msgs = append(t.msgs, Message{Role: RoleUser, Text: leftUndone})
	return true
}

// saveTurn writes the turn record; the first save gives it its id. Without
// a turn log the ids count up in this process.
func (m *Mind) saveTurn(ctx context.Context, rec *TurnRecord) {
	if m.turns == nil {
		if rec.ID == 0 {
			rec.ID = m.turnSeq.Add(1)
		}
		return
	}
	// Written even as the program shuts down, but within recordWrite.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWrite)
	defer cancel()
	if err := m.turns.SaveTurn(ctx, rec); err != nil {
		m.logger.Warn("agent: the turn was not recorded", slog.Any("error", err))
	}
}

// needsMore reports whether a turn about the game that is ending with her
// hands empty gets its one more step, and marks it given.
func (m *Mind) needsMore(aboutGame, startedOne bool, given *bool) bool {
	if !aboutGame || startedOne || *given {
		return false
	}
	if _, busy := m.hands.Busy(); busy {
		return false
	}
	*given = true
	return true
}

// invoke runs one tool call; a panic in a tool becomes a failure she reads.
func (m *Mind) invoke(ctx context.Context, tools Toolbox, call ToolCall) (out Outcome) {
	defer func() {
		if r := recover(); r != nil {
			m.logger.Error("agent: a tool panicked", slog.String("tool", call.Name), slog.Any("panic", r))
			out = Outcome{Failed: true, Answer: fmt.Sprintf("FAILURE: %s broke while running (%v); nothing was done. Try something else.", call.Name, r)}
		}
	}()
	return tools.Invoke(ctx, call)
}

func (m *Mind) say(text string) {
	m.live.Update(TopicVoice, func(s *Snapshot) {
		s.Voice = appendKeep(s.Voice, Line{At: m.live.Now(), Text: text}, keepVoice)
	})
}

// runCtx is the context batches run under: Run's, so an action outlives
// the turn that started it but not the program.
func (m *Mind) runCtx(fallback context.Context) context.Context {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.turnCtx != nil {
		return m.turnCtx
	}
	return fallback
}

// liveState is her live state as it is now, rendered fresh for every model
// call and never stored in the history.
func (m *Mind) liveState(ctx context.Context) string {
	snap := m.live.Snapshot()
	return RenderLiveState(snap, m.memory.memories(ctx, snap), m.live.Now())
}

// remember keeps the turn in the history. Over its limits (KeepMessages
// messages, KeepChars characters), the history is cut in one large step
// to half of them, at a user message so that no tool answer is kept
// without its call: the start of the conversation then stays the same for
// many turns, and a provider's prefix cache keeps reading it, instead of
// moving at every turn.
func (m *Mind) remember(msgs []Message) {
	keep, chars := m.cfg.KeepMessages, m.cfg.KeepChars
	if len(msgs) > keep || size(msgs) > chars {
		cut := max(len(msgs)-keep/2, 0)
		for size(msgs[cut:]) > chars/2 && cut < len(msgs)-1 {
			cut++
		}
		for cut < len(msgs) && msgs[cut].Role != RoleUser {
			cut++
		}
		if cut == len(msgs) {
			// This turn alone is longer than the window: keep it whole
			// rather than nothing, from its perception on.
			for cut = len(msgs) - 1; cut > 0 && msgs[cut].Role != RoleUser; cut-- {
			}
		}
		msgs = msgs[cut:]
	}
	m.mu.Lock()
	m.history = msgs
	m.mu.Unlock()
}

// size is how many characters the messages take as a model reads them:
// their words, and their calls' names and arguments.
func size(msgs []Message) int {
	n := 0
	for _, msg := range msgs {
		n += len(msg.Text)
		for _, c := range msg.ToolCalls {
			n += len(c.Name) + len(c.Args)
		}
	}
	return n
}

func triggerOf(ps []Perception) string {
	kinds := make([]string, 0, len(ps))
	for _, p := range ps {
		kinds = append(kinds, string(p.Kind))
	}
	return strings.Join(kinds, "+")
}

// asked reports whether someone on the dashboard asked her something: that
// turn runs even while the game is away, since she can still answer.
func asked(ps []Perception) bool {
	for _, p := range ps {
		if p.Source == SourceDashboard {
			return true
		}
	}
	return false
}
