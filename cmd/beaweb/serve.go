package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"beaweb/data"
	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/rules"
	"beaweb/internal/agent/tools"
	"beaweb/internal/bodyproc"
	"beaweb/internal/fault"
	"beaweb/internal/lockstep"
	"beaweb/internal/modclient"
	"beaweb/internal/models"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/practice"
	"beaweb/internal/store"
	"beaweb/web"
	"beaweb/web/fanout"
)

func dataFS() fs.FS { return data.FS }

// stopTimeout bounds how long the way out waits for the game to stop the
// running action.
const stopTimeout = 3 * time.Second

// serve runs beaweb until ctx ends: the practice world when asked for, the
// mod client, the mind and the dashboard, all over one store. On the way out
// the running action is stopped, every goroutine ends and the database is
// closed.
func serve(ctx context.Context, cfg config, e env) error {
	logger := newLogger(e.stderr, cfg.LogLevel)
	defer flushLog(logger) // last: the counts of warnings held back
	// One beaweb per database: a second would drive the same game.
	claim, err := store.ClaimFile(cfg.DB)
	if err != nil {
		return err
	}
	defer claim.Release()
	db, saved, err := openStore(ctx, &cfg, logger)
	if err != nil {
		return err
	}
	defer db.Close()

	// The game side outlives everything else by as long as it takes to stop
	// the running action. On every way out (a start that fails half-way
	// included) the parts are told to end before they are waited for:
	// deferred calls run last first.
	var wg sync.WaitGroup
	defer wg.Wait()
	gameCtx, stopGame := context.WithCancel(context.WithoutCancel(ctx))
	defer stopGame()
	ctx, stopAll := context.WithCancel(ctx)
	defer stopAll()
	goRun := runner(&wg, logger)

	if cfg.Practice {
		if cfg.ModURL, err = startPractice(gameCtx, cfg, e, logger, goRun); err != nil {
			return err
		}
	}
	if cfg.Server != "" && !cfg.Practice {
		news := &bodyproc.News{}
		url, key, wait, err := bodyproc.Start(gameCtx, cfg.body(e.stdout, e.getenv), news, logger.With("part", "body"))
		if err != nil {
			return err
		}
		cfg.ModURL, cfg.ModKey, cfg.BodyNews = url, key, news
		goRun("body", wait)
	}

	hub := fanout.New[agent.Change](256)
	app, err := newApplication(cfg, saved, db, hub, e.lockstep, logger)
	if err != nil {
		return err
	}
	if e.model != nil {
		app.models.Override(e.model)
	}
	if e.bill != nil {
		app.models.Override(models.NewSensible(app.autopilot, app.live.Now, e.bill))
	}
	dash, err := app.dashboard(hub)
	if err != nil {
		return err
	}
	app.mind.SetAudience(dash) // her commentary is for someone watching
	ln, url, err := listenDashboard(cfg)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, greeting(url, cfg, saved))
	printToken(e.stdout, cfg)
	logger.Debug("dashboard listening", slog.String("url", url))

	mindDone := app.start(ctx, gameCtx, goRun)
	goRun("dashboard", func() error { return dash.Serve(ctx, ln) })
	if e.ready != nil {
		e.ready(addrs{Dashboard: url, Mod: cfg.ModURL, DB: cfg.DB})
	}
	<-ctx.Done()
	e.lockstep.Release() // the world answers her last requests without waiting for her
	app.stop(gameCtx, mindDone)
	stopGame()
	return nil
}

// openStore opens the database and lays the saved settings over cfg; a
// saved setting that does not apply is logged and ignored.
func openStore(ctx context.Context, cfg *config, logger *slog.Logger) (*store.Store, map[string]string, error) {
	db, err := store.Open(ctx, cfg.DB, logger.With("part", "store"))
	if err != nil {
		return nil, nil, err
	}
	if n, err := db.InterruptLeftRunning(ctx, time.Now()); err != nil {
		db.Close()
		return nil, nil, err
	} else if n > 0 {
		logger.Warn("actions a crash cut off are marked interrupted", slog.Int64("actions", n))
	}
	saved, err := db.Settings(ctx)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	for _, err := range cfg.applySaved(saved) {
		logger.Warn("a saved setting was ignored", slog.Any("error", err))
	}
	return db, saved, nil
}

// runner returns what starts a part of the program in a goroutine that wg
// waits for, logging how it ended unless it was told to.
func runner(wg *sync.WaitGroup, logger *slog.Logger) func(name string, f func() error) {
	return func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) {
				logger.Error(name+" stopped", slog.Any("error", err))
			}
		}()
	}
}

