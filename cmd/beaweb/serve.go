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
	"beaweb/internal/game/modclient"
	"beaweb/internal/game/practice"
	"beaweb/internal/game/protocol"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/store"
	"beaweb/web"
	"beaweb/web/live"
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
	logger := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))

	db, err := store.Open(ctx, cfg.DB, logger.With("part", "store"))
	if err != nil {
		return err
	}
	defer db.Close()
	saved, err := db.Settings(ctx)
	if err != nil {
		return err
	}
	for _, err := range cfg.applySaved(saved) {
		logger.Warn("a saved setting was ignored", slog.Any("error", err))
	}

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
	goRun := func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) {
				logger.Error(name+" stopped", slog.Any("error", err))
			}
		}()
	}

	if cfg.Practice {
		opts := cfg.PracticeWorld.options(logger.With("part", "practice"))
		if e.practice != nil {
			opts = *e.practice
			opts.Logger, opts.Data = logger.With("part", "practice"), data.FS
		}
		world, err := practice.New(opts)
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", cfg.PracticeWorld.Addr)
		if err != nil {
			return fmt.Errorf("practice world: %w", err)
		}
		cfg.ModURL = dialURL(ln.Addr())
		logger.Info("practice world started", slog.String("url", cfg.ModURL), slog.Int64("seed", opts.Seed),
			slog.Float64("speed", opts.Speed), slog.Bool("quiet", opts.Quiet), slog.Bool("peaceful", opts.Peaceful))
		goRun("practice world", func() error { return world.Serve(gameCtx, ln) })
	}
	if cfg.Server != "" {
		url, wait, err := startBody(gameCtx, cfg.body(e.stdout), logger.With("part", "body"))
		if err != nil {
			return err
		}
		cfg.ModURL = url
		goRun("body", wait)
	}

	hub := live.New[agent.Change](256)
	lv := agent.NewLive(cfg.Name, hub)
	var mind *agent.Mind
	client := modclient.New(modclient.Config{
		URL:    cfg.ModURL,
		Logger: logger.With("part", "mod"),
		OnStatus: func(st protocol.ConnStatus) {
			mind.Surface.SetConn(st)
		},
	})
	var ms *models
	mind = agent.NewMind(agent.MindConfig{
		Name:       cfg.Name,
		System:     systemPrompt(cfg.Name),
		IdleNudge:  cfg.IdleNudge,
		Commentary: cfg.Commentary,
	}, agent.MindDeps{
		Model: func() agent.Model { return ms.current() }, Game: client, Live: lv,
		Actions: db, Turns: db, Senses: db, Objectives: db, Recall: db, Logger: logger.With("part", "mind"),
	})
	ms = newModels(rules.New(cfg.Name, mind.Surface, mind.Hands), logger.With("part", "model"))
	templates, err := blueprint.LoadTemplates(data.FS)
	if err != nil {
		return err
	}
	books := newShelf(data.FS)
	if err := books.loadAll(); err != nil {
		return err
	}
	app := &application{cfg: cfg, db: db, client: client, mind: mind, models: ms, live: lv, logger: logger,
		books: books, templates: templates}
	app.applyModel()
	if e.model != nil {
		ms.override(e.model)
	}
	mind.SetTools(app.tools())
	if saved[keyEnabled] == "false" {
		mind.SetEnabled(false)
	}

	dash, err := web.New(web.Config{Token: cfg.Token}, web.Deps{
		Logger: logger.With("part", "web"), Live: lv, Changes: hub, Ask: mind,
		Actions: historyOf{db}, Objectives: db, Settings: app, Deaths: db, People: db, Places: db, Turns: db,
		Blueprints: templates, Scripts: previewerOf(newScripts(logger)),
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("dashboard: %w", err)
	}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(e.stdout, "beaweb: dashboard at %s\n", url)
	logger.Info("dashboard listening", slog.String("url", url))

	goRun("mod client", func() error { return client.Run(gameCtx) })
	goRun("senses", func() error { mind.Surface.Run(ctx, client.Events()); return nil })
	mindDone := make(chan struct{})
	goRun("mind", func() error {
		defer close(mindDone)
		return mind.Run(ctx)
	})
	goRun("dashboard", func() error { return dash.Serve(ctx, ln) })
	goRun("retention", func() error {
		db.RunRetention(ctx, time.Hour, time.Duration(cfg.RetentionDays)*24*time.Hour)
		return nil
	})
	if e.ready != nil {
		e.ready(addrs{Dashboard: url, Mod: cfg.ModURL, DB: cfg.DB})
	}

	<-ctx.Done()
	logger.Info("stopping: the running action is stopped, then the game link and the database are closed")
	// The mind stops her hands itself, while the game link is still up, so
	// the running action ends with the game's answer in her history. Then
	// whatever the game still does on her behalf without a call waiting (a
	// follow_player, which answered when she set off) is stopped as well.
	<-mindDone
	stopCtx, cancel := context.WithTimeout(gameCtx, stopTimeout)
	if client.Status().Connected {
		if _, err := client.Call(stopCtx, "stop_moving", nil); err != nil {
			logger.Warn("the running action could not be stopped", slog.Any("error", err))
		}
	}
	cancel()
	stopGame()
	return nil
}

func systemPrompt(name string) string {
	b, err := fs.ReadFile(data.FS, "prompts/minecraft.md")
	if err != nil {
		// The prompt is embedded: a binary without it was built wrong.
		panic("beaweb: the embedded prompt is missing: " + err.Error())
	}
	return strings.ReplaceAll(string(b), "{{name}}", name)
}

// application is the running program as the dashboard's settings page
// sees it: it saves settings and applies them where it can.
type application struct {
	cfg    config
	db     *store.Store
	client *modclient.Client
	mind   *agent.Mind
	models *models
	live   *agent.Live
	logger *slog.Logger

	books     *shelf
	templates *blueprint.Templates

	mu sync.Mutex // guards cfg after start
}

// tools builds her registry from the settings in force: build_script only
// with build scripts on and a sandbox that can run.
func (a *application) tools() *tools.Registry {
	a.mu.Lock()
	withScripts := a.cfg.BuildScripts
	a.mu.Unlock()
	d := tools.Deps{
		Game: a.client, Situation: a.mind.Surface, Hands: a.mind.Hands, Logger: a.logger.With("part", "tools"),
		Crafting: a.books, Building: a.templates, Places: a.db, People: a.db, Blocks: a.db,
	}
	if s := newScripts(a.logger); withScripts && s != nil {
		d.Scripts = s
	}
	return tools.New(d)
}

// applyModel builds the model the settings name and shows it live.
func (a *application) applyModel() {
	a.mu.Lock()
	c := modelChoice{Provider: a.cfg.provider(), URL: a.cfg.ModelURL, Model: a.cfg.Model, Key: a.cfg.APIKey}
	a.mu.Unlock()
	err := a.models.configure(c)
	provider, name, _ := a.models.status()
	a.live.Update(agent.TopicModel, func(s *agent.Snapshot) {
		s.Model.Provider, s.Model.Model = provider, name
		s.Model.LastError = ""
		if err != nil {
			s.Model.LastError = err.Error()
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
