// Package rules is the offline autopilot: a Model that plays a survival
// routine through the same tools a language model calls, answers players who
// speak to her, and never touches the network. It is what beaweb plays with
// when no model is configured.
package rules

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// Snapshots is what the autopilot reads of her game.
type Snapshots interface {
	Snapshot() agent.Snapshot
}

// Model is the autopilot. It reads her situation directly rather than
// parsing her prompt, and decides one step of the routine per turn.
type Model struct {
	sit  Snapshots
	book Recipes // what a craft takes and makes

	mu       sync.Mutex
	seq      int
	goals    map[goal]goalSpec
	failures map[goal]int // consecutive failures per goal
	lastGoal goal
	stepID   string // the call id of the routine's last step
	streak   int    // failures in a row, whatever the goal
	// step is the routine's last call, until its answer is counted in
	// tries: the failures of every call, by its arguments.
	step  sentStep
	tries tries

	// shelter is the last shelter she put up, or began to; nil for none.
	// Where it stands matters, not the day it was built: the game's clock
	// may give the time of day only.
	shelter *shelter
	// builtFor is where the builds she was asked for stand (their
	// origins): no shelter of hers goes up over one.
	builtFor []game.Pos
	// forays counts her walks to look for animals since she last carried
	// a meal (forage).
	forays int
	// sleepWait: her last try to sleep failed (monsters near, say); she
	// rests until the next idle nudge rather than trying again at once.
	sleepWait bool

	rememberedStart bool
	// groundY is the height of the ground as she last knew it (haveGround
	// once known): where she came into the world, then wherever she last
	// came out under the open sky. Far below it she is in a mine, where no
	// tree or dirt is found.
	groundY    float64
	haveGround bool
	// stairs is the staircase she dug down for diamonds, to walk back up;
	// nil for none.
	stairs *staircase

	// greeted is when she last said hello to each player: a second hello
	// within greetAgain goes unanswered, or two friendly players would greet
	// each other forever. now is the clock, for tests.
	greeted map[string]time.Time
	now     func() time.Time

	// understand reads players' requests (nil: she only says what she is
	// up to); maker plans what a request asks her to make, builder counts
	// what a building she is asked for takes.
	understand lineReader
	maker      Maker
	builder    Builder
	// errand is the request she is seeing to, on top of the routine; nil
	// for none. stopNow: a player told her to stop, and the stop is still
	// to be sent.
	errand  *errand
	stopNow bool
	// goal is the goal her model handed her to play (goal.go); nil for
	// none.
	goal *goalPlay
	// queue are the requests of others waiting their turn, oldest first;
	// queuing is what her owner chose for a second person's request.
	queue   []*errand
	queuing Queue
	// quick are her quick calls for a place (remember, forget), by call
	// id, until the tool answers.
	quick map[string]quickCall
	// lastSaid is the last line she said to each person (asker.key):
	// the same line is not said again a moment later.
	lastSaid map[string]saidLine
	// smalltalk is the small talk she said last to each person, so the
	// next is another line.
	smalltalk map[string]int
	// heardAt is when each person last spoke to her; seen where and when
	// she last saw each player (by lowered name).
	heardAt map[string]time.Time
	seen    map[string]sighting
	// places reads the places she remembers; known is what it read for
	// the turn being decided (nil: not read).
	places Places
	known  *knownPlaces
	// held are lines she says once the tool has taken her errand's first
	// step, with its promise (holdSpeech).
	held []agent.ToolCall
}

// greetAgain is how long she waits before greeting the same player again.
const greetAgain = 5 * time.Minute

// New returns the autopilot playing the game sit shows: her name, her
// state and what her hands are on.
//
// A situation that tells the time of her game (agent.Live does) is her
// clock, so that in lockstep with a practice world what counts as recent is
// game time; any other reads the wall clock.
func New(sit Snapshots, book Recipes, opts ...Option) *Model {
	now := time.Now
	if c, ok := sit.(interface{ Now() time.Time }); ok {
		now = c.Now
	}
	m := &Model{sit: sit, book: book, goals: goals(), failures: map[goal]int{}, tries: tries{}, greeted: map[string]time.Time{}, now: now,
		queuing: QueueWait, quick: map[string]quickCall{}, lastSaid: map[string]saidLine{}, smalltalk: map[string]int{},
		heardAt: map[string]time.Time{}, seen: map[string]sighting{}}
	for _, o := range opts {
		o(m)
	}
	return m
}

// Name says which model she thinks with.
func (m *Model) Name() string { return "rules/autopilot" }

