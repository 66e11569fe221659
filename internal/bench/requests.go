package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
)

// probe is one line of the request table as a player asks it, and how the
// bench tells she served it: by what she said and did after it, until the
// next line.
type probe struct {
	row    string // the row of the request table it tries
	line   string
	window float64 // game seconds until the next line
	moves  bool    // she must move for it
	served func(w *requestWatch, from, to int64) bool
}

// probes go through the request table once, in an order that lets each
// build on the one before (a place remembered before she goes there).
func probes() []probe {
	says := func(words ...string) func(w *requestWatch, from, to int64) bool {
		return func(w *requestWatch, from, to int64) bool {
			said := strings.Join(w.said(from, to, "Bea"), "\n")
			for _, s := range words {
				if strings.Contains(said, s) {
					return true
				}
			}
			return false
		}
	}
	thanked := func(w *requestWatch, from, to int64) bool {
		if w.handoverUnseen {
			return says("There you go!")(w, from, to)
		}
		return slices.ContainsFunc(w.said(from, to, "Alex"), func(s string) bool { return strings.HasPrefix(s, "thanks for the") })
	}
	return []probe{
		{row: "help", line: "Bea, what can you do?", window: 20, served: says("You can ask me")},
		{row: "remember", line: "Bea, remember this place as home", window: 20, served: says("I'll remember this spot as home")},
		{row: "come", line: "Bea, come here", window: 30, moves: true, served: func(w *requestWatch, from, to int64) bool {
			return says("Here I am!")(w, from, to) && w.closest(from, to, "Alex") <= 6
		}},
		{row: "what do you have / how many", line: "bea what do you have?", window: 15, served: says("I have")},
		{row: "give", line: "Bea, give me 2 planks please", window: 30, moves: true, served: thanked},
		{row: "stop", line: "bea stop", window: 30, served: func(w *requestWatch, from, to int64) bool {
			return says("stay right here")(w, from, to) && w.moved(from+40, to) <= 1.5
		}},
		{row: "where are you", line: "where are you Bea?", window: 15, served: says("I'm at ")},
		{row: "what are you doing / why", line: "Bea, what are you doing?", window: 15, served: says("I'm ", "Nothing in my hands")},
		{row: "follow", line: "follow me bea", window: 30, moves: true, served: says("Following you")},
		{row: "stop", line: "Bea wait here", window: 20, served: says("stay right here")},
		{row: "craft", line: "Bea, craft 4 sticks", window: 40, served: says("Done: I have")},
		{row: "bring", line: "bea bring me 4 sticks", window: 60, moves: true, served: thanked},
		{row: "what do you have / how many", line: "bea how many sticks do you have", window: 15, served: says("I have", "I don't have any")},
		{row: "go to / go home", line: "Bea, go home", window: 60, moves: true, served: says("Here we are.")},
		{row: "come", line: "Bea come to Alex", window: 60, moves: true, served: says("Here I am!")},
		{row: "what are you doing / why", line: "bea why?", window: 15, served: says("Because", "I'm ")},
		// A shelter is served whole: "I built most of it" is not served.
		// She gathers its kit first, dirt and a door and the furnishings she
		// can make, which takes a while.
		{row: "build", line: "Bea, build a shelter", window: 600, moves: true, served: says("it's built")},
	}
}

// requestWatch is what the bench's second player saw and heard: the chat,
// her position and the players' by state tick, each stamped with the wall
// clock. It takes packets from the world's goroutine and is read once the
// run is over, or under its lock.
type requestWatch struct {
	mu      sync.Mutex
	tick    int64
	lines   []watchedLine
	her     map[int64]game.Vec3
	players map[int64][]protocol.NearPlayer
	stamps  map[int64]time.Time // when each state tick went out
	// handoverUnseen: the server drops what she throws to a player
	// (flying-squid), so her "There you go!", said once her give_item
	// succeeded, stands in for his thanks.
	handoverUnseen bool
}

type watchedLine struct {
	tick     int64
	at       time.Time
	name, ok string
}

