package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/rules"
	"beaweb/internal/agent/tools"
	"beaweb/internal/bodyproc"
	"beaweb/internal/settings"
)

// config is every setting of a running beaweb, read once here from flags and
// the environment (and, once the database is open, what the dashboard
// saved) and passed into constructors. Package settings owns the values,
// their sources and their one check; config holds them typed for the parts
// that use them.
type config struct {
	Addr          string
	DB            string
	ModURL        string
	ModKey        string         // --server: the body's key, sent with each handshake to ModURL
	BodyNews      *bodyproc.News // --server: what the body is doing, for the dashboard
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
	// TokenMade says beaweb made the token for this run (none was given),
	// so it prints it once. It is read from the settings (a token nothing
	// set), so every rebuild of the config keeps it.
	TokenMade     bool
	TLSCert       string
	TLSKey        string
	RetentionDays int
	// Server, Username and Auth are the real server she joins; under
	// --practice, Server is the name the practice world announces.
	Server   string
	Username string
	Auth     string
	// LogLevel is how much beaweb says (--verbose, BEA_LOG); the zero value
	// is info.
	LogLevel slog.Level

	// settings are the values above with their sources, for the Settings
	// page and for the next change.
	settings settings.Settings
	// blueprints, when set, is where her templates are read from
	// (blueprints/*.json) instead of beaweb's data: `beaweb bench --tasks`
	// adds a task's blueprint to them.
	blueprints fs.FS
}

// keyEnabled is the skill's switch. Only the dashboard sets it, so it is
// kept beside the settings, not among them.
const keyEnabled = "enabled"

func defaults() config {
	return configOf(settings.Defaults(), practiceSettings{Addr: "127.0.0.1:0", Seed: 1, Speed: 1, Server: "practice"})
}

// configOf types s, with the practice world's own settings.
func configOf(s settings.Settings, world practiceSettings) config {
	c := config{
		Addr: s.Text(settings.Addr), DB: s.Text(settings.DB), ModURL: s.Text(settings.ModURL),
		Practice: s.Bool(settings.Practice), PracticeWorld: world,
		Provider: s.Text(settings.Provider), ModelURL: s.Text(settings.ModelURL), Model: s.Text(settings.Model),
		APIKey:  s.APIKeyInForce(), // never a key for another host
		TLSCert: s.Text(settings.TLSCert), TLSKey: s.Text(settings.TLSKey),
		IdleNudge: s.Seconds(settings.IdleNudge), Commentary: s.Seconds(settings.Commentary),
		BuildScripts: s.Bool(settings.BuildScripts), Name: s.Text(settings.Name), Token: s.Text(settings.Token),
		TokenMade:     s.Text(settings.Token) != "" && s.Get(settings.Token).Source == settings.FromDefault,
		RetentionDays: s.Int(settings.Retention),
		Server:        s.Text(settings.Server), Username: s.Text(settings.Username), Auth: s.Text(settings.Auth),
		settings: s,
	}
	if c.Practice && c.Server != "" {
		c.PracticeWorld.Server = c.Server
	}
	return c
}

// parseConfig reads flags over the environment over the defaults. Saved
// settings are applied later, once the database is open (applySaved).
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	base := defaults()
	s, err := base.settings.FromEnv(getenv)
	if err != nil {
		return base, err
	}
	world := base.PracticeWorld
	fs := flag.NewFlagSet("beaweb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	s.AddFlags(fs)
	// The same flags as `beaweb practice`, but for the address, which
	// --addr already names for the dashboard, and --server, which is a
	// setting of its own (the practice world announces it).
	worldFlags := addWorldFlags(fs, &world)
	logLevel := addLogFlag(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return base, err
	}
	if fs.NArg() > 0 {
		return base, fmt.Errorf("unexpected argument %q; subcommands are practice, bench, craft-plan, plan-build and places", fs.Arg(0))
	}
	c := configOf(s, world)
	if c.LogLevel, err = logLevel(); err != nil {
		return c, err
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
	if c.Practice {
		if _, _, err := net.SplitHostPort(c.PracticeWorld.Addr); err != nil {
			return c, fmt.Errorf("practice world address %q: %w", c.PracticeWorld.Addr, err)
		}
	}
	if s.NeedsToken() {
		s = s.WithToken(newToken())
		level := c.LogLevel
		c = configOf(s, world)
		c.LogLevel = level
	}
	return c, s.Check()
}

// addWorldFlags defines the practice world's flags on fs but --server,
// and answers their names.
func addWorldFlags(fs *flag.FlagSet, world *practiceSettings) []string {
	own := flag.NewFlagSet("practice", flag.ContinueOnError)
	var names []string
	for _, name := range world.addFlags(own, "practice-addr", "practice world address, default a free loopback port", "practice-server") {
		if name == "server" {
			continue
		}
		f := own.Lookup(name)
		fs.Var(f.Value, f.Name, f.Usage)
		names = append(names, name)
	}
	return names
}

// applySaved applies the settings saved from the dashboard under what flags
// and the environment fixed. It returns one error per value it could not
// use; the rest still apply.
func (c *config) applySaved(saved map[string]string) []error {
	s, errs := c.settings.WithSaved(saved)
	blueprints, level := c.blueprints, c.LogLevel
	*c = configOf(s, c.PracticeWorld)
	c.blueprints, c.LogLevel = blueprints, level
	return errs
}

// provider is the model provider in force: openai when a URL or key is set,
// else the offline rules.
func (c *config) provider() string { return c.settings.Provider() }

// policy is whom she obeys and what the players may spend, as the settings
// say.
func (c *config) policy() agent.Policy {
	spendCap, _ := strconv.ParseFloat(c.settings.Text(settings.SpendCap), 64)
	return agent.Policy{Obey: c.settings.List(settings.Obey), TurnsPerMinute: c.settings.Int(settings.PlayerTurns), SpendCap: spendCap}
}

// queue is what she does with a second person's request while she sees
// to another's, as the settings say.
func (c *config) queue() rules.Queue { return rules.Queue(c.settings.Text(settings.SecondRequest)) }

// commands are the server commands she may type, as the settings say.
func (c *config) commands() tools.Commands {
	return tools.Commands{On: c.settings.Bool(settings.Commands), Allow: c.settings.List(settings.CommandAllow)}
}

// body is the body's part of the settings: her name when no username is
// given, offline when no sign-in is, and the repository's body/ folder.
func (c config) body(console io.Writer, getenv func(string) string) bodyproc.Config {
	b := bodyproc.Config{Server: c.Server, Username: c.Username, Auth: c.Auth, Dir: bodyproc.Dir(), Console: console,
		LoginPassword: getenv("BEA_LOGIN_PASSWORD"), Commands: []string{}}
	if cmds := c.commands(); cmds.On {
		b.Commands = bodyproc.CommandList(cmds.Allow)
	}
	if b.Username == "" {
		b.Username = c.Name
	}
	if b.Auth == "" {
		b.Auth = "offline"
	}
	return b
}
