// Package modclient is beaweb's side of the WebSocket to the game: the
// BeaCraft mod or the practice world. It dials, reads and writes on one
// goroutine each per connection, matches answers to calls by id (in order for
// a protocol-1 jar), hands everything else on as events without ever blocking
// the reader, and dials again with backoff when the link drops. Every Call
// returns exactly once, whatever happens to the connection.
package modclient

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// Sentinels a failed Call wraps, besides the context's own error.
var (
	// ErrNotConnected: there was no link to the game when the call was made.
	ErrNotConnected = errors.New("modclient: the game is not connected")
	// ErrTimeout: beaweb gave up waiting for the answer.
	ErrTimeout = errors.New("modclient: gave up waiting for the answer")
	// ErrDisconnected: the request could not be sent, or the link was lost
	// (or beaweb stopped) before the answer came.
	ErrDisconnected = errors.New("modclient: the connection ended before the answer came")
)

// Defaults for the zero values of Config.
const (
	DefaultHelloTimeout       = 3 * time.Second
	DefaultBudget             = 120 * time.Second
	DefaultEventQueue         = 1024
	firstBackoff              = time.Second
	maxBackoff                = 30 * time.Second
	healthyLink               = time.Minute
	handshakeTimeout          = 10 * time.Second
	writeTimeout              = 10 * time.Second
	answerMargin              = 5 * time.Second
	minimumWait               = 10 * time.Second
	hardFrameLimit      int64 = 64 << 20 // beyond this the frame is not even drained: the link is dropped
	maxLoggedNames            = 64       // a game side making up names cannot grow the log-once sets beyond this
	// maxBudgetSeconds is the first budget a time.Duration cannot hold with
	// the margin added (about 292 years); such a budget means no limit.
	maxBudgetSeconds = float64(math.MaxInt64/int64(time.Second)) - 60
)

// Config configures a Client. Only URL is required.
type Config struct {
	// URL is the game side's WebSocket address, such as ws://127.0.0.1:8080.
	URL string
	// Header goes with the handshake to URL only, never to an address the
	// settings change it to: the body's key (Authorization: Bearer …).
	Header http.Header
	Logger *slog.Logger
	// HelloTimeout is how long after connecting a hello may take; without
	// one by then the game side is taken for a protocol-1 jar. Default 3 s.
	HelloTimeout time.Duration
	// Now tells the time for the status and the healthy-minute rule;
	// time.Now when nil. Timers use the runtime's clock (fake under
	// testing/synctest).
	Now func() time.Time
	// Rand draws the id mark and the backoff jitter; seeded from the system
	// when nil. It is only used under the client's own lock.
	Rand *mrand.Rand
	// OnStatus is called after every change of Status, one call at a time,
	// with the status as it is then. It must not block.
	OnStatus func(protocol.ConnStatus)
	// NetDial, when set, opens the underlying connection instead of a TCP
	// dial (tests use it for an in-memory network).
	NetDial func(ctx context.Context, network, addr string) (net.Conn, error)
	// DefaultBudget is the budget assumed for an action the hello gives none
	// for (a protocol-1 jar gives none at all); default 120 s. An action
	// whose protocol.Budget is longer keeps that (build 600 s, find_block
	// and go_to_surface 300 s, smelt_item 150 s), and follow_player none.
	DefaultBudget time.Duration
	// EventQueue bounds the events waiting for a slow consumer, not counting
	// the latest state, survey, heartbeat and progress of each request,
	// which are kept one each. Default 1024.
	EventQueue int
	// Lockstep, when set, is the clock a practice world in the same process
	// keeps step with: the client gives back the token of every frame it
	// reads once the frame is handed on (lockstep.Frame), pays for each
	// event it queues (lockstep.Event: the consumer of Events gives it back
	// once it has handled the event), for each request until the world has
	// it (lockstep.Request) and for each answer it hands a caller, and a
	// caller gives its own token back while it waits for the answer
	// (lockstep.Away, under the holder its context names). Nil outside
	// lockstep.
	Lockstep *lockstep.Clock
}

