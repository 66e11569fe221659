package models

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"beaweb/internal/agent"
)

// Sensible stands in for a paid model in `beaweb bench --bill`: a
// deterministic model that calls her tools as a sensible language model
// would, and reports the tokens each call would cost as a provider that
// caches prompts does. It never touches the network.
//
// How it decides, at each call:
//   - With set_goal among her tools, it plays by goals, as her prompt asks:
//     when she comes in, or has no goal, it sets the next of get_iron,
//     get_diamonds and play (a goal given up is set once more first); a
//     line said to her it answers in a sentence (mc_chat for a player, speak
//     for the dashboard) and says what goal she is on; anything else (a
//     blow, a death, her commentary, an action's result) it lets pass
//     with stay_silent, since the autopilot plays on through it. After her
//     tools' answers it ends the turn with no words and no calls, unless a
//     goal was refused, when it lets her play on her own.
//   - Without set_goal, it plays as the offline autopilot would in her
//     place: it hands the request to the autopilot (which reads the
//     perceptions' fields and her snapshot, as a model reads her live
//     state) and calls what the autopilot calls, answering people in the
//     autopilot's words and reading her tools' answers as it does.
//
// What a call costs is worked out from the request as a provider would
// bill it (see bill): the request's size in tokens, the part read from a
// prompt cache that holds the prefixes of the calls before, and the words
// and calls of the answer.
type Sensible struct {
	autopilot agent.Model
	now       func() time.Time
	report    func(cause string, u agent.Usage)

	mu    sync.Mutex
	cache promptCache
	// The goals it sets, in order; next is the one to set, goal the one
	// in force ("" for none), retried the goal set once more after it was
	// given up.
	next    int
	goal    agent.GoalKind
	retried bool
	seq     int
}

// sensibleGoals are the goals it sets, one after the other.
var sensibleGoals = []agent.GoalKind{agent.GoalIron, agent.GoalDiamonds, agent.GoalPlay}

// NewSensible is a stand-in that plays through autopilot where her tools
// have no set_goal, keeps its prompt cache on now's clock (her game's
// time, which in a real game is the wall clock a provider's cache lives
// on), and tells report the cause and usage of each call; report may be
// nil.
func NewSensible(autopilot agent.Model, now func() time.Time, report func(cause string, u agent.Usage)) *Sensible {
	return &Sensible{autopilot: autopilot, now: now, report: report, cache: promptCache{written: map[[32]byte]time.Time{}}}
}

// Name says it is the bench's stand-in.
func (s *Sensible) Name() string { return "bench/sensible" }

// Generate answers one call and bills it.
func (s *Sensible) Generate(ctx context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	if err := ctx.Err(); err != nil {
		return agent.ModelResponse{}, err
	}
	cause := CauseOf(req)
	var resp agent.ModelResponse
	if hasTool(req.Tools, "set_goal") {
		s.mu.Lock()
		resp.ToolCalls = s.byGoals(req)
		s.mu.Unlock()
	} else {
		r, err := s.autopilot.Generate(ctx, req)
		if err != nil {
			return agent.ModelResponse{}, err
		}
		resp.Text, resp.ToolCalls = r.Text, r.ToolCalls
	}
	s.mu.Lock()
	resp.Usage = s.cache.bill(req, resp, s.now())
	s.mu.Unlock()
	if s.report != nil {
		s.report(cause, resp.Usage)
	}
	return resp, nil
}

