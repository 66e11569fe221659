package modclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// call is one request in flight. Its fields are guarded by the client's
// mutex; ch is written once, by whoever ends the call.
type call struct {
	id, action string
	frame      []byte
	unanswered bool // protocol 1 never answers it: it succeeds once written
	written    bool
	ended      bool
	// abandoned marks a protocol-1 call given up after it was written: it
	// keeps its place in the order so that its answer is dropped when it
	// comes instead of going to the next call.
	abandoned bool
	ch        chan result
	// away is the caller's waiting in lockstep: whoever ends the call pays
	// for its wake-up.
	away *lockstep.Away
}

type result struct {
	ans protocol.Answer
	err error
}

// Call sends an action with its parameters and waits for its one answer.
// It returns exactly once, whatever happens. When the game side did not
// answer (not connected, the request could not be sent, the link was lost,
// beaweb gave up waiting, ctx ended) the Answer is made up here with Result
// FAILURE and a sentence saying what happened, and the error wraps
// ErrNotConnected, ErrDisconnected, ErrTimeout or ctx's error. A FAILURE the
// game side sent itself is an Answer with a nil error.
//
// params is marshalled to a JSON object; nil sends {}. The wait is the
// action's budget from the hello plus 5 s, at least 10 s; a budget of 0
// waits as long as it takes.
func (c *Client) Call(ctx context.Context, action string, params any) (protocol.Answer, error) {
	return c.Send(ctx, action, params, nil)
}

// Send is Call that also tells sent the request's id as soon as it has one,
// before the answer, so progress packets can be matched to the action that
// is still running. sent runs on the caller's goroutine and must not block.
func (c *Client) Send(ctx context.Context, action string, params any, sent func(id string)) (protocol.Answer, error) {
	frameParams, err := marshalParams(params)
	if err != nil {
		return failed(&call{action: action}, protocol.FailInvalid, err.Error()),
			fmt.Errorf("modclient: %s: %w", action, err)
	}
	if action == "" {
		return failed(&call{}, protocol.FailInvalid, "no action was named"), errors.New("modclient: no action was named")
	}

	c.mu.Lock()
	cn := c.cur
	c.mu.Unlock()
	if cn == nil {
		return notConnected(action)
	}
	// Until the hello (or its timeout) the protocol, and so the way answers
	// are matched, is not known.
	select {
	case <-cn.ready:
	case <-cn.done:
		return notConnected(action)
	case <-ctx.Done():
		return cancelled(&call{action: action}, ctx.Err())
	}
	// The select above picks at random when the hello and the end of ctx
	// are both there: a caller that has given up must not send its action.
	if err := ctx.Err(); err != nil {
		return cancelled(&call{action: action}, err)
	}

	k, wait, err := c.send(cn, action, frameParams, c.cfg.Lockstep.Away(ctx))
	if err != nil {
		return notConnected(action)
	}
	if sent != nil {
		sent(k.id)
	}
	// The caller waits for the game now: whoever ends the call pays for
	// waking it (finishLocked), and it runs on one token again after the
	// wait, however many paid.
	k.away.Leave()
	defer k.away.Back()
	var timeout <-chan time.Time
	if wait > 0 {
		// In lockstep the wait is game time, as the game's budget is.
		t, stop := c.cfg.Lockstep.After(wait)
		defer stop()
		timeout = t
	}
	select {
	case r := <-k.ch:
		return r.ans, r.err
	case <-timeout:
		// The clock paid for this wake-up, and whoever ends the call pays
		// again: Back gives one back.
		k.away.Woke()
		if cn.abandon(k) {
			c.log.Warn("modclient: gave up waiting for an answer", slog.String("id", k.id),
				slog.String("action", action), slog.Duration("after", wait))
			return failed(k, protocol.Failure, fmt.Sprintf("beaweb gave up waiting for %s after %s", action, seconds(wait))),
				fmt.Errorf("modclient: %s after %s: %w", action, seconds(wait), ErrTimeout)
		}
	case <-ctx.Done():
		if cn.abandon(k) {
			return cancelled(k, ctx.Err())
		}
	}
	// The call ended by another hand in the meantime; its result is there.
	r := <-k.ch
	return r.ans, r.err
}

