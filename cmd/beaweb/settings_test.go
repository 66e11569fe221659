package main

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/llmtest"
	"beaweb/internal/agent/llm/rules"
	"beaweb/internal/fault"
	"beaweb/internal/game/protocol"
	"beaweb/internal/settings"
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
	app, err := newApplication(cfg, nil, db, nil, nil, logger)
	if err != nil {
		t.Fatal(err)
	}
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
	err = app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{
		settings.Provider: "openai", settings.ModelURL: "http://127.0.0.1:11434/v1", settings.Model: "qwen2.5:7b",
		settings.ModURL: "ws://127.0.0.1:9999", settings.Name: "Ada", settings.IdleNudge: "0", settings.Commentary: "45",
		settings.BuildScripts: "false", settings.APIKey: key, settings.PriceInput: "0.5", settings.SecondRequest: "refuse",
	}, Enabled: false})
	if err != nil {
		t.Fatal(err)
	}
	if got := app.autopilot.Queue(); got != rules.QueueRefuse {
		t.Errorf("a second player's request is met with %q, want refuse from the next line", got)
	}
	if got := app.models.Current().Name(); got != "openai/qwen2.5:7b" {
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
	if v := s.Values; v.Text(settings.APIKey) == "" || v.Text(settings.Name) != "Ada" || v.Text(settings.Commentary) != "45" ||
		v.Text(settings.IdleNudge) != "0" || v.Bool(settings.BuildScripts) || v.Get(settings.Name).Source != settings.FromSaved {
		t.Errorf("settings read back: %+v", s)
	}
	saved, err := app.db.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if saved["api_key"] != key || saved["model"] != "qwen2.5:7b" || saved[keyEnabled] != "false" || saved["price_input"] != "0.5" {
		t.Errorf("saved: %v", saved)
	}
	// A later start reads them back under flags and environment.
	next := defaults()
	next.applySaved(saved)
	if next.Model != "qwen2.5:7b" || next.provider() != "openai" || next.APIKey != key || next.Commentary != 45*time.Second {
		t.Errorf("a restart reads back %+v", next)
	}
	// Clearing the key forgets it.
	if err := app.SaveSettings(ctx, web.SettingsUpdate{ClearKey: true, Enabled: s.Enabled}); err != nil {
		t.Fatal(err)
	}
	if s, _ := app.Settings(ctx); s.Values.Text(settings.APIKey) != "" {
		t.Error("the key is still set after clearing it")
	}
}

