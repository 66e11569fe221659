package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// config is every setting of a running beaweb, parsed once here and passed
// into constructors. Precedence: flags, then BEA_* environment, then what
// was saved from the dashboard, then the defaults.
type config struct {
	Addr          string
	DB            string
	ModURL        string
	Practice      bool
	PracticeWorld practiceSettings // with Practice: the world beaweb starts itself
	Provider      string
	ModelURL      string
	Model         string
	APIKey        string
	IdleNudge     time.Duration
	Commentary    time.Duration
	BuildScripts  bool
	Name          string
	Token         string
	RetentionDays int
	// Server, Username and Auth start the body (body/, a mineflayer
	// player) on a real Minecraft server instead of dialling ModURL.
	Server   string
	Username string
	Auth     string

	// set records which settings a flag or the environment fixed, so the
	// dashboard's saved values never override them.
	set map[string]bool
}

// Setting keys, shared by flags' provenance, the environment and the saved
// settings of the dashboard.
const (
	keyAddr         = "addr"
	keyDB           = "db"
	keyModURL       = "mod_url"
	keyServer       = "server"
	keyUsername     = "username"
	keyAuth         = "auth"
	keyPractice     = "practice"
	keyProvider     = "model_provider"
	keyModelURL     = "model_url"
	keyModel        = "model"
	keyAPIKey       = "api_key"
	keyIdleNudge    = "idle_nudge_seconds"
	keyCommentary   = "commentary_seconds"
	keyBuildScripts = "build_scripts"
	keyName         = "name"
	keyToken        = "token"
	keyRetention    = "retention_days"
	// keyEnabled is the skill's switch; only the dashboard sets it.
	keyEnabled = "enabled"
)

// envOf maps a setting to its environment variable.
var envOf = map[string]string{
	keyAddr: "BEA_ADDR", keyDB: "BEA_DB", keyModURL: "BEA_MOD_URL", keyPractice: "BEA_PRACTICE",
	keyServer: "BEA_SERVER", keyUsername: "BEA_USERNAME", keyAuth: "BEA_AUTH",
	keyProvider: "BEA_MODEL_PROVIDER", keyModelURL: "BEA_MODEL_URL", keyModel: "BEA_MODEL",
	keyAPIKey: "BEA_API_KEY", keyIdleNudge: "BEA_IDLE_NUDGE_SECONDS", keyCommentary: "BEA_COMMENTARY_SECONDS",
	keyBuildScripts: "BEA_BUILD_SCRIPTS", keyName: "BEA_NAME", keyToken: "BEA_TOKEN", keyRetention: "BEA_RETENTION_DAYS",
}

func defaults() config {
	return config{
		Addr: "127.0.0.1:8765", DB: "beaweb.db", ModURL: "ws://127.0.0.1:8080",
		IdleNudge: 30 * time.Second, Commentary: 20 * time.Second,
		BuildScripts: true, Name: "Bea", RetentionDays: 30, set: map[string]bool{},
		PracticeWorld: practiceSettings{Addr: "127.0.0.1:0", Seed: 1, Speed: 1, Server: "practice"},
	}
}

// parseConfig reads flags over the environment over the defaults. Saved
// settings are applied later, once the database is open (applySaved).
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	c := defaults()
	for key, env := range envOf {
		if v := getenv(env); v != "" {
			if err := c.apply(key, v); err != nil {
				return c, fmt.Errorf("%s: %w", env, err)
			}
			c.set[key] = true
		}
	}
	fs := flag.NewFlagSet("beaweb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	str := func(key, usage string) {
		fs.Func(strings.ReplaceAll(key, "_", "-"), usage+" ("+envOf[key]+")", func(v string) error {
			c.set[key] = true
			return c.apply(key, v)
		})
	}
	str(keyAddr, "dashboard address, default 127.0.0.1:8765")
	str(keyDB, "SQLite file, default beaweb.db")
	str(keyModURL, "the mod's WebSocket URL, default ws://127.0.0.1:8080")
	str(keyServer, "a Minecraft Java server, host:port, that she joins through the body (needs Node.js 22)")
	str(keyUsername, "the player she joins --server as, default her name")
	str(keyAuth, "how she signs in to --server: offline or microsoft, default offline")
	str(keyProvider, "model provider: openai, anthropic or rules")
	str(keyModelURL, "model base URL (any OpenAI-compatible server)")
	str(keyModel, "model name")
	str(keyIdleNudge, "seconds standing around before she is nudged, 0 = off")
	str(keyCommentary, "seconds between comments on a long action, 0 = off")
	str(keyBuildScripts, "build scripts on or off (true/false)")
	str(keyName, "her name, default Bea")
	str(keyRetention, "days of action and turn history kept, default 30")
	fs.BoolFunc("practice", "play in the built-in practice world (BEA_PRACTICE=1)", func(v string) error {
		c.set[keyPractice] = true
		return c.apply(keyPractice, v)
	})
	// The same flags as `beaweb practice`, but for the address, which
	// --addr already names for the dashboard.
	worldFlags := c.PracticeWorld.addFlags(fs, "practice-addr", "practice world address, default a free loopback port", "practice-server")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q; subcommands are practice, craft-plan, plan-build and places", fs.Arg(0))
	}
	if !c.Practice {
		var given []string
		fs.Visit(func(f *flag.Flag) {
			if slices.Contains(worldFlags, f.Name) {
				given = append(given, "--"+f.Name)
			}
		})
		switch len(given) {
		case 0:
		case 1:
			return c, fmt.Errorf("%s is a setting of the practice world, which runs only with --practice (or BEA_PRACTICE=1)", given[0])
		default:
			return c, fmt.Errorf("%s are settings of the practice world, which runs only with --practice (or BEA_PRACTICE=1)",
				strings.Join(given, ", "))
		}
	}
	return c, c.check()
}

