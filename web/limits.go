package web

import (
	"errors"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Limits bound what any client, signed in or not, can make the dashboard
// hold: bodies, slow or idle connections, connections at once, live
// viewers and build-script previews. The zero value takes the defaults
// each field names; they suit a dashboard a few people watch.
type Limits struct {
	// FormBody bounds the body of a form post. Default 64 KiB.
	FormBody int64
	// UploadBody bounds an upload (a places file). Default 8 MiB.
	UploadBody int64
	// HeaderTimeout bounds reading a request's headers, the first request
	// of a connection included. Default 10 s.
	HeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request, body included. Default 30 s.
	ReadTimeout time.Duration
	// WriteTimeout bounds writing an answer (the live stream sets its own
	// deadline for each write). Default 60 s.
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection that sends nothing more.
	// Default 60 s.
	IdleTimeout time.Duration
	// Conns caps the connections open at once; the next waits to be
	// accepted until one closes. Default 512, under the open files a
	// process gets (Go raises its limit to the hard one, often 4096 or more).
	Conns int
	// ConnsPerClient caps the connections one client (an IPv4 address or
	// an IPv6 /64) holds at once, so that no one client holds them all;
	// one more is closed as soon as it is accepted. A trusted proxy,
	// which speaks for many, is held only to Conns. Default 32: a browser
	// opens at most 6 to one dashboard.
	ConnsPerClient int
	// SignInAddresses bounds the addresses whose wrong tokens are
	// remembered (throttle.go). Default 10,000.
	SignInAddresses int
	// Viewers caps the live streams open at once. Default 256.
	Viewers int
	// Previews caps the build-script previews running at once, each a
	// sandboxed process. Default 2.
	Previews int
}

func (l Limits) withDefaults() Limits {
	def := func(v *int64, d int64) {
		if *v <= 0 {
			*v = d
		}
	}
	defD := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	defN := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.FormBody, 64<<10)
	def(&l.UploadBody, 8<<20)
	defD(&l.HeaderTimeout, 10*time.Second)
	defD(&l.ReadTimeout, 30*time.Second)
	defD(&l.WriteTimeout, 60*time.Second)
	defD(&l.IdleTimeout, 60*time.Second)
	defN(&l.Conns, 512)
	defN(&l.ConnsPerClient, 32)
	defN(&l.SignInAddresses, 10000)
	defN(&l.Viewers, 256)
	defN(&l.Previews, 2)
	return l
}

// uploadPaths take an upload's body limit; every other route a form's.
var uploadPaths = map[string]bool{"/places/import": true}

// limitBody bounds the body of every request before anyone reads it: a
// read past the route's limit fails. csrf, next, refuses on the headers a
// body that says it is too long.
func (s *Server) limitBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		req.Body = http.MaxBytesReader(c.Response(), req.Body, s.bodyLimit(req))
		return next(c)
	}
}

// bodyLimit is the most of r's body its route reads.
func (s *Server) bodyLimit(r *http.Request) int64 {
	if uploadPaths[r.URL.Path] {
		return s.cfg.Limits.UploadBody
	}
	return s.cfg.Limits.FormBody
}

func tooLarge(limit int64) error {
	return echo.NewHTTPError(http.StatusRequestEntityTooLarge,
		"That is more than this page takes ("+byteWords(limit)+"); send less.")
}

func byteWords(n int64) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// readForm reads a form's body once, here, within the route's limit: a
// body that says it is too long is refused before a byte is read, one that
// runs past the limit is refused when it does, so that no handler acts on
// the part of a form that fitted.
func (s *Server) readForm(r *http.Request) error {
	limit := s.bodyLimit(r)
	if r.ContentLength > limit {
		return tooLarge(limit)
	}
	var err error
	switch ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct {
	case "application/x-www-form-urlencoded":
		err = r.ParseForm()
	case "multipart/form-data":
		err = r.ParseMultipartForm(limit)
	}
	switch {
	case err == nil:
		return nil
	case isTooLarge(err):
		return tooLarge(limit)
	}
	return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read; send it again.")
}

// isTooLarge says err is a body that ran past its limit.
func isTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// slots is a counting semaphore that never waits: a request that finds no
// free slot is refused with a sentence instead of queued behind the rest.
type slots chan struct{}

func (s slots) take() bool {
	select {
	case s <- struct{}{}:
		return true
	default:
		return false
	}
}

func (s slots) give() { <-s }

// viewerSlot caps the live streams open at once. A stream reads nothing
// after its request, so its read deadline is lifted: ReadTimeout would
// otherwise end every stream after its first half minute.
func (s *Server) viewerSlot(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.viewers.take() {
			return echo.NewHTTPError(http.StatusTooManyRequests,
				"Too many live pages are open on this dashboard; close one and reload.")
		}
		defer s.viewers.give()
		_ = http.NewResponseController(c.Response()).SetReadDeadline(time.Time{})
		return next(c)
	}
}

// onePreviewSlot caps the build-script previews running at once: each is a
// sandboxed process that may take a second of a core.
func (s *Server) onePreviewSlot(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.previews.take() {
			return echo.NewHTTPError(http.StatusTooManyRequests,
				"Two previews are already being drawn; try again in a moment.")
		}
		defer s.previews.give()
		return next(c)
	}
}

// limitListener accepts at most Limits.Conns connections at once: the next
// waits in the kernel's queue until one closes, so a flood of idle
// connections can hold the dashboard for at most an idle timeout, never
// past its open files. It also holds each client (guessKey: an IPv4
// address or an IPv6 /64) to ConnsPerClient at once, closing one more as
// soon as it is accepted, so that one client cannot hold them all and
// leave everyone else in the queue; a trusted proxy speaks for many and
// is held only to the whole cap.
type limitListener struct {
	net.Listener
	sem       chan struct{}
	perClient int
	proxies   []netip.Prefix
	log       *slog.Logger
	done      chan struct{}
	once      sync.Once

	mu   sync.Mutex
	held map[netip.Prefix]int // connections open per client
}

func limitListen(ln net.Listener, l Limits, proxies []netip.Prefix, log *slog.Logger) *limitListener {
	return &limitListener{Listener: ln, sem: make(chan struct{}, l.Conns), perClient: l.ConnsPerClient, proxies: proxies,
		log: log, done: make(chan struct{}), held: map[netip.Prefix]int{}}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		select {
		case l.sem <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.sem
			return nil, err
		}
		key, counted := l.client(c.RemoteAddr())
		if counted && !l.take(key) {
			_ = c.Close()
			<-l.sem
			l.log.Warn("web: a client already holds its share of connections; one more was closed",
				slog.String("remote", c.RemoteAddr().String()), slog.Int("share", l.perClient))
			continue
		}
		return &limitConn{Conn: c, release: func() {
			if counted {
				l.give(key)
			}
			<-l.sem
		}}, nil
	}
}

// client is the client a connection from a is counted for; false for one
// that is not counted on its own (a trusted proxy, a Unix socket's peer).
func (l *limitListener) client(a net.Addr) (netip.Prefix, bool) {
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Prefix{}, false
	}
	ip := ap.Addr().Unmap()
	for _, p := range l.proxies {
		if p.Contains(ip) {
			return netip.Prefix{}, false
		}
	}
	return guessKey(ip.String()), true
}

func (l *limitListener) take(key netip.Prefix) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.held[key] >= l.perClient {
		return false
	}
	l.held[key]++
	return true
}

func (l *limitListener) give(key netip.Prefix) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.held[key]--; l.held[key] <= 0 {
		delete(l.held, key)
	}
}

func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
