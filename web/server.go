// Package web is the dashboard: one route table, a handler per page or
// action, and the live stream (SSE) that redraws the live panel as her game
// changes. It is the only package that imports Echo, so moving to another
// router stays a change to this package alone.
//
// It reads the rest of beaweb through the small interfaces of deps.go and
// renders with the templ components of beaweb/templates.
package web

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"beaweb/internal/fault"
	"beaweb/static"
	"beaweb/templates/layout"
	"beaweb/templates/partials"
	"beaweb/web/fanout"
)

// Config holds the dashboard's own settings. The zero value is usable: every
// zero field takes the default its comment names.
type Config struct {
	// Token is BEA_TOKEN. Serve refuses a listener beyond loopback without
	// one; with one, every request must carry it (a login form sets a cookie).
	Token string
	// Heartbeat is how often an idle live stream sends a comment, so that
	// proxies and browsers keep it open. Default 15 s.
	Heartbeat time.Duration
	// Buffer is how many live events a viewer may fall behind before it is
	// dropped (its browser reconnects and gets a fresh snapshot). Default 64.
	Buffer int
	// WriteTimeout bounds each write to a viewer, so that a stalled
	// connection is dropped, not waited for. Default 10 s.
	WriteTimeout time.Duration
	// RecentActions is how many actions the live panel lists. Default 15.
	RecentActions int
	// Providers are the model providers the settings page offers. Default
	// openai, anthropic, rules.
	Providers []string
	// ShutdownTimeout bounds how long Serve waits for requests in flight
	// once its context ends. Default 10 s.
	ShutdownTimeout time.Duration

	// Limits bound what a client can make the dashboard hold (limits.go).
	Limits Limits
	// SessionTTL is how long a sign-in lasts with a token. Default 12 h.
	SessionTTL time.Duration
	// TrustedProxies are the addresses (IPs or CIDRs) of reverse proxies
	// whose X-Forwarded-For is believed; with none, a client's address is
	// its connection's, whatever its headers say. A trusted proxy is held
	// only to Limits.Conns, not to a client's share.
	TrustedProxies []string
	// TLS, when set, makes Serve speak HTTPS (HTTP/1.1) with it, over the
	// cap on connections, so that each request knows it came over TLS
	// (its cookies are Secure). nil: plain HTTP.
	TLS *tls.Config
}

