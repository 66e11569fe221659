package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"beaweb/data"
	"beaweb/internal/game/practice"
)

// runPractice runs the practice world alone, for a brain, a tool or a test
// harness to connect to: beaweb practice [--addr 127.0.0.1:PORT] [--seed N]
// [--speed X] [--quiet]. It prints the world's URL and serves until ctx
// ends. Recipes and blueprints come from the data embedded in beaweb.
func runPractice(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("practice", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (the mod's default; :0 picks a free port)")
	seed := fs.Int64("seed", 1, "world seed: the same seed gives the same world")
	speed := fs.Float64("speed", 1, "clock speed: 1 is 20 ticks a second")
	quiet := fs.Bool("quiet", false, "no scripted players, and no monsters")
	server := fs.String("server", "practice", "world.server the hello announces")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: beaweb practice [--addr 127.0.0.1:PORT] [--seed N] [--speed X] [--quiet]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "beaweb practice: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	w, err := practice.New(practice.Options{
		Seed: *seed, Speed: *speed, Quiet: *quiet, Logger: logger, Server: *server, Data: data.FS,
	})
	if err != nil {
		fmt.Fprintf(stderr, "beaweb practice: %v\n", err)
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "beaweb practice: listen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "practice world (seed %d, speed %g) on ws://%s\n", *seed, *speed, ln.Addr())
	if err := w.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "beaweb practice: %v\n", err)
		return 1
	}
	return 0
}
