package bench

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
)

// rowResult is how a row of the table went: when its line was said and its
// judging ended (ticks), served or why not, and how long until her first
// answer (game time for a player's line; wall time both ways).
type rowResult struct {
	row        lineRow
	said, over int64
	served     bool
	why        string
	dist       float64 // how far the player stood from her when saying it
	answered   bool
	answerGame time.Duration // game time from the line to her first line
	answerWall time.Duration
	her        []string
}

// The pace of the table: each line waits for the row before it to be
// judged, and a player's lines are samePlayerGap apart at least, so the
// per-player limit of her mind (6 lines a minute) is never what is
// measured.
const (
	rowGap        = 2 * 20  // ticks after a row's end before the next line
	samePlayerGap = 11 * 20 // ticks between two lines of one player
)

// linePlay plays a table of lines in order, one row at a time: it is asked
// by the scripted players each tick what they say (sayFor), hands the
// dashboard's rows to the talk box, and judges each row from what the
// watch saw. Its fields are under mu.
type linePlay struct {
	ctx     context.Context
	w       *requestWatch
	mu      sync.Mutex
	rows    []lineRow
	results []rowResult
	cur     int
	said    bool  // the current row's line is out
	nextAt  int64 // the tick the next line may be said at
	lastBy  map[string]int64
	judged  int64 // the last tick a row was judged at
	dash    string
	talk    *dashTalk // the current dashboard row's exchange
}

func newLinePlay(ctx context.Context, rows []lineRow, w *requestWatch) *linePlay {
	return &linePlay{ctx: ctx, w: w, rows: rows, results: make([]rowResult, len(rows)), nextAt: 10 * 20, lastBy: map[string]int64{}}
}

// done reports whether every row is judged.
func (p *linePlay) done() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cur >= len(p.rows)
}

// sayFor is the Say of the scripted player name.
func (p *linePlay) sayFor(name string) func(int64) string {
	return func(tick int64) string {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.step(tick)
		if p.cur >= len(p.rows) || p.said || tick < p.nextAt {
			return ""
		}
		r := p.rows[p.cur]
		if r.who == "dashboard" && p.dash != "" && name == "Alex" {
			p.start(tick)
			p.talk = &dashTalk{}
			go p.talk.tell(p.ctx, p.dash, r.line)
			return ""
		}
		if r.who != name || tick < p.lastBy[name]+samePlayerGap {
			return ""
		}
		// A player walks up to her before talking (Near), as a person
		// does; one who cannot get there talks from afar after 30 s.
		if d, seen := p.w.distance(name); (!seen || d > 5) && tick < p.nextAt+30*20 {
			return ""
		}
		p.start(tick)
		p.results[p.cur].dist, _ = p.w.distance(name)
		p.lastBy[name] = tick
		return r.line
	}
}

func (p *linePlay) start(tick int64) {
	p.said = true
	p.results[p.cur] = rowResult{row: p.rows[p.cur], said: tick}
}

// step judges the current row, once a game second, and moves on when it
// is over.
func (p *linePlay) step(tick int64) {
	if p.cur >= len(p.rows) || !p.said || tick-p.judged < 20 {
		return
	}
	p.judged = tick
	res := &p.results[p.cur]
	r := res.row
	h := p.heard(res, tick)
	atEnd := float64(tick-res.said) >= r.window()*20
	if r.who == "dashboard" {
		// The talk box is read over HTTP while the world runs in step with
		// her mind, far faster than the wall clock: a row from it ends no
		// sooner than 5 s of wall time after it was said.
		atEnd = atEnd && p.talk.since() >= dashWait
	}
	served, over, why := judgeRow(r, h, atEnd)
	if !over {
		return
	}
	res.served, res.why, res.over, res.her = served, why, tick, h.her
	p.answer(res)
	p.cur++
	p.said = false
	p.nextAt = tick + rowGap
}

// heard is what was seen of the row from its line to tick: the lines
// after it in the chat, the walks from the tick it was said.
func (p *linePlay) heard(res *rowResult, tick int64) heardRow {
	from := res.said
	h := heardRow{
		closest: func(player string) float64 { return p.w.closest(from, tick+1, player) },
		moved:   func() float64 { return p.w.moved(from+40, tick+1) },
	}
	if res.row.who == "dashboard" {
		if p.talk != nil {
			h.her = p.talk.answers()
		}
		return h
	}
	w := p.w
	w.mu.Lock()
	defer w.mu.Unlock()
	asked := w.asked(res)
	if asked < 0 {
		return h
	}
	for _, l := range w.lines[asked+1:] {
		switch l.name {
		case "Bea":
			h.her = append(h.her, l.ok)
		case res.row.who:
			h.asker = append(h.asker, l.ok)
		}
	}
	return h
}

// asked is the place in the chat of the row's line (w.mu held), -1 before
// it is heard. A line carries the tick of the last state before it, up to
// 10 ticks before it was said.
func (w *requestWatch) asked(res *rowResult) int {
	for i, l := range w.lines {
		if l.tick >= res.said-10 && l.name == res.row.who && l.ok == res.row.line {
			return i
		}
	}
	return -1
}

// answer fills in how long her first answer to the row took.
func (p *linePlay) answer(res *rowResult) {
	if res.row.who == "dashboard" {
		if p.talk != nil {
			res.answerWall, res.answered = p.talk.took()
		}
		return
	}
	w := p.w
	w.mu.Lock()
	defer w.mu.Unlock()
	asked := w.asked(res)
	if asked < 0 {
		return
	}
	for _, l := range w.lines[asked+1:] {
		if l.name == "Bea" {
			res.answered = true
			res.answerGame = time.Duration(l.tick-w.lines[asked].tick) * 50 * time.Millisecond
			res.answerWall = l.at.Sub(w.lines[asked].at)
			return
		}
	}
}

