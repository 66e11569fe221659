package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"beaweb/internal/lockstep"
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
	// Prompt writes her system prompt (how she plays) for her name, which
	// the live snapshot keeps (Live.Rename): each model call reads the name
	// there, so a rename reaches her next call. The same name must give the
	// same bytes: the providers cache the prompt. nil is no prompt.
	Prompt       func(name string) string
	MaxSteps     int // model calls per turn; 0 means 8
	KeepMessages int // history kept between turns; 0 means 60
	// Off starts her with the skill off, as it was saved.
	Off bool
	// IdleNudge and Commentary are the two silences worth breaking; 0 turns
	// each off.
	IdleNudge  time.Duration
	Commentary time.Duration
	// ReflexMemory is how long what the game did on its own (a fight, a
	// meal) counts as recent in her live state; 0 means
	// DefaultReflexMemory. A sped-up practice world shortens it with the
	// other timers, which all stand for game time.
	ReflexMemory time.Duration
}

// Mind runs her turns: one at a time, each from a perception to her last
// word, on the model of the moment.
type Mind struct {
	cfg        MindConfig
	model      func() Model
	live       *Live
	hands      *Hands
	inbox      *Inbox
	turns      TurnLog
	objectives Objectives
	memory     *memoryCache
	prices     Prices
	ledger     ledger // the last hour's turns, for the bill
	logger     *slog.Logger
	turnSeq    atomic.Int64

	mu            sync.Mutex
	tools         Toolbox
	history       []Message
	idleSince     time.Time
	lastNudge     time.Time
	lastComment   time.Time
	heardProgress string
	heardInv      time.Time
	turnCtx       context.Context // set by Run: what batches started by a turn run under
	policy        Policy

	// Only Run's goroutine touches these: the lines that wait for their
	// players' next turn, and each player's turns of the last minute.
	waiting     []Perception
	playerTurns map[string][]time.Time
	fallback    Model // the offline autopilot, while the spend cap holds; nil: no cap applies
}

// MindDeps are the parts a mind is wired from, each built before it.
type MindDeps struct {
	Model      func() Model // the model of the moment; a settings change applies at the next turn
	Tools      Toolbox
	Live       *Live
	Hands      *Hands
	Inbox      *Inbox     // what wakes her; its chat cooldown is the inbox's own
	Turns      TurnLog    // may be nil
	Objectives Objectives // may be nil
	Recall     Recall     // may be nil: her live state then lists no memories
	Prices     Prices     // may be nil: the bill then estimates no cost
	// Fallback is what she thinks with while the spend cap holds (the
	// offline autopilot); nil leaves the cap without effect.
	Fallback Model
	Logger   *slog.Logger
}

// NewMind wires a mind.
func NewMind(cfg MindConfig, d MindDeps) *Mind {
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 8
	}
	if cfg.KeepMessages <= 0 {
		cfg.KeepMessages = 60
	}
	m := &Mind{cfg: cfg, model: d.Model, tools: d.Tools, live: d.Live, hands: d.Hands, inbox: d.Inbox,
		turns: d.Turns, objectives: d.Objectives, prices: d.Prices, ledger: ledger{since: d.Live.Now()}, logger: d.Logger,
		idleSince: d.Live.Now(), fallback: d.Fallback, playerTurns: map[string][]time.Time{}, memory: &memoryCache{recall: d.Recall, logger: d.Logger, now: d.Live.Now}}
	if cfg.ReflexMemory > 0 {
		d.Live.Update(TopicReflex, func(s *Snapshot) { s.ReflexMemory = cfg.ReflexMemory })
	}
	if cfg.Off {
		d.Live.Update(TopicConn, func(s *Snapshot) { s.Enabled = false })
	}
	return m
}

// SetTools changes the tools she may call (a setting changed which there
// are). A change applies from her next turn.
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

// Enabled reports whether the skill is on.
func (m *Mind) Enabled() bool { return m.live.Enabled() }

// SetEnabled turns the skill on or off. Off, she stops acting: perceptions
// are dropped, no turn runs and the nudges are silent; the dashboard stays.
// Turning it off waits under ctx for the game to stop the running action.
func (m *Mind) SetEnabled(ctx context.Context, on bool) {
	m.live.Update(TopicConn, func(s *Snapshot) { s.Enabled = on })
	if !on {
		m.hands.StopNow(ctx)
	} else {
		m.hands.Release() // "Let her play" ends a stop too
	}
}

// Perceive offers a perception to her inbox; it never blocks.
func (m *Mind) Perceive(p Perception) { m.inbox.Perceive(p) }

// askLine is how the ask reads in her voice feed, as the person's line.
const askLine = "What are you doing right now?"

