package practice

import (
	"encoding/json"
	"fmt"
	"iter"
	"log/slog"
	"strings"

	"beaweb/internal/game/protocol"
)

// outcome is how an action ended: its result, the sentence that says so
// (second person, addressed to her) and optional structured data.
type outcome struct {
	result  protocol.Result
	message string
	data    any
	// deferred marks an instant action that has handed its request on to
	// be answered later (a queued scan): nothing is sent for it now.
	deferred bool
}

func succeed(format string, args ...any) outcome {
	return outcome{result: protocol.Success, message: fmt.Sprintf(format, args...)}
}

func fail(r protocol.Result, format string, args ...any) outcome {
	return outcome{result: r, message: fmt.Sprintf(format, args...)}
}

func (o outcome) with(data any) outcome { o.data = data; return o }

// act is what a running action sees of its job: the world, a way to let
// ticks pass, its own log and its progress, and the moves every action
// is made of (walking, breaking, placing). The actions themselves are
// functions of an act (craft, smelt, build, ...), each in the file of its
// kind, so the act stays the small set of moves they share.
type act struct {
	w        *World
	j        *job
	yield    func(struct{}) bool
	instant  bool    // a concurrent action: it never waits
	client   *client // who asked, for a concurrent action
	id       string  // the request's id, for a concurrent action
	stopped  bool
	logs     []string
	doing    string // what it is at now, for a timeout's answer
	progDone int
	progTot  int
}

// wait lets n ticks pass. It returns false once the action has been
// stopped (replaced, interrupted, out of time): the action must then return
// at once, undoing only what needs no more ticks.
func (a *act) wait(n int) bool {
	if a.instant {
		return true
	}
	for i := 0; i < n; i++ {
		if a.stopped {
			return false
		}
		if !a.yield(struct{}{}) {
			a.stopped = true
			return false
		}
	}
	return !a.stopped
}

// logf adds a line to the action's log; the answer carries the last ones.
func (a *act) logf(format string, args ...any) {
	a.logs = append(a.logs, fmt.Sprintf(format, args...))
	if len(a.logs) > 40 {
		a.logs = append(a.logs[:0], a.logs[len(a.logs)-20:]...)
	}
}

// lastLog is the last eight lines of the log.
func (a *act) lastLog() []string {
	if len(a.logs) <= 8 {
		return append([]string(nil), a.logs...)
	}
	return append([]string(nil), a.logs[len(a.logs)-8:]...)
}

// progress reports how far the action has come.
func (a *act) progress(done, total int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	a.doing = msg
	a.progDone, a.progTot = done, total
	if a.j == nil || a.j.client == nil {
		return
	}
	a.w.hub.broadcast(protocol.Progress{ID: a.j.id, Action: a.j.action, Done: done, Total: total, Message: msg})
}

// job is one running action, a request or a reflex, held as a coroutine.
type job struct {
	id      string
	action  string
	client  *client // who asked; nil for a reflex
	reflex  string  // the reflex this job is, for a reflex
	about   about   // for a reflex: whom or what it is about
	started int64
	budget  int64 // ticks; 0 means none
	act     *act
	next    func() (struct{}, bool)
	stop    func()
	out     outcome
	over    bool
	// answered marks a job that has already sent its answer and goes on
	// (follow_player); ended then tells of its end instead of an answer.
	answered bool
	ended    func(reason string)
}

// answerNow sends the job's one answer while it goes on running.
func (a *act) answerNow(o outcome, ended func(reason string)) {
	j := a.j
	if j == nil || j.answered {
		return
	}
	j.answered = true
	j.ended = ended
	a.w.hands.answer(j.client, j.id, j.action, o, "", a.lastLog())
}

// hands are what she is doing: the action in her hands and the reflex
// that may have taken them, each a job, and the answers they send.
type hands struct {
	log    *slog.Logger
	hub    *hub
	job    *job
	reflex *job
}

