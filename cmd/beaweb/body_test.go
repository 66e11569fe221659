package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeNode puts a node on PATH that prints version.
func fakeNode(t *testing.T, version string) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\necho " + version + "\n"
	if err := os.WriteFile(filepath.Join(dir, "node"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
}

func TestBodyRefusesAnOldNodeInOneSentence(t *testing.T) {
	fakeNode(t, "v20.20.2")
	_, _, _, err := startBody(t.Context(), bodyConfig{Server: "play.example.net:25565", Username: "Bea", Auth: "offline", Dir: "../../body"}, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "needs Node.js 22 or newer and PATH has v20.20.2") || !strings.Contains(err.Error(), "install") {
		t.Fatalf("err = %v, want the sentence naming the Node found and what to install", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := findNode(context.Background()); err != errNoNode {
		t.Fatalf("without node: err = %v, want errNoNode", err)
	}
}

func TestBodyRefusesABadServerAndAuth(t *testing.T) {
	fakeNode(t, "v22.23.3")
	for _, c := range []bodyConfig{
		{Server: "play.example.net", Username: "Bea", Auth: "offline"},
		{Server: "play.example.net:25565", Username: "Bea", Auth: "mojang"},
	} {
		if _, _, _, err := startBody(t.Context(), c, slog.New(slog.DiscardHandler)); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestBodyLogLinesBecomeRecords(t *testing.T) {
	var out bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&out, nil))
	relayBodyLog(strings.NewReader(`{"time":"t","msg":"ready","ms_to_spawn":812}`+"\nTypeError: boom\n"), logger)
	got := out.String()
	if !strings.Contains(got, `msg=ready ms_to_spawn=812`) || !strings.Contains(got, `line="TypeError: boom"`) {
		t.Fatalf("log = %s", got)
	}
}

func TestBodySettingsFallBackToHerNameAndOffline(t *testing.T) {
	b := config{Name: "Bea", Server: "h:1"}.body(nil, func(string) string { return "" })
	if b.Username != "Bea" || b.Auth != "offline" || filepath.Base(b.Dir) != "body" || len(b.Commands) != 0 {
		t.Fatalf("body config = %+v", b)
	}
}

func TestBodyGetsTheLoginPasswordAndCommandsButNoSecretsInItsEnvironment(t *testing.T) {
	env := map[string]string{"BEA_LOGIN_PASSWORD": "hunter2", "BEA_BODY_COMMANDS": "/spawn, Home,,"}
	b := config{Name: "Bea", Server: "h:1"}.body(nil, func(k string) string { return env[k] })
	if b.LoginPassword != "hunter2" || strings.Join(b.Commands, " ") != "spawn home" {
		t.Fatalf("body config = %+v", b)
	}
	got := withoutSecrets([]string{"PATH=/bin", "BEA_API_KEY=sk-1", "BEA_TOKEN=t", "BEA_LOGIN_PASSWORD=p", "HOME=/root"})
	if strings.Join(got, " ") != "PATH=/bin HOME=/root" {
		t.Fatalf("environment = %v", got)
	}
	if bodyHeader("") != nil || bodyHeader("k").Get("Authorization") != "Bearer k" {
		t.Fatal("the header carries the key as a bearer token, and nothing without one")
	}
}
