package settings

// Key names a setting: the name it is saved under from the dashboard and
// the root of its flag (underscores become dashes).
type Key string

// The settings of beaweb.
const (
	Addr         Key = "addr"
	DB           Key = "db"
	ModURL       Key = "mod_url"
	Practice     Key = "practice"
	Provider     Key = "model_provider"
	ModelURL     Key = "model_url"
	Model        Key = "model"
	APIKey       Key = "api_key"
	IdleNudge    Key = "idle_nudge_seconds"
	Commentary   Key = "commentary_seconds"
	BuildScripts Key = "build_scripts"
	Name         Key = "name"
	Token        Key = "token"
	Retention    Key = "retention_days"
	Server       Key = "server"
	Username     Key = "username"
	Auth         Key = "auth"
	PriceInput   Key = "price_input"
	PriceCached  Key = "price_cached"
	PriceOutput  Key = "price_output"
	Obey         Key = "obey"
	Commands     Key = "commands"
	CommandAllow Key = "command_allow"
	PlayerTurns  Key = "player_turns"
	// SecondRequest is what she does with a player's request while she
	// sees to another person's: one of SecondRequests.
	SecondRequest Key = "second_request"
	SpendCap      Key = "spend_cap"
	TLSCert       Key = "tls_cert"
	TLSKey        Key = "tls_key"
	TrustedProxy  Key = "trusted_proxy"
)

// Spec is what there is to know about one setting.
type Spec struct {
	Key Key
	// Env is its BEA_* environment variable.
	Env string
	// Flag is its command-line flag without the dashes, or "" for none.
	Flag string
	// Label is how a person calls it, starting with a capital.
	Label string
	// Usage is its flag's help.
	Usage string
	// Default is its value when nothing else sets it.
	Default string
	// Startup settings are read once, before the database opens, so the
	// dashboard cannot save them.
	Startup bool
	// Secret values are never shown, only whether one is set.
	Secret bool
	// Choices are the values it may take, where it is one of a few, the
	// default first; nil for a free value.
	Choices []string

	check func(v string) (string, error)
}

