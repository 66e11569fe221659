package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Toolbox is the set of tools she may call. Invoke never panics and never
// returns an error: a failure is an Outcome she reads.
type Toolbox interface {
	Specs() []ToolSpec
	Invoke(ctx context.Context, call ToolCall) Outcome
}

// Outcome is what one tool call did.
type Outcome struct {
	// Answer is what she reads back. For an action it is filled in with
	// "started" when empty.
	Answer string
	// Action, when set, is started with her hands; its result comes back
	// later as a perception.
	Action *Action
	// Said is what she said out loud (speak): her voice on the dashboard.
	Said string
	// Answered marks a call that reaches an audience (speak, mc_chat).
	Answered bool
	// Silent marks stay_silent: the turn ends.
	Silent bool
	// Failed marks an answer that is a failure.
	Failed bool
	// Remembered marks a call that changed what she remembers (a place, a
	// fact on someone): her live state reads her memory again at the next
	// step instead of showing what it read a few seconds ago.
	Remembered bool
}

// TurnLog keeps every turn for the dashboard's history.
type TurnLog interface {
	SaveTurn(ctx context.Context, t *TurnRecord) error
}

// Objectives are the open goals set on the dashboard.
type Objectives interface {
	Objectives(ctx context.Context) ([]Objective, error)
}

// MindConfig holds the settings of her mind.
type MindConfig struct {
	Name         string
	System       string        // the prompt: how she plays
	MaxSteps     int           // model calls per turn; 0 means 8
	KeepMessages int           // history kept between turns; 0 means 60
	ChatCooldown time.Duration // for chat not addressed to her; 0 means 20 s
	// IdleNudge and Commentary are the two silences worth breaking; 0 turns
	// each off.
	IdleNudge  time.Duration
	Commentary time.Duration
}

// Mind runs her turns: one at a time, each from a perception to her last
// word, on the model of the moment.
type Mind struct {
	cfg        MindConfig
	model      func() Model
	tools      Toolbox
	live       *Live
	gate       *Gate
	turns      TurnLog
	objectives Objectives
	memory     *memoryCache
	prices     Prices
	ledger     ledger // the last hour's turns, for the bill
	logger     *slog.Logger

	Hands   *Hands
	Surface *Surface

	queue   chan Perception
	qmu     sync.Mutex // serialises the rare rebuild of a full queue
	enabled atomic.Bool
	turnSeq atomic.Int64

	mu            sync.Mutex
	history       []Message
	idleSince     time.Time
	lastNudge     time.Time
	lastComment   time.Time
	heardProgress string
	heardInv      time.Time
	turnCtx       context.Context // set by Run: what batches started by a turn run under
}

// MindDeps are the parts a mind is wired from. Its tools are set with
// SetTools, since they read the senses and hands the mind makes.
type MindDeps struct {
	Model      func() Model // the model of the moment; a settings change applies at the next turn
	Game       Game
	Live       *Live
	Actions    ActionLog  // may be nil
	Turns      TurnLog    // may be nil
	Senses     Senses     // may be nil
	Objectives Objectives // may be nil
	Recall     Recall     // may be nil: her live state then lists no memories
	Prices     Prices     // may be nil: the bill then estimates no cost
	Logger     *slog.Logger
}

// queueSize bounds the perceptions waiting for a turn; see enqueue for
// what gives way when it is full.
const queueSize = 256

// NewMind wires a mind.
func NewMind(cfg MindConfig, d MindDeps) *Mind {
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 8
	}
	if cfg.KeepMessages <= 0 {
		cfg.KeepMessages = 60
	}
	if cfg.ChatCooldown <= 0 {
		cfg.ChatCooldown = 20 * time.Second
	}
	m := &Mind{cfg: cfg, model: d.Model, live: d.Live, gate: NewGate(cfg.ChatCooldown),
		turns: d.Turns, objectives: d.Objectives, prices: d.Prices, ledger: ledger{since: time.Now()}, logger: d.Logger, queue: make(chan Perception, queueSize),
		idleSince: time.Now(), memory: &memoryCache{recall: d.Recall, logger: d.Logger}}
	m.enabled.Store(true)
	m.Hands = NewHands(d.Game, d.Actions, d.Live, d.Logger, m.onReport)
	m.Surface = NewSurface(cfg.Name, d.Live, m.Hands, d.Senses, d.Logger, m.Perceive)
	return m
}

// SetTools gives her the tools she may call. A change applies from her
// next turn.
func (m *Mind) SetTools(t Toolbox) {
	m.mu.Lock()
	m.tools = t
	m.mu.Unlock()
}

// toolbox is the tools in force.
func (m *Mind) toolbox() Toolbox {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.tools
}

// SetNudges changes how long she stands around before she is nudged, and
// how often she hears about a long action; 0 turns each off.
func (m *Mind) SetNudges(idle, commentary time.Duration) {
	m.mu.Lock()
	m.cfg.IdleNudge, m.cfg.Commentary = idle, commentary
	m.mu.Unlock()
}

// SetName renames her at once: system is her prompt written for the new
// name. Her next model call reads it, the next chat line naming her is
// said to her, and the live panel shows it.
func (m *Mind) SetName(name, system string) {
	m.mu.Lock()
	m.cfg.Name, m.cfg.System = name, system
	m.mu.Unlock()
	m.Surface.SetName(name)
	m.live.Update(TopicConn, func(s *Snapshot) { s.Name = name })
}

