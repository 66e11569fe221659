package main

import (
	"context"
	"fmt"
	"strconv"

	"beaweb/internal/agent"
	"beaweb/internal/store"
)

// controls are the live page's Stop, Pause and talk box: the mind does each,
// and the pause is saved as the enabled setting, so it holds across a
// restart as the settings page's switch does.
type controls struct {
	mind *agent.Mind
	db   *store.Store
}

func (c controls) Tell(ctx context.Context, text string) error { return c.mind.Tell(ctx, text) }

func (c controls) Stop(ctx context.Context) (bool, error) { return c.mind.Stop(ctx) }

func (c controls) SetPlaying(ctx context.Context, on bool) error {
	if err := c.db.SetSetting(ctx, keyEnabled, strconv.FormatBool(on)); err != nil {
		return fmt.Errorf("saving the switch: %w", err)
	}
	c.mind.SetEnabled(ctx, on)
	return nil
}