// specs is the table of settings, in the order the Settings page and the
// flags' help list them.
var specs = []Spec{
	{Key: Addr, Env: "BEA_ADDR", Flag: "addr", Label: "Dashboard address", Usage: "dashboard address, default 127.0.0.1:8765",
		Default: "127.0.0.1:8765", Startup: true, check: hostPort("The dashboard address")},
	{Key: DB, Env: "BEA_DB", Flag: "db", Label: "Database file", Usage: "SQLite file, default beaweb.db",
		Default: "beaweb.db", Startup: true, check: oneLine("The database file", true)},
	{Key: Token, Env: "BEA_TOKEN", Label: "Dashboard token", Startup: true, Secret: true, check: token},
	{Key: TLSCert, Env: "BEA_TLS_CERT", Flag: "tls-cert", Label: "TLS certificate", Usage: "PEM certificate file: the dashboard speaks HTTPS (with --tls-key)",
		Startup: true, check: oneLine("The TLS certificate file", false)},
	{Key: TLSKey, Env: "BEA_TLS_KEY", Flag: "tls-key", Label: "TLS key", Usage: "PEM private key file of --tls-cert",
		Startup: true, check: oneLine("The TLS key file", false)},
	{Key: TrustedProxy, Env: "BEA_TRUSTED_PROXY", Flag: "trusted-proxy", Label: "Trusted proxies",
		Usage:   "reverse proxies whose X-Forwarded-For is believed: addresses or ranges, comma-separated",
		Startup: true, check: addresses("Trusted proxies")},
	{Key: Practice, Env: "BEA_PRACTICE", Flag: "practice", Label: "Practice world", Usage: "play in the built-in practice world (BEA_PRACTICE=1)",
		Default: "false", Startup: true, check: boolean("The practice world")},
	{Key: Server, Env: "BEA_SERVER", Flag: "server", Label: "Minecraft server",
		Usage:   "the Minecraft server she joins, host:port (with --practice: the name the practice world announces)",
		Startup: true, check: server},
	{Key: Username, Env: "BEA_USERNAME", Flag: "username", Label: "Minecraft username", Usage: "the account name she joins with, default her name",
		Startup: true, check: playerName("The Minecraft username", false)},
	{Key: Auth, Env: "BEA_AUTH", Flag: "auth", Label: "Sign-in", Usage: "how she signs in to the server: offline or microsoft",
		Default: "offline", Startup: true, check: oneOf("The sign-in", "offline", "microsoft")},

	{Key: Provider, Env: "BEA_MODEL_PROVIDER", Flag: "model-provider", Label: "Model provider", Usage: "model provider: openai, anthropic or rules",
		check: provider},
	{Key: ModelURL, Env: "BEA_MODEL_URL", Flag: "model-url", Label: "Model base URL", Usage: "model base URL (any OpenAI-compatible server)",
		check: optionalURL("The model URL", "http", "https")},
	{Key: Model, Env: "BEA_MODEL", Flag: "model", Label: "Model", Usage: "model name", check: oneLine("The model name", false)},
	{Key: APIKey, Env: "BEA_API_KEY", Label: "API key", Secret: true, check: oneLine("An API key", false)},
	{Key: PriceInput, Env: "BEA_PRICE_INPUT", Label: "Input price", check: price("The input price")},
	{Key: PriceCached, Env: "BEA_PRICE_CACHED", Label: "Cached input price", check: price("The cached input price")},
	{Key: PriceOutput, Env: "BEA_PRICE_OUTPUT", Label: "Output price", check: price("The output price")},

	{Key: ModURL, Env: "BEA_MOD_URL", Flag: "mod-url", Label: "Mod URL", Usage: "the mod's WebSocket URL, default ws://127.0.0.1:8080",
		Default: "ws://127.0.0.1:8080", check: requiredURL("The mod URL", "ws", "wss")},
	{Key: Name, Env: "BEA_NAME", Flag: "name", Label: "Her name", Usage: "her name, default Bea",
		Default: "Bea", check: playerName("Her name", true)},
	{Key: IdleNudge, Env: "BEA_IDLE_NUDGE_SECONDS", Flag: "idle-nudge-seconds", Label: "Idle nudge",
		Usage: "seconds standing around before she is nudged, 0 = off", Default: "30", check: seconds("The idle nudge")},
	{Key: Commentary, Env: "BEA_COMMENTARY_SECONDS", Flag: "commentary-seconds", Label: "Commentary",
		Usage: "seconds between comments on a long action, 0 = off", Default: "20", check: seconds("The commentary")},
	{Key: BuildScripts, Env: "BEA_BUILD_SCRIPTS", Flag: "build-scripts", Label: "Build scripts", Usage: "build scripts on or off (true/false)",
		Default: "true", check: boolean("Build scripts")},
	{Key: Obey, Env: "BEA_OBEY", Flag: "obey", Label: "Players she obeys",
		Usage: "the players whose requests she does, by name, separated by commas; empty: everyone", check: nameList},
	{Key: PlayerTurns, Env: "BEA_PLAYER_TURNS", Label: "Turns per player", Default: "6", check: turnsPerMinute},
	{Key: SecondRequest, Env: "BEA_SECOND_REQUEST", Label: "A second player's request", Default: "queue",
		Choices: SecondRequests(), check: oneOf("What she does with a second player's request", SecondRequests()...)},
	{Key: SpendCap, Env: "BEA_SPEND_CAP", Label: "Spend cap an hour", check: spendCap},
	{Key: Commands, Env: "BEA_COMMANDS", Label: "Server commands", Default: "false", check: boolean("Server commands")},
	{Key: CommandAllow, Env: "BEA_COMMAND_ALLOW", Label: "Commands she may send", check: commandList},
	{Key: Retention, Env: "BEA_RETENTION_DAYS", Flag: "retention-days", Label: "History kept",
		Usage: "days of action and turn history kept, default 30", Default: "30", Startup: true, check: days},
}

// SecondRequests are what she may do with a second player's request while
// she sees to another person's: queue it (the default), refuse it, or do
// the latest instead (the offline autopilot's rules.Queue; a test in
// cmd/beaweb holds the two lists together).
func SecondRequests() []string { return []string{"queue", "refuse", "latest"} }

// Lookup is the spec of key.
func Lookup(key Key) (Spec, bool) {
	for _, s := range specs {
		if s.Key == key {
			return s, true
		}
	}
	return Spec{}, false
}