// Generate decides the next step. After the tools of a step have answered it
// ends the turn, so each turn is one decision.
func (m *Model) Generate(ctx context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return agent.ModelResponse{}, err
	}
	if len(req.Messages) == 0 {
		return agent.ModelResponse{}, nil
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role == agent.RoleTool {
		return m.readAnswers(req, start), nil
	}
	has := toolSet(req.Tools)
	ps := last.Perceptions
	known := m.recallPlaces(ctx, ps) // read before the lock: no lock is held around I/O
	m.mu.Lock()
	defer m.mu.Unlock()
	var calls []agent.ToolCall
	v := m.sit.Snapshot()
	m.known = known
	m.noteSeen(v)
	m.noteResult(ps)
	// The goal her model set, if any (goal.go): played to its end, whose
	// news goes back with the answer.
	m.adopt(req.Goal, v)
	m.noteGoal(ps, v)
	calls, stop := m.people(ps, v, has)
	if stop {
		return agent.ModelResponse{ToolCalls: calls, Latency: time.Since(start), GoalEnd: m.goalEnd()}, nil
	}
	busy := v.Doing != nil
	if hasKind(ps, agent.KindIdle) {
		m.streak = 0 // the nudge she rested for: try again
		m.sleepWait = false
	}
	calls = append(calls, m.noteGround(v, ps, has)...)
	switch {
	case hasKind(ps, agent.KindAsk) && has["speak"]:
		calls = append(calls, m.call("speak", map[string]any{"text": m.describe(v.Doing)}))
	case dead(ps):
		// Every request fails until she respawns, which wakes her again.
	case m.errand != nil:
		// A person's request comes before the routine, and a new one
		// takes her hands from whatever they were on.
		calls = append(calls, m.serveErrand(v, has)...)
	case m.plays():
		calls = append(calls, m.serveGoal(v, has)...)
	case m.reached(v):
		// What her model's goal asked for is in her pack: her model
		// chooses what comes next.
	case v.Held != nil:
		// Told to stop: she stands still until asked for something, or
		// let play again on the dashboard.
	case busy:
		// Her hands are busy: a new action would replace the running one,
		// save the day's work down a mine late in the day (leaveWork).
		if c, ok := m.leaveWork(v, has); ok && !reflexActive(v, m.now()) {
			calls = append(calls, c)
		}
	case reflexActive(v, m.now()):
		// A reflex has her hands (a fight, a flight, a meal): a request now
		// would take them away mid-fight. The idle nudge brings her back.
	case m.streak >= restLimit:
		// Everything failed lately: rest until the idle nudge.
	default:
		if c, ok := m.next(v, has); ok {
			calls = append(calls, c)
		}
	}
	calls = m.holdSpeech(append(m.released(), calls...))
	if len(calls) == 0 && has["stay_silent"] {
		calls = append(calls, m.call("stay_silent", map[string]any{}))
	}
	return agent.ModelResponse{ToolCalls: calls, Latency: time.Since(start), GoalEnd: m.goalEnd()}, nil
}

// noteGround keeps where the open ground and her stairs are, and the first
// step in a world notes where she began, to find the way back.
func (m *Model) noteGround(v agent.Snapshot, ps []agent.Perception, has map[string]bool) []agent.ToolCall {
	if e, ok := ended(ps, "go_to_surface"); v.Body != nil && (!m.haveGround || ok && e.Result == game.Success) {
		// Under the open sky now: this is the ground, however low the land.
		m.groundY, m.haveGround = v.Body.Position.Y, true
	}
	m.noteStairs(v, ps)
	if !has["remember_place"] || m.rememberedStart || v.Body == nil {
		return nil
	}
	m.rememberedStart = true
	return []agent.ToolCall{m.call("remember_place", map[string]any{"name": "start", "note": "the first spot in this world"})}
}

// readAnswers reads the tools' answers to her last step: the routine's,
// her errand's and her goal's failures, and what she says of them.
func (m *Model) readAnswers(req agent.ModelRequest, start time.Time) agent.ModelResponse {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.noteAnswers(req.Messages)
	calls := append(m.released(), m.errandAnswered(req.Messages, toolSet(req.Tools))...)
	m.goalAnswered(req.Messages)
	return agent.ModelResponse{ToolCalls: calls, Latency: time.Since(start), GoalEnd: m.goalEnd()}
}

// people reads what the perceptions say of her errand and answers every
// line said to her (m.mu is held). stop reports a stop asked for, sent
// among the calls: her turn ends there, her hands holding still.
func (m *Model) people(ps []agent.Perception, v agent.Snapshot, has map[string]bool) (calls []agent.ToolCall, stop bool) {
	calls = m.noteErrand(ps, v, has)
	for _, h := range linesToHer(ps) {
		heard := m.hear(h, v, has)
		for _, r := range heard.say {
			if c, ok := m.answerCall(r.to, r.text, has); ok {
				calls = append(calls, c)
			}
		}
		calls = append(calls, heard.calls...)
	}
	for _, r := range m.paced(ps) {
		if c, ok := m.answerCall(r.to, r.text, has); ok {
			calls = append(calls, c)
		}
	}
	if !m.stopNow {
		return calls, false
	}
	m.stopNow = false
	if has["stop_moving"] {
		calls = append(calls, m.call("stop_moving", map[string]any{}))
	}
	return calls, true
}