// distance is how far the named player stands from her in the last state.
func (w *requestWatch) distance(name string) (float64, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, pl := range w.players[w.tick] {
		if pl.Name == name {
			return pl.Distance, true
		}
	}
	return 0, false
}

// dashTalk is a line said through the dashboard's talk box and her answers
// under it, read from the page as a person sees them.
type dashTalk struct {
	mu   sync.Mutex
	sent time.Time
	got  []string
	at   time.Duration
	err  error
}

var answerRE = regexp.MustCompile(`(?s)data-answer[^>]*>(.*?)</li>`)
var youRE = regexp.MustCompile(`(?s)<li class="you">(.*?)</li>`)
var tagRE = regexp.MustCompile(`(?s)<[^>]*>`)

// tell says line at the talk box, then reads the page every 50 ms for a
// minute, or until the bench ends, for her answers to it.
func (t *dashTalk) tell(ctx context.Context, dashboard, line string) {
	t.mu.Lock()
	t.sent = time.Now()
	t.mu.Unlock()
	if err := tellOverDashboard(ctx, dashboard, line); err != nil {
		t.mu.Lock()
		t.err = err
		t.mu.Unlock()
		return
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && ctx.Err() == nil; {
		if got := pageAnswers(ctx, c, dashboard, line); len(got) > 0 {
			t.mu.Lock()
			if len(t.got) == 0 {
				t.at = time.Since(t.sent)
			}
			t.got = got
			t.mu.Unlock()
		}
		if pause(ctx, 50*time.Millisecond) != nil {
			return
		}
	}
}

// pageAnswers are her answers under the talk box of the dashboard's page,
// once the exchange there is the line's.
func pageAnswers(ctx context.Context, c *http.Client, dashboard, line string) []string {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, dashboard+"/", nil)
	if err != nil {
		return nil
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	page := string(body)
	if i := strings.Index(page, `id="live-talk-reply"`); i >= 0 {
		page = page[i:]
	}
	you := youRE.FindStringSubmatch(page)
	if you == nil || !strings.Contains(htmlText(strings.Join(strings.Fields(tagRE.ReplaceAllString(you[1], " ")), " ")), strings.Join(strings.Fields(line), " ")) {
		return nil // the last exchange is still an earlier line's
	}
	var out []string
	for _, m := range answerRE.FindAllStringSubmatch(page, -1) {
		text := strings.Join(strings.Fields(tagRE.ReplaceAllString(m[1], " ")), " ")
		// "12:01 Bea: There you go" as the page draws it: the line after
		// her name.
		if _, after, ok := strings.Cut(text, "Bea: "); ok {
			text = after
		}
		out = append(out, htmlText(text))
	}
	return out
}

// htmlText undoes the page's escapes of a line's text.
func htmlText(s string) string {
	return strings.NewReplacer("&#39;", "'", "&quot;", `"`, "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`).Replace(s)
}

// dashWait is the least wall time a dashboard row is given.
const dashWait = 5 * time.Second

// since is the wall time since the line was sent, 0 before.
func (t *dashTalk) since() time.Duration {
	if t == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sent.IsZero() {
		return 0
	}
	return time.Since(t.sent)
}

func (t *dashTalk) answers() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.got...)
}

func (t *dashTalk) took() (time.Duration, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.at, len(t.got) > 0
}

// playLines plays the table in the practice world (seed 1, peaceful, in
// step with her mind) with Alex and Steve beside her and the dashboard's
// talk box, until every row is judged.
func playLines(ctx context.Context, s benchSettings, rows []lineRow) ([]rowResult, error) {
	s.Speed, s.Peaceful = maxSpeed, true
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
	p := newLinePlay(runCtx, rows, w)
	// The game time a row takes is bounded by its window, but a
	// dashboard row's wall time passes at the world's speed: the bound is
	// a generous one, in wall time too.
	limit := int64(60 * 20)
	for _, r := range rows {
		limit += int64(r.window()*20) + samePlayerGap
		if r.who == "dashboard" {
			limit += 20 * 20 * int64(dashWait/time.Second) * 10
		}
	}
	clock := lockstep.New(time.Now())
	players := []practice.PlayerScript{
		{Name: "Alex", Offset: game.Pos{X: 6, Z: 4}, Near: 4, Say: p.sayFor("Alex")},
		{Name: "Steve", Offset: game.Pos{X: -5, Z: 4}, Near: 4, Say: p.sayFor("Steve")},
	}
	logs := &tailWriter{max: 4 << 10}
	err = b.Serve(runCtx, Hooks{Stderr: logs, Lockstep: clock,
		Practice: &practice.Options{Seed: 1, Speed: maxSpeed, Peaceful: true, Players: players},
		Ready: func(dashboard string) {
			p.mu.Lock()
			p.dash = dashboard
			p.mu.Unlock()
		},
		Watch: func(pk protocol.Packet) {
			w.note(pk)
			if p.done() || w.now() >= limit {
				clock.Release()
				stop()
			}
		}})
	if err != nil {
		return nil, fmt.Errorf("beaweb stopped: %w (last log lines: %s)", err, strings.TrimSpace(logs.String()))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur < len(rows) {
		return p.results[:p.cur], fmt.Errorf("beaweb stopped after %d game seconds, at row %d of %d (last log lines: %s)", w.now()/20, p.cur+1, len(rows), strings.TrimSpace(logs.String()))
	}
	return p.results, nil
}