// byGoals is its answer when it plays by goals (s.mu is held).
func (s *Sensible) byGoals(req agent.ModelRequest) []agent.ToolCall {
	last := req.Messages[len(req.Messages)-1]
	if last.Role == agent.RoleTool {
		for i := len(req.Messages) - 1; i >= 0 && req.Messages[i].Role == agent.RoleTool; i-- {
			if m := req.Messages[i]; m.ToolName == "set_goal" && m.Failed {
				s.goal = agent.GoalPlay
				return []agent.ToolCall{s.call("set_goal", map[string]any{"kind": agent.GoalPlay})}
			}
		}
		return nil
	}
	var calls []agent.ToolCall
	for _, p := range last.Perceptions {
		switch {
		case p.Kind == agent.KindChat && p.Addressed && p.Chat != nil:
			calls = append(calls, s.call("mc_chat", map[string]any{"message": fmt.Sprintf("Hi %s! I'm %s right now.", p.Chat.Author.Name, s.onIt())}))
		case p.Kind == agent.KindTell || p.Kind == agent.KindAsk:
			calls = append(calls, s.call("speak", map[string]any{"text": "I'm " + s.onIt() + "."}))
		case p.Kind == agent.KindGoal && p.Goal != nil && p.Goal.End != nil:
			s.goal = ""
			if !p.Goal.End.Done && !s.retried {
				s.retried, s.next = true, max(s.next-1, 0)
			} else {
				s.retried = false
			}
		}
	}
	if s.goal == "" && s.next < len(sensibleGoals) {
		s.goal = sensibleGoals[s.next]
		s.next++
		calls = append(calls, s.call("set_goal", map[string]any{"kind": s.goal}))
	}
	if len(calls) == 0 {
		calls = append(calls, s.call("stay_silent", map[string]any{}))
	}
	return calls
}

// onIt is what she is on, in words for a player.
func (s *Sensible) onIt() string {
	switch s.goal {
	case agent.GoalIron:
		return "after iron"
	case agent.GoalDiamonds:
		return "after diamonds"
	case agent.GoalPlay:
		return "playing my own game"
	}
	return "thinking about what's next"
}

func (s *Sensible) call(name string, args map[string]any) agent.ToolCall {
	s.seq++
	b, _ := json.Marshal(args)
	return agent.ToolCall{ID: fmt.Sprintf("sensible-%d", s.seq), Name: name, Args: b}
}

func hasTool(specs []agent.ToolSpec, name string) bool {
	for _, t := range specs {
		if t.Name == name {
			return true
		}
	}
	return false
}

// The causes of a model call, as the bill reports them.
const (
	CauseToolAnswer = "tool answer" // a later call of a turn, after her tools answered
	CauseAction     = "action result"
	CauseIdle       = "idle nudge"
	CauseCommentary = "commentary"
	CauseChat       = "chat"
	CauseDamage     = "damage"
	CauseDeath      = "death"
	CauseGoal       = "goal end"
	CauseAsk        = "dashboard"
	CauseOther      = "other"
)