func (c Config) withDefaults() Config {
	if c.Heartbeat <= 0 {
		c.Heartbeat = 15 * time.Second
	}
	if c.Buffer <= 0 {
		c.Buffer = 64
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.RecentActions <= 0 {
		c.RecentActions = 15
	}
	if len(c.Providers) == 0 {
		c.Providers = []string{"openai", "anthropic", "rules"}
	}
	if c.ShutdownTimeout <= 0 {
		// More than net/http's own 5 s: a browser's preconnected socket that
		// never sent a request counts as idle only once it is 5 s old.
		c.ShutdownTimeout = 10 * time.Second
	}
	c.Limits = c.Limits.withDefaults()
	if c.SessionTTL <= 0 {
		c.SessionTTL = 12 * time.Hour
	}
	return c
}

// Deps are what the dashboard reads and drives. Live and Changes are
// required; a nil optional one leaves its page or control out.
type Deps struct {
	Logger     *slog.Logger // nil: discard
	Live       Snapshots
	Changes    Changes
	Ask        Asker
	Actions    ActionHistory
	Objectives Objectives
	Settings   SettingsStore
	Deaths     Deaths
	People     People
	Places     Places
	Turns      Turns
	Blueprints Blueprints
	Scripts    ScriptPreviewer // needs Blueprints to be shown
	Tell       Teller          // the talk box of the live page
	Stop       Stopper         // its Stop button
	Play       Switch          // its Pause and Let her play buttons
	Map        BlockMap        // the remembered blocks of the maps
	// Now is the clock, for the "12 s so far" of the live panel. nil:
	// time.Now.
	Now func() time.Time
}

// Server is the dashboard. Make one with New and run it with Serve.
type Server struct {
	cfg    Config
	deps   Deps
	log    *slog.Logger
	now    func() time.Time
	echo   *echo.Echo
	frames *fanout.Hub[frame]
	// compressors compress the parts of live streams that are not the
	// relay's shared frames (gzstream.go).
	compressors compressors
	sent        sentCards // the relay's last card bodies (cards.go)
	// cards is the live panel's card table (partials.Cards), made once.
	cards   partials.CardTable
	actions *actionFeed // the live panel's latest actions (actionfeed.go)
	assets  *assets     // the static files (assets.go)

	// localOnly is set by Serve before it serves: the listener is on
	// loopback and no token is set, so only local host names are accepted.
	localOnly bool
	// stopping is closed when Serve's context ends, to end live streams,
	// which would otherwise hold a graceful shutdown open forever.
	stopping chan struct{}
	served   sync.Once

	viewers, previews slots     // limits.go
	sessions          *sessions // sign-ins with a token (session.go)
	guesses           *throttle // wrong tokens per address (throttle.go)
	// proxies are the trusted proxies' ranges, held only to the cap on
	// all connections.
	proxies []netip.Prefix
}

// New checks deps and builds the route table.
func New(cfg Config, deps Deps) (*Server, error) {
	if deps.Live == nil {
		return nil, errors.New("web: Deps.Live is required: the live panel has nothing to show without it")
	}
	if deps.Changes == nil {
		return nil, errors.New("web: Deps.Changes is required: the live panel cannot follow her game without it")
	}
	cfg = cfg.withDefaults()
	files, err := loadAssets(static.FS)
	if err != nil {
		return nil, err
	}
	s := &Server{
		assets: files,
		cfg:    cfg,
		deps:   deps,
		log:    deps.Logger,
		now:    deps.Now,
		frames: fanout.New[frame](cfg.Buffer),
		// As many as can run at once; at most 4, each 0.9 MB.
		compressors: newCompressors(min(runtime.GOMAXPROCS(0), 4)),
		cards:       partials.Cards(),
		actions:     &actionFeed{limit: cfg.RecentActions},
		stopping:    make(chan struct{}),
		viewers:     make(slots, cfg.Limits.Viewers),
		previews:    make(slots, cfg.Limits.Previews),
	}
	s.sessions = newSessions(cfg.SessionTTL)
	s.guesses = newThrottle(cfg.Limits.SignInAddresses)
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.routes(); err != nil {
		return nil, err
	}
	// The action feed is read once here, before the relay draws from it;
	// from then on each row written comes as a change, and each person who
	// opens the page or its stream reads it afresh.
	s.actions.refresh(context.Background(), deps.Actions, s.log)
	return s, nil
}

func (s *Server) routes() error {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = s.handleError
	proxies, err := trustedRanges(s.cfg.TrustedProxies)
	if err != nil {
		return err
	}
	s.proxies = proxies
	ipOf := ipExtractor(proxies)
	e.IPExtractor = ipOf
	s.echo = e

	e.Use(s.logRequests, s.secureHeaders, s.checkHost, s.requireToken, s.limitBody, s.csrf)

	e.GET("/static/*", s.assets.handle)
	e.GET("/favicon.ico", s.assets.handleIcon(static.Icon))

	e.GET("/login", s.handleLoginForm)
	e.POST("/login", s.handleLogin)
	e.POST("/logout", s.handleLogout)

	e.GET("/", s.handleLive)
	e.GET("/live/events", s.handleEvents, s.viewerSlot)
	e.POST("/minecraft/ask", s.handleAsk)
	e.POST("/live/tell", s.handleTell)
	e.POST("/live/stop", s.handleStop)
	e.POST("/live/pause", s.handlePause)
	e.POST("/live/play", s.handlePlay)
	e.GET("/map/blocks", s.handleMapBlocks)
	e.GET("/map/ground", s.handleMapGround)
	e.GET("/live/view3d", s.handleView3D)

	e.POST("/objectives", s.handleAddObjective)
	e.POST("/objectives/:id/done", s.handleObjectiveDone)
	e.POST("/objectives/:id/delete", s.handleDeleteObjective)

	e.GET("/history", s.handleHistory)
	if s.deps.People != nil {
		e.GET("/people", s.handlePeople)
	}
	if s.deps.Deaths != nil {
		e.GET("/deaths", s.handleDeaths)
	}
	if s.deps.Blueprints != nil {
		e.GET("/builds", s.handleBuilds)
		e.GET("/builds/:name/iso.svg", s.handleTemplateSVG)
		e.GET("/builds/:name/layer/:y", s.handleTemplateSVG)
		e.POST("/builds/script", s.handleScriptPreview, s.onePreviewSlot)
	}
	if s.deps.Places != nil {
		e.GET("/places", s.handlePlaces)
		e.GET("/places/export", s.handleExportPlaces)
		e.GET("/places/:name", s.handlePlace)
		e.POST("/places/rename", s.handleRenamePlace)
		e.POST("/places/delete", s.handleDeletePlace)
		e.POST("/places/import", s.handleImportPlaces)
	}

	e.GET("/settings", s.handleSettings)
	e.POST("/settings", s.handleSaveSettings)
	e.POST("/settings/test-model", s.handleTestModel)
	e.POST("/settings/test-mod", s.handleTestMod)
	return nil
}

// Handler is the route table, for tests that need no live relay.
func (s *Server) Handler() http.Handler { return s.echo }

// Viewers is how many pages watch her live stream now: her mind comments
// on a long action only for an audience.
func (s *Server) Viewers() int { return s.frames.Len() }

// Serve answers on ln, a plain listener (over TLS when Config.TLS is set),
// until ctx ends, then stops gracefully: live streams end at once, other
// requests get ShutdownTimeout to finish. It refuses a listener beyond
// loopback when no token is configured. A Server serves once.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	first := false
	s.served.Do(func() { first = true })
	if !first {
		return errors.New("web: Serve called twice; make a new Server")
	}
	loopback := isLoopback(ln.Addr())
	if !loopback && s.cfg.Token == "" {
		_ = ln.Close()
		return fault.Wrap(fault.CodeRefused, ErrTokenRequired, fmt.Sprintf("A dashboard reachable beyond this machine needs a token: it would listen on %s; set BEA_TOKEN or bind 127.0.0.1.", ln.Addr()))
	}
	s.localOnly = loopback && s.cfg.Token == ""

	ln = limitListen(ln, s.cfg.Limits, s.proxies, s.log)
	if s.cfg.TLS != nil {
		tc := s.cfg.TLS.Clone()
		tc.NextProtos = []string{"http/1.1"} // one request at a time per connection, as the caps count them
		ln = tls.NewListener(ln, tc)
	}
	hs := &http.Server{
		Handler:           s.echo,
		ReadHeaderTimeout: s.cfg.Limits.HeaderTimeout,
		ReadTimeout:       s.cfg.Limits.ReadTimeout,
		WriteTimeout:      s.cfg.Limits.WriteTimeout,
		IdleTimeout:       s.cfg.Limits.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	hs.RegisterOnShutdown(func() { close(s.stopping) })

	var wg sync.WaitGroup
	relayCtx, stopRelay := context.WithCancel(ctx)
	defer stopRelay()
	changes, unsubscribe := s.deps.Changes.Subscribe()
	wg.Go(func() { s.relay(relayCtx, changes, unsubscribe) })

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()

	var err error
	select {
	case err = <-errc:
		// The listener failed before ctx ended: end what is still open.
		close(s.stopping)
		_ = hs.Close()
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.ShutdownTimeout)
		err = hs.Shutdown(sctx)
		cancel()
		if err != nil {
			// Requests still running past the timeout are cut off, so that
			// no connection outlives Serve.
			_ = hs.Close()
		}
		if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
			err = serr
		}
	}
	stopRelay()
	wg.Wait()
	s.frames.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("web: serve: %w", err)
	}
	return nil
}

