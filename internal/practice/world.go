// Package practice is the practice world: a deterministic stand-in for the
// BeaCraft mod. It generates a small voxel world from a seed, simulates it at
// 20 ticks a second times a speed factor, and serves it over a real WebSocket
// speaking protocol version 2 exactly, so the brain cannot tell it from the
// mod except by what the hello says.
//
// One goroutine owns the whole game: it ticks the simulation, runs her
// actions and answers requests. An action is written as straight-line code
// that waits for ticks; it runs as a coroutine (iter.Pull) stepped once per
// tick by that goroutine, so nothing in the game is ever touched by two
// goroutines and a seed with a sequence of requests always plays the same.
package practice

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"math"
	"slices"
	"sync/atomic"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// Versions the hello announces. The practice world plays the rules of the
// Minecraft version whose recipe book it reads.
const (
	ModVersion = "practice-2.0"
	MCVersion  = "26.1"
)

// ticksPerSecond is the game's own clock at speed 1.
const ticksPerSecond = 20

// Options configure a practice world.
type Options struct {
	// Seed picks the world; the same seed gives the same world.
	Seed int64
	// Speed multiplies the clock: 1 is 20 ticks a second, 10 is 200.
	// Budgets are in game seconds, so at speed 10 a 120 s budget passes in
	// 12 s of wall time. Zero means 1.
	Speed float64
	// Quiet leaves out everything that acts without being asked: no scripted
	// players, and monsters neither spawn nor attack. Animals still graze,
	// night still falls and hunger still drains.
	Quiet bool
	// Peaceful is the game's peaceful difficulty: no monsters spawn and
	// none attack, but scripted players still come (Quiet leaves out both).
	// Tests about talk use it, so that a zombie cannot cut a scene short.
	Peaceful bool
	// Logger receives the world's log; nil discards it.
	Logger *slog.Logger
	// Data is the data file system whose root holds recipes/ (beaweb's
	// data.FS): she crafts and smelts from the same recipe book the brain
	// plans with. Nil leaves her the handful of recipes the practice world
	// carries itself (planks, sticks, table, chest, furnace, torches, tools).
	Data fs.FS
	// Server is world.server in the hello; empty means "practice".
	Server string
	// Size is the side of the square world in blocks; zero means 128.
	Size int
	// Players are the scripted players outside quiet mode; nil means
	// DefaultPlayers, an empty list none.
	Players []PlayerScript
	// StartTime is the time of day at the world's first tick, in ticks as
	// the state's world.time counts them (0 to 23999). Zero means the
	// default, 1000, the morning; to open at midnight give 24000, the same
	// time of day as 0. Dusk is about 12000; the night, when monsters come,
	// runs from 13000 to 23000. New refuses a value outside 0 to 24000.
	StartTime int64
	// Food is her food level when the world starts, 1 to 20; 0 means 20,
	// full. A scene that opens with her hungry sets it.
	Food int
	// Kit is what she carries when the world starts (a task's pooled
	// inventory); nil is nothing. An item the world has no room for is
	// refused by New.
	Kit game.Inventory
	// Flat makes the world the game's superflat one (bedrock, two of dirt,
	// grass at y -61), with nothing on it, centred on Centre in x and z,
	// where she starts: a building task's site, at its own coordinates.
	Flat   bool
	Centre game.Pos
	// Stocked makes the world one a task is played in: the default world
	// without the hut, with what the game gives round a player laid near
	// spawn (ripe crops, sugar cane by water, pumpkins, mushrooms, every
	// dye's flower, cobwebs, and four each of cows, pigs, sheep, chickens
	// and rabbits), so she gathers what her kit lacks. Flat wins over it.
	Stocked bool
	// Blocks, when set, is handed at New the world's reader of the block
	// name in a cell. It may be called only from Watch, on the world's
	// goroutine: `beaweb bench` scores a blueprint with it.
	Blocks func(read func(game.Pos) string)
	// Lockstep, when set, makes the world take turns with a brain in the
	// same process: it waits for its first client, then runs each tick only
	// once the work the clock counts has settled, and tells the clock every
	// tick it runs. Speed is then the most it runs, not what it keeps to.
	// Every client must then pay back the frames it is sent (beaweb's
	// modclient does, given the same clock); another would hold the world
	// until the clock's patience runs out at each tick.
	Lockstep *lockstep.Clock
	// Watch, when set, hears every packet the world sends to all its
	// clients (states, deaths, chat…) as a tick queues it, on the world's
	// goroutine: it must not block. `beaweb bench` watches her with it.
	Watch func(protocol.Packet)
}

// World is a practice world. Create it with New and run it with Serve.
//
// It is made of parts, each a type of its own: the terrain (the ground,
// its blocks, chests and furnaces; terrain.go) with its lighting, the
// creatures (mobs and scripted players; mobs.go, players.go) among the
// entities, her body and inventory (entities.go, inventory.go), her
// hands (the action or reflex she is doing; jobs.go) with the scans,
// the actions themselves (act_*.go, bound in dispatch.go's table), and
// the protocol server (server.go, hub.go) that ticks the game (tick.go).
// World holds them together and keeps the clock, the weather, her deaths
// and what no one part owns.
type World struct {
	opts   Options
	log    *slog.Logger
	blocks *blockTable
	grid   *grid
	// land owns the ground; grid and blocks are its, kept here because
	// nearly every part of the world reads them.
	land    *terrain
	rng     *rng
	actions map[string]actionSpec
	names   []string // offered actions, in protocol order

	tick int64
	sky  *sky
	bea  *body
	ents *entities
	// creatures live the mobs' and scripted players' ticks.
	creatures *creatures
	deaths    []deathRecord

	hub     *hub
	hands   *hands
	serving atomic.Bool

	scans *scans

	scratch *scratch
	light   *lighting
	book    kitchen

	timeShift int64 // ticks skipped by sleeping
	// terrainSent is the last terrain square broadcast (terrainKey), so an
	// unchanged one is not sent again.
	terrainSent string
	blows       []blow
	eatRetry    int64
}