func newRequestWatch() *requestWatch {
	return &requestWatch{her: map[int64]game.Vec3{}, players: map[int64][]protocol.NearPlayer{}, stamps: map[int64]time.Time{}}
}

func (w *requestWatch) note(p protocol.Packet) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	switch p := p.(type) {
	case protocol.State:
		w.tick = p.Tick
		w.her[p.Tick] = p.Player.Position
		w.players[p.Tick] = p.Players
		w.stamps[p.Tick] = now
	case protocol.Chat:
		w.lines = append(w.lines, watchedLine{tick: w.tick, at: now, name: p.Name, ok: p.Message})
	}
}

func (w *requestWatch) now() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.tick
}

// said is what name said in the game chat between two ticks.
func (w *requestWatch) said(from, to int64, name string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, l := range w.lines {
		if l.tick >= from && l.tick < to && l.name == name {
			out = append(out, l.ok)
		}
	}
	return out
}

// closest is how near she came to the named player between two ticks.
func (w *requestWatch) closest(from, to int64, name string) float64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	best := 1e9
	for tick := from; tick < to; tick++ {
		for _, p := range w.players[tick] {
			if p.Name == name {
				best = min(best, p.Distance)
			}
		}
	}
	return best
}

// moved is the farthest she stood from where she stood first between two
// ticks.
func (w *requestWatch) moved(from, to int64) float64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	var first *game.Vec3
	far := 0.0
	for tick := from; tick < to; tick++ {
		if p, ok := w.her[tick]; ok {
			if first == nil {
				first = &p
			}
			far = max(far, p.Dist(*first))
		}
	}
	return far
}

// latency is, for the line said at or after tick from by name, how long
// (wall time) until her first line after it, and until the first state
// showing her moved, if she did before to.
func (w *requestWatch) latency(from, to int64, line string) (answer, move time.Duration, ok, moved bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	// A line carries the tick of the last state before it, up to 10 ticks
	// before it was said.
	i := slices.IndexFunc(w.lines, func(l watchedLine) bool { return l.tick >= from-10 && l.name == "Alex" && l.ok == line })
	if i < 0 {
		return 0, 0, false, false
	}
	asked := w.lines[i]
	for _, l := range w.lines[i+1:] {
		if l.name == "Bea" {
			answer, ok = l.at.Sub(asked.at), true
			break
		}
	}
	var start *game.Vec3
	for tick := asked.tick; tick < to; tick++ {
		p, seen := w.her[tick]
		if !seen {
			continue
		}
		if start == nil {
			start = &p
			continue
		}
		if p.Dist(*start) > 0.3 {
			return answer, w.stamps[tick].Sub(asked.at), ok, true
		}
	}
	return answer, 0, ok, false
}

// requestBench is `beaweb bench --requests`: Alex, a scripted player of
// the practice world, asks her for things in plain words, with the brain
// beaweb runs (the rules autopilot unless a model is configured). Two runs:
// in lockstep, once through the request table with time for each, for the
// share she serves end to end; and at the game's own speed (real time),
// n requests three seconds apart, for the time to her answer and her first
// move. With s.Body, the same through the body on flying-squid
// (requests_body.go).
func requestBench(ctx context.Context, s benchSettings, n int, stdout, stderr io.Writer) error {
	if s.Body {
		return requestBenchBody(ctx, s, n, stdout, stderr)
	}
	ps := probes()
	var at float64 = 20
	var script []practice.Timed
	spans := make([]span, len(ps))
	for i, p := range ps {
		spans[i] = span{int64(at * 20), int64((at + p.window) * 20)}
		script = append(script, practice.Timed{At: at, Line: p.line})
		at += p.window
	}
	w, err := playRequests(ctx, s, script, at, true)
	if err != nil {
		return err
	}
	printServed(stdout, ps, w, spans)

	script = nil
	asked := make([]askedLine, n)
	for i := range n {
		at := 10 + 3*float64(i)
		script = append(script, practice.Timed{At: at, Line: ps[i%len(ps)].line})
		asked[i] = askedLine{span{int64(at * 20), int64((at + 3) * 20)}, ps[i%len(ps)].line, ps[i%len(ps)].moves}
	}
	w, err = playRequests(ctx, s, script, 10+3*float64(n)+3, false)
	if err != nil {
		return err
	}
	printLatency(stdout, w, asked, "at the game's own speed")
	return nil
}

