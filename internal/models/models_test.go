package models

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/llmtest"
)

// autopilot stands in for the offline model.
func autopilot() agent.Model { return &llmtest.Scripted{Label: "rules/autopilot"} }

func TestTheRegistryBuildsTheChosenModel(t *testing.T) {
	m := New(autopilot(), slog.New(slog.DiscardHandler))
	if got := m.Current().Name(); got != "rules/autopilot" {
		t.Fatalf("a new registry thinks with %s, want the autopilot", got)
	}
	if err := m.Configure(Choice{Provider: "openai", URL: "http://127.0.0.1:11434/v1", Model: "qwen2.5:7b"}); err != nil {
		t.Fatal(err)
	}
	if got := m.Current().Name(); got != "openai/qwen2.5:7b" {
		t.Errorf("after choosing openai she thinks with %s", got)
	}
	if provider, model, err := m.Status(); provider != "openai" || model != "openai/qwen2.5:7b" || err != nil {
		t.Errorf("status %q %q %v", provider, model, err)
	}
}

func TestAModelThatCannotBeBuiltLeavesHerOnTheAutopilot(t *testing.T) {
	var logs bytes.Buffer
	m := New(autopilot(), slog.New(slog.NewTextHandler(&logs, nil)))
	_ = m.Configure(Choice{Provider: "openai", URL: "http://127.0.0.1:11434/v1", Model: "qwen2.5:7b"})
	const key = "sk-secret-0123456789"
	err := m.Configure(Choice{Provider: "gemini", Key: key})
	if err == nil {
		t.Fatal("an unknown provider was taken")
	}
	if got := m.Current().Name(); got != "rules/autopilot" {
		t.Errorf("after a failed choice she thinks with %s, want the autopilot", got)
	}
	provider, _, status := m.Status()
	if provider != "gemini" || status == nil {
		t.Errorf("the status hides the failure: %q %v", provider, status)
	}
	if strings.Contains(err.Error(), key) || strings.Contains(logs.String(), key) {
		t.Error("the key shows in the error or the log")
	}
}

func TestAnOverrideStaysWhateverTheSettingsSay(t *testing.T) {
	m := New(autopilot(), slog.New(slog.DiscardHandler))
	m.Override(&llmtest.Scripted{})
	if err := m.Configure(Choice{Provider: "rules"}); err != nil {
		t.Fatal(err)
	}
	if got := m.Current().Name(); got != "test/scripted" {
		t.Errorf("after the settings chose the autopilot she thinks with %s, want the override", got)
	}
}
