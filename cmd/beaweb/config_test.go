package main

import (
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

func envFrom(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestConfigPrecedence(t *testing.T) {
	c, err := parseConfig([]string{"--model", "from-flag"}, envFrom(map[string]string{
		"BEA_MODEL": "from-env", "BEA_MODEL_URL": "http://127.0.0.1:11434/v1", "BEA_IDLE_NUDGE_SECONDS": "0",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Model != "from-flag" || c.ModelURL != "http://127.0.0.1:11434/v1" || c.IdleNudge != 0 {
		t.Errorf("flags over environment: %+v", c)
	}
	if c.provider() != "openai" {
		t.Errorf("a model URL without a provider should mean openai, got %s", c.provider())
	}
	errs := c.applySaved(map[string]string{"model": "saved", "commentary_seconds": "45", "name": "Ada", "addr": "0.0.0.0:1"})
	if len(errs) != 0 || c.Model != "from-flag" || c.Commentary != 45*time.Second || c.Name != "Ada" || c.Addr != "127.0.0.1:8765" {
		t.Errorf("saved settings under flags and environment: %+v %v", c, errs)
	}
	if errs := c.applySaved(map[string]string{"idle_nudge_seconds": "soon"}); len(errs) != 0 {
		t.Errorf("a saved value fixed by the environment was read: %v", errs)
	}
	if errs := c.applySaved(map[string]string{"commentary_seconds": "soon"}); len(errs) != 1 {
		t.Errorf("a bad saved value was not reported")
	}
}

func TestConfigDefaults(t *testing.T) {
	c, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8765" || c.DB != "beaweb.db" || c.ModURL != "ws://127.0.0.1:8080" || c.provider() != "rules" ||
		c.IdleNudge != 30*time.Second || c.Commentary != 20*time.Second || !c.BuildScripts || c.Name != "Bea" || c.Practice ||
		c.RetentionDays != 30 {
		t.Errorf("defaults: %+v", c)
	}
	c, err = parseConfig([]string{"--practice"}, envFrom(nil), io.Discard)
	if err != nil || !c.Practice {
		t.Errorf("--practice: %v %+v", err, c)
	}
	c, err = parseConfig(nil, envFrom(map[string]string{"BEA_PRACTICE": "1"}), io.Discard)
	if err != nil || !c.Practice {
		t.Errorf("BEA_PRACTICE=1: %v %+v", err, c)
	}
}

// TestConfigRetention: how many days of history are kept comes from the
// flag over the environment; a count that is not a whole number of days,
// or under one, is refused with a sentence.
func TestConfigRetention(t *testing.T) {
	c, err := parseConfig(nil, envFrom(map[string]string{"BEA_RETENTION_DAYS": "7"}), io.Discard)
	if err != nil || c.RetentionDays != 7 {
		t.Errorf("BEA_RETENTION_DAYS=7: %v, %d days", err, c.RetentionDays)
	}
	c, err = parseConfig([]string{"--retention-days", "90"}, envFrom(map[string]string{"BEA_RETENTION_DAYS": "7"}), io.Discard)
	if err != nil || c.RetentionDays != 90 {
		t.Errorf("--retention-days 90 over BEA_RETENTION_DAYS=7: %v, %d days", err, c.RetentionDays)
	}
	for _, v := range []string{"0", "-3", "a month", "1.5"} {
		_, err := parseConfig(nil, envFrom(map[string]string{"BEA_RETENTION_DAYS": v}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "BEA_RETENTION_DAYS") || !strings.Contains(err.Error(), "whole number of days") {
			t.Errorf("BEA_RETENTION_DAYS=%q: %v, want a refusal naming the setting", v, err)
		}
	}
}

func TestConfigRefusals(t *testing.T) {
	cases := []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--addr", "0.0.0.0:8765"}, map[string]string{"BEA_TOKEN": "s3cret"}, "The dashboard token is too easy to guess"},
		{[]string{"--tls-cert", "cert.pem"}, nil, "TLS needs both --tls-cert and --tls-key"},
		{nil, map[string]string{"BEA_MODEL_PROVIDER": "gemini"}, "BEA_MODEL_PROVIDER: The model provider is one of openai, anthropic, rules"},
		{nil, map[string]string{"BEA_IDLE_NUDGE_SECONDS": "-3"}, "BEA_IDLE_NUDGE_SECONDS"},
		{[]string{"--build-scripts", "maybe"}, nil, "is on or off"},
		{[]string{"stray"}, nil, "unexpected argument"},
		{nil, map[string]string{"BEA_NAME": " "}, "Her name is a Minecraft player name"},
		{nil, map[string]string{"BEA_NAME": "Dr Bea"}, "BEA_NAME: Her name is a Minecraft player name"},
		{[]string{"--name", "Dr Bea"}, nil, "Her name is a Minecraft player name"},
		{nil, map[string]string{"BEA_PRICE_INPUT": "-1"}, "BEA_PRICE_INPUT: The input price"},
		{[]string{"--auth", "mojang"}, nil, "The sign-in is one of offline, microsoft"},
		{[]string{"--username", "Dr Bea"}, nil, "The Minecraft username"},
	}
	for _, c := range cases {
		_, err := parseConfig(c.args, envFrom(c.env), io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: %v, want an error containing %q", c.args, c.env, err, c.want)
		}
	}
	c, err := parseConfig([]string{"--addr", "0.0.0.0:8765"}, envFrom(map[string]string{"BEA_TOKEN": "q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0Ge"}), io.Discard)
	if err != nil || c.TokenMade {
		t.Errorf("a non-loopback address with a token: %v (made one: %v)", err, c.TokenMade)
	}
}

// TestConfigPracticeWorld: --practice takes the practice world's own flags,
// the ones `beaweb practice` takes, with the address under its own name;
// given without --practice they are refused, not ignored.
func TestConfigPracticeWorld(t *testing.T) {
	c, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if want := (practiceSettings{Addr: "127.0.0.1:0", Seed: 1, Speed: 1, Server: "practice"}); c.PracticeWorld != want {
		t.Errorf("practice world defaults %+v, want %+v", c.PracticeWorld, want)
	}
	c, err = parseConfig([]string{"--practice", "--seed", "7", "--speed", "20", "--quiet",
		"--practice-addr", "127.0.0.1:9090", "--practice-server", "test.local", "--addr", "127.0.0.1:0"}, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if want := (practiceSettings{Addr: "127.0.0.1:9090", Seed: 7, Speed: 20, Quiet: true, Server: "test.local"}); c.PracticeWorld != want || c.Addr != "127.0.0.1:0" {
		t.Errorf("practice world %+v and dashboard %s, want %+v and 127.0.0.1:0", c.PracticeWorld, c.Addr, want)
	}
	o := c.PracticeWorld.options(nil)
	if o.Seed != 7 || o.Speed != 20 || !o.Quiet || o.Server != "test.local" || o.Data == nil {
		t.Errorf("practice options %+v", o)
	}
	c, err = parseConfig([]string{"--seed", "3"}, envFrom(map[string]string{"BEA_PRACTICE": "1"}), io.Discard)
	if err != nil || c.PracticeWorld.Seed != 3 {
		t.Errorf("BEA_PRACTICE=1 --seed 3: %v %+v", err, c.PracticeWorld)
	}

	c, err = parseConfig([]string{"--practice", "--peaceful"}, envFrom(nil), io.Discard)
	if err != nil || !c.PracticeWorld.Peaceful || c.PracticeWorld.Quiet || !c.PracticeWorld.options(nil).Peaceful {
		t.Errorf("--practice --peaceful: %v %+v", err, c.PracticeWorld)
	}

	for _, args := range [][]string{{"--seed", "7"}, {"--quiet"}, {"--peaceful"}, {"--practice-addr", "127.0.0.1:9"}, {"--speed", "2", "--practice-server", "x"}} {
		_, err := parseConfig(args, envFrom(nil), io.Discard)
		if err == nil || !strings.Contains(err.Error(), args[0]) || !strings.Contains(err.Error(), "only with --practice") {
			t.Errorf("%v without --practice: %v", args, err)
		}
	}
	_, err = parseConfig([]string{"--practice", "--practice-addr", "nowhere"}, envFrom(nil), io.Discard)
	if err == nil || !strings.Contains(err.Error(), `practice world address "nowhere"`) {
		t.Errorf("a practice address without a port: %v", err)
	}
	if _, err := parseConfig([]string{"--practice", "--speed", "fast"}, envFrom(nil), io.Discard); err == nil {
		t.Errorf("a speed that is not a number was taken")
	}
}

func TestDialURL(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:4000": "ws://127.0.0.1:4000", "0.0.0.0:4000": "ws://127.0.0.1:4000",
		"[::]:4000": "ws://127.0.0.1:4000", "[::1]:4000": "ws://[::1]:4000",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := dialURL(a); got != want {
			t.Errorf("dialURL(%s) = %s, want %s", addr, got, want)
		}
	}
}