// deathRecord is one line of check_death_log.
type deathRecord struct {
	tick  int64
	cause string
	pos   game.Vec3
	lost  game.Inventory
}

// New generates the world of opts.Seed and places her at its spawn point.
// It starts nothing: Serve runs it.
func New(opts Options) (*World, error) {
	if opts.Speed == 0 {
		opts.Speed = 1
	}
	if math.IsNaN(opts.Speed) || opts.Speed < 0.01 || opts.Speed > 10000 {
		return nil, fmt.Errorf("practice: speed %v is out of range; use 0.01 to 10000", opts.Speed)
	}
	if opts.Size == 0 {
		opts.Size = 128
	}
	if opts.Size < 32 || opts.Size > 512 {
		return nil, fmt.Errorf("practice: size %d is out of range; use 32 to 512", opts.Size)
	}
	if opts.Server == "" {
		opts.Server = "practice"
	}
	if opts.StartTime == 0 {
		opts.StartTime = startTime
	}
	if opts.StartTime < 0 || opts.StartTime > dayLength {
		return nil, fmt.Errorf("practice: start time %d is out of range; use 1 to %d (%d is midnight; 0 means the default, %d, the morning)",
			opts.StartTime, dayLength, dayLength, startTime)
	}
	if opts.Food < 0 || opts.Food > 20 {
		return nil, fmt.Errorf("practice: food %d is out of range; use 1 to 20 (0 means 20, full)", opts.Food)
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	w := &World{
		opts:   opts,
		log:    log,
		blocks: newBlockTable(),
		rng:    newRNG(opts.Seed, 77),
		sky:    &sky{weather: "clear"},
		hub:    newHub(log, opts.Lockstep, opts.Watch),
		tick:   0,
	}
	w.hands = &hands{log: log, hub: w.hub}
	if opts.Flat {
		w.land = newFlatTerrain(w.blocks, opts.Size, opts.Centre)
	} else {
		w.land = newTerrain(w.blocks, opts.Size, opts.Seed, opts.Stocked)
	}
	if opts.Blocks != nil {
		opts.Blocks(w.land.grid.name)
	}
	w.scans = &scans{land: w.land, hands: w.hands}
	w.grid = w.land.grid
	w.bea = newBody(w.land.gen.spawn)
	if opts.Food > 0 {
		w.bea.food, w.bea.saturation = opts.Food, min(w.bea.saturation, float64(opts.Food)) // never more than her food, as in the game
	}
	w.ents = newEntities()
	w.creatures = &creatures{grid: w.grid, blocks: w.blocks, ents: w.ents, rng: w.rng, opts: opts, world: w}
	w.actions = actionTable()
	w.names = actionOrder()
	w.scratch = newScratch()
	w.light = &lighting{grid: w.grid}
	book, err := loadBook(opts.Data)
	if err != nil {
		return nil, err
	}
	w.book = book
	w.bea.inv.stackOf = w.book.stackOf
	for _, item := range slices.Sorted(maps.Keys(opts.Kit)) {
		if n := opts.Kit[item]; n > 0 && w.bea.inv.add(item, n) < n {
			return nil, fmt.Errorf("practice: her kit does not fit in her inventory (%d %s and the rest)", n, item)
		}
	}
	w.creatures.populate()
	return w, nil
}

// ErrServing is returned by a second Serve on the same world.
var ErrServing = errors.New("practice: the world is already being served")

// Hello is the handshake this world sends each client first. It reads only
// what New fixed, so it may be called at any time; it names the overworld,
// where she starts (a client that joins later is told her dimension then).
func (w *World) Hello() protocol.Hello {
	budgets := make(map[string]float64, len(w.names))
	var concurrent []string
	for _, n := range w.names {
		spec := w.actions[n]
		if !spec.omitted {
			budgets[n] = spec.budget
		}
		if spec.concurrent {
			concurrent = append(concurrent, n)
		}
	}
	return protocol.Hello{
		Protocol:   protocol.Version,
		ModVersion: ModVersion,
		MCVersion:  MCVersion,
		Player:     protocol.Identity{Name: "Bea", UUID: beaUUID},
		World:      protocol.WorldID{Server: w.opts.Server, Dimension: "overworld"},
		Actions:    append([]string(nil), w.names...),
		Concurrent: concurrent,
		Budgets:    budgets,
	}
}

// beaUUID is her fixed identity in the practice world.
const beaUUID = "5bea0000-0000-4000-8000-000000000001"

// now is the world's tick, as creatures read it.
func (w *World) now() int64 { return w.tick }

// her is her body, as creatures read it.
func (w *World) her() *body { return w.bea }

// Spawn is where she first stands.
func (w *World) Spawn() game.Pos { return w.land.gen.spawn }
