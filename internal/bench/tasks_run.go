package bench

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"beaweb/data"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/practice"
	"beaweb/internal/store"
)

// taskResult is one task's row of `beaweb bench --tasks`.
type taskResult struct {
	Task        string         `json:"task"`
	Type        string         `json:"type"`
	Status      string         `json:"status"` // done, not done, not doable, not played, error
	Success     bool           `json:"success"`
	Score       float64        `json:"score"`
	GameSeconds float64        `json:"game_seconds"`
	Actions     int            `json:"actions"`
	ModelCalls  int            `json:"model_calls"`
	TokensIn    int            `json:"tokens_in"`
	TokensOut   int            `json:"tokens_out"`
	Agents      int            `json:"agents"`
	Kit         map[string]int `json:"kit"`
	Note        string         `json:"note,omitempty"`
}

// taskStatus values.
const (
	statusDone      = "done"
	statusNotDone   = "not done"
	statusUndoable  = "not doable"
	statusNotPlayed = "not played"
	statusError     = "error"
)

// goalHold names the token that holds the world at her first state until
// a task's goal has been put to her mind (lockstep.Debug lists it).
const goalHold = "task goal"

// taskFlags are the flags --tasks adds to bench.
type taskFlags struct {
	file string
	ids  []string
}

// hasTasks reports whether bench's command line asks for tasks.
func hasTasks(args []string) bool {
	for _, a := range args {
		if a == "--tasks" || a == "-tasks" || strings.HasPrefix(a, "--tasks=") || strings.HasPrefix(a, "-tasks=") {
			return true
		}
	}
	return false
}

// runTasks is `beaweb bench --tasks FILE [--task ID]… [--json]`.
func runTasks(ctx context.Context, args []string, beaweb Beaweb, stdout, stderr io.Writer) int {
	var tf taskFlags
	rest := args[:0:0]
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "tasks" || name == "task") {
			if !hasVal {
				if i+1 >= len(args) {
					fmt.Fprintf(stderr, "beaweb bench: --%s needs a value\n", name)
					return 2
				}
				i++
				val = args[i]
			}
			if name == "tasks" {
				tf.file = val
			} else {
				tf.ids = append(tf.ids, val)
			}
			continue
		}
		rest = append(rest, a)
	}
	s, err := parseBench(rest, beaweb, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
		return 2
	}
	tasks, err := readTasks(tf.file, tf.ids)
	if err != nil {
		fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
		return 2
	}
	book, err := taskBook(data.FS, practice.MCVersion)
	if err != nil {
		fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
		return 1
	}
	for i := range tasks {
		tasks[i].checkDoable(book)
	}
	results := playTasks(ctx, s, tasks, stderr)
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "beaweb bench: stopped before every task was played")
		return 1
	}
	if s.JSON {
		err = writeTasksJSON(stdout, results)
	} else {
		err = writeTasksTable(stdout, results)
	}
	if err != nil {
		fmt.Fprintf(stderr, "beaweb bench: %v\n", err)
		return 1
	}
	return 0
}

// playTasks plays the tasks, --parallel at a time, each in a world of its
// own, and returns their results in the file's order; a line on stderr
// says each as it ends.
func playTasks(ctx context.Context, s benchSettings, tasks []benchTask, stderr io.Writer) []taskResult {
	results := make([]taskResult, len(tasks))
	slots := make(chan struct{}, max(s.Parallel, 1))
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range tasks {
		if ctx.Err() != nil {
			break
		}
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			r := playTask(ctx, s, tasks[i])
			results[i] = r
			mu.Lock()
			fmt.Fprintf(stderr, "task %s: %s (%s)\n", r.Task, r.Status, kitSentence(r))
			mu.Unlock()
		})
	}
	wg.Wait()
	return results
}

// kitSentence says that her kit pools the team's inventories.
func kitSentence(r taskResult) string {
	if r.Agents > 1 {
		return fmt.Sprintf("her kit is the %d agents' inventories pooled: %s", r.Agents, missingList(r.Kit))
	}
	if len(r.Kit) == 0 {
		return "she starts with nothing"
	}
	return "her kit: " + missingList(r.Kit)
}

