// Package bench is `beaweb bench`: it plays practice worlds headless with
// the brain beaweb runs and reports how she did, by seed (the way to iron
// and diamonds), by request (what players ask in plain words, also through
// the body on flying-squid) or by mindcraft's tasks. It runs beaweb itself
// through Beaweb, which cmd/beaweb hands in, so that what it measures is
// the very program a person runs.
package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
	"beaweb/internal/settings"
	"beaweb/internal/store"
)

// Beaweb reads beaweb's command line as beaweb reads it (her model as the
// flags and the environment say) into one beaweb ready to run, or says why
// the line is refused. cmd/beaweb hands it in.
type Beaweb func(args []string) (Instance, error)

// Instance is one beaweb read from its command line.
type Instance interface {
	// Provider is the model provider she thinks with.
	Provider() string
	// Serve runs beaweb with the bench's hooks until ctx ends.
	Serve(ctx context.Context, h Hooks) error
}

// Hooks are what the bench gives a run of beaweb besides its command line;
// every one may be left out.
type Hooks struct {
	Stderr io.Writer // beaweb's log
	// Lockstep is the clock the practice world and her mind keep step by
	// (see package lockstep); nil is the wall clock.
	Lockstep *lockstep.Clock
	// Watch hears each packet the practice world sends her.
	Watch func(protocol.Packet)
	// Practice are the practice world's options instead of the flags'.
	Practice *practice.Options
	// Blueprints, when set, is where her templates are read from
	// (blueprints/*.json) instead of beaweb's data.
	Blueprints fs.FS
	// Ready hears the dashboard's address once everything listens.
	Ready func(dashboard string)
	// Bill, when set, has her think with the bench's stand-in for a paid
	// model (a deterministic model that plays sensibly and bills each call
	// as a provider with a prompt cache would), and hears each call.
	Bill func(Call)
}

// benchSettings are what `beaweb bench` plays: the seeds, the world's
// speed and length, and the model she thinks with.
type benchSettings struct {
	Seeds    []int64
	Speed    float64
	Days     float64
	Peaceful bool
	JSON     bool
	Parallel int
	// Keep names a folder where each seed's database stays (seed-N.db,
	// replaced by the next run); "" removes them.
	Keep string
	// Requests, when above 0, plays the request bench instead
	// (requests.go) with that many timed requests.
	Requests int
	// Lines, when set, plays this table of player lines (who, lang, line,
	// intent, slots) end to end instead (lines*.go).
	Lines string
	// Body runs the request bench through the body on flying-squid on
	// loopback instead of the practice world.
	Body bool
	// Bill plays the seeds with the stand-in model and prints what her
	// model would cost (bill.go), at Prices; Talk, when above 0, has Alex
	// say a line to her every Talk game seconds.
	Bill   bool
	Talk   float64
	Prices billPrices
	// lockstepLog, when set (--lockstep-debug), hears each seed's lockstep
	// clock under lockstep.Debug: a stall or a stray give-back is logged
	// at once, with the holders of the tokens out.
	lockstepLog io.Writer
	// model are beaweb's own model flags as given (--model-provider,
	// --model-url, --model); with the BEA_* variables beaweb reads they
	// choose her model exactly as they do for beaweb.
	model  []string
	beaweb Beaweb
}

// maxSpeed is the practice world's fastest clock: with the world keeping
// step with her mind, as fast as the machine goes.
const maxSpeed = 10000

// ticksPerDay is a game day in ticks; ticksPerMinute a game minute.
const (
	ticksPerDay    = game.DayTicks
	ticksPerMinute = 1200
)