// apply sets one setting from its text.
func (c *config) apply(key, v string) error {
	v = strings.TrimSpace(v)
	switch key {
	case keyAddr:
		c.Addr = v
	case keyDB:
		c.DB = v
	case keyModURL:
		c.ModURL = v
	case keyServer:
		c.Server = v
	case keyUsername:
		c.Username = v
	case keyAuth:
		c.Auth = strings.ToLower(v)
	case keyPractice:
		b, err := parseBool(v)
		c.Practice = b
		return err
	case keyProvider:
		c.Provider = strings.ToLower(v)
	case keyModelURL:
		c.ModelURL = v
	case keyModel:
		c.Model = v
	case keyAPIKey:
		c.APIKey = v
	case keyIdleNudge, keyCommentary:
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("%q is not a whole number of seconds (0 turns it off)", v)
		}
		if key == keyIdleNudge {
			c.IdleNudge = time.Duration(n) * time.Second
		} else {
			c.Commentary = time.Duration(n) * time.Second
		}
	case keyBuildScripts:
		b, err := parseBool(v)
		c.BuildScripts = b
		return err
	case keyName:
		c.Name = v
	case keyToken:
		c.Token = v
	case keyRetention:
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("%q is not a whole number of days (at least 1)", v)
		}
		c.RetentionDays = n
	default:
		return fmt.Errorf("unknown setting %q", key)
	}
	return nil
}

func parseBool(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "1", "true", "on", "yes":
		return true, nil
	case "0", "false", "off", "no", "":
		return false, nil
	}
	return false, fmt.Errorf("%q is not on or off (use true or false)", v)
}

// check refuses settings that cannot work together.
func (c *config) check() error {
	if c.Name == "" {
		return errors.New("her name must not be empty")
	}
	if c.Server != "" && c.Practice {
		return errors.New("--server and --practice are two different worlds; give one of them")
	}
	if c.Auth != "" && c.Auth != "offline" && c.Auth != "microsoft" {
		return fmt.Errorf("--auth must be offline or microsoft, not %q", c.Auth)
	}
	switch c.Provider {
	case "", "openai", "anthropic", "rules":
	default:
		return fmt.Errorf("model provider %q is not one of openai, anthropic, rules", c.Provider)
	}
	if _, err := url.Parse(c.ModURL); err != nil {
		return fmt.Errorf("mod URL %q: %w", c.ModURL, err)
	}
	if c.Practice {
		if _, _, err := net.SplitHostPort(c.PracticeWorld.Addr); err != nil {
			return fmt.Errorf("practice world address %q: %w", c.PracticeWorld.Addr, err)
		}
	}
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return fmt.Errorf("dashboard address %q: %w", c.Addr, err)
	}
	if !isLoopback(host) && c.Token == "" {
		return fmt.Errorf("the dashboard address %s is reachable beyond this machine; set BEA_TOKEN to a secret first", c.Addr)
	}
	return nil
}

// provider is the model provider in force: openai when a URL or key is set,
// else the offline rules.
func (c *config) provider() string {
	if c.Provider != "" {
		return c.Provider
	}
	if c.ModelURL != "" || c.APIKey != "" {
		return "openai"
	}
	return "rules"
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