// Ask puts a perception on the bus at once asking what she is doing,
// whether her hands are busy or not; the question shows in her voice feed,
// as a line typed to her does, so her answer is read beside it.
func (m *Mind) Ask(ctx context.Context) error {
	if !m.Enabled() {
		return fmt.Errorf("agent: ask: %w", ErrSkillOff)
	}
	now := m.live.Now()
	m.live.Update(TopicVoice, func(s *Snapshot) {
		s.Voice = appendKeep(s.Voice, Line{At: now, Text: askLine, From: FromDashboard}, keepVoice)
	})
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
	// What her mind waits for (a state, the game's answer to a tool) it
	// waits for on the token its door paid, under the door's name.
	ctx = lockstep.Named(ctx, mindHolder)
	actions, callOff := context.WithCancel(context.WithoutCancel(ctx))
	m.mu.Lock()
	m.turnCtx = actions
	m.mu.Unlock()
	defer func() {
		m.hands.StopNow(actions) // called off only once the game has answered
		callOff()
		m.hands.Wait()
	}()
	m.mu.Lock()
	every := nudgeTick(m.cfg)
	m.mu.Unlock()
	clock, door := m.live.Clock(), m.inbox.door
	tick, stop := clock.EveryBehind(every, door)
	defer stop()
	pending := func() bool { return len(m.inbox.queue) > 0 || len(tick) > 0 }
	for {
		// In lockstep her mind runs on one token, given back only while it
		// waits here with nothing queued; outside lockstep these calls do
		// nothing.
		door.Park(pending)
		select {
		case <-ctx.Done():
			door.Enter()
			return nil
		case p := <-m.inbox.queue:
			door.Enter()
			m.settle(ctx)
			m.turn(ctx, m.take(&p))
		case now := <-tick:
			door.Enter()
			m.settle(ctx)
			for clock != nil && m.news(ctx) {
				// The news that came with this tick goes first.
			}
			if ps := m.take(nil); len(ps) > 0 {
				m.turn(ctx, ps) // lines that waited for their players' next turn
			} else if p, ok := m.nudge(ctx, now); ok {
				m.turn(ctx, []Perception{p})
			}
		}
	}
}

// news, in lockstep, runs a turn on what is queued and reports whether
// there was any; then it waits for everything that turn set going. The
// nudge tick's branch takes all the news first, whichever the select
// picked when both were there: the news, then whatever the turn on it
// queued, then the nudge, in the game's order, not the goroutines'.
// (Picked at random, a nudge came before or after the answer that ended
// her action, and a seed played a turn more one run in a few.)
func (m *Mind) news(ctx context.Context) bool {
	select {
	case p := <-m.inbox.queue:
		m.turn(ctx, m.take(&p))
		m.settle(ctx)
		return true
	default:
		return false
	}
}

// settlePatience bounds a settle on the wall clock; see lockstep's limits
// and the practice world's patience, which it matches.
const settlePatience = time.Minute

// settle, in lockstep, waits until her mind is the only work left: every
// packet of the tick read and sensed, every action's answer taken in. Her
// mind calls it before it reads her state, so a turn reads the same game
// however the goroutines happened to run. Her mind holds one token then,
// the one it runs on (see lockstep.Door). Outside lockstep it returns at
// once. Only Run's goroutine calls it.
func (m *Mind) settle(ctx context.Context) {
	m.live.Clock().Settle(ctx, func() int64 { return 1 }, settlePatience)
}

// take is what her next turn reads: first (nil for none) with everything
// else waiting, each line said to her marked with whether she obeys its
// speaker, less the lines of players who have had their turns this minute,
// plus those kept from before whose players may speak again.
func (m *Mind) take(first *Perception) []Perception {
	var ps []Perception
	if first != nil {
		ps = m.gather(*first)
	}
	markObeyed(ps, m.currentPolicy())
	return m.limitPlayers(ps, m.live.Now())
}

// gather takes first and everything else waiting. In lockstep they are put
// in an order of their own (source, kind, text), not the order the senses
// and her hands happened to deliver them in the same tick.
func (m *Mind) gather(first Perception) []Perception {
	ps := m.inbox.drain(first)
	if m.live.Clock() != nil {
		slices.SortStableFunc(ps, func(a, b Perception) int {
			return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Text, b.Text))
		})
	}
	return ps
}

// situation says in a sentence or two what her hands are on, for asks and
// nudges.
func (m *Mind) situation() string {
	v := m.live.Snapshot()
	var b strings.Builder
	if d, ok := m.hands.Busy(); ok {
		fmt.Fprintf(&b, "You have been at %s for %s", d.Call, seconds(m.live.Now().Sub(d.Started)))
		if d.Progress != nil {
			fmt.Fprintf(&b, "; last progress: %s", progressText(d.Progress))
		}
		b.WriteString(".")
	} else {
		b.WriteString("Your hands are free right now.")
	}
	if inv := v.Inventory(); len(inv) > 0 {
		fmt.Fprintf(&b, " You carry %s.", inventoryLine(inv, 12))
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