const benchUsage = `usage: beaweb bench [--seeds 1-10] [--speed 10000] [--days 2] [--peaceful] [--parallel N] [--json]
                    [--keep DIR] [--model-provider P] [--model-url URL] [--model NAME]
       beaweb bench --bill [--talk SECONDS] [--price-in 3] [--price-cached 0.3] [--price-out 15] [--seeds …]
       beaweb bench --requests 50 [--body]
       beaweb bench --lines testdata/requests/bench.tsv
       beaweb bench --tasks FILE.json [--task ID]... [--parallel N] [--json]   (mindcraft's tasks; see the README)

Plays the practice world headless for each seed with the brain beaweb runs
(the rules autopilot unless a model is configured: the flags above or
BEA_MODEL_PROVIDER, BEA_MODEL_URL, BEA_MODEL, BEA_API_KEY) and prints, per
seed, the game minutes to her first log, crafting table, wooden and stone
pickaxes, furnace, iron ingot, iron pickaxe, diamond and diamond pickaxe,
her deaths, actions and failures, the failure she met most, and her model's calls and tokens.

Each seed gets a world, a brain and a database of its own. The world and
her mind keep step: the world runs a tick only once her mind has taken in
the last one and has nothing left to do but wait for the game, and her
timers count the world's ticks. So a seed plays the same whatever the
machine's load, one seed at a time or several (--parallel), and --speed is
only the fastest the world may run (at most 10000).

With --bill, she thinks with a stand-in for a paid model instead: a
deterministic model that plays as a sensible model would and bills each
call as a provider with a prompt cache does (from the size of what it is
sent). The world is the seed's, where Alex passes by and says a few lines
as she sets out; with --talk he says a line to her every --talk game
seconds, all along. After the table comes the bill: model calls per game
hour, tokens per call, the share read from the cache and the cost of a game
hour at the prices given (a Sonnet-class model's by default), per seed and
by what caused the calls.

With --requests N, Alex, a player of the practice world, asks her for
things in plain words instead: once through the request table, in step,
for the rows she serves end to end, then N requests three seconds apart at
the game's own speed, for the time to her answer and to her first move.
With --body as well, the same through the body (Node.js 22) on flying-squid
on loopback, in real time, with Alex a scripted player of that server.

With --lines FILE, a table of player lines (who, lang, line, intent,
slots; testdata/requests/README.md) is played in order in the practice
world, in step: Alex and Steve say their rows in the game chat, the
dashboard's rows go through its talk box. Each row waits for the one
before to be judged, and a player's lines are 11 game seconds apart at
least, so her per-player pace is never what is measured. A row is served
by its outcome: she came near, the asker's inventory took the item, the
place was saved, the building stands, the question got an answer about
it. The bench prints each row, the share served per category and overall,
and the time to her first answer (median, 95th percentile, most).
`

// Run is `beaweb bench` with args, played with beaweb: it plays every
// seed, prints a progress line to stderr as each ends, then the table (or
// JSON) to stdout. Its exit code is 1 when a seed could not be played at
// all, 2 for a command line it refuses.
func Run(ctx context.Context, args []string, beaweb Beaweb, stdout, stderr io.Writer) int {
	if hasTasks(args) {
		return runTasks(ctx, args, beaweb, stdout, stderr)
	}
	s, err := parseBench(args, beaweb, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
		return 2
	}
	if s.Lines != "" {
		if err := linesBench(ctx, s, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
			return 1
		}
		return 0
	}
	if s.Requests > 0 {
		if err := requestBench(ctx, s, s.Requests, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
			return 1
		}
		return 0
	}
	results := playSeeds(ctx, s, func(r seedResult) {
		fmt.Fprintln(stderr, r.progress())
	})
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(stderr, "beaweb bench: stopped before every seed was played")
		return 1
	}
	switch {
	case s.JSON:
		err = writeBenchJSON(stdout, s, results)
	case s.Bill:
		if err = writeBenchTable(stdout, s, results); err == nil {
			err = writeBill(stdout, s, results)
		}
	default:
		err = writeBenchTable(stdout, s, results)
	}
	if err != nil {
		fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
		return 1
	}
	for _, r := range results {
		if r.Error != "" {
			return 1
		}
	}
	return 0
}