// Client is the link to the game. Its methods are safe for concurrent use.
type Client struct {
	cfg  Config
	log  *slog.Logger
	mark string
	out  chan protocol.Packet
	box  *mailbox
	// urlChanged wakes Run when SetURL changed the address.
	urlChanged chan struct{}
	notifyMu   sync.Mutex // serialises OnStatus

	mu           sync.Mutex // guards everything below and every conn's tables
	cancelDial   context.CancelFunc
	rng          *mrand.Rand
	seq          uint64
	url          string
	running      bool
	cur          *conn
	status       protocol.ConnStatus
	recent       recentIDs
	counts       Counters
	unknownTypes map[string]bool      // logged once each, at most maxLoggedNames of them
	quiet        map[string]*quietRun // bad frames held back from the log, by kind (quiet.go)
	odd          map[string]bool      // answer statuses other than FINISHED, likewise
	outdated     bool                 // the outdated-mod error has been logged
	// undrained are closed connections whose tables were not empty when
	// their serve ended: a leak, kept so that Pending still counts it.
	undrained []*conn
}

// Counters are what the client dropped, for tests and the log.
type Counters struct {
	// Answers discarded: an id without our mark, an id never sent, a second
	// answer to one id, an answer to a call that had already ended, an
	// answer without id from a protocol-2 game side.
	OtherMark, UnknownID, Duplicate, Late, NoID int64
	// Frames refused: not a JSON object or not readable, or over 1 MiB.
	BadFrames, Oversize int64
	// Packets of a type this brain does not know.
	UnknownTypes int64
	// Events dropped because the consumer was too slow.
	DroppedEvents int64
}

// New returns a client for cfg. Nothing happens until Run.
func New(cfg Config) *Client {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.HelloTimeout <= 0 {
		cfg.HelloTimeout = DefaultHelloTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.DefaultBudget <= 0 {
		cfg.DefaultBudget = DefaultBudget
	}
	if cfg.EventQueue <= 0 {
		cfg.EventQueue = DefaultEventQueue
	}
	rng := cfg.Rand
	if rng == nil {
		var seed [16]byte
		_, _ = rand.Read(seed[:]) // crypto/rand.Read never fails on supported systems
		rng = mrand.New(mrand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:])))
	}
	c := &Client{
		cfg:          cfg,
		log:          cfg.Logger,
		mark:         fmt.Sprintf("%06x", rng.Uint32()&0xffffff),
		out:          make(chan protocol.Packet),
		urlChanged:   make(chan struct{}, 1),
		rng:          rng,
		url:          cfg.URL,
		unknownTypes: map[string]bool{},
		quiet:        map[string]*quietRun{},
		odd:          map[string]bool{},
	}
	c.box = newMailbox(cfg.EventQueue, c.log, &c.mu, &c.counts.DroppedEvents, cfg.Lockstep)
	c.status = protocol.ConnStatus{URL: cfg.URL, Since: cfg.Now()}
	c.warnIfRemote(cfg.URL)
	return c
}

// Mark is the six hex digits every id of this client ends with.
func (c *Client) Mark() string { return c.mark }

// Events delivers everything the game side sends that is not an answer,
// hello included, in the order it came. The reader never waits for it: while
// the consumer is slow, only the latest state, survey and heartbeat, and the
// latest progress of each request, are kept; the other packets queue up to
// Config.EventQueue, beyond which they are dropped, counted and logged.
// Unknown packet types are not delivered. The channel is closed when Run
// returns.
func (c *Client) Events() <-chan protocol.Packet { return c.out }

// Status is the link as the dashboard shows it.
func (c *Client) Status() protocol.ConnStatus {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status
}

// Counters reports what has been dropped so far.
func (c *Client) Counters() Counters {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts
}

// Pending is the number of entries in the pending tables: calls waiting for
// an answer, plus, on a protocol-1 link, the places held in the answer order
// by calls given up after they were sent. Tests check it is zero once every
// call has returned and the link is closed; a closed link whose tables are
// not empty still counts, so a leak there cannot hide behind the next link.
func (c *Client) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	if c.cur != nil {
		n = c.cur.pendingLocked()
	}
	// A closed link counts too, or a leak there would read as zero once
	// the next link (or none) is current.
	kept := c.undrained[:0]
	for _, cn := range c.undrained {
		if m := cn.pendingLocked(); m > 0 {
			n += m
			kept = append(kept, cn)
		}
	}
	clear(c.undrained[len(kept):])
	c.undrained = kept
	return n
}