// startPractice opens the practice world under ctx and returns the address
// her mod client dials.
func startPractice(ctx context.Context, cfg config, e env, logger *slog.Logger, goRun func(string, func() error)) (string, error) {
	opts := cfg.PracticeWorld.options(logger.With("part", "practice"))
	if e.practice != nil {
		opts = *e.practice
		opts.Logger, opts.Data = logger.With("part", "practice"), data.FS
	}
	opts.Lockstep, opts.Watch = e.lockstep, e.watch
	world, err := practice.New(opts)
	if err != nil {
		return "", err
	}
	ln, err := net.Listen("tcp", cfg.PracticeWorld.Addr)
	if err != nil {
		return "", fmt.Errorf("practice world: %w", err)
	}
	url := dialURL(ln.Addr())
	logger.Debug("practice world started", slog.String("url", url), slog.Int64("seed", opts.Seed),
		slog.Float64("speed", opts.Speed), slog.Bool("quiet", opts.Quiet), slog.Bool("peaceful", opts.Peaceful))
	goRun("practice world", func() error { return world.Serve(ctx, ln) })
	return url, nil
}

// newApplication builds her parts bottom-up, each from the ones before it:
// the live snapshot (published to pub, which may be nil), the game link that
// reports to it, the inbox of perceptions, her hands, the one writer of her
// spatial map, the models, her tools, her mind and her senses. Nothing runs
// yet.
//
// step is the lockstep clock her mind keeps step with a practice world by
// (`beaweb bench`); nil everywhere else.
func newApplication(cfg config, saved map[string]string, db *store.Store, pub agent.Publisher, step *lockstep.Clock, logger *slog.Logger) (*application, error) {
	blueprints := fs.FS(data.FS)
	if cfg.blueprints != nil {
		blueprints = cfg.blueprints
	}
	templates, err := blueprint.LoadTemplates(blueprints)
	if err != nil {
		return nil, err
	}
	books := newShelf(data.FS)
	if err := books.loadAll(); err != nil {
		return nil, err
	}
	mindLog := logger.With("part", "mind")
	lv := agent.NewLive(cfg.Name, pub, step)
	db.ReportSaves(lv.SetUnsaved) // a write that fails is a banner, not only a log line
	client := modclient.New(modclient.Config{URL: cfg.ModURL, Header: bodyproc.Header(cfg.ModKey), Logger: logger.With("part", "mod"), OnStatus: cfg.BodyNews.Wrap(lv.SetConn), Lockstep: step})
	inbox := agent.NewInbox(0, mindLog, lv)
	hands := agent.NewHands(client, db, lv, mindLog, inbox.Perceive)
	spatial := agent.NewMapWriter(db, lv, mindLog)
	understand, err := understanding(data.FS, books)
	if err != nil {
		return nil, err
	}
	book := maker{books, lv}
	autopilot := rules.New(lv, book, rules.WithRequests(understand), rules.WithMaker(book), rules.WithBuilder(templateCounter{templates, lv}),
		rules.WithPlaces(db), rules.WithQueue(cfg.queue()))
	ms := models.New(autopilot, logger.With("part", "model"))
	parts := tools.Deps{Game: client, Situation: lv, Hands: hands, Logger: logger.With("part", "tools"),
		Crafting: books, Building: templates, Places: db, People: db, Blocks: db, Map: spatial, Commands: cfg.commands()}
	bill := &models.Prices{}
	bill.Set(cfg.settings)
	timers := cfg.brainTimers(step != nil) // game time, under a sped-up practice world too
	prompt, err := promptFor()
	if err != nil {
		return nil, err
	}
	mind := agent.NewMind(agent.MindConfig{
		Prompt: prompt, IdleNudge: timers.IdleNudge, Commentary: timers.Commentary, Minute: timers.Minute,
		ReflexMemory: timers.ReflexMemory, Off: saved[keyEnabled] == "false",
	}, agent.MindDeps{
		Model: ms.Current, Tools: registry(parts, cfg.BuildScripts, logger), Live: lv, Hands: hands, Inbox: inbox,
		Turns: db, Objectives: db, Recall: db, Prices: bill, Fallback: autopilot, Logger: mindLog,
	})
	mind.SetPolicy(cfg.policy())
	app := &application{cfg: cfg, db: db, client: client, mind: mind, models: ms, autopilot: autopilot, live: lv, logger: logger,
		senses: agent.NewSenses(lv, hands, db, spatial, mindLog, inbox.Perceive), parts: parts, templates: templates, prices: bill,
		saving: make(chan struct{}, 1)}
	app.applyModel()
	return app, nil
}

// dashboard is the web server over her live snapshot and the store,
// speaking TLS when a certificate is set.
func (a *application) dashboard(changes web.Changes) (*web.Server, error) {
	tlsCfg, err := dashboardTLS(a.cfg)
	if err != nil {
		return nil, err
	}
	return web.New(web.Config{Token: a.cfg.Token, TrustedProxies: a.cfg.trustedProxies(), TLS: tlsCfg}, web.Deps{
		Logger: a.logger.With("part", "web"), Live: a.live, Changes: changes, Ask: a.mind,
		Actions: historyOf{a.db}, Objectives: a.db, Settings: a, Deaths: a.db, People: a.db, Places: a.db, Turns: a.db,
		Blueprints: a.templates, Scripts: previewerOf(newScripts(a.logger)),
		Tell: controls{a.mind, a.db}, Stop: controls{a.mind, a.db}, Play: controls{a.mind, a.db}, Map: a.db,
	})
}

