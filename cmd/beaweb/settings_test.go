package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beaweb/data"
	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/rules"
	"beaweb/internal/game/modclient"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/store"
	"beaweb/web"
)

// testApp is the running program's settings side, wired as serve wires it
// but without starting anything.
func testApp(t *testing.T, cfg config) *application {
	t.Helper()
	logger := slog.New(slog.DiscardHandler)
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "bea.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	client := modclient.New(modclient.Config{URL: cfg.ModURL, Logger: logger})
	lv := agent.NewLive(cfg.Name, nil)
	var ms *models
	mind := agent.NewMind(agent.MindConfig{Name: cfg.Name}, agent.MindDeps{
		Model: func() agent.Model { return ms.current() }, Game: client, Live: lv, Logger: logger})
	ms = newModels(rules.New(cfg.Name, mind.Surface, mind.Hands), logger)
	templates, err := blueprint.LoadTemplates(data.FS)
	if err != nil {
		t.Fatal(err)
	}
	app := &application{cfg: cfg, db: db, client: client, mind: mind, models: ms, live: lv, logger: logger,
		books: newShelf(data.FS), templates: templates}
	app.applyModel()
	mind.SetTools(app.tools())
	return app
}

func TestSettingsApplyWithoutARestart(t *testing.T) {
	cfg, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	ctx := context.Background()
	const key = "sk-test-0123456789abcdef"
	err = app.SaveSettings(ctx, web.SettingsUpdate{Settings: web.Settings{
		Provider: "openai", ModelURL: "http://127.0.0.1:11434/v1", Model: "qwen2.5:7b", ModURL: "ws://127.0.0.1:9999",
		Name: "Ada", IdleNudgeSeconds: 0, CommentarySeconds: 45, BuildScripts: false, Enabled: false,
	}, APIKey: key})
	if err != nil {
		t.Fatal(err)
	}
	if got := app.models.current().Name(); got != "openai/qwen2.5:7b" {
		t.Errorf("the model in force is %s, want openai/qwen2.5:7b at the next turn", got)
	}
	if got := app.client.Status().URL; got != "ws://127.0.0.1:9999" {
		t.Errorf("the mod client still points at %s", got)
	}
	if app.mind.Enabled() {
		t.Error("the skill is still on")
	}
	s, err := app.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !s.KeySet || s.Name != "Ada" || s.CommentarySeconds != 45 || s.IdleNudgeSeconds != 0 || s.BuildScripts {
		t.Errorf("settings read back: %+v", s)
	}
	saved, err := app.db.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if saved[keyAPIKey] != key || saved[keyModel] != "qwen2.5:7b" || saved[keyEnabled] != "false" {
		t.Errorf("saved: %v", saved)
	}
	// A later start reads them back under flags and environment.
	next := defaults()
	next.applySaved(saved)
	if next.Model != "qwen2.5:7b" || next.provider() != "openai" || next.APIKey != key || next.Commentary != 45*time.Second {
		t.Errorf("a restart reads back %+v", next)
	}
	// Clearing the key forgets it.
	if err := app.SaveSettings(ctx, web.SettingsUpdate{Settings: s, ClearKey: true}); err != nil {
		t.Fatal(err)
	}
	if s, _ := app.Settings(ctx); s.KeySet {
		t.Error("the key is still set after clearing it")
	}
}

func TestSettingsRefuseWhatCannotWork(t *testing.T) {
	cfg, _ := parseConfig(nil, envFrom(nil), io.Discard)
	app := testApp(t, cfg)
	cases := []struct {
		s    web.Settings
		want string
	}{
		{web.Settings{Provider: "gemini", Name: "Bea", ModURL: "ws://127.0.0.1:8080"}, "not one of openai"},
		{web.Settings{Provider: "rules", Name: "", ModURL: "ws://127.0.0.1:8080"}, "name must not be empty"},
		{web.Settings{Provider: "rules", Name: "Bea", ModURL: "ws://127.0.0.1:8080", IdleNudgeSeconds: -1}, "whole number"},
	}
	for _, c := range cases {
		err := app.SaveSettings(context.Background(), web.SettingsUpdate{Settings: c.s})
		if !errors.Is(err, web.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an invalid-input error containing %q", c.s, err, c.want)
		}
	}
	if saved, _ := app.db.Settings(context.Background()); len(saved) != 0 {
		t.Errorf("a refused form saved %v", saved)
	}
}

func TestAModelThatCannotBeBuiltLeavesTheAutopilot(t *testing.T) {
	cfg, _ := parseConfig(nil, envFrom(nil), io.Discard)
	app := testApp(t, cfg)
	// openai with OpenAI's own URL and no key cannot work.
	err := app.SaveSettings(context.Background(), web.SettingsUpdate{Settings: web.Settings{Provider: "openai", Model: "gpt-4o-mini", Name: "Bea", ModURL: cfg.ModURL, Enabled: true}})
	if err != nil {
		t.Fatal(err)
	}
	if got := app.models.current().Name(); got != "rules/autopilot" {
		t.Errorf("the model is %s, want the autopilot while the chosen one cannot work", got)
	}
	if snap := app.live.Snapshot(); !strings.Contains(snap.Model.LastError, "key") {
		t.Errorf("the dashboard is not told why: %+v", snap.Model)
	}
}

func TestSettingsFixedByTheEnvironmentStayFixed(t *testing.T) {
	cfg, err := parseConfig(nil, envFrom(map[string]string{"BEA_MODEL": "from-env"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	err = app.SaveSettings(context.Background(), web.SettingsUpdate{Settings: web.Settings{
		Provider: "rules", Model: "from-page", Name: "Bea", ModURL: cfg.ModURL, IdleNudgeSeconds: 10, Enabled: true}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := app.Settings(context.Background())
	if s.Model != "from-env" || s.IdleNudgeSeconds != 10 {
		t.Errorf("in force: model %q (want the environment's), idle %d", s.Model, s.IdleNudgeSeconds)
	}
	saved, _ := app.db.Settings(context.Background())
	if saved[keyModel] != "from-page" {
		t.Errorf("the page's value was not kept for when the environment lets go: %v", saved)
	}
}