// send registers a call and puts it in the writer's outbox, in one step, so
// the order of a protocol-1 link is the order of writing.
func (c *Client) send(cn *conn, action string, params json.RawMessage, away *lockstep.Away) (*call, time.Duration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cn.closed {
		return nil, 0, ErrNotConnected
	}
	c.seq++
	id := "r" + strconv.FormatUint(c.seq, 10) + "-" + c.mark
	frame, err := protocol.EncodeRequest(protocol.Request{ID: id, Action: action, Parameters: params})
	if err != nil {
		return nil, 0, err
	}
	k := &call{id: id, action: action, frame: frame, ch: make(chan result, 1), away: away}
	cn.calls[id] = k
	if cn.proto == 1 {
		k.unanswered = protocol.Protocol1Unanswered(action)
		if !k.unanswered {
			cn.order = append(cn.order, k)
		}
	}
	cn.outbox = append(cn.outbox, k)
	c.cfg.Lockstep.Pay(lockstep.Request, 1) // given back by the world once it has it
	select {
	case cn.wake <- struct{}{}:
	default:
	}
	return k, cn.waitLocked(action), nil
}

// waitLocked is how long a call of action waits: its budget + 5 s, at least
// 10 s; 0 (no limit) for a budget of 0 or one too long for a time.Duration.
func (cn *conn) waitLocked(action string) time.Duration {
	var budget time.Duration
	if b, ok := cn.budgets[action]; ok {
		if b == 0 || b >= maxBudgetSeconds {
			return 0
		}
		budget = time.Duration(b * float64(time.Second))
	} else {
		// The hello gives none: the default, or the budget beaweb's own game
		// sides give where that is longer (a build's 600 s) or none at all
		// (follow_player), so a long action is not given up on too soon.
		budget = cn.c.cfg.DefaultBudget
		if b, ok := protocol.Budget(action); ok {
			if b == 0 {
				return 0
			}
			budget = max(budget, time.Duration(b*float64(time.Second)))
		}
	}
	return max(budget+answerMargin, minimumWait)
}

// outcome is how a finished id ended, to tell a duplicate from a late answer.
type outcome uint8

const (
	answered outcome = iota + 1 // the game side's answer reached the caller
	late                        // the call ended without it: timeout, cancel, lost link
)

// finishLocked ends a call once: it leaves the tables (a written protocol-1
// call given up stays in the order, marked) and its caller gets r.
func (cn *conn) finishLocked(k *call, r result, how outcome) bool {
	if k.ended {
		return false
	}
	k.ended = true
	delete(cn.calls, k.id)
	for i, o := range cn.outbox {
		if o == k {
			cn.outbox = append(cn.outbox[:i], cn.outbox[i+1:]...)
			cn.c.cfg.Lockstep.Give(lockstep.Request, 1) // it never reached the game
			break
		}
	}
	if how == late && !cn.closed {
		for i, o := range cn.order {
			if o != k {
				continue
			}
			if k.written {
				k.abandoned = true
			} else {
				cn.order = append(cn.order[:i], cn.order[i+1:]...)
			}
			break
		}
	}
	cn.c.recent.add(k.id, how)
	k.away.Wake()
	k.ch <- r
	return true
}

// abandon ends a call its caller gives up on. It reports false when the
// call had already ended, whose result is then waiting in k.ch.
func (cn *conn) abandon(k *call) bool {
	cn.c.mu.Lock()
	defer cn.c.mu.Unlock()
	if k.ended {
		return false
	}
	// The caller returns its own answer; the channel takes the copy.
	return cn.finishLocked(k, result{}, late)
}

// pendingLocked counts the calls not yet ended plus the places held in the
// protocol-1 order by calls given up.
func (cn *conn) pendingLocked() int {
	n := len(cn.calls)
	for _, k := range cn.order {
		if k.abandoned {
			n++
		}
	}
	return n
}

// handleAnswer hands an answer to its caller, or drops and counts it.
func (c *Client) handleAnswer(cn *conn, a protocol.Answer) {
	c.mu.Lock()
	if a.Status != protocol.StatusFinished && !c.odd[a.Status] && len(c.odd) < maxLoggedNames {
		c.odd[a.Status] = true
		c.log.Warn("modclient: an answer has a status other than FINISHED; taking it as the answer",
			slog.String("status", a.Status))
	}
	if cn.proto == 1 {
		c.answerInOrderLocked(cn, a)
		c.mu.Unlock()
		return
	}
	var why string
	switch k, ok := cn.calls[a.ID]; {
	case a.ID == "":
		c.counts.NoID++
		why = "it has no id"
	case !strings.HasSuffix(a.ID, "-"+c.mark):
		c.counts.OtherMark++
		why = "its id is not one of this brain's"
	case ok:
		cn.finishLocked(k, result{ans: a}, answered)
	default:
		switch c.recent.get(a.ID) {
		case answered:
			c.counts.Duplicate++
			why = "its call was already answered"
		case late:
			c.counts.Late++
			why = "its call had already ended (timed out, cancelled or cut off)"
		default:
			c.counts.UnknownID++
			why = "no call has that id"
		}
	}
	c.mu.Unlock()
	if why != "" {
		c.log.Warn("modclient: dropped an answer: "+why, slog.String("id", a.ID),
			slog.String("action", a.Action), slog.String("result", string(a.Result)))
	}
}

