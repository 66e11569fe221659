// Command beaweb is the brain of an AI Minecraft player, with a dashboard.
//
// Run it with --practice to play in the built-in practice world with no
// game and no key; see the README for every setting and subcommand.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
	"beaweb/internal/planner/script"
	"beaweb/internal/practice"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], env{getenv: os.Getenv, stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin}))
}

// env is what run takes from the process: its environment and streams, and
// for tests a hook that learns the addresses once everything listens.
type env struct {
	getenv         func(string) string
	stdin          io.Reader
	stdout, stderr io.Writer
	ready          func(addrs) // nil but in tests and `beaweb bench`

	// Tests only: the model she thinks with instead of the configured one,
	// and the practice world's options instead of the flags'.
	model    agent.Model
	practice *practice.Options

	// `beaweb bench` only: the clock the practice world and her mind keep
	// step by (see package lockstep), and what watches the world's packets.
	lockstep *lockstep.Clock
	watch    func(protocol.Packet)
	// `beaweb bench --bill` only: she thinks with the stand-in for a paid
	// model (models.Sensible), which tells bill of each call.
	bill func(cause string, u agent.Usage)
}

// addrs are where a running beaweb can be reached.
type addrs struct {
	Dashboard string // http://127.0.0.1:8765
	Mod       string // the mod URL it connects to
	DB        string // the SQLite file
}

// run is beaweb from its arguments to its exit code. Subcommands first;
// with none it serves until ctx ends.
func run(ctx context.Context, args []string, e env) int {
	if len(args) > 0 {
		switch args[0] {
		case "practice":
			return runPractice(ctx, args[1:], e.stdout, e.stderr)
		case "bench":
			return runBench(ctx, args[1:], e.getenv, e.stdout, e.stderr)
		case "craft-plan":
			return runCraftPlan(ctx, args[1:], e.stdout, e.stderr, dataFS())
		case "plan-build":
			return runPlanBuild(ctx, args[1:], e.stdout, e.stderr, dataFS(), scriptRunner(nil))
		case "places":
			c := defaults()
			if v := e.getenv("BEA_DB"); v != "" {
				c.DB = v
			}
			return runPlaces(ctx, args[1:], e.stdout, e.stderr, c.DB)
		case buildScriptCommand:
			// The sandbox of a build script: beaweb runs itself as a child
			// with an empty environment and a memory limit.
			return script.ChildMain(e.stdin, e.stdout, e.stderr)
		case "version", "-version", "--version":
			return runVersion(e.stdout, e.stderr, dataFS())
		case "help", "-h", "--help":
			fmt.Fprint(e.stdout, usage+"\nflags:\n")
			_, _ = parseConfig([]string{"-h"}, e.getenv, e.stdout) // prints the flags
			return 0
		}
	}
	cfg, err := parseConfig(args, e.getenv, e.stderr)
	if err != nil {
		fmt.Fprintf(e.stderr, "beaweb: %v\n", err)
		return 2
	}
	if err := serve(ctx, cfg, e); err != nil {
		fmt.Fprintf(e.stderr, "beaweb: %v\n", err)
		return 1
	}
	return 0
}

const usage = `beaweb: the brain of an AI Minecraft player, with a dashboard.

  beaweb [flags]            play, and serve the dashboard (flags below)
  beaweb --practice [--seed N] [--speed X] [--quiet|--peaceful] [--practice-addr 127.0.0.1:PORT]
                            play in the built-in practice world (no game, no key)
  beaweb practice [--addr 127.0.0.1:PORT] [--seed N] [--speed X] [--quiet|--peaceful]
                            run the practice world alone, for another brain or a test
  beaweb bench [--seeds 1-10] [--speed 20] [--days 2] [--peaceful] [--parallel N] [--json]
                            play practice worlds headless and time her way to iron
  beaweb craft-plan ITEM [COUNT] [--have item=N,...] [--mc VERSION] [--json]
  beaweb plan-build (--template NAME | --args FILE.json | --script FILE.star) [--have item=N,...] [--json] [--svg FILE]
  beaweb places export|import [--world SERVER] [FILE]
  beaweb --version          the version, the Go that built it, the recipe books and the protocol

Settings come from flags, then BEA_* environment variables, then what was
saved from the dashboard, then the defaults; the README lists them all.
The first line is the dashboard's address; --verbose (or BEA_LOG=debug)
also logs the start-up details and what her mind and the game link do.

Her timers (the idle nudge, the commentary, how long a reflex counts as
recent) count game time: with --practice at --speed X they are divided by X.
`

// buildScriptCommand is the hidden subcommand that runs one build script in
// its sandbox.
const buildScriptCommand = "__build-script"