// span is the ticks from a line said to the next.
type span struct{ from, to int64 }

// askedLine is one line of the timed run: when it was said, until the
// next, and whether it moves her.
type askedLine struct {
	span
	line  string
	moves bool
}

// printServed prints, for each probe said in its span, whether she served
// it and what she said, then the rows of the request table she served end
// to end: a row is served when every line that tries it is.
func printServed(stdout io.Writer, ps []probe, w *requestWatch, spans []span) {
	rowOK := map[string]bool{}
	fmt.Fprintf(stdout, "%-32s %-38s %-7s %s\n", "row", "line", "served", "what she said")
	for i, p := range ps {
		from, to := spans[i].from, spans[i].to
		ok := p.served(w, from, to)
		fmt.Fprintf(stdout, "%-32s %-38q %-7v %s\n", p.row, p.line, ok, strings.Join(w.said(from, to, "Bea"), " / "))
		if was, seen := rowOK[p.row]; seen {
			ok = ok && was
		}
		rowOK[p.row] = ok
	}
	served := 0
	for _, ok := range rowOK {
		if ok {
			served++
		}
	}
	fmt.Fprintf(stdout, "served end to end: %d of %d rows of the request table\n\n", served, len(rowOK))
}

// printLatency prints the time from each asked line to her answer and to
// her first move (for the lines that move her), median and worst.
func printLatency(stdout io.Writer, w *requestWatch, asked []askedLine, how string) {
	var answers, moves []time.Duration
	for _, l := range asked {
		a, m, ok, moved := w.latency(l.from, l.to, l.line)
		if ok {
			answers = append(answers, a)
		}
		if moved && l.moves {
			moves = append(moves, m)
		}
	}
	fmt.Fprintf(stdout, "%d requests, 3 s apart, %s:\n", len(asked), how)
	fmt.Fprintf(stdout, "  answered %d; time to her answer: median %s, worst %s\n", len(answers), median(answers), worst(answers))
	fmt.Fprintf(stdout, "  moved for %d of the requests that move her; time to her first move: median %s, worst %s\n", len(moves), median(moves), worst(moves))
}

// playRequests plays seed 1 of the practice world, peaceful, with Alex
// saying the script, until the game second until; in lockstep when fast.
func playRequests(ctx context.Context, s benchSettings, script []practice.Timed, until float64, fast bool) (*requestWatch, error) {
	speed := 1.0
	if fast {
		speed = maxSpeed
	}
	s.Speed, s.Peaceful = speed, true
	path, err := s.database(1)
	if err != nil {
		return nil, err
	}
	if s.Keep == "" {
		defer os.RemoveAll(filepath.Dir(path))
	}
	b, err := s.instance(1, path)
	if err != nil {
		return nil, err
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	w := newRequestWatch()
	var clock *lockstep.Clock
	if fast {
		clock = lockstep.New(time.Now())
	}
	alex := practice.PlayerScript{Name: "Alex", Offset: game.Pos{X: 6, Z: 4}, Requests: script}
	end := int64(until * 20)
	logs := &tailWriter{max: 4 << 10}
	err = b.Serve(runCtx, Hooks{Stderr: logs, Lockstep: clock,
		Practice: &practice.Options{Seed: 1, Speed: speed, Peaceful: true, Players: []practice.PlayerScript{alex}},
		Watch: func(p protocol.Packet) {
			w.note(p)
			if w.now() >= end {
				clock.Release()
				stop()
			}
		}})
	if err != nil {
		return nil, fmt.Errorf("beaweb stopped: %w (last log lines: %s)", err, strings.TrimSpace(logs.String()))
	}
	if w.now() < end {
		return nil, fmt.Errorf("beaweb stopped after %d game seconds (last log lines: %s)", w.now()/20, strings.TrimSpace(logs.String()))
	}
	return w, nil
}

func median(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Millisecond).String()
}

func worst(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	return slices.Max(ds).Round(time.Millisecond).String()
}
