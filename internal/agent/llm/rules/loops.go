package rules

import (
	"encoding/json"

	"beaweb/internal/game"
)

// tries remembers every call of the routine that failed, by its tool and
// arguments, so that none is sent a third time in a row: a player who
// failed twice at the same thing in the same place tries something else.
// The count is kept per call, not per streak: a success of another call in
// between hides no loop. Only the call's own success forgets it.
type tries map[string]*attempt

// attempt is how often one call failed, and where and when it last did.
type attempt struct {
	fails int
	at    game.Pos
	tick  int64
}

// Limits of tries.
const (
	// triesInARow is how many times a call may fail before it is held back.
	triesInARow = 2
	// movedOn is how far she must have gone from where a call last failed
	// for it to get one more try there and then.
	movedOn = 8
	// movedOnFails is how many failures a walk elsewhere may retry; past
	// it only time does, so a call that fails everywhere is not sent after
	// every walk.
	movedOnFails = 6
	// backoffTicks is how long a call that failed twice is held back at
	// first: a game minute, doubled at each failure after, up to
	// backoffMax.
	backoffTicks = 1200
	backoffMax   = 8 * backoffTicks
)

// callKey names a call by its tool and arguments (JSON sorts the keys).
func callKey(tool string, args map[string]any) string {
	b, _ := json.Marshal(args)
	return tool + string(b)
}

// allowed reports whether the call may be sent from where she stands at
// tick: it has failed fewer than triesInARow times, or she has moved on
// since its last failure, or it has been held back long enough.
func (t tries) allowed(key string, at game.Pos, tick int64) bool {
	a := t[key]
	if a == nil || a.fails < triesInARow {
		return true
	}
	if a.fails < movedOnFails && at.Dist(a.at) >= movedOn {
		return true
	}
	wait := min(int64(backoffTicks)<<min(a.fails-triesInARow, 8), backoffMax)
	return tick-a.tick >= wait
}

// failed counts a failure of the call.
func (t tries) failed(key string, at game.Pos, tick int64) {
	a := t[key]
	if a == nil {
		a = &attempt{}
		t[key] = a
	}
	a.fails++
	a.at, a.tick = at, tick
}

// succeeded forgets the call's failures.
func (t tries) succeeded(key string) { delete(t, key) }

// walkHelps reports whether a walk elsewhere can let a held-back call
// through again: it has failed fewer than movedOnFails times.
func (t tries) walkHelps(key string) bool {
	a := t[key]
	return a == nil || a.fails < movedOnFails
}