func toolSet(specs []agent.ToolSpec) map[string]bool {
	has := map[string]bool{}
	for _, t := range specs {
		has[t.Name] = true
	}
	return has
}

func (m *Model) call(name string, args map[string]any) agent.ToolCall {
	m.seq++
	b, _ := json.Marshal(args)
	return agent.ToolCall{ID: "rules-" + strconv.Itoa(m.seq), Name: name, Args: b}
}

// noteResult counts consecutive failures of the goal last started, so a
// goal that keeps failing is set aside for a walk elsewhere.
func (m *Model) noteResult(ps []agent.Perception) {
	var (
		all                 []agent.Ended
		notDone             bool
		success, interrupts bool
	)
	for _, p := range ps {
		all = append(all, p.Ended...)
		notDone = notDone || len(p.NotDone) > 0
	}
	if m.lastGoal == "" || m.spec(m.lastGoal).ownFailures || len(all) == 0 {
		return // a request's steps are the errand's to read
	}
	for _, e := range all {
		success = success || e.Result == game.Success
		interrupts = interrupts || e.Result == game.Interrupted
	}
	whole := false
	if e, ok := ended(ps, "build"); ok && m.spec(m.lastGoal).shelter {
		whole = m.noteBuild(e)
	}
	if e, ok := ended(ps, "use_block"); ok && m.spec(m.lastGoal).sleep && e.Result != game.Success {
		// Monsters near, or no bed after all: she rests in her shelter
		// until the next idle nudge, never walks away from it for this.
		m.sleepWait = true
		return
	}
	if whole || success && !notDone {
		m.failures[m.lastGoal] = 0
		m.streak = 0
		m.countTry(true)
		return
	}
	if interrupts {
		m.step = sentStep{}
		return // a reflex or a replacement is not the goal's fault
	}
	m.failures[m.lastGoal]++
	m.streak++
	m.countTry(false)
}

// ended is the first action of the perceptions that ended and was the
// given one.
func ended(ps []agent.Perception, action string) (agent.Ended, bool) {
	for _, p := range ps {
		for _, e := range p.Ended {
			if e.Action == action {
				return e, true
			}
		}
	}
	return agent.Ended{}, false
}

// hasKind reports whether any of the perceptions is of kind k.
func hasKind(ps []agent.Perception, k agent.Kind) bool {
	for _, p := range ps {
		if p.Kind == k {
			return true
		}
	}
	return false
}

// noteAnswers reads the tools' answers to her last step: a routine step
// refused at once (bad arguments, a build that cannot be) never becomes a
// result perception, so its failure is counted here.
func (m *Model) noteAnswers(msgs []agent.Message) {
	for i := len(msgs) - 1; i >= 0 && msgs[i].Role == agent.RoleTool; i-- {
		if msgs[i].ToolCallID != m.stepID || !msgs[i].Failed {
			continue
		}
		if m.spec(m.lastGoal).shelter {
			m.shelter = nil
		}
		m.failures[m.lastGoal]++
		m.streak++
		m.countTry(false)
	}
}

// restLimit is how many failures in a row make her stop and wait for the
// next idle nudge: a failure that answers at once must not turn into a loop
// that floods the game and the log.
const restLimit = 6

// dead reports whether the turn is about her death and not yet about her
// return: until she respawns every request would fail.
func dead(ps []agent.Perception) bool {
	died, back := -1, -1
	for i, p := range ps {
		switch p.Kind {
		case agent.KindDeath:
			died = i
		case agent.KindRespawn:
			back = i
		}
	}
	return died > back
}

// underDepth is how far below the ground she knows she counts as
// underground.
const underDepth = 8

// underground reports whether she stands deep below the ground she knows:
// down a mine, not in a dip of the land. A valley deeper than that costs one
// go_to_surface, which answers at once that the sky is open and makes the
// valley her ground.
func (m *Model) underground(v agent.Snapshot) bool {
	return m.haveGround && v.Body != nil && m.groundY-v.Body.Position.Y > underDepth
}

// needsSky reports whether a step looks for what grows on the surface: logs
// and dirt.
func needsSky(s step) bool {
	if s.tool != "find_block" {
		return false
	}
	b, _ := s.args["block"].(string)
	return b == "log" || strings.HasSuffix(b, "_log") || b == "dirt"
}

// reflexActive reports whether a reflex started in the last minute and has
// not yet finished or failed.
func reflexActive(v agent.Snapshot, now time.Time) bool {
	last := map[string]string{}
	for _, r := range v.RecentReflexes(now) {
		last[r.Reflex] = r.Event
	}
	for _, ev := range last {
		if ev == "started" {
			return true
		}
	}
	return false
}