// CauseOf is why a call was made: for the first call of a turn, what woke
// her (the most pressing of the turn's perceptions), else the tools'
// answers of the step before.
func CauseOf(req agent.ModelRequest) string {
	if len(req.Messages) == 0 {
		return CauseOther
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role != agent.RoleUser || len(last.Perceptions) == 0 {
		return CauseToolAnswer
	}
	best, rank := CauseOther, len(causeOrder)
	for _, p := range last.Perceptions {
		for i, c := range causeOrder {
			if c.kind == p.Kind && i < rank {
				best, rank = c.cause, i
			}
		}
	}
	return best
}

// causeOrder names a turn by the most pressing of its perceptions.
var causeOrder = []struct {
	kind  agent.Kind
	cause string
}{
	{agent.KindChat, CauseChat}, {agent.KindTell, CauseAsk}, {agent.KindAsk, CauseAsk}, {agent.KindDeath, CauseDeath}, {agent.KindFight, CauseDamage},
	{agent.KindGoal, CauseGoal},
	{agent.KindAction, CauseAction}, {agent.KindCommentary, CauseCommentary}, {agent.KindIdle, CauseIdle},
}

// cacheLife is how long a provider keeps a prompt prefix after it was last
// written or read: Anthropic's ephemeral cache, five minutes.
const cacheLife = 5 * time.Minute

// minCached is the shortest prefix a provider caches, in tokens
// (Anthropic's, for its Sonnet models).
const minCached = 1024

// charsPerToken is how many characters of a request make a token, near
// enough for English text and JSON.
const charsPerToken = 4

// promptCache is the provider's prompt cache as the stand-in keeps it: the
// prefixes written, by their hash, until they expire.
type promptCache struct {
	written map[[32]byte]time.Time
}

// bill is the usage of a call: the request's tokens, of which those of the
// longest prefix still cached are read from the cache; the prefixes at the
// request's cache breakpoints are written (the part beyond what was read is
// billed as written); the answer's tokens are its output. As Anthropic's
// cache does, a breakpoint reads the longest cached prefix that ends at a
// block boundary at most lookback blocks before it: the prefix the last
// turn wrote is read though this turn's breakpoint sits further on.
func (c *promptCache) bill(req agent.ModelRequest, resp agent.ModelResponse, now time.Time) agent.Usage {
	w := wireOf(req)
	for k, until := range c.written {
		if now.After(until) {
			delete(c.written, k)
		}
	}
	read := 0
	for _, b := range w.breaks {
		for _, e := range w.ends {
			if e.at > b || e.block < w.blockAt(b)-lookback || e.at <= read {
				continue
			}
			if _, ok := c.written[sha256.Sum256([]byte(w.text[:e.at]))]; ok {
				read = e.at
			}
		}
	}
	longest := 0
	for _, b := range w.breaks {
		if b/charsPerToken < minCached {
			continue
		}
		c.written[sha256.Sum256([]byte(w.text[:b]))] = now.Add(cacheLife)
		longest = max(longest, b)
	}
	out, _ := json.Marshal(resp.ToolCalls)
	return agent.Usage{
		InputTokens:  tokens(len(w.text)),
		CacheRead:    tokens(read),
		CacheWritten: tokens(max(longest-read, 0)),
		OutputTokens: max(tokens(len(resp.Text)+len(out)), 1),
	}
}

// lookback is how many content blocks before a breakpoint Anthropic's
// cache looks for a prefix it holds.
const lookback = 20

func tokens(chars int) int { return (chars + charsPerToken - 1) / charsPerToken }

// wire is a request as a provider reads it, in order (the tools, the
// system prompt, then the conversation with her live state last): its
// text, the lengths of its prefixes at the cache breakpoints the Anthropic
// adapter sets (after the system prompt, and after the message before the
// last), and where each of its blocks ends.
type wire struct {
	text   string
	breaks []int
	ends   []blockEnd
}

// blockEnd is where a content block ends in a wire's text, and its place
// among the blocks (a message's text is one block, each call one more).
type blockEnd struct{ at, block int }

// blockAt is the place of the block that ends at the breakpoint b.
func (w wire) blockAt(b int) int {
	for _, e := range w.ends {
		if e.at == b {
			return e.block
		}
	}
	return 0
}

func wireOf(req agent.ModelRequest) wire {
	var b []byte
	for _, t := range req.Tools {
		one, _ := json.Marshal(map[string]any{"name": t.Name, "description": t.Description, "input_schema": t.Schema})
		b = append(b, one...)
	}
	b = append(b, req.System...)
	w := wire{breaks: []int{len(b)}, ends: []blockEnd{{at: len(b)}}}
	block := 0
	msgs := req.Conversation()
	for i, m := range msgs {
		one, _ := json.Marshal(map[string]any{"role": m.Role, "text": m.Text, "calls": m.ToolCalls, "id": m.ToolCallID})
		b = append(b, one...)
		block += max(len(m.ToolCalls)+min(len(m.Text), 1), 1)
		w.ends = append(w.ends, blockEnd{at: len(b), block: block})
		if i == len(msgs)-2 {
			w.breaks = append(w.breaks, len(b))
		}
	}
	w.text = string(b)
	return w
}