// answerInOrderLocked matches a protocol-1 answer to the oldest call
// waiting for one.
func (c *Client) answerInOrderLocked(cn *conn, a protocol.Answer) {
	if len(cn.order) == 0 {
		c.counts.UnknownID++
		c.log.Warn("modclient: dropped a protocol-1 answer that no call was waiting for",
			slog.String("action", a.Action), slog.String("result", string(a.Result)))
		return
	}
	k := cn.order[0]
	cn.order = cn.order[1:]
	if k.abandoned {
		c.counts.Late++
		c.log.Warn("modclient: dropped a protocol-1 answer to a call that had already ended",
			slog.String("id", k.id), slog.String("action", k.action))
		return
	}
	if a.Action != "" && a.Action != k.action {
		c.log.Warn("modclient: a protocol-1 answer names another action than the call it is matched to",
			slog.String("call", k.action), slog.String("answer", a.Action))
	}
	a.ID, a.Message = k.id, a.Explanation()
	if a.Action == "" {
		a.Action = k.action
	}
	cn.finishLocked(k, result{ans: a}, answered)
}

// recentIDs remembers how the last few thousand calls ended.
type recentIDs struct {
	how  map[string]outcome
	ring []string
	next int
}

const recentSize = 4096

func (r *recentIDs) add(id string, how outcome) {
	if r.how == nil {
		r.how = make(map[string]outcome, recentSize)
		r.ring = make([]string, recentSize)
	}
	if old := r.ring[r.next]; old != "" {
		delete(r.how, old)
	}
	r.ring[r.next] = id
	r.next = (r.next + 1) % recentSize
	r.how[id] = how
}

func (r *recentIDs) get(id string) outcome { return r.how[id] }

// marshalParams writes params as a JSON object; nil and null are {}.
func marshalParams(params any) (json.RawMessage, error) {
	if params == nil {
		return json.RawMessage("{}"), nil
	}
	b, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("the parameters could not be written as JSON: %v", err)
	}
	switch {
	case string(b) == "null":
		return json.RawMessage("{}"), nil
	case len(b) == 0 || b[0] != '{':
		return nil, fmt.Errorf("the parameters must be a JSON object, not %s", protocol.Excerpt(b, 40))
	}
	return b, nil
}

// failed makes up an answer for a call the game side did not answer.
func failed(k *call, r protocol.Result, message string) protocol.Answer {
	return protocol.Answer{Status: protocol.StatusFinished, ID: k.id, Action: k.action, Result: r, Message: message}
}

func notConnected(action string) (protocol.Answer, error) {
	return failed(&call{action: action}, protocol.Failure, "the game is not connected"),
		fmt.Errorf("modclient: %s: %w", action, ErrNotConnected)
}

// cancelled answers a call whose caller stopped waiting. One cancelled
// (beaweb called the action off: a stop, a replacement, the end of a run)
// is interrupted, as the game's own answer to a stop is: the game never
// failed it, and the bench's tally of failures would otherwise count the
// action in hand when a run ends, or not, as the goroutines ran. One whose
// deadline passed failed.
func cancelled(k *call, err error) (protocol.Answer, error) {
	r := protocol.Failure
	if errors.Is(err, context.Canceled) {
		r = protocol.Interrupted
	}
	return failed(k, r, fmt.Sprintf("%s was called off before the game answered", k.action)),
		fmt.Errorf("modclient: %s: %w", k.action, err)
}

// lostAnswer says why a call ended with its connection.
func lostAnswer(k *call, reason error) protocol.Answer {
	switch reason {
	case errStopping:
		return failed(k, protocol.Interrupted, fmt.Sprintf("beaweb stopped before %s finished", k.action))
	case errURLChanged:
		return failed(k, protocol.Failure, fmt.Sprintf("the game's address changed before %s finished", k.action))
	}
	return failed(k, protocol.Failure, "the connection to the game was lost before it finished")
}

// seconds writes a wait the way the answer says it: "125 s", "10.5 s".
func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + " s"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}