// modelFlags are beaweb's flags that bench passes on as they are.
var modelFlags = []string{"model-provider", "model-url", "model"}

// parseBench reads bench's flags. The model flags are beaweb's own, checked
// by the settings they set.
func parseBench(args []string, beaweb Beaweb, stderr io.Writer) (benchSettings, error) {
	s := benchSettings{Speed: maxSpeed, Days: 2, Parallel: 1, beaweb: beaweb}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, benchUsage+"\nflags:\n")
		fs.PrintDefaults()
	}
	seeds := fs.String("seeds", "1-10", "the seeds to play: 1-10, or a list such as 1,3,5-7")
	fs.Float64Var(&s.Speed, "speed", s.Speed, "the fastest the practice world may run: 1 is 20 ticks a second; the default is as fast as her mind keeps up")
	fs.Float64Var(&s.Days, "days", s.Days, "game days to play each seed (20 game minutes each)")
	fs.BoolVar(&s.Peaceful, "peaceful", false, "practice world without monsters")
	fs.IntVar(&s.Parallel, "parallel", s.Parallel, "seeds, or tasks, played at once")
	fs.BoolVar(&s.JSON, "json", false, "print JSON instead of a table")
	fs.StringVar(&s.Keep, "keep", "", "keep each seed's database as seed-N.db in this folder, for a look at her history")
	fs.IntVar(&s.Requests, "requests", 0, "instead: a player asks her for things in plain words; once through the request table, then this many timed requests")
	fs.StringVar(&s.Lines, "lines", "", "instead: play this table of player lines (testdata/requests/bench.tsv) end to end in the practice world, with Alex, Steve and the dashboard's talk box, and print the share served per category and the time to her answer")
	debug := fs.Bool("lockstep-debug", false, "log each lockstep stall, and each token given back that its holder did not hold, at once with the holders of the tokens out (to stderr)")
	fs.BoolVar(&s.Body, "body", false, "with --requests: through the body on flying-squid on loopback (needs Node.js 22) instead of the practice world")
	s.Prices = sonnetPrices
	fs.BoolVar(&s.Bill, "bill", false, "she thinks with a stand-in model that plays sensibly, and the bench prints what her model would cost")
	fs.Float64Var(&s.Talk, "talk", 0, "with --bill: Alex says a line to her every this many game seconds; 0: nobody talks")
	fs.Float64Var(&s.Prices.In, "price-in", s.Prices.In, "with --bill: the price of a million input tokens")
	fs.Float64Var(&s.Prices.Cached, "price-cached", s.Prices.Cached, "with --bill: the price of a million input tokens read from the cache")
	fs.Float64Var(&s.Prices.Out, "price-out", s.Prices.Out, "with --bill: the price of a million output tokens")
	own := flag.NewFlagSet("beaweb", flag.ContinueOnError)
	var given settings.Settings
	given.AddFlags(own)
	for _, name := range modelFlags {
		f := own.Lookup(name)
		fs.Func(name, f.Usage, func(v string) error {
			s.model = append(s.model, "--"+name, v)
			return nil
		})
	}
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	if fs.NArg() > 0 {
		return s, fmt.Errorf("unexpected argument %q; the seeds go in --seeds", fs.Arg(0))
	}
	if *debug {
		s.lockstepLog = stderr
	}
	var err error
	if s.Seeds, err = parseSeeds(*seeds); err != nil {
		return s, err
	}
	switch {
	case s.Speed <= 0:
		return s, fmt.Errorf("--speed %g: the clock's speed must be above 0", s.Speed)
	case s.Days <= 0:
		return s, fmt.Errorf("--days %g: she must play for some time", s.Days)
	case s.Parallel < 1:
		return s, fmt.Errorf("--parallel %d: at least one seed must be played at a time", s.Parallel)
	case s.Lines != "" && (s.Requests > 0 || s.Bill):
		return s, errors.New("--lines plays a table of player lines: it goes with neither --requests nor --bill")
	case s.Body && s.Requests <= 0:
		return s, errors.New("--body runs the request bench through the body: give it with --requests N")
	case s.Bill && (s.Requests > 0 || len(s.model) > 0):
		return s, errors.New("--bill plays the seeds with the bench's stand-in model: it goes with neither --requests nor a model of your own")
	case !s.Bill && (s.Talk != 0 || s.Prices != sonnetPrices):
		return s, errors.New("--talk and the prices go with --bill")
	case s.Talk < 0:
		return s, fmt.Errorf("--talk %g: give the seconds between Alex's lines, or 0 for nobody talking", s.Talk)
	case s.Prices.In < 0 || s.Prices.Cached < 0 || s.Prices.Out < 0:
		return s, errors.New("--price-in, --price-cached and --price-out are prices: none is below 0")
	}
	_, err = s.instance(s.Seeds[0], "bench.db")
	return s, err
}