// Enabled reports whether the skill is on.
func (m *Mind) Enabled() bool { return m.enabled.Load() }

// SetEnabled turns the skill on or off. Off, she stops acting: perceptions
// are dropped, no turn runs and the nudges are silent; the dashboard stays.
func (m *Mind) SetEnabled(on bool) {
	m.enabled.Store(on)
	if !on {
		m.Hands.StopNow()
	}
	m.live.Update(TopicConn, func(s *Snapshot) { s.Enabled = on })
}

// Perceive offers a perception; the gate decides whether it wakes her. It
// never blocks.
func (m *Mind) Perceive(p Perception) {
	if p.At.IsZero() {
		p.At = time.Now()
	}
	if !m.enabled.Load() || !m.gate.Pass(p) {
		return
	}
	if lost, ok := m.enqueue(p); !ok {
		m.logger.Warn("agent: too many perceptions waiting; one was dropped", slog.String("kind", string(lost.Kind)))
	}
}

// enqueue puts p on the queue without blocking. A full queue makes room by
// dropping the oldest waiting chat line not addressed to her; if there is
// none, a new such line is itself refused, and anything else (an action
// result, a fight, a death, a nudge, an ask) pushes out the oldest
// perception, so the newest news is read. It returns what was lost, if
// anything.
func (m *Mind) enqueue(p Perception) (lost Perception, ok bool) {
	m.qmu.Lock()
	defer m.qmu.Unlock()
	select {
	case m.queue <- p:
		return Perception{}, true
	default:
	}
	idle := func(q Perception) bool { return q.Kind == KindChat && !q.Addressed }
	var keep []Perception
	found := -1
	for len(m.queue) > 0 {
		q := <-m.queue
		if found < 0 && idle(q) {
			found = len(keep)
		}
		keep = append(keep, q)
	}
	switch {
	case found >= 0:
		lost = keep[found]
		keep = append(append(keep[:found], keep[found+1:]...), p)
	case idle(p):
		lost = p
	default:
		lost, keep = keep[0], append(keep[1:], p)
	}
	for _, q := range keep {
		m.queue <- q
	}
	return lost, false
}

// Ask puts a perception on the bus at once asking what she is doing,
// whether her hands are busy or not.
func (m *Mind) Ask(ctx context.Context) error {
	if !m.enabled.Load() {
		return errors.New("agent: the skill is off, so she is not playing")
	}
	m.Perceive(Perception{Source: SourceDashboard, Kind: KindAsk, Addressed: true,
		Text: "Someone watching you asks what you are doing right now. " + m.situation() +
			" Tell them in your own voice with speak: what you are at and why."})
	return nil
}

// Run takes perceptions and runs turns until ctx ends; then it stops her
// hands and waits for every running action to end.
//
// Her actions run under a context of their own, called off only after the
// game has been asked to stop the running one (stop_moving) and has
// answered: the action then ends with the game's own answer in her history
// (INTERRUPTED), not with one beaweb made up for a call it gave up on.
func (m *Mind) Run(ctx context.Context) error {
	actions, callOff := context.WithCancel(context.WithoutCancel(ctx))
	m.mu.Lock()
	m.turnCtx = actions
	m.mu.Unlock()
	defer func() {
		m.Hands.StopNow()
		callOff()
		m.Hands.Wait()
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case p := <-m.queue:
			m.turn(ctx, m.drain(p))
		case now := <-tick.C:
			if p, ok := m.nudge(now); ok {
				m.turn(ctx, []Perception{p})
			}
		}
	}
}

// drain collects what else is waiting, so one turn reads everything that
// happened while she was thinking.
func (m *Mind) drain(first Perception) []Perception {
	ps := []Perception{first}
	for {
		select {
		case p := <-m.queue:
			ps = append(ps, p)
		default:
			return ps
		}
	}
}

func (m *Mind) onReport(r Report) {
	m.mu.Lock()
	m.idleSince = time.Now()
	m.mu.Unlock()
	m.Perceive(Perception{Source: SourceGame, Kind: KindAction, Text: r.Text(), Addressed: true})
}

// situation says in a sentence or two what her hands are on, for asks and
// nudges.
func (m *Mind) situation() string {
	v := m.Surface.View()
	var b strings.Builder
	if d, ok := m.Hands.Busy(); ok {
		fmt.Fprintf(&b, "You have been at %s for %s", d.Call, seconds(time.Since(d.Started)))
		if d.Progress != nil {
			fmt.Fprintf(&b, "; last progress: %s", progressText(d.Progress))
		}
		b.WriteString(".")
	} else {
		b.WriteString("Your hands are free right now.")
	}
	if len(v.Inventory) > 0 {
		fmt.Fprintf(&b, " You carry %s.", inventoryLine(v.Inventory, 12))
	}
	return b.String()
}

func progressText(p *Progress) string {
	if p.Total > 0 {
		if p.Message != "" {
			return fmt.Sprintf("%d/%d, %s", p.Done, p.Total, p.Message)
		}
		return fmt.Sprintf("%d/%d", p.Done, p.Total)
	}
	return p.Message
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%ds", int(d.Round(time.Second)/time.Second))
}

func callKey(c ToolCall) string {
	var v any
	if json.Unmarshal(c.Args, &v) == nil {
		if b, err := json.Marshal(v); err == nil {
			return c.Name + string(b)
		}
	}
	return c.Name + string(c.Args)
}