func TestSettingsRefuseWhatCannotWork(t *testing.T) {
	cfg, _ := parseConfig(nil, envFrom(nil), io.Discard)
	app := testApp(t, cfg)
	cases := []struct {
		s    map[settings.Key]string
		want string
	}{
		{map[settings.Key]string{settings.Provider: "gemini"}, "The model provider is one of openai"},
		{map[settings.Key]string{settings.Name: ""}, "Her name is a Minecraft player name"},
		{map[settings.Key]string{settings.Name: "Dr Bea"}, "Her name is a Minecraft player name"},
		{map[settings.Key]string{settings.IdleNudge: "-1"}, "The idle nudge is a whole number"},
		{map[settings.Key]string{settings.PriceOutput: "-1"}, "The output price"},
	}
	for _, c := range cases {
		err := app.SaveSettings(context.Background(), web.SettingsUpdate{Changes: c.s})
		if fault.CodeOf(err) != fault.CodeInvalid || !strings.HasPrefix(fault.Message(err), c.want) {
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
	err := app.SaveSettings(context.Background(), web.SettingsUpdate{Changes: map[settings.Key]string{settings.Provider: "openai", settings.Model: "gpt-4o-mini"}, Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := app.models.Current().Name(); got != "rules/autopilot" {
		t.Errorf("the model is %s, want the autopilot while the chosen one cannot work", got)
	}
	if snap := app.live.Snapshot(); !strings.Contains(snap.Model.LastError, "key") {
		t.Errorf("the dashboard is not told why: %+v", snap.Model)
	}
}

// TestSettingsFixedByTheEnvironmentStayFixed: a value the environment
// fixed is refused on save with the sentence that says why, and nothing of
// the form is saved; sent back as it is, the rest of the form saves.
func TestSettingsFixedByTheEnvironmentStayFixed(t *testing.T) {
	cfg, err := parseConfig(nil, envFrom(map[string]string{"BEA_MODEL": "from-env", "BEA_API_KEY": "sk-env"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	ctx := context.Background()
	err = app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{
		settings.Model: "from-page", settings.IdleNudge: "10"}, Enabled: true})
	if fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "Set by BEA_MODEL in the environment") {
		t.Errorf("a model over BEA_MODEL: %v", err)
	}
	err = app.SaveSettings(ctx, web.SettingsUpdate{ClearKey: true, Enabled: true})
	if fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "BEA_API_KEY") {
		t.Errorf("forgetting a key BEA_API_KEY set: %v", err)
	}
	if saved, _ := app.db.Settings(ctx); len(saved) != 0 {
		t.Errorf("a refused form saved %v", saved)
	}
	err = app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{
		settings.Model: "from-env", settings.IdleNudge: "10"}, Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := app.Settings(ctx)
	if s.Values.Text(settings.Model) != "from-env" || s.Values.Text(settings.IdleNudge) != "10" || s.Values.Get(settings.Model).Source != settings.FromEnv {
		t.Errorf("in force: %+v", s.Values.Get(settings.Model))
	}
}

// shown is every perception she has been shown, and the last prompt.
func shown(model *llmtest.Scripted) (perceptions, system string) {
	var b strings.Builder
	for _, r := range model.Requests() {
		for _, m := range r.Messages {
			if m.Role == agent.RoleUser {
				b.WriteString(m.Text + "\n")
			}
		}
		system = r.System
	}
	return b.String(), system
}

// TestSettingsRenameHerAtOnce: a new name saved on the settings page is
// her name from that moment, with no restart: in her prompt, for the chat
// lines that wake her by naming her (and no longer the old name), for the
// autopilot, and on the live panel.
func TestSettingsRenameHerAtOnce(t *testing.T) {
	cfg, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	autopilot := app.models.Current()
	model := &llmtest.Scripted{}
	app.models.Override(model)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); _ = app.mind.Run(ctx) }()
	defer func() { cancel(); <-done }()
	app.live.SetConn(protocol.ConnStatus{Connected: true})

	s, err := app.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{settings.Name: "Ada"}, Enabled: s.Enabled}); err != nil {
		t.Fatal(err)
	}
	if got := app.live.Snapshot().Name; got != "Ada" {
		t.Errorf("the live panel says %q", got)
	}
	far := 40.0
	chat := func(msg string) {
		app.senses.Handle(ctx, protocol.Chat{UUID: "u-steve", Name: "Steve", Message: msg, Distance: &far})
	}
	waitShown := func(line string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			if p, _ := shown(model); strings.Contains(p, line) {
				return
			}
			if time.Now().After(deadline) {
				p, _ := shown(model)
				t.Fatalf("%q never reached her; she was shown:\n%s", line, p)
			}
			<-tick.C
		}
	}
	// The first line from afar passes the chat gate and starts its
	// cooldown; within it only a line said to her gets through.
	chat("anyone around?")
	waitShown("anyone around?")
	chat("bea, are you there?")
	chat("ada, are you there?")
	waitShown("ada, are you there?")
	perceptions, system := shown(model)
	if strings.Contains(perceptions, "bea, are you there?") {
		t.Errorf("a line naming her old name woke her inside the cooldown:\n%s", perceptions)
	}
	if !strings.Contains(system, "You are Ada") || strings.Contains(system, "You are Bea") {
		t.Errorf("her prompt does not name her Ada:\n%.300s", system)
	}

	// The autopilot reads the perception as the senses made it.
	seen := model.Requests()
	msgs := seen[len(seen)-1].Messages
	var last agent.Message
	for _, m := range msgs {
		if m.Role == agent.RoleUser && strings.Contains(m.Text, "ada, are you there?") {
			last = m
		}
	}
	resp, err := autopilot.Generate(ctx, agent.ModelRequest{
		Messages: []agent.Message{last},
		Tools:    []agent.ToolSpec{{Name: "mc_chat"}, {Name: "stay_silent"}},
	})
	if err != nil || len(resp.ToolCalls) == 0 || resp.ToolCalls[0].Name != "mc_chat" {
		t.Errorf("the autopilot does not answer a line naming Ada: %+v %v", resp.ToolCalls, err)
	}
}

// TestSettingsSavesTakeTurns: a save waits for the one under way, so that
// it reads the settings that one left; one whose request ends while it
// waits says so and saves nothing. A save that takes its turn saves the
// whole form, the switch included.
func TestSettingsSavesTakeTurns(t *testing.T) {
	cfg, _ := parseConfig(nil, envFrom(nil), io.Discard)
	app := testApp(t, cfg)
	form := web.SettingsUpdate{Changes: map[settings.Key]string{settings.Name: "Ada", settings.Commentary: "45"}, Enabled: false}

	app.saving <- struct{}{} // a save under way
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // its request ended while it waited
	err := app.SaveSettings(ctx, form)
	if fault.CodeOf(err) != fault.CodeUnavailable || !strings.Contains(fault.Message(err), "another save") {
		t.Errorf("a save that could not take its turn: %v, want one that says another save was under way", err)
	}
	if saved, _ := app.db.Settings(context.Background()); len(saved) != 0 {
		t.Errorf("a save that never had its turn saved %v", saved)
	}
	<-app.saving // the other save is over

	if err := app.SaveSettings(context.Background(), form); err != nil {
		t.Fatal(err)
	}
	saved, err := app.db.Settings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if saved["name"] != "Ada" || saved["commentary_seconds"] != "45" || saved[keyEnabled] != "false" {
		t.Errorf("saved %v", saved)
	}
	if len(app.saving) != 0 {
		t.Error("a save kept its turn after it ended")
	}
}

// TestTheSecondRequestChoicesAreTheAutopilots: the settings page offers
// exactly what the autopilot does with a second player's request, the
// default first, and a start with the default queues it.
func TestTheSecondRequestChoicesAreTheAutopilots(t *testing.T) {
	var queues []string
	for _, q := range rules.Queues() {
		queues = append(queues, string(q))
	}
	if got := settings.SecondRequests(); strings.Join(got, " ") != strings.Join(queues, " ") {
		t.Errorf("the settings offer %v, the autopilot knows %v", got, queues)
	}
	cfg, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got := testApp(t, cfg).autopilot.Queue(); got != rules.QueueWait {
		t.Errorf("by default a second player's request is met with %q, want queue", got)
	}
}
