package main

import (
	"fmt"
	"log/slog"
	"sync"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/anthropic"
	"beaweb/internal/agent/llm/openai"
	"beaweb/internal/agent/llm/rules"
)

// modelChoice is what the settings say about her model.
type modelChoice struct {
	Provider, URL, Model, Key string
}

// models holds the model of the moment. A change of settings builds a new
// one, which her next turn uses; a model that cannot be built leaves her on
// the offline autopilot, with the reason logged and shown.
type models struct {
	logger  *slog.Logger
	offline agent.Model

	mu     sync.Mutex
	cur    agent.Model
	choice modelChoice
	err    error
}

func newModels(offline *rules.Model, logger *slog.Logger) *models {
	return &models{logger: logger, offline: offline, cur: offline, choice: modelChoice{Provider: "rules"}}
}

// current is the model her next turn thinks with.
func (m *models) current() agent.Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cur
}

// status is what the dashboard shows of the model.
func (m *models) status() (provider, model string, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.choice.Provider, m.cur.Name(), m.err
}

// configure builds the chosen model. On error the autopilot plays, and the
// error says why; the key never appears in it.
func (m *models) configure(c modelChoice) error {
	next, err := m.build(c)
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

// build makes the model c names, without putting it in force.
func (m *models) build(c modelChoice) (agent.Model, error) {
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

// override makes every turn use model, whatever the settings say; tests
// drive her with a scripted model this way.
func (m *models) override(model agent.Model) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.offline, m.cur, m.choice = model, model, modelChoice{Provider: "test"}
}
