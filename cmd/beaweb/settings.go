package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/fault"
	"beaweb/web"
)

// Settings is what the settings page shows. The API key is never returned:
// the page learns only whether one is set.
func (a *application) Settings(ctx context.Context) (web.Settings, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.cfg
	return web.Settings{
		Provider: c.provider(), ModelURL: c.ModelURL, Model: c.Model, KeySet: c.APIKey != "",
		ModURL: c.ModURL, Name: c.Name,
		IdleNudgeSeconds: int(c.IdleNudge / time.Second), CommentarySeconds: int(c.Commentary / time.Second),
		BuildScripts: c.BuildScripts, Enabled: a.mind.Enabled(),
	}, nil
}

// SaveSettings checks a saved form, keeps it in the store and applies it at
// once: the model at her next turn, the mod URL by reconnecting, the
// nudges, build scripts, the skill switch, and her name (in her prompt, in
// the chat lines that count as said to her, to the autopilot and on the
// live panel). A setting fixed by a flag or the environment is saved but
// stays overridden until that flag or variable goes.
func (a *application) SaveSettings(ctx context.Context, u web.SettingsUpdate) error {
	a.mu.Lock()
	next := a.cfg
	a.mu.Unlock()
	vals := map[string]string{
		keyProvider:     strings.ToLower(strings.TrimSpace(u.Provider)),
		keyModelURL:     strings.TrimSpace(u.ModelURL),
		keyModel:        strings.TrimSpace(u.Model),
		keyModURL:       strings.TrimSpace(u.ModURL),
		keyName:         strings.TrimSpace(u.Name),
		keyIdleNudge:    strconv.Itoa(u.IdleNudgeSeconds),
		keyCommentary:   strconv.Itoa(u.CommentarySeconds),
		keyBuildScripts: strconv.FormatBool(u.BuildScripts),
		keyEnabled:      strconv.FormatBool(u.Enabled),
	}
	if k := strings.TrimSpace(u.APIKey); k != "" {
		vals[keyAPIKey] = k
	}
	for key, v := range vals {
		if key == keyEnabled {
			continue
		}
		// Every value is checked; one a flag or the environment fixed is
		// saved but stays overridden in the running program.
		check := next
		if err := check.apply(key, v); err != nil {
			return fault.Wrap(fault.CodeInvalid, err, err.Error())
		}
		if !next.set[key] {
			next = check
		}
	}
	if u.ClearKey && !next.set[keyAPIKey] {
		next.APIKey = ""
	}
	if next.Practice {
		next.ModURL = a.cfg.ModURL // the practice world's own address is not a setting
		delete(vals, keyModURL)
	}
	if err := next.check(); err != nil {
		return fault.Wrap(fault.CodeInvalid, err, err.Error())
	}
	for key, v := range vals {
		if err := a.db.SetSetting(ctx, key, v); err != nil {
			return err
		}
	}
	if u.ClearKey {
		if err := a.db.DeleteSetting(ctx, keyAPIKey); err != nil {
			return err
		}
	}

	a.mu.Lock()
	prev := a.cfg
	a.cfg = next
	a.mu.Unlock()

	if prev.provider() != next.provider() || prev.ModelURL != next.ModelURL || prev.Model != next.Model || prev.APIKey != next.APIKey {
		a.applyModel()
	}
	if prev.Name != next.Name {
		a.mind.SetName(next.Name, systemPrompt(next.Name))
	}
	if prev.ModURL != next.ModURL {
		a.client.SetURL(next.ModURL)
	}
	a.mind.SetNudges(next.IdleNudge, next.Commentary)
	if prev.BuildScripts != next.BuildScripts {
		a.mind.SetTools(a.tools())
	}
	if u.Enabled != a.mind.Enabled() {
		a.mind.SetEnabled(u.Enabled)
	}
	return nil
}

// applySaved applies the settings saved from the dashboard under what flags
// and the environment fixed. It returns one error per value it could not
// use; the rest still apply.
func (c *config) applySaved(saved map[string]string) []error {
	var errs []error
	for key, v := range saved {
		if key == keyEnabled || c.set[key] {
			continue
		}
		if _, known := envOf[key]; !known {
			continue
		}
		switch key {
		case keyAddr, keyDB, keyToken, keyPractice:
			continue // these are read before the database opens
		}
		if err := c.apply(key, v); err != nil {
			errs = append(errs, fmt.Errorf("saved %s: %w", key, err))
		}
	}
	return errs
}
