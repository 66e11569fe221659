package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestBodySettingsFallBackToHerNameAndOffline(t *testing.T) {
	b := config{Name: "Bea", Server: "h:1"}.body(nil, func(string) string { return "" })
	if b.Username != "Bea" || b.Auth != "offline" || filepath.Base(b.Dir) != "body" || len(b.Commands) != 0 {
		t.Fatalf("body config = %+v", b)
	}
}

func TestBodyGetsTheLoginPasswordAndCommands(t *testing.T) {
	env := map[string]string{"BEA_LOGIN_PASSWORD": "hunter2", "BEA_COMMANDS": "true", "BEA_COMMAND_ALLOW": "/spawn, Home,,"}
	cfg, err := parseConfig([]string{"--server", "h:1"}, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	b := cfg.body(nil, func(k string) string { return env[k] })
	if b.LoginPassword != "hunter2" || strings.Join(b.Commands, " ") != "spawn home" {
		t.Fatalf("body config = %+v", b)
	}
	env["BEA_COMMANDS"] = "false"
	if cfg, _ = parseConfig([]string{"--server", "h:1"}, func(k string) string { return env[k] }, io.Discard); len(cfg.body(nil, func(string) string { return "" }).Commands) != 0 {
		t.Fatal("with commands off the body was given commands to allow")
	}
}
