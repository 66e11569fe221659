package models

import (
	"context"
	"crypto/sha256"
	"encoding/json"
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
//   - It plays as the offline autopilot would in her place: it hands the
//     request to the autopilot (which reads the perceptions' fields and her
//     snapshot, as a model reads her live state) and calls what the
//     autopilot calls. Lines said to her are answered in the autopilot's
//     own words, as a model answers a player; after her tools' answers
//     ("started" among them) it reads the failures and, with nothing new,
//     ends the turn with no words and no calls.
//
// What a call costs is worked out from the request as a provider would
// bill it (see usageOf): the request's size in tokens, the part read from a
// prompt cache that holds the prefixes of the calls before, and the words
// and calls of the answer.
type Sensible struct {
	autopilot agent.Model
	now       func() time.Time
	report    func(cause string, u agent.Usage)

	mu    sync.Mutex
	cache promptCache
}

// NewSensible is a stand-in that plays through autopilot, keeps its prompt
// cache on now's clock (her game's time, which in a real game is the wall
// clock a provider's cache lives on), and tells report the cause and usage
// of each call; report may be nil.
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
	r, err := s.autopilot.Generate(ctx, req)
	if err != nil {
		return agent.ModelResponse{}, err
	}
	resp := agent.ModelResponse{Text: r.Text, ToolCalls: r.ToolCalls}
	s.mu.Lock()
	resp.Usage = s.cache.bill(req, resp, s.now())
	s.mu.Unlock()
	if s.report != nil {
		s.report(cause, resp.Usage)
	}
	return resp, nil
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
// billed as written); the answer's tokens are its output.
func (c *promptCache) bill(req agent.ModelRequest, resp agent.ModelResponse, now time.Time) agent.Usage {
	text, breaks := wireOf(req)
	for k, until := range c.written {
		if now.After(until) {
			delete(c.written, k)
		}
	}
	read := 0
	for _, b := range breaks {
		if _, ok := c.written[sha256.Sum256([]byte(text[:b]))]; ok && b > read {
			read = b
		}
	}
	longest := 0
	for _, b := range breaks {
		if b/charsPerToken < minCached {
			continue
		}
		c.written[sha256.Sum256([]byte(text[:b]))] = now.Add(cacheLife)
		longest = max(longest, b)
	}
	out, _ := json.Marshal(resp.ToolCalls)
	return agent.Usage{
		InputTokens:  tokens(len(text)),
		CacheRead:    tokens(read),
		CacheWritten: tokens(max(longest-read, 0)),
		OutputTokens: max(tokens(len(resp.Text)+len(out)), 1),
	}
}

func tokens(chars int) int { return (chars + charsPerToken - 1) / charsPerToken }

// wireOf is the request as a provider reads it, in order (the tools, the
// system prompt, then the conversation with her live state last), and the
// lengths of its prefixes at the cache breakpoints the Anthropic adapter
// sets: after the system prompt, and after the message before the last.
func wireOf(req agent.ModelRequest) (string, []int) {
	var b []byte
	for _, t := range req.Tools {
		one, _ := json.Marshal(map[string]any{"name": t.Name, "description": t.Description, "input_schema": t.Schema})
		b = append(b, one...)
	}
	b = append(b, req.System...)
	breaks := []int{len(b)}
	msgs := req.Conversation()
	for i, m := range msgs {
		one, _ := json.Marshal(map[string]any{"role": m.Role, "text": m.Text, "calls": m.ToolCalls, "id": m.ToolCallID})
		b = append(b, one...)
		if i == len(msgs)-2 {
			breaks = append(breaks, len(b))
		}
	}
	return string(b), breaks
}
