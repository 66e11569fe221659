// Package models holds the model she thinks with: the one the settings
// choose, built from the adapters (openai, anthropic) or the offline
// autopilot, and the prices the bill reads. cmd/beaweb builds one Registry
// and one Prices, and the dashboard's settings page changes both while she
// plays.
package models

import (
	"fmt"
	"log/slog"
	"sync"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/anthropic"
	"beaweb/internal/agent/llm/openai"
)

// Choice is what the settings say about her model.
type Choice struct {
	Provider, URL, Model, Key string
}

// Registry holds the model of the moment. A change of settings builds a new
// one, which her next turn uses; a model that cannot be built leaves her on
// the offline autopilot, with the reason logged and shown.
type Registry struct {
	logger  *slog.Logger
	offline agent.Model

	mu     sync.Mutex
	cur    agent.Model
	choice Choice
	err    error
}

// New is a registry that starts on offline, the autopilot.
func New(offline agent.Model, logger *slog.Logger) *Registry {
	return &Registry{logger: logger, offline: offline, cur: offline, choice: Choice{Provider: "rules"}}
}

// Current is the model her next turn thinks with.
func (m *Registry) Current() agent.Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cur
}

// Status is what the dashboard shows of the model.
func (m *Registry) Status() (provider, model string, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.choice.Provider, m.cur.Name(), m.err
}

// Configure builds the chosen model. On error the autopilot plays, and the
// error says why; the key never appears in it.
func (m *Registry) Configure(c Choice) error {
	next, err := m.Build(c)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.choice, m.err = c, err
	if err != nil {
		m.cur = m.offline
		m.logger.Error("the model could not be set up; she plays on the offline autopilot meanwhile", slog.String("provider", c.Provider), slog.Any("error", err))
		return err
	}
	m.cur = next
	m.logger.Debug("model ready", slog.String("model", next.Name()))
	return nil
}

// Build makes the model c names, without putting it in force.
func (m *Registry) Build(c Choice) (agent.Model, error) {
	switch c.Provider {
	case "", "rules":
		return m.offline, nil
	case "openai":
		return openai.New(openai.Config{BaseURL: c.URL, APIKey: c.Key, Model: c.Model, Logger: m.logger})
	case "anthropic":
		return anthropic.New(anthropic.Config{BaseURL: c.URL, APIKey: c.Key, Model: c.Model, Logger: m.logger})
	}
	return nil, fmt.Errorf("model provider %q is not one of openai, anthropic, rules", c.Provider)
}

// Override makes every turn use model, whatever the settings say; tests
// drive her with a scripted model this way.
func (m *Registry) Override(model agent.Model) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.offline, m.cur, m.choice = model, model, Choice{Provider: "test"}
}
