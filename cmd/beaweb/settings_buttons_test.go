package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"beaweb/data"
	"beaweb/internal/fault"
	"beaweb/internal/practice"
	"beaweb/internal/settings"
	"beaweb/web"
)

// TestTestModelButton: the Settings page's model test sends one small
// request through the provider in force (an OpenAI-compatible server on
// httptest) and answers its reply, or the provider's own sentence.
func TestTestModelButton(t *testing.T) {
	status := http.StatusOK
	var asked string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		asked = string(b)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status != http.StatusOK {
			io.WriteString(w, `{"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}}`)
			return
		}
		io.WriteString(w, `{"id": "c1", "object": "chat.completion", "created": 1764676800, "model": "qwen3",
			"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "Hello! Ready to play."}}],
			"usage": {"prompt_tokens": 20, "completion_tokens": 6, "total_tokens": 26}}`)
	}))
	defer srv.Close()
	cfg, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	ctx := context.Background()
	if _, err := app.TestModel(ctx, web.SettingsUpdate{}); fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "offline autopilot") {
		t.Errorf("testing the autopilot: %v", err)
	}
	// A model that cannot be built says why, rather than testing the autopilot.
	err = app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{
		settings.Provider: "openai", settings.ModelURL: srv.URL + "/v1", settings.APIKey: "sk-test"}, Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.TestModel(ctx, web.SettingsUpdate{}); fault.CodeOf(err) != fault.CodeUnavailable || !strings.Contains(fault.Message(err), "could not be set up") {
		t.Errorf("testing a model without a name: %v", err)
	}
	err = app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{settings.Model: "qwen3"}, Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := app.TestModel(ctx, web.SettingsUpdate{})
	if err != nil || !strings.Contains(got, "Hello! Ready to play.") || !strings.Contains(got, "qwen3") {
		t.Errorf("TestModel = %q, %v", got, err)
	}
	if !strings.Contains(asked, "Say hello") || strings.Contains(asked, `"tools"`) {
		t.Errorf("the test request was %s", asked)
	}
	status = http.StatusUnauthorized
	_, err = app.TestModel(ctx, web.SettingsUpdate{})
	if fault.CodeOf(err) != fault.CodeUnavailable || !strings.Contains(fault.Message(err), "API key") || strings.Contains(fault.Message(err), "sk-test") {
		t.Errorf("TestModel with a refused key: %v", err)
	}
}

// TestTestModButton: the mod URL test connects to the practice world,
// reads its hello and closes; a URL where nothing listens says so.
func TestTestModButton(t *testing.T) {
	world, err := practice.New(practice.Options{Seed: 1, Speed: 1, Quiet: true, Server: "test.local", Data: data.FS, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- world.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()

	cfg, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	u := dialURL(ln.Addr())
	got, err := app.TestMod(ctx, u)
	if err != nil || !strings.Contains(got, "answered") || !strings.Contains(got, "test.local") {
		t.Errorf("TestMod(practice world) = %q, %v", got, err)
	}
	gone, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone.Close()
	if _, err := app.TestMod(ctx, dialURL(gone.Addr())); fault.CodeOf(err) != fault.CodeUnavailable || !strings.HasPrefix(fault.Message(err), "Nothing answered at") {
		t.Errorf("TestMod where nothing listens: %v", err)
	}
	if _, err := app.TestMod(ctx, "http://127.0.0.1:1"); fault.CodeOf(err) != fault.CodeInvalid {
		t.Errorf("TestMod of an http URL: %v", err)
	}
}