// start runs the game link (under gameCtx), her senses, her mind and the
// store's retention (under ctx); the channel closes when the mind is done.
func (a *application) start(ctx, gameCtx context.Context, goRun func(string, func() error)) <-chan struct{} {
	goRun("mod client", func() error { return a.client.Run(gameCtx) })
	goRun("senses", func() error { a.senses.Run(ctx, a.client.Events()); return nil })
	mindDone := make(chan struct{})
	goRun("mind", func() error {
		defer close(mindDone)
		return a.mind.Run(ctx)
	})
	goRun("retention", func() error {
		a.db.RunRetention(ctx, time.Hour, time.Duration(a.cfg.RetentionDays)*24*time.Hour)
		return nil
	})
	return mindDone
}

// stop waits for the mind to stop her hands, while the game link is still
// up, so the running action ends with the game's answer in her history.
// Then whatever the game still does on her behalf without a call waiting (a
// follow_player, which answered when she set off) is stopped as well.
func (a *application) stop(gameCtx context.Context, mindDone <-chan struct{}) {
	a.logger.Info("Stopping: her running action first, then the game link and the database")
	<-mindDone
	ctx, cancel := context.WithTimeout(gameCtx, stopTimeout)
	defer cancel()
	if a.client.Status().Connected {
		if _, err := a.client.Call(ctx, "stop_moving", nil); err != nil {
			a.logger.Warn("the running action could not be stopped", slog.Any("error", err))
		}
	}
}

// promptFor is her system prompt for a name: the embedded prompt, read
// once here, with the name written in. The same name gives the same bytes,
// as the providers' caches need.
func promptFor() (func(name string) string, error) {
	b, err := fs.ReadFile(data.FS, "prompts/minecraft.md")
	if err != nil {
		// The prompt is embedded: a binary without it was built wrong.
		return nil, fmt.Errorf("her prompt is missing from this build of beaweb: %w", err)
	}
	prompt := string(b)
	return func(name string) string { return strings.ReplaceAll(prompt, "{{name}}", name) }, nil
}

// application is the running program as the dashboard's settings page
// sees it: it saves settings and applies them where it can.
type application struct {
	cfg    config
	db     *store.Store
	client *modclient.Client
	mind   *agent.Mind
	senses *agent.Senses
	models *models.Registry
	// autopilot is the offline autopilot: she plays on it when no model is
	// chosen, while the spend cap holds, and the bench's stand-in plays
	// through it. Its queue of requests follows the settings (its other
	// settings come with the mind's policy).
	autopilot *rules.Model
	live      *agent.Live
	logger    *slog.Logger

	parts     tools.Deps // her tools' parts, build scripts aside
	templates *blueprint.Templates
	prices    *models.Prices // the bill's, kept in step with cfg

	mu     sync.Mutex    // guards cfg after start
	saving chan struct{} // the turn of the one save of the settings under way
}

// tools builds her registry from the settings in force.
func (a *application) tools() *tools.Registry {
	a.mu.Lock()
	withScripts := a.cfg.BuildScripts
	parts := a.parts
	parts.Commands = a.cfg.commands()
	a.mu.Unlock()
	return registry(parts, withScripts, a.logger)
}

// registry is her tools from parts: build_script only with build scripts
// on and a sandbox that can run.
func registry(parts tools.Deps, withScripts bool, logger *slog.Logger) *tools.Registry {
	if s := newScripts(logger); withScripts && s != nil {
		parts.Scripts = s
	}
	return tools.New(parts)
}

// applyModel builds the model the settings name and shows it live.
func (a *application) applyModel() {
	a.mu.Lock()
	c := models.Choice{Provider: a.cfg.provider(), URL: a.cfg.ModelURL, Model: a.cfg.Model, Key: a.cfg.APIKey}
	a.mu.Unlock()
	err := a.models.Configure(c)
	provider, name, _ := a.models.Status()
	a.live.Update(agent.TopicModel, func(s *agent.Snapshot) {
		s.Model.Provider, s.Model.Model = provider, name
		s.Model.LastError = ""
		if err != nil {
			s.Model.LastError = fault.Message(err) // the detail is in the log (Configure)
		}
	})
}

// previewerOf keeps a missing sandbox a nil interface, so the dashboard
// leaves the script box out rather than calling nothing.
func previewerOf(s *scripts) web.ScriptPreviewer {
	if s == nil {
		return nil
	}
	return s
}