// finish answers a job that is over, or tells of its end when it had
// answered already.
func (h *hands) finish(j *job, o outcome, reason string) {
	if j.answered {
		if j.ended != nil {
			why := reason
			if why == "" {
				why = o.message
			}
			j.ended(why)
		}
		return
	}
	h.answer(j.client, j.id, j.action, o, reason, j.act.lastLog())
}

// newJob makes run an action of w, ready to be put in her hands; the
// caller has already replaced what was running.
func newJob(w *World, c *client, id, action string, budgetSeconds float64, run func(a *act) outcome) *job {
	j := &job{id: id, action: action, client: c, started: w.tick, budget: int64(budgetSeconds * ticksPerSecond)}
	a := &act{w: w, j: j}
	j.act = a
	seq := func(yield func(struct{}) bool) {
		a.yield = yield
		j.out = run(a)
	}
	j.next, j.stop = iter.Pull(seq)
	return j
}

// advance runs the job until it next waits. It reports whether the job is
// over; a job that panics is over with FAILURE_EXCEPTION, and the world goes
// on.
func (h *hands) advance(j *job) (over bool) {
	defer func() {
		if p := recover(); p != nil {
			h.log.Error("practice: action panicked", slog.String("action", j.action), slog.String("panic", fmt.Sprint(p)))
			j.out = fail(protocol.FailException, "%s failed inside the practice world: %v", j.action, p)
			j.over = true
			over = true
		}
	}()
	if _, ok := j.next(); !ok {
		j.over = true
	}
	return j.over
}

// halt stops a job that is still running: its code sees wait return false,
// undoes what it must and returns.
func (h *hands) halt(j *job) {
	if j.over {
		return
	}
	j.act.stopped = true
	func() {
		defer func() {
			if p := recover(); p != nil {
				h.log.Error("practice: action panicked while stopping", slog.String("action", j.action), slog.String("panic", fmt.Sprint(p)))
			}
		}()
		j.stop()
	}()
	j.over = true
}

// interrupt stops the action in her hands, if any, and answers it
// INTERRUPTED with the reason.
func (h *hands) interrupt(reason string) *job {
	j := h.job
	if j == nil {
		return nil
	}
	h.job = nil
	h.halt(j)
	msg := "interrupted (" + reason + ")"
	if j.act.doing != "" {
		msg += " while " + j.act.doing
	}
	h.finish(j, outcome{result: protocol.Interrupted, message: msg}, reason)
	return j
}

// stepJob advances the action in her hands by one tick, enforces its
// budget and answers it when it ends.
func (h *hands) stepJob(now int64) {
	j := h.job
	if j == nil {
		return
	}
	if j.budget > 0 && now-j.started >= j.budget {
		h.job = nil
		h.halt(j)
		doing := j.act.doing
		if doing == "" {
			doing = "working"
		}
		h.finish(j, fail(protocol.FailTimeout,
			"%s ran out of its %d s budget while %s", j.action, j.budget/ticksPerSecond, doing), "")
		return
	}
	if h.advance(j) {
		if h.job == j {
			h.job = nil
		}
		h.finish(j, j.out, "")
	}
}

// answer sends the one answer a request gets, to the client that asked.
func (h *hands) answer(c *client, id, action string, o outcome, reason string, log []string) {
	if c == nil {
		return
	}
	a := protocol.Answer{
		Status: protocol.StatusFinished, ID: id, Action: action,
		Result: o.result, Message: o.message, Reason: reason, Log: log,
	}
	if o.data != nil {
		b, err := json.Marshal(o.data)
		if err != nil {
			h.log.Error("practice: answer data", slog.Any("error", err))
		} else {
			a.Data = b
		}
	}
	h.hub.send(c, a)
}

// reasonReflex is the INTERRUPTED reason of a reflex.
func reasonReflex(what string) string { return "reflex: " + strings.TrimSpace(what) }
