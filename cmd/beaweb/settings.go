package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/modclient"
	"beaweb/internal/models"
	"beaweb/internal/settings"
	"beaweb/web"
)

// Settings is what the settings page shows: every value with its source.
// The page shows no secret's value, only whether one is set.
func (a *application) Settings(ctx context.Context) (web.Settings, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	st := web.Settings{Values: a.cfg.settings, Enabled: a.mind.Enabled()}
	if a.cfg.Practice {
		st.PracticeURL = a.cfg.ModURL
	}
	return st, nil
}

// SaveSettings checks a saved form, keeps it in the store and applies it at
// once: the model at her next turn, the mod URL by reconnecting, the
// nudges, build scripts, the skill switch, and her name (in her prompt, in
// the chat lines that count as said to her, to the autopilot and on the
// live panel). A change a flag or the environment would override is
// refused with the sentence that says so, never saved.
func (a *application) SaveSettings(ctx context.Context, u web.SettingsUpdate) error {
	// Saves take turns, so that each reads the settings the last one left
	// and none is applied over another. The turn is a token rather than a
	// lock held across the write: only another save waits for it, and that
	// one gives up with its request.
	select {
	case a.saving <- struct{}{}:
		defer func() { <-a.saving }()
	case <-ctx.Done():
		return fault.Wrap(fault.CodeUnavailable, ctx.Err(), "The settings were not saved: another save of them did not finish in time. Try again.")
	}
	a.mu.Lock()
	prev := a.cfg
	a.mu.Unlock()
	if v, ok := u.Changes[settings.ModURL]; ok && prev.Practice && v != prev.settings.Text(settings.ModURL) {
		return fault.New(fault.CodeRefused, "She plays in the practice world under --practice, so the mod URL does not apply; start beaweb without --practice to change it.")
	}
	var err error
	next := prev.settings
	if u.ClearKey {
		// Forgotten first, so that a URL moved in the same form needs no key.
		if next, err = next.Forget(settings.APIKey); err != nil {
			return err
		}
	}
	next, err = next.Change(u.Changes)
	if err != nil {
		return err
	}
	set, forget := next.Saved(prev.settings)
	saved := map[string]string{keyEnabled: strconv.FormatBool(u.Enabled)}
	for key, v := range set {
		saved[string(key)] = v
	}
	forgotten := make([]string, len(forget))
	for i, key := range forget {
		forgotten[i] = string(key)
	}
	if err := a.db.SaveSettings(ctx, saved, forgotten); err != nil {
		return err
	}

	cfg := configOf(next, prev.PracticeWorld)
	cfg.ModURL = prev.ModURL // the practice world's address, or the one settings say
	if !prev.Practice {
		cfg.ModURL = next.Text(settings.ModURL)
	}
	a.mu.Lock()
	a.cfg = cfg
	a.mu.Unlock()
	a.prices.Set(next)

	if prev.provider() != cfg.provider() || prev.ModelURL != cfg.ModelURL || prev.Model != cfg.Model || prev.APIKey != cfg.APIKey {
		a.applyModel()
	}
	if prev.Name != cfg.Name {
		a.live.Rename(cfg.Name) // her prompt is written for it at her next model call
	}
	if prev.ModURL != cfg.ModURL {
		a.client.SetURL(cfg.ModURL)
	}
	timers := cfg.brainTimers(a.live.Clock() != nil) // game time, under a sped-up practice world too
	a.mind.SetNudges(timers.IdleNudge, timers.Commentary)
	if prev.BuildScripts != cfg.BuildScripts || !slices.Equal(prev.commands().Allow, cfg.commands().Allow) || prev.commands().On != cfg.commands().On {
		a.mind.SetTools(a.tools())
	}
	a.mind.SetPolicy(cfg.policy())
	a.autopilot.SetQueue(cfg.queue())
	if u.Enabled != a.mind.Enabled() {
		a.mind.SetEnabled(ctx, u.Enabled)
	}
	return nil
}

// testTimeout bounds a Test button: long enough for a slow model to start.
const testTimeout = 30 * time.Second

// TestModel sends one small request, without tools, through the model the
// form names (what was typed over what is in force, the key bound to its
// host as a save would bind it) and answers the start of its reply, or the
// provider's sentence. Nothing is saved. It calls only the model URL in
// force or the provider's own: a URL typed and not saved could name any
// machine beaweb reaches (a service on this computer, a router), and the
// button would tell whoever pressed it how that answered.
func (a *application) TestModel(ctx context.Context, u web.SettingsUpdate) (string, error) {
	a.mu.Lock()
	prev := a.cfg.settings
	a.mu.Unlock()
	typed, err := prev.Change(u.Changes)
	if err == nil && u.ClearKey {
		typed, err = typed.Forget(settings.APIKey)
	}
	if err != nil {
		return "", err
	}
	if to := typed.Text(settings.ModelURL); to != "" && to != prev.Text(settings.ModelURL) {
		return "", fault.New(fault.CodeRefused, "The Test button calls only the model URL in force or the provider's own, never one just typed: "+
			"save the new URL first, then test it.")
	}
	provider := typed.Provider()
	if provider == "rules" {
		return "", fault.New(fault.CodeRefused, "With these settings she plays on the offline autopilot, which has no model to test: choose openai or anthropic first.")
	}
	model, err := a.models.Build(models.Choice{Provider: provider, URL: typed.Text(settings.ModelURL), Model: typed.Text(settings.Model), Key: typed.APIKeyInForce()})
	if err != nil {
		return "", fault.Wrap(fault.CodeUnavailable, err, "The model could not be set up: "+fault.Message(err))
	}
	name := model.Name()
	ctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	resp, err := model.Generate(ctx, agent.ModelRequest{
		System:   "You are checking that a connection works.",
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "Say hello in five words or fewer."}},
	})
	switch {
	case errors.Is(err, agent.ErrModel):
		// The adapter's fault says it in words; the detail goes to the log.
		a.logger.Warn("the model test failed", slog.Any("error", err))
		return "", fault.Wrap(fault.CodeUnavailable, err, fault.Message(err))
	case err != nil:
		return "", fault.Wrap(fault.CodeUnavailable, err, name+" did not answer.")
	}
	reply := strings.Join(strings.Fields(resp.Text), " ")
	if r := []rune(reply); len(r) > 120 {
		reply = string(r[:120]) + "…"
	}
	if reply == "" {
		reply = "(an empty reply)"
	}
	return fmt.Sprintf("%s answered in %s: %s", name, resp.Latency.Round(time.Millisecond), reply), nil
}

// TestMod connects to the mod at url, reads its hello and closes.
func (a *application) TestMod(ctx context.Context, url string) (string, error) {
	if _, err := settings.Validate(settings.ModURL, url); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	h, err := modclient.Probe(ctx, url)
	if err != nil {
		return "", err
	}
	if h.Player.Name == "" {
		return fmt.Sprintf("The mod at %s answered with protocol %d, an older BeaCraft that says nothing of itself.", url, h.Protocol), nil
	}
	return fmt.Sprintf("The mod at %s answered: %s plays Minecraft %s on %s (BeaCraft %s, protocol %d).",
		url, h.Player.Name, h.MCVersion, h.World.Server, h.ModVersion, h.Protocol), nil
}