// lockstepOptions are the options of seed's clock: Debug under
// --lockstep-debug.
func (s benchSettings) lockstepOptions(seed int64) []lockstep.Option {
	if s.lockstepLog == nil {
		return nil
	}
	log := slog.New(slog.NewTextHandler(s.lockstepLog, nil)).With(slog.Int64("seed", seed))
	return []lockstep.Option{lockstep.Debug(log)}
}

// maxSeeds bounds a seed list, so a typo such as 1-1000000 is refused
// rather than played for a month.
const maxSeeds = 1000

// parseSeeds reads "1-10" or "1,3,5-7" into seeds in the order given; a
// seed named twice is played once.
func parseSeeds(text string) ([]int64, error) {
	var out []int64
	seen := map[int64]bool{}
	for part := range strings.SplitSeq(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("--seeds %q: an empty entry; write seeds as 1-10 or 1,3,5-7", text)
		}
		from, to := part, part
		if i := strings.Index(part[1:], "-"); i >= 0 { // a leading minus is a negative seed
			from, to = part[:i+1], part[i+2:]
		}
		lo, err1 := strconv.ParseInt(strings.TrimSpace(from), 10, 64)
		hi, err2 := strconv.ParseInt(strings.TrimSpace(to), 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("--seeds %q: %q is not a seed or a range of seeds such as 5-7", text, part)
		}
		if hi < lo {
			return nil, fmt.Errorf("--seeds %q: the range %q runs backwards", text, part)
		}
		if hi-lo >= maxSeeds || len(out)+int(hi-lo) >= maxSeeds {
			return nil, fmt.Errorf("--seeds %q: more than %d seeds", text, maxSeeds)
		}
		for seed := lo; seed <= hi; seed++ {
			if !seen[seed] {
				seen[seed] = true
				out = append(out, seed)
			}
		}
	}
	return out, nil
}

// instance is the beaweb that plays one seed: the practice world on a
// free loopback port, the dashboard likewise, the database db, and her
// model as the flags and the environment say. It is read from the command
// line beaweb would be given, so it is checked as beaweb's is.
func (s benchSettings) instance(seed int64, db string) (Instance, error) {
	args := []string{"--practice", "--addr", "127.0.0.1:0", "--practice-addr", "127.0.0.1:0", "--db", db,
		"--seed", strconv.FormatInt(seed, 10), "--speed", strconv.FormatFloat(s.Speed, 'g', -1, 64)}
	if s.Peaceful {
		args = append(args, "--peaceful")
	}
	return s.beaweb(append(args, s.model...))
}

