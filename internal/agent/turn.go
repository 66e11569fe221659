package agent

import (
	"context"
	"fmt"
	"log/slog"
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

// turn runs one turn: from the perceptions to her last word.
func (m *Mind) turn(ctx context.Context, ps []Perception) {
	if !m.Enabled() {
		return
	}
	if !m.live.Snapshot().Conn.Connected && !asked(ps) {
		// With the game away every action fails at once; a turn about it would
		// only buy another failure, and with a paid model, another bill.
		m.logger.Debug("agent: the game is not connected; the turn waits for it", slog.String("trigger", triggerOf(ps)))
		return
	}
	model := m.model()
	started := time.Now()
	rec := &TurnRecord{Trigger: triggerOf(ps), Model: model.Name(), Started: started}
	m.saveTurn(ctx, rec) // first now, so the actions it starts can name it
	aboutGame := false
	var texts []string
	// Whatever woke her, she reads the game as it is after her last action
	// ended: a chat line that comes on the heels of a craft must not show
	// her the inventory from before it (and have her craft it again).
	after := m.hands.LastEnd()
	for _, p := range ps {
		texts = append(texts, p.Text)
		if p.Source == SourceGame || p.Source == SourceChat {
			aboutGame = true
		}
		if (p.Kind == KindAction || p.Kind == KindConnected || p.Kind == KindRespawn) && p.At.After(after) {
			after = p.At
		}
	}
	if !after.IsZero() {
		m.live.WaitState(ctx, after, freshStateWait)
	}
	perception := strings.Join(texts, "\n\n")

	m.mu.Lock()
	msgs := append([]Message(nil), m.history...)
	m.mu.Unlock()
	msgs = append(msgs, Message{Role: RoleUser, Text: perception, Perceptions: ps})

	var (
		usage       Usage
		spoke       bool
		started1    bool // an action was started in this turn
		undoneGiven bool
		said        []string
		seen        = map[string]int{}
		tools       = m.toolbox()
		specs       = tools.Specs()
	)
	for step := 0; step < m.cfg.MaxSteps; step++ {
		system := m.system(ctx)
		if step == 0 {
			rec.Shown = system + "\n\n---\n\n" + perception
		}
		resp, err := model.Generate(ctx, ModelRequest{System: system, Messages: msgs, Tools: specs})
		usage = usage.Add(resp.Usage)
		m.live.Update(TopicModel, func(s *Snapshot) {
			s.Model.LastLatency = resp.Latency
			s.Model.LastError = ""
			if err != nil {
				s.Model.LastError = err.Error()
			}
		})
		if err != nil {
			if ctx.Err() == nil {
				m.logger.Error("agent: the model failed; the turn is abandoned", slog.String("model", model.Name()), slog.Any("error", err))
			}
			break
		}
		msgs = append(msgs, Message{Role: RoleAssistant, Text: resp.Text, ToolCalls: resp.ToolCalls})
		if len(resp.ToolCalls) == 0 {
			if t := strings.TrimSpace(resp.Text); t != "" {
				m.say(t)
				said = append(said, t)
				spoke = true
			}
			if m.needsMore(aboutGame, started1, &undoneGiven) {
				msgs = append(msgs, Message{Role: RoleUser, Text: leftUndone})
				continue
			}
			break
		}
		var (
			actions    []Action
			onlyStarts = true
			silent     bool
			looping    bool
		)
		for _, call := range resp.ToolCalls {
			out := m.invoke(ctx, tools, call)
			if out.Action != nil {
				actions = append(actions, *out.Action)
				if out.Answer == "" {
					out.Answer = fmt.Sprintf("started: %s. Its result will reach you when it is over.", out.Action.Call)
				}
			} else if !out.Answered && !out.Silent {
				onlyStarts = false
			}
			if out.Remembered {
				m.memory.forget()
			}
			if out.Said != "" {
				m.say(out.Said)
				said = append(said, out.Said)
			}
			if out.Answered {
				spoke = true
			}
			silent = silent || out.Silent
			rec.ToolCalls = append(rec.ToolCalls, ToolCallRecord{Name: call.Name, Args: string(call.Args), Answer: out.Answer})
			msgs = append(msgs, Message{Role: RoleTool, ToolCallID: call.ID, ToolName: call.Name, Text: out.Answer, Failed: out.Failed})
			key := callKey(call) + "\x00" + out.Answer
			seen[key]++
			if seen[key] >= loopLimit {
				looping = true
			}
		}
		if len(actions) > 0 {
			m.hands.Start(m.runCtx(ctx), actions, rec.ID)
			started1 = true
		}
		if looping {
			m.logger.Warn("agent: the same call gave the same answer three times; the turn is ended", slog.Int64("turn", rec.ID))
			break
		}
		if silent || (spoke && onlyStarts) {
			if !silent && m.needsMore(aboutGame, started1, &undoneGiven) {
				msgs = append(msgs, Message{Role: RoleUser, Text: leftUndone})
				continue
			}
			break
		}
	}
	rec.TokensIn, rec.TokensOut = usage.InputTokens, usage.OutputTokens
	rec.Duration = time.Since(started)
	rec.Said = strings.Join(said, "\n")
	m.remember(msgs)
	m.saveTurn(ctx, rec)
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
	if err := m.turns.SaveTurn(context.WithoutCancel(ctx), rec); err != nil {
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
		s.Voice = appendKeep(s.Voice, Line{At: time.Now(), Text: text}, keepVoice)
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

// system is the prompt with her live state, rendered fresh for every model
// call and never stored in the history.
func (m *Mind) system(ctx context.Context) string {
	snap := m.live.Snapshot()
	m.mu.Lock()
	prompt := m.cfg.System
	m.mu.Unlock()
	return prompt + "\n\n# Right now\n\n" + RenderLiveState(snap, m.memory.memories(ctx, snap), time.Now())
}

// remember keeps the turn in the history, trimmed from the front at a user
// message so that no tool answer is kept without its call.
func (m *Mind) remember(msgs []Message) {
	keep := m.cfg.KeepMessages
	if len(msgs) > keep {
		cut := len(msgs) - keep
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