// playTask plays one task in a quiet, peaceful practice world with her
// kit, tells her the goal through the dashboard's talk box, and ends on
// success or at the task's timeout in game seconds.
func playTask(ctx context.Context, s benchSettings, t benchTask) (r taskResult) {
	r = taskResult{Task: t.ID, Type: t.Type, Agents: t.Agents, Kit: t.Kit, Note: t.Short}
	if t.Undoable != "" {
		r.Status, r.Note = statusUndoable, t.Undoable
		return r
	}
	if n := t.Blueprint.cells(); n > blueprint.MaxTemplateCells {
		r.Status, r.Note = statusNotPlayed, fmt.Sprintf("its blueprint has %d cells, air included; a template holds at most %d", n, blueprint.MaxTemplateCells)
		return r
	}
	path, err := s.databaseNamed(t.templateName() + ".db")
	if err != nil {
		r.Status, r.Note = statusError, fmt.Sprintf("no room for her database: %v", err)
		return r
	}
	if s.Keep == "" {
		defer removeDir(path)
	}
	b, err := s.instance(1, path)
	var blueprints fs.FS
	if err == nil && t.Blueprint != nil {
		blueprints, err = blueprintsWith(filepath.Join(filepath.Dir(path), "task-"+t.templateName()), &t)
	}
	if err != nil {
		r.Status, r.Note = statusError, err.Error()
		return r
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	clock := lockstep.New(time.Now())
	// The world is held at her first state until the goal is put to her
	// mind: she takes it in with her first look, as mindcraft's agents are
	// given theirs at the start, and the world does not run on while the
	// dashboard takes the goal, however long the machine takes for it.
	release := sync.OnceFunc(func() { clock.Give(goalHold, 1) })
	j := &judge{task: &t, until: int64(t.Timeout * 20), first: make(chan struct{}), hold: func() { clock.Pay(goalHold, 1) },
		next: make(chan string, len(t.Goals))}
	j.end = func() { clock.Release(); stop() }
	opts := t.worldFor(s.Speed, func(read func(game.Pos) string) { j.blockAt = read })
	logs := &tailWriter{max: 4 << 10}
	served := make(chan error, 1)
	ready := make(chan string, 1)
	go func() {
		served <- b.Serve(runCtx, Hooks{Stderr: logs, Lockstep: clock, Watch: j.watch, Practice: &opts, Blueprints: blueprints,
			Ready: func(dashboard string) { ready <- dashboard }})
	}()
	err, told := tellGoals(runCtx, &t, j, ready, served, release, func() { clock.Give(goalHold, 1) })
	if told != nil && runCtx.Err() == nil {
		stop()
		if err == nil {
			err = <-served
		}
	}
	if err != nil || told != nil {
		r.Status, r.Note = statusError, fmt.Sprintf("%v (last log lines: %s)", errors.Join(err, told), strings.TrimSpace(logs.String()))
		return r
	}
	r.GameSeconds, r.Success, r.Score = float64(j.ticks)/20, j.done, j.score
	r.Status = statusNotDone
	if j.done {
		r.Status = statusDone
	}
	tallyTask(ctx, path, &r)
	return r
}

// judge watches the world's packets for one task: her inventory for a
// crafting task, the blueprint's cells for a construction task (once a
// game second), and ends the run on success or at the timeout. It runs
// on the world's goroutine; its results are read once the world is done.
type judge struct {
	task    *benchTask
	until   int64
	blockAt func(game.Pos) string
	first   chan struct{} // closed at her first state
	hold    func()        // called at her first state, before first closes
	end     func()
	seen    bool
	ticks   int64
	done    bool
	score   float64
	scored  int64
	// over is set at the timeout: the world winds down after it, and
	// what she does then counts for nothing.
	over bool
	// told is the index of the goal she was told last; next carries the
	// line of the next one to tell her (buffered for all of them).
	told int
	next chan string
}

func (j *judge) watch(p protocol.Packet) {
	st, ok := p.(protocol.State)
	if !ok || j.done || j.over {
		return
	}
	if !j.seen {
		j.seen = true
		if j.hold != nil {
			j.hold()
		}
		close(j.first)
	}
	j.ticks = st.Tick
	switch {
	case j.task.Blueprint != nil:
		if j.blockAt != nil && (j.ticks-j.scored >= 20 || j.ticks >= j.until) {
			j.scored = j.ticks
			j.score, j.done = j.task.Blueprint.score(j.blockAt)
		}
	default:
		j.checkGoals(st)
	}
	if j.done || j.ticks >= j.until {
		j.over = true
		j.end()
	}
}

// tellGoals puts the task's goals to her through the dashboard once the
// world is ready and has held at her first state, the first at once and
// each next one as the judge sends it (release lets the world on after
// the first, once however often it is called; again after each next). It returns the world's end, once it came, and why a goal could
// not be told; a run stopped before the end returns neither, and the
// caller waits for the world.
func tellGoals(ctx context.Context, t *benchTask, j *judge, ready <-chan string, served <-chan error, release, again func()) (error, error) {
	var told error
	var dashboard string
	select {
	case dashboard = <-ready:
		select {
		case <-j.first:
			told = tellOverDashboard(ctx, dashboard, t.goalLine(t.templateName(), t.origin()))
			release()
		case <-ctx.Done():
		}
	case <-ctx.Done():
	}
	select {
	case <-j.first:
		release() // the world is held no longer, told or not
	default:
	}
	if told != nil {
		return nil, told
	}
	end, told := tellNext(ctx, j.next, served, dashboard, again)
	if end != nil {
		return *end, told
	}
	if told != nil {
		return nil, told
	}
	return <-served, nil
}

// tellNext tells her each next goal the judge sends, releasing the world
// held for it, until the run ends. It returns the world's end when it
// read it (the world ended first), and why a goal could not be told.
func tellNext(ctx context.Context, next <-chan string, served <-chan error, dashboard string, release func()) (*error, error) {
	for {
		select {
		case line := <-next:
			err := tellOverDashboard(ctx, dashboard, line)
			release()
			if err != nil {
				return nil, err
			}
		case err := <-served:
			return &err, nil
		case <-ctx.Done():
			return nil, nil
		}
	}
}

// checkGoals is mindcraft's own check of a crafting or cooking task: every
// target, at its count, in her inventory at once. Once she holds the goal
// she was last told and another is left, the world is held and the next
// is put to her.
func (j *judge) checkGoals(st protocol.State) {
	have := map[string]int{}
	for _, slot := range st.Inventory {
		have[slot.Item] += slot.Count
	}
	held := 0
	for _, g := range j.task.Goals {
		if have[g.Item] >= g.Count {
			held++
		}
	}
	if j.done = held == len(j.task.Goals); j.done {
		j.score = 1
		return
	}
	g := j.task.Goals[j.told]
	if have[g.Item] >= g.Count && j.told+1 < len(j.task.Goals) && j.next != nil {
		j.told++
		j.hold()
		j.next <- j.task.Goals[j.told].line()
	}
}

// tellOverDashboard says text to her through the dashboard's talk box,
// as a person would: the page first, for its cookie, then the form.
func tellOverDashboard(ctx context.Context, dashboard, text string) error {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, dashboard+"/", nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("the dashboard did not answer: %w", err)
	}
	resp.Body.Close()
	u, _ := url.Parse(dashboard)
	token := ""
	for _, ck := range jar.Cookies(u) {
		if strings.Contains(ck.Name, "csrf") {
			token = ck.Value
		}
	}
	form := url.Values{"text": {text}}
	req, err = http.NewRequestWithContext(ctx, http.MethodPost, dashboard+"/live/tell", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", token)
	resp, err = c.Do(req)
	if err != nil {
		return fmt.Errorf("the dashboard did not take the goal: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("the dashboard refused the goal (%s): %s", resp.Status, strings.TrimSpace(string(body)))
	}
	return nil
}

// tallyTask fills in her actions and model use from her history.
func tallyTask(ctx context.Context, path string, r *taskResult) {
	db, err := store.Open(ctx, path, nil)
	if err != nil {
		r.Note = fmt.Sprintf("her history could not be read: %v", err)
		return
	}
	defer db.Close()
	tally, err := db.Tally(ctx)
	if err != nil {
		r.Note = fmt.Sprintf("her history could not be read: %v", err)
		return
	}
	r.Actions, r.ModelCalls, r.TokensIn, r.TokensOut = tally.Actions, tally.ModelCalls, tally.TokensIn, tally.TokensOut
}

func writeTasksJSON(w io.Writer, results []taskResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Tasks   []taskResult            `json:"tasks"`
		Summary map[string]*typeSummary `json:"summary"`
	}{results, summarize(results)})
}