// SetURL points the client at another address. A changed URL drops the
// current link (its pending calls fail) and dials the new one at once.
func (c *Client) SetURL(u string) {
	c.mu.Lock()
	if u == c.url {
		c.mu.Unlock()
		return
	}
	c.url = u
	c.status.URL = u
	cur := c.cur
	if c.cancelDial != nil {
		c.cancelDial() // a dial to the old address in progress is abandoned
	}
	c.mu.Unlock()
	c.warnIfRemote(u)
	c.log.Info("modclient: the game's address changed", slog.String("url", u))
	select {
	case c.urlChanged <- struct{}{}:
	default:
	}
	if cur != nil {
		cur.close(errURLChanged)
	}
	c.notify()
}

var (
	errURLChanged = errors.New("the game's address changed")
	errStopping   = errors.New("beaweb is stopping")
)

// warnIfRemote logs a warning for an address that is not on this machine:
// the mod has no authentication.
func (c *Client) warnIfRemote(raw string) {
	u, err := url.Parse(raw)
	if err != nil {
		c.log.Warn("modclient: the game's address is not a URL", slog.String("url", raw), slog.Any("error", err))
		return
	}
	host := u.Hostname()
	if host == "localhost" {
		return
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return
	}
	c.log.Warn("modclient: the game's address is not on this machine, and the mod has no authentication; open it only to a trusted network",
		slog.String("url", raw))
}

// notify hands the current status to OnStatus. Calls are serialised and
// each passes the status as it is when the call is made, so the last call
// always carries the latest status.
func (c *Client) notify() {
	if c.cfg.OnStatus == nil {
		return
	}
	c.notifyMu.Lock()
	defer c.notifyMu.Unlock()
	c.cfg.OnStatus(c.Status())
}

// Run connects and keeps the link up until ctx ends: it dials, serves the
// connection, and after a loss dials again after 1 s, doubling to 30 s, with
// jitter; a link that stayed up a minute resets the wait. When ctx ends it
// fails every pending call, closes Events and returns nil. Run may be called
// only once.
func (c *Client) Run(ctx context.Context) error {
	c.mu.Lock()
	if c.running {
		c.mu.Unlock()
		return errors.New("modclient: Run was called twice")
	}
	c.running = true
	c.mu.Unlock()

	var wg sync.WaitGroup
	wg.Go(func() { c.box.forward(ctx, c.out) })
	defer func() {
		wg.Wait()
		close(c.out)
	}()

	attempts := 0
	for {
		c.drainURLChange()
		dialCtx, cancel := context.WithCancel(ctx)
		c.mu.Lock()
		u := c.url
		c.cancelDial = cancel
		c.mu.Unlock()
		cn, err := c.dial(dialCtx, u)
		c.mu.Lock()
		c.cancelDial = nil
		c.mu.Unlock()
		cancel()
		if err == nil {
			started := c.cfg.Now()
			err = c.serve(ctx, cn, attempts)
			if c.cfg.Now().Sub(started) >= healthyLink {
				attempts = 0
			}
		}
		if ctx.Err() != nil {
			c.setDown(errStopping, attempts)
			return nil
		}
		if c.drainURLChange() {
			attempts = 0
			continue
		}
		attempts++
		c.setDown(err, attempts)
		delay := c.backoff(attempts)
		c.log.Info("modclient: the game is not connected; trying again", slog.Duration("in", delay),
			slog.Int("attempt", attempts), slog.Any("error", err))
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			c.setDown(errStopping, attempts)
			return nil
		case <-c.urlChanged:
			t.Stop()
			attempts = 0
		case <-t.C:
		}
	}
}

// drainURLChange reports whether SetURL changed the address since the last
// look.
func (c *Client) drainURLChange() bool {
	select {
	case <-c.urlChanged:
		return true
	default:
		return false
	}
}

// backoff is the wait before the given failed attempt (1-based): 1 s
// doubling to 30 s, shifted by up to a fifth either way.
func (c *Client) backoff(attempt int) time.Duration {
	d := firstBackoff
	for i := 1; i < attempt && d < maxBackoff; i++ {
		d *= 2
	}
	d = min(d, maxBackoff)
	c.mu.Lock()
	f := 0.8 + 0.4*c.rng.Float64()
	c.mu.Unlock()
	return time.Duration(float64(d) * f)
}

// setDown records that the link is down. The outage's start is kept while
// attempts keep failing.
func (c *Client) setDown(err error, attempts int) {
	c.mu.Lock()
	if c.status.Connected || c.status.Since.IsZero() {
		c.status.Since = c.cfg.Now()
	}
	c.status.Connected = false
	c.status.Attempts = attempts
	if err != nil {
		c.status.LastError = linkSentence(err)
	}
	c.mu.Unlock()
	c.notify()
}