func isLoopback(a net.Addr) bool {
	switch a := a.(type) {
	case *net.TCPAddr:
		return a.IP.IsLoopback()
	case *net.UnixAddr:
		return true // a socket file reaches only this machine
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// head is the layout's view of the request.
func (s *Server) head(c echo.Context, title, current string) layout.Head {
	token, _ := c.Get(csrfKey).(string)
	nav := []layout.Link{{Path: "/", Label: "Live"}}
	if s.deps.Places != nil {
		nav = append(nav, layout.Link{Path: "/places", Label: "Places"})
	}
	if s.deps.People != nil {
		nav = append(nav, layout.Link{Path: "/people", Label: "People"})
	}
	if s.deps.Deaths != nil {
		nav = append(nav, layout.Link{Path: "/deaths", Label: "Deaths"})
	}
	nav = append(nav, layout.Link{Path: "/history", Label: "History"})
	if s.deps.Blueprints != nil {
		nav = append(nav, layout.Link{Path: "/builds", Label: "Builds"})
	}
	if s.deps.Settings != nil {
		nav = append(nav, layout.Link{Path: "/settings", Label: "Settings"})
	}
	return layout.Head{Title: title, Current: current, CSRF: token, Nav: nav, Asset: s.assets.Path}
}

// render writes a component as the whole answer, gzipped for a browser
// that takes gzip when it is worth it (a page of history is 270 KB, 15 KB
// gzipped). It renders into a buffer first, so that a failure half way
// still gets a proper error status.
func render(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return fmt.Errorf("web: render: %w", err)
	}
	c.Response().Header().Add("Vary", "Accept-Encoding")
	zc, ok := c.Get(compressorsKey).(compressors)
	if !ok || buf.Len() < minGzip || !acceptsGzip(c.Request()) {
		return c.HTMLBlob(status, buf.Bytes())
	}
	c.Response().Header().Set("Content-Encoding", "gzip")
	return c.HTMLBlob(status, zc.gzip(buf.Bytes()))
}

// minGzip is the smallest answer worth gzipping: below it the header and
// the work cost more than they save.
const minGzip = 1 << 10

// compressorsKey is where every request finds the server's compressors
// (set by secureHeaders), for render.
const compressorsKey = "compressors"