// typeSummary is the summary of one task type.
type typeSummary struct {
	Tasks    int `json:"tasks"`
	Done     int `json:"done"`
	NotDone  int `json:"not_done"`
	Undoable int `json:"not_doable"`
	Other    int `json:"not_played_or_error"`
	// MeanGameSeconds and MeanScore are over the tasks played (done or
	// not done).
	MeanGameSeconds float64 `json:"mean_game_seconds"`
	MeanScore       float64 `json:"mean_score"`
}

func summarize(results []taskResult) map[string]*typeSummary {
	out := map[string]*typeSummary{}
	for _, r := range results {
		s := out[r.Type]
		if s == nil {
			s = &typeSummary{}
			out[r.Type] = s
		}
		s.Tasks++
		switch r.Status {
		case statusDone, statusNotDone:
			played := float64(s.Done + s.NotDone)
			s.MeanGameSeconds = (s.MeanGameSeconds*played + r.GameSeconds) / (played + 1)
			s.MeanScore = (s.MeanScore*played + r.Score) / (played + 1)
			if r.Status == statusDone {
				s.Done++
			} else {
				s.NotDone++
			}
		case statusUndoable:
			s.Undoable++
		default:
			s.Other++
		}
	}
	return out
}

func writeTasksTable(w io.Writer, results []taskResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "task\ttype\tresult\tscore\tgame s\tactions\tmodel calls\ttokens in/out\tnote")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f\t%.0f\t%d\t%d\t%d/%d\t%s\n", r.Task, r.Type, r.Status, r.Score, r.GameSeconds,
			r.Actions, r.ModelCalls, r.TokensIn, r.TokensOut, r.Note)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	sums := summarize(results)
	for _, typ := range []string{"techtree", "cooking", "construction"} {
		if s := sums[typ]; s != nil {
			doable := s.Tasks - s.Undoable
			fmt.Fprintf(w, "%s: %d of %d doable tasks done (%d not doable as given, %d not played or failed to run); played, a mean of %.0f game seconds and a score of %.2f\n",
				typ, s.Done, doable, s.Undoable, s.Other, s.MeanGameSeconds, s.MeanScore)
		}
	}
	return nil
}
