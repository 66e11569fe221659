package archtest

// The module's own packages, by the names the rules use.
const (
	cmdBeaweb  = "beaweb/cmd/beaweb"
	mcrecipes  = "beaweb/cmd/mcrecipes"
	data       = "beaweb/data"
	agent      = "beaweb/internal/agent"
	anthropic  = "beaweb/internal/agent/llm/anthropic"
	llmtest    = "beaweb/internal/agent/llm/llmtest"
	openai     = "beaweb/internal/agent/llm/openai"
	provider   = "beaweb/internal/agent/llm/provider"
	rules      = "beaweb/internal/agent/llm/rules"
	request    = "beaweb/internal/agent/request"
	tools      = "beaweb/internal/agent/tools"
	archtest   = "beaweb/internal/archtest"
	browser    = "beaweb/internal/browsertest"
	game       = "beaweb/internal/game"
	gametest   = "beaweb/internal/gametest"
	modclient  = "beaweb/internal/modclient"
	practice   = "beaweb/internal/practice"
	protocol   = "beaweb/internal/game/protocol"
	blueprint  = "beaweb/internal/planner/blueprint"
	preview    = "beaweb/internal/planner/preview"
	recipes    = "beaweb/internal/planner/recipes"
	script     = "beaweb/internal/planner/script"
	childmain  = "beaweb/internal/planner/script/internal/childmain"
	store      = "beaweb/internal/store"
	migrations = "beaweb/migrations"
	static     = "beaweb/static"
	layout     = "beaweb/templates/layout"
	pages      = "beaweb/templates/pages"
	partials   = "beaweb/templates/partials"
	web        = "beaweb/web"
	fanout     = "beaweb/web/fanout"
	fault      = "beaweb/internal/fault"
	settings   = "beaweb/internal/settings"
	lockstep   = "beaweb/internal/lockstep"
	models     = "beaweb/internal/models"
	bodyproc   = "beaweb/internal/bodyproc"
	squidworld = "beaweb/internal/squidworld"
	bench      = "beaweb/internal/bench"
	logtest    = "beaweb/internal/logtest"
)

// everywhere lists the packages any package may import: fault is the
// program's one error vocabulary, a leaf of its own.
var everywhere = []string{fault}

// importRules is docs/architecture.md's table of who may import whom, read
// by the tests: the vocabulary (game) imports nothing of beaweb's; the
// planners only the vocabulary; the mind's core neither the store, the web
// nor an adapter; adapters are named by their technology and seen side by
// side only in models, the registry that builds the one the settings choose. Test-only imports are listed apart, so that a test
// helper (gametest, llmtest, browsertest, logtest) never leaks into code.
var importRules = map[string]rule{
	// The leaves.
	game:       {},
	fault:      {},
	lockstep:   {},
	settings:   {},
	data:       {},
	migrations: {},
	static:     {},
	fanout:     {},
	archtest:   {},
	browser:    {},
	logtest:    {},

	// The wire and the things that speak it.
	protocol:   {code: []string{game}, tests: []string{gametest}},
	gametest:   {code: []string{protocol}},
	modclient:  {code: []string{protocol, lockstep}, tests: []string{gametest, logtest}},
	practice:   {code: []string{game, protocol, lockstep}, tests: []string{data, blueprint, recipes, gametest}},
	bodyproc:   {code: []string{protocol}},
	squidworld: {code: []string{game, protocol}},

	// The bench: it runs beaweb through a function cmd/beaweb hands in,
	// and reads her history from the store.
	bench: {code: []string{data, bodyproc, game, practice, protocol, lockstep, blueprint, recipes, settings, squidworld, store}},

	// The planners: pure, over the vocabulary.
	blueprint: {code: []string{game}, tests: []string{data}},
	preview:   {code: []string{game, blueprint}, tests: []string{data}},
	recipes:   {code: []string{game}, tests: []string{data}},
	script:    {code: []string{game}},
	childmain: {code: []string{script}},

	// The mind and its adapters.
	agent: {code: []string{game, protocol, lockstep}, tests: []string{gametest}},
	tools: {code: []string{agent, game, protocol, blueprint, recipes, script}, tests: []string{practice, data, gametest, llmtest}},
	// The hostile suite drives the shared client through every adapter.
	provider:  {code: []string{agent}, tests: []string{anthropic, openai, logtest}},
	llmtest:   {code: []string{agent, provider, logtest}},
	openai:    {code: []string{agent, provider}, tests: []string{llmtest, logtest}},
	anthropic: {code: []string{agent, provider}, tests: []string{llmtest, logtest}},
	rules:     {code: []string{agent, request, game}, tests: []string{protocol}},
	request:   {code: []string{game}},
	models:    {code: []string{agent, anthropic, openai, settings}, tests: []string{llmtest}},

	// Memory.
	store: {code: []string{agent, game, migrations}, tests: []string{protocol}},

	// The dashboard: templates render view values, web serves them.
	layout:   {code: []string{static}},
	partials: {code: []string{agent, game, protocol, preview}},
	pages:    {code: []string{agent, game, protocol, layout, partials}},
	web: {
		code:  []string{agent, game, protocol, blueprint, preview, settings, static, layout, pages, partials, fanout},
		tests: []string{browser, logtest, store},
	},

	// The commands: the only place the concrete types meet.
	cmdBeaweb: {
		code: []string{data, agent, bench, bodyproc, models, rules, request, tools, game, modclient, practice, protocol,
			blueprint, preview, recipes, script, settings, store, web, fanout, lockstep},
		tests: []string{browser, gametest, llmtest, logtest, squidworld},
	},
	mcrecipes: {code: []string{recipes}},
}

// confined names a library, the only packages that may import it, and the
// packages whose tests only may: chromedp drives the dashboard in browser
// tests, and never runs in the program.
var confined = []struct {
	lib       string
	homes     []string
	testHomes []string
}{
	{"github.com/labstack/echo", []string{web}, nil},
	{"github.com/a-h/templ", []string{web, layout, pages, partials}, nil},
	{"gorm.io", []string{store}, nil},
	{"github.com/pressly/goose", []string{store}, nil},
	{"github.com/mattn/go-sqlite3", []string{store}, nil},
	{"github.com/gorilla/websocket", []string{modclient, practice, gametest}, nil},
	{"go.starlark.net", []string{script}, nil},
	{"github.com/openai/openai-go", []string{openai}, nil},
	{"github.com/anthropics/anthropic-sdk-go", []string{anthropic}, nil},
	{"github.com/chromedp", []string{browser}, []string{web, cmdBeaweb}},
}
