package web

import (
	"context"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/settings"
)

// The dashboard reads and changes the rest of beaweb only through these
// small interfaces; cmd/beaweb hands it the concrete types (the mind's live
// snapshot, the hub, the store) and the tests hand it fakes.

// Snapshots gives the current snapshot of her game.
type Snapshots interface {
	Snapshot() agent.Snapshot
}

// Changes is where the changes of that snapshot are published; a
// *live.Hub[agent.Change] is one. A subscription whose channel closes has
// fallen behind, and the dashboard resubscribes and redraws everything.
type Changes interface {
	Subscribe() (<-chan agent.Change, func())
}

// Asker asks her what she is doing. Ask returns once the question is put;
// her answer comes later, as a line of her voice in the live snapshot.
type Asker interface {
	Ask(ctx context.Context) error
}

// ActionQuery narrows the action history. Empty fields match everything.
type ActionQuery struct {
	Action string // the protocol action, such as find_block
	Result string // SUCCESS, FAILURE…
	// Running keeps only the actions without a result yet (the filter's
	// "still running").
	Running bool
	Limit   int // at most this many, newest first
	// Before, when not zero, keeps those started before it: the next page.
	Before time.Time
}

// ActionHistory reads the action history, newest first.
type ActionHistory interface {
	RecentActions(ctx context.Context, q ActionQuery) ([]agent.ActionRecord, error)
}

// Objectives reads and edits her plan.
type Objectives interface {
	Objectives(ctx context.Context) ([]agent.Objective, error)
	// SaveObjective adds an objective when its ID is 0 (setting the ID),
	// or replaces the one with its ID.
	SaveObjective(ctx context.Context, o *agent.Objective) error
	SetObjectiveDone(ctx context.Context, id int64, done bool) error
	DeleteObjective(ctx context.Context, id int64) error
}

// Settings are what the Settings page shows: every setting with where its
// value comes from (package settings), and the skill's switch. A secret's
// value (the API key, the token) is never read by the page, only whether
// one is set.
type Settings struct {
	Values  settings.Settings
	Enabled bool // the skill is on
	// PracticeURL is the practice world's address under --practice, where
	// the mod URL does not apply; "" otherwise.
	PracticeURL string
}

// SettingsUpdate is a saved form: the new text of every setting the page
// may change, the API key only when one was typed. ClearKey forgets the
// saved key.
type SettingsUpdate struct {
	Changes  map[settings.Key]string
	ClearKey bool
	Enabled  bool
}

// SettingsStore keeps the settings and applies them where it can without a
// restart (a model change at her next turn, a mod URL change reconnects).
// A change it cannot apply (a value a flag or the environment fixed) is
// refused, never saved and shown as saved.
type SettingsStore interface {
	Settings(ctx context.Context) (Settings, error)
	SaveSettings(ctx context.Context, u SettingsUpdate) error
	// TestModel sends one small request through the model the form names
	// (u's changes over the settings in force; nothing is saved) and
	// answers its reply, or the provider's error sentence. It refuses a
	// model URL typed and not saved: it calls only the URL in force or the
	// provider's own.
	TestModel(ctx context.Context, u SettingsUpdate) (string, error)
	// TestMod connects to the mod at url, reads its hello, closes, and
	// answers what the hello said.
	TestMod(ctx context.Context, url string) (string, error)
}

// Deaths reads her deaths in one world (the server her hello names), newest
// first, at most limit.
type Deaths interface {
	Deaths(ctx context.Context, world string, limit int) ([]game.Death, error)
}

// People reads the players she has met, the most recently seen first, and
// what she remembers of each.
type People interface {
	People(ctx context.Context, limit int) ([]game.Person, error)
	Facts(ctx context.Context, uuid string) ([]game.Fact, error)
}

// Places reads and edits the places she named, per world (the server her
// hello names), and moves them in and out as JSON files.
type Places interface {
	Worlds(ctx context.Context) ([]string, error)
	Places(ctx context.Context, world string) ([]game.Place, error)
	RenamePlace(ctx context.Context, world, from, to string) (game.Place, error)
	DeletePlace(ctx context.Context, world, name string) error
	ExportPlaces(ctx context.Context, world string) ([]byte, error)
	ImportPlaces(ctx context.Context, world string, data []byte) (int, error)
}

// Turns reads the transcripts of her recent turns, newest first.
type Turns interface {
	RecentTurns(ctx context.Context, limit int) ([]agent.TurnRecord, error)
}