// playSeeds plays every seed, Parallel at a time, and returns the results
// in the order of the seeds, however they finished. done hears each result
// as it comes, from one goroutine at a time.
func playSeeds(ctx context.Context, s benchSettings, done func(seedResult)) []seedResult {
	results := make([]seedResult, len(s.Seeds))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range min(s.Parallel, len(s.Seeds)) {
		wg.Go(func() {
			for i := range next {
				r := playSeed(ctx, s, s.Seeds[i])
				results[i] = r
				mu.Lock()
				done(r)
				mu.Unlock()
			}
		})
	}
	for i := range s.Seeds {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// playSeed runs beaweb on one seed's practice world until the days are
// played, watching the world as a second client, then tallies her history.
func playSeed(ctx context.Context, s benchSettings, seed int64) (r seedResult) {
	r.Seed = seed
	started := time.Now()
	defer func() { r.Wall = time.Since(started).Round(time.Second) }()
	path, err := s.database(seed)
	if err != nil {
		r.Error = fmt.Sprintf("no room for her database: %v", err)
		return r
	}
	if s.Keep == "" {
		defer os.RemoveAll(filepath.Dir(path))
	}
	b, err := s.instance(seed, path)
	if err != nil {
		r.Error = err.Error()
		return r
	}

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	served := make(chan error, 1)
	logs := &tailWriter{max: 4 << 10}
	// The world and her mind keep step (package lockstep): the world runs a
	// tick only once her mind has taken in the last, and her clock is the
	// world's, so the seed plays the same however loaded the machine is.
	clock := lockstep.New(started, s.lockstepOptions(seed)...)
	obs := newObservation(int64(s.Days * ticksPerDay))
	hooks := Hooks{Stderr: logs, Lockstep: clock, Watch: func(p protocol.Packet) {
		if obs.note(p) {
			clock.Release() // her way out stops her hands without a token
			stop()
		}
	}}
	var bill billTally
	if s.Bill {
		hooks.Bill, hooks.Practice = bill.note, s.billOptions(seed)
	}
	go func() { served <- b.Serve(runCtx, hooks) }()
	err = <-served
	switch {
	case err == nil && ctx.Err() == nil && !obs.over():
		err = fmt.Errorf("beaweb stopped after %.1f game minutes", minutes(obs.ticks))
	case err != nil:
		err = fmt.Errorf("beaweb stopped: %w", err)
	}
	if err != nil {
		r.Error = fmt.Sprintf("%v (last log lines: %s)", err, strings.TrimSpace(logs.String()))
		return r
	}
	r.fill(obs)
	r.Stalls, r.Overdrawn = clock.Stalls()
	if s.Bill {
		r.Bill = bill.result()
	}

	db, err := store.Open(ctx, path, nil)
	if err != nil {
		r.Error = fmt.Sprintf("her history could not be read: %v", err)
		return r
	}
	defer db.Close()
	t, err := db.Tally(ctx)
	if err != nil {
		r.Error = fmt.Sprintf("her history could not be read: %v", err)
		return r
	}
	r.Actions, r.Failures, r.TopFailure, r.TopFailureCount = t.Actions, t.Failures, t.TopFailure, t.TopFailureCount
	r.Turns, r.ModelCalls, r.TokensIn, r.TokensCached, r.TokensOut = t.Turns, t.ModelCalls, t.TokensIn, t.TokensCached, t.TokensOut
	return r
}

// database is where a seed's database goes: seed-N.db in the folder
// --keep names, where it stays for a look at her history, else a file in a
// temporary folder of its own that playSeed removes.
func (s benchSettings) database(seed int64) (string, error) {
	return s.databaseNamed(fmt.Sprintf("seed-%d.db", seed))
}

// databaseNamed is database for a file name of the caller's.
func (s benchSettings) databaseNamed(name string) (string, error) {
	if s.Keep == "" {
		dir, err := os.MkdirTemp("", "beaweb-bench-")
		return filepath.Join(dir, "bench.db"), err
	}
	path := filepath.Join(s.Keep, name)
	if err := os.MkdirAll(s.Keep, 0o755); err != nil {
		return "", err
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return path, nil
}

// tailWriter keeps the last max bytes written to it, for the log lines of a
// seed that went wrong.
type tailWriter struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if over := len(w.buf) - w.max; over > 0 {
		w.buf = append(w.buf[:0], w.buf[over:]...)
	}
	return len(p), nil
}

func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}
