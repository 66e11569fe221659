package tools

import (
	"context"
	"log/slog"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
)

// Game sends one request to the game side and waits for its answer.
type Game interface {
	Send(ctx context.Context, action string, params any, sent func(id string)) (protocol.Answer, error)
}

// Situation is what she knows of her game right now.
type Situation interface {
	Snapshot() agent.Snapshot
	// Now is the time in her game (agent.Live.Now): what her memories of
	// places and blocks are stamped with.
	Now() time.Time
}

// Hands stop the batch that is running, so none of its remaining actions
// start, and have her stand still until asked for something (by is who
// asked, "" for her own choice).
type Hands interface {
	Hold(by string)
}

// Deps are what the tools are wired from. A nil planner or memory leaves
// its tools out of the registry: she is never shown a tool that cannot work.
type Deps struct {
	Game      Game
	Situation Situation
	Hands     Hands
	Logger    *slog.Logger

	Crafting Crafting // crafting_plan and the plan behind a failed craft_item
	Building Building // plan_build, list_templates, build_template
	Scripts  Scripts  // build_script; nil when build scripts are off
	Places   Places   // remember_place, go_to_place
	People   People   // remember_person
	Blocks   Blocks   // recall_blocks
	Map      Mapper   // what her tools learn of the world goes into her map; nil keeps none
	// Commands are the server commands mc_chat and speak may send; the
	// zero value sends none.
	Commands Commands
}

// New returns the registry of every tool her deps allow.
func New(d Deps) *Registry {
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	r := &Registry{tools: map[string]*Tool{}, logger: d.Logger}
	var placed *placedMap
	if d.Map != nil {
		placed = &placedMap{m: d.Map, sit: d.Situation}
	}
	g := &gameTools{game: d.Game, sit: d.Situation, hands: d.Hands, crafting: d.Crafting, placed: placed, commands: d.Commands}
	for _, t := range g.all() {
		r.add(t)
	}
	for _, t := range voiceTools(d.Commands) {
		r.add(t)
	}
	for _, t := range brainTools(d, placed) {
		r.add(t)
	}
	for _, t := range goalTools(d) {
		r.add(t)
	}
	r.merge()
	return r
}
